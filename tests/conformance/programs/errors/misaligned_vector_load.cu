// Checks: a float4 load from `in + 1` (16-byte vector at a 4-byte boundary), the usual slip when a
// kernel is vectorized by hand, stops the kernel: the next synchronising call returns
// cudaErrorMisalignedAddress, and the error is sticky (later calls fail with it too). The same
// loads from `in` run. Only names and exact sums are printed.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void sum_fours(const float *in, float *out, int offset)
{
    int t = threadIdx.x;
    float4 q = reinterpret_cast<const float4 *>(in + offset)[t];
    out[t] = q.x + q.y + q.z + q.w;
}

int main()
{
    const int n = 64;
    float h[n + 4], sums[n / 4];
    for (int i = 0; i < n + 4; ++i) h[i] = float(i % 7);
    float *d_in, *d_out;
    cudaMalloc(&d_in, sizeof h);
    cudaMalloc(&d_out, sizeof sums);
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);

    sum_fours<<<1, n / 4>>>(d_in, d_out, 0);
    printf("aligned: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(sums, d_out, sizeof sums, cudaMemcpyDeviceToHost);
    printf("sums: %g %g %g\n", sums[0], sums[1], sums[15]);

    sum_fours<<<1, n / 4>>>(d_in, d_out, 1);
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("memcpy after: %s\n", cudaGetErrorName(cudaMemcpy(sums, d_out, sizeof sums, cudaMemcpyDeviceToHost)));
    printf("sync again: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
