// Checks: __shfl_sync / __shfl_down_sync overloads for float, double, long long, unsigned and unsigned long long.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void typed(float *f, double *d, long long *ll, unsigned *u, unsigned long long *ull)
{
    int l = threadIdx.x;
    f[l] = __shfl_sync(0xffffffff, l * 0.5f, 31 - l);
    d[l] = __shfl_down_sync(0xffffffff, l * 1.25, 1);
    ll[l] = __shfl_xor_sync(0xffffffff, (long long)l << 40, 3);
    u[l] = __shfl_up_sync(0xffffffff, 4000000000u - l, 2);
    ull[l] = __shfl_sync(0xffffffff, 0xF00000000ull + l, 7);
}

int main()
{
    float *f; double *d; long long *ll; unsigned *u; unsigned long long *ull;
    cudaMalloc(&f, 32 * 4); cudaMalloc(&d, 32 * 8); cudaMalloc(&ll, 32 * 8); cudaMalloc(&u, 32 * 4); cudaMalloc(&ull, 32 * 8);
    typed<<<1, 32>>>(f, d, ll, u, ull);
    float hf[32]; double hd[32]; long long hll[32]; unsigned hu[32]; unsigned long long hull[32];
    cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, d, sizeof hd, cudaMemcpyDeviceToHost);
    cudaMemcpy(hll, ll, sizeof hll, cudaMemcpyDeviceToHost);
    cudaMemcpy(hu, u, sizeof hu, cudaMemcpyDeviceToHost);
    cudaMemcpy(hull, ull, sizeof hull, cudaMemcpyDeviceToHost);
    printf("float %.2f %.2f\n", hf[0], hf[31]);
    printf("double %.2f %.2f\n", hd[0], hd[31]);
    printf("ll %lld %lld\n", hll[0] >> 40, hll[5] >> 40);
    printf("u %u %u %u\n", hu[0], hu[1], hu[31]);
    printf("ull %llx %llx\n", hull[0], hull[31]);
    return 0;
}
