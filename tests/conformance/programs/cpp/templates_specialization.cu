// Checks: __device__ function template specialisation and overloading picked at compile time in a kernel template.
#include <cstdio>
#include <cuda_runtime.h>

template <typename T> __device__ T identity_of() { return T(0); }
template <> __device__ float identity_of<float>() { return 1.0f; }

template <typename T> __device__ const char *type_tag();
template <> __device__ const char *type_tag<int>() { return "int"; }
template <> __device__ const char *type_tag<double>() { return "double"; }

__device__ int describe(int) { return 1; }
__device__ int describe(double) { return 2; }
__device__ int describe(const char *) { return 3; }

template <typename T>
__global__ void k(int *out, double *val)
{
    out[0] = describe(T(1));
    out[1] = type_tag<T>()[0];
    val[0] = (double)identity_of<T>();
    out[2] = describe("x");
}

int main()
{
    int *d, h[3]; double *dv, hv;
    cudaMalloc(&d, sizeof h); cudaMalloc(&dv, sizeof hv);
    k<int><<<1, 1>>>(d, dv);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); cudaMemcpy(&hv, dv, 8, cudaMemcpyDeviceToHost);
    printf("int: %d %c %.1f %d\n", h[0], h[1], hv, h[2]);
    k<double><<<1, 1>>>(d, dv);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); cudaMemcpy(&hv, dv, 8, cudaMemcpyDeviceToHost);
    printf("double: %d %c %.1f %d\n", h[0], h[1], hv, h[2]);
    return 0;
}
