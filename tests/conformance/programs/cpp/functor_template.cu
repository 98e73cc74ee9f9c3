// Checks: functor structs with __device__ operator() and state, used by a templated map kernel.
#include <cstdio>
#include <cuda_runtime.h>

struct Saxpy {
    float a;
    __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};
struct Hypot2 {
    __device__ float operator()(float x, float y) const { return x * x + y * y; }
};

template <typename Op>
__global__ void zip(const float *x, const float *y, float *out, int n, Op op)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = op(x[i], y[i]);
}

int main()
{
    const int n = 16;
    float x[n], y[n], r[n];
    for (int i = 0; i < n; ++i) { x[i] = i; y[i] = 0.5f * i; }
    float *dx, *dy, *dr;
    cudaMalloc(&dx, sizeof x); cudaMalloc(&dy, sizeof y); cudaMalloc(&dr, sizeof r);
    cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
    cudaMemcpy(dy, y, sizeof y, cudaMemcpyHostToDevice);
    zip<<<1, 32>>>(dx, dy, dr, n, Saxpy{2.0f});
    cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost);
    printf("saxpy: %.1f %.1f %.1f\n", r[0], r[5], r[15]);
    zip<<<1, 32>>>(dx, dy, dr, n, Hypot2());
    cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost);
    printf("hypot2: %.2f %.2f %.2f\n", r[1], r[6], r[15]);
    return 0;
}
