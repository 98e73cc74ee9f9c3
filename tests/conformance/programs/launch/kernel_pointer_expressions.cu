// Checks: launches whose kernel is an expression of function-pointer type: an element of an array of
// kernel pointers (`steps[i]<<<...>>>`), a dereferenced pointer (`(*fp)<<<...>>>`), a struct member
// (`plan.kernel<<<...>>>`, `p->kernel<<<...>>>`) and a call that returns the kernel (`pick(n)<<<...>>>`),
// which the launch evaluates once.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add_one(int *v) { v[threadIdx.x] += 1; }
__global__ void times_two(int *v) { v[threadIdx.x] *= 2; }
__global__ void negate(int *v) { v[threadIdx.x] = -v[threadIdx.x]; }

typedef void (*step_kernel)(int *);

struct Plan {
    step_kernel kernel;
    int threads;
};

int picks = 0;  // how many times pick() ran

step_kernel pick(int n)
{
    ++picks;
    return n % 2 == 0 ? add_one : times_two;
}

void show(const char *label, int *d, int n)
{
    int h[8];
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("%-10s", label);
    for (int i = 0; i < n; ++i) printf(" %d", h[i]);
    printf("\n");
}

int main()
{
    const int n = 8;
    int start[n] = {1, 2, 3, 4, 5, 6, 7, 8};
    int *d;
    cudaMalloc(&d, sizeof start);
    cudaMemcpy(d, start, sizeof start, cudaMemcpyHostToDevice);

    step_kernel steps[3] = {add_one, times_two, negate};
    for (int i = 0; i < 3; ++i) steps[i]<<<1, n>>>(d);
    show("array", d, n);

    step_kernel fp = times_two;
    (*fp)<<<1, n>>>(d);
    show("deref", d, n);

    Plan plan = {negate, n};
    Plan *p = &plan;
    plan.kernel<<<1, plan.threads>>>(d);
    p->kernel<<<1, p->threads / 2>>>(d);
    show("member", d, n);

    for (int k = 0; k < 4; ++k) pick(k)<<<1, n>>>(d);
    show("call", d, n);
    printf("pick() ran %d times for 4 launches of %d threads\n", picks, n);

    cudaError_t err = cudaDeviceSynchronize();
    printf("status: %s\n", cudaGetErrorString(err));
    cudaFree(d);
    return 0;
}
