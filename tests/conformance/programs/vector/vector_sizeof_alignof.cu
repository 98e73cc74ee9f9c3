// Checks: sizeof/alignof of CUDA vector types (char2/4, short2, int2/3/4, float2/3/4, double2, longlong2),
// which are fixed by the CUDA headers, on host and in device code.
#include <cstdio>
#include <cuda_runtime.h>

#define TYPES(X) X(char2) X(char4) X(short2) X(int2) X(int3) X(int4) X(float2) X(float3) X(float4) X(double2) X(longlong2) X(uchar3) X(double3)

__global__ void sizes(int *out)
{
    int k = 0;
#define DEV(T) out[k++] = (int)sizeof(T); out[k++] = (int)alignof(T);
    TYPES(DEV)
}

int main()
{
    int *d, h[26];
    cudaMalloc(&d, sizeof h);
    sizes<<<1, 1>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int k = 0;
#define HOST(T) printf("%-10s host %2zu/%2zu device %2d/%2d\n", #T, sizeof(T), alignof(T), h[k], h[k + 1]); k += 2;
    TYPES(HOST)
    return 0;
}
