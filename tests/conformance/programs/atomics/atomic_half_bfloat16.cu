// Checks: atomicAdd on __half, __half2 and __nv_bfloat16 (exactly representable small sums).
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void add(__half *h, __half2 *h2, __nv_bfloat16 *b)
{
    atomicAdd(h, __float2half(0.5f));
    atomicAdd(h2, __floats2half2_rn(1.0f, -0.25f));
    atomicAdd(b, __float2bfloat16(2.0f));
}

int main()
{
    __half *dh; __half2 *dh2; __nv_bfloat16 *db;
    cudaMalloc(&dh, sizeof(__half)); cudaMalloc(&dh2, sizeof(__half2)); cudaMalloc(&db, sizeof(__nv_bfloat16));
    cudaMemset(dh, 0, sizeof(__half)); cudaMemset(dh2, 0, sizeof(__half2)); cudaMemset(db, 0, sizeof(__nv_bfloat16));
    add<<<2, 32>>>(dh, dh2, db);
    __half hh; __half2 hh2; __nv_bfloat16 hb;
    cudaMemcpy(&hh, dh, sizeof hh, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hh2, dh2, sizeof hh2, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hb, db, sizeof hb, cudaMemcpyDeviceToHost);
    printf("half=%.2f half2=(%.2f,%.2f) bf16=%.1f\n", __half2float(hh), __low2float(hh2), __high2float(hh2), __bfloat162float(hb));
    return 0;
}
