// Checks: integer division and modulo of negatives, shifts of unsigned, 64-bit overflow wrap, in device code.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void intops(const int *a, const int *b, long long *out, int n)
{
    int i = threadIdx.x;
    if (i >= n) return;
    out[5 * i + 0] = a[i] / b[i];
    out[5 * i + 1] = a[i] % b[i];
    out[5 * i + 2] = (long long)((unsigned)a[i] >> 3);
    out[5 * i + 3] = (long long)(a[i] >> 3);
    unsigned long long big = 0xFFFFFFFFFFFFFFFFull;
    out[5 * i + 4] = (long long)(big * (unsigned long long)(b[i] + 2));
}

int main()
{
    const int n = 6;
    int a[n] = {17, -17, 17, -17, 2147483647, -2147483647 - 1}, b[n] = {5, 5, -5, -5, 3, 7};
    int *da, *db; long long *dout, h[5 * n];
    cudaMalloc(&da, sizeof a); cudaMalloc(&db, sizeof b); cudaMalloc(&dout, sizeof h);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    intops<<<1, 8>>>(da, db, dout, n);
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        printf("%d,%d: / %lld %% %lld ushr %lld shr %lld wrap %lld\n", a[i], b[i], h[5 * i], h[5 * i + 1], h[5 * i + 2], h[5 * i + 3], h[5 * i + 4]);
    return 0;
}
