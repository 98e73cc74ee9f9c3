// Checks: recursive __device__ functions (factorial, Ackermann-lite, recursive binary search).
#include <cstdio>
#include <cuda_runtime.h>

__device__ long long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ int bsearch_rec(const int *a, int lo, int hi, int key)
{
    if (lo > hi) return -1;
    int mid = (lo + hi) / 2;
    if (a[mid] == key) return mid;
    return a[mid] < key ? bsearch_rec(a, mid + 1, hi, key) : bsearch_rec(a, lo, mid - 1, key);
}

__global__ void k(const int *sorted, int n, long long *f, int *fb, int *pos)
{
    int t = threadIdx.x;
    f[t] = fact(t);
    fb[t] = fib(t);
    pos[t] = bsearch_rec(sorted, 0, n - 1, t * 3);
}

int main()
{
    const int n = 40;
    int s[n];
    for (int i = 0; i < n; ++i) s[i] = i * 2;
    int *ds, *dfb, *dp, hfb[20], hp[20]; long long *df, hf[20];
    cudaMalloc(&ds, sizeof s); cudaMalloc(&dfb, sizeof hfb); cudaMalloc(&dp, sizeof hp); cudaMalloc(&df, sizeof hf);
    cudaMemcpy(ds, s, sizeof s, cudaMemcpyHostToDevice);
    k<<<1, 20>>>(ds, n, df, dfb, dp);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hfb, dfb, sizeof hfb, cudaMemcpyDeviceToHost);
    cudaMemcpy(hp, dp, sizeof hp, cudaMemcpyDeviceToHost);
    printf("fact(19)=%lld fib(19)=%d\n", hf[19], hfb[19]);
    for (int t = 0; t < 20; ++t) printf("%d ", hp[t]);
    printf("\n");
    return 0;
}
