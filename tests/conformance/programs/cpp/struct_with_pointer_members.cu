// Checks: a struct of device pointers and sizes built on the host (SoA), passed by value; kernel reads both.
#include <cstdio>
#include <cuda_runtime.h>

struct Particles {
    float *x, *v;
    int n;
};

__global__ void advance(Particles p, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.n) p.x[i] += p.v[i] * dt;
}

int main()
{
    const int n = 100;
    float x[n], v[n];
    for (int i = 0; i < n; ++i) { x[i] = i; v[i] = (i % 4) - 1.5f; }
    Particles p;
    p.n = n;
    cudaMalloc(&p.x, sizeof x); cudaMalloc(&p.v, sizeof v);
    cudaMemcpy(p.x, x, sizeof x, cudaMemcpyHostToDevice);
    cudaMemcpy(p.v, v, sizeof v, cudaMemcpyHostToDevice);
    for (int s = 0; s < 4; ++s) advance<<<(n + 63) / 64, 64>>>(p, 0.5f);
    cudaMemcpy(x, p.x, sizeof x, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; ++i) s += x[i];
    printf("x[0]=%.2f x[3]=%.2f sum=%.2f\n", x[0], x[3], s);
    return 0;
}
