// Checks: the atomicCAS loop idiom for a float maximum (via __float_as_int) and a double maximum
// (via __double_as_longlong), as in many course codes.
#include <cstdio>
#include <cuda_runtime.h>

__device__ float atomicMaxFloat(float *addr, float value)
{
    int *a = (int *)addr;
    int old = *a, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= value) break;
        old = atomicCAS(a, assumed, __float_as_int(value));
    } while (assumed != old);
    return __int_as_float(old);
}

__device__ double atomicMaxDouble(double *addr, double value)
{
    unsigned long long *a = (unsigned long long *)addr;
    unsigned long long old = *a, assumed;
    do {
        assumed = old;
        if (__longlong_as_double(assumed) >= value) break;
        old = atomicCAS(a, assumed, (unsigned long long)__double_as_longlong(value));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__global__ void maxes(const float *v, int n, float *fm, double *dm)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicMaxFloat(fm, v[i]);
        atomicMaxDouble(dm, (double)v[i] * 2.0);
    }
}

int main()
{
    const int n = 777;
    float h[n];
    for (int i = 0; i < n; ++i) h[i] = (float)((i * 37) % 500) * 0.125f - 20.0f;
    float *dv, *dfm, fm = -1e30f;
    double *ddm, dm = -1e300;
    cudaMalloc(&dv, sizeof h); cudaMalloc(&dfm, 4); cudaMalloc(&ddm, 8);
    cudaMemcpy(dv, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(dfm, &fm, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(ddm, &dm, 8, cudaMemcpyHostToDevice);
    maxes<<<(n + 127) / 128, 128>>>(dv, n, dfm, ddm);
    cudaMemcpy(&fm, dfm, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&dm, ddm, 8, cudaMemcpyDeviceToHost);
    printf("fmax=%.3f dmax=%.3f\n", fm, dm);
    return 0;
}
