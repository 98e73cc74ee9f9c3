// Checks: kernel arguments converted to the kernel's parameter types at the launch, as in a C++ call:
// a braced list for a struct parameter (`k<<<g, b>>>({a, b}, n)`, as PMPP's graph code writes it),
// nested and empty braces, and a user conversion that runs once per launch, on the host.
#include <cstdio>
#include <cuda_runtime.h>

struct Span {
    const int *data;
    int count;
};

struct Pair {
    Span first;
    Span second;
};

struct Scale {
    int factor;
    int offset;
};

int conversions = 0;  // host-side count of Weight's constructor

struct Weight {
    float w;
    Weight(int percent) : w(percent / 100.0f) { ++conversions; }
};

__global__ void concat(Pair p, int *out)
{
    int i = threadIdx.x;
    if (i < p.first.count) out[i] = p.first.data[i];
    else if (i < p.first.count + p.second.count) out[i] = p.second.data[i - p.first.count];
}

__global__ void affine(int *v, Scale s, int n)
{
    int i = threadIdx.x;
    if (i < n) v[i] = v[i] * s.factor + s.offset;
}

__global__ void weigh(float *out, Weight weight, int n)
{
    int i = threadIdx.x;
    if (i < n) out[i] = weight.w * (i + 1);
}

int main()
{
    int a[3] = {10, 20, 30}, b[2] = {40, 50};
    int *da, *db, *dout;
    cudaMalloc(&da, sizeof a);
    cudaMalloc(&db, sizeof b);
    cudaMalloc(&dout, 8 * sizeof(int));
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);

    concat<<<1, 8>>>({{da, 3}, {db, 2}}, dout);
    int n = 5;
    affine<<<1, 8>>>(dout, {2, 1}, n);
    affine<<<1, 8>>>(dout, {}, 2);  // {0, 0}: the first two become 0
    int h[5];
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 5; ++i) printf("%d ", h[i]);
    printf("\n");

    float *dw, hw[4];
    cudaMalloc(&dw, sizeof hw);
    int percent = 25;
    weigh<<<1, 32>>>(dw, percent, 4);
    cudaMemcpy(hw, dw, sizeof hw, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 4; ++i) printf("%.2f ", hw[i]);
    printf("\nWeight conversions: %d (one launch of 32 threads)\n", conversions);

    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
