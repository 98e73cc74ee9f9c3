// Checks: the Programming Guide's atomicAdd for double built from atomicCAS on unsigned long long
// (named differently to avoid the built-in overload); summing exactly representable values.
#include <cstdio>
#include <cuda_runtime.h>

__device__ double myAtomicAdd(double *address, double val)
{
    unsigned long long int *address_as_ull = (unsigned long long int *)address;
    unsigned long long int old = *address_as_ull, assumed;
    do {
        assumed = old;
        old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__global__ void add_all(double *sum)
{
    myAtomicAdd(sum, (double)(threadIdx.x + blockIdx.x * blockDim.x));
}

int main()
{
    double h = 0, *d;
    cudaMalloc(&d, sizeof(double));
    cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
    add_all<<<10, 100>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("sum=%.1f expected=%.1f\n", h, 999.0 * 1000.0 / 2.0);
    return 0;
}
