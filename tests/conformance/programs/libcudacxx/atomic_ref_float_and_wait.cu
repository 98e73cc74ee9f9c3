// Checks: cuda::atomic_ref<float> fetch_add (exact halves), cuda::atomic_ref<unsigned long long> fetch_or,
// and cuda::std::atomic_ref<int> fetch_sub.
#include <cstdio>
#include <cuda/atomic>
#include <cuda/std/atomic>

__global__ void ops(float *f, unsigned long long *u, int *i)
{
    cuda::atomic_ref<float, cuda::thread_scope_device> af(*f);
    cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> au(*u);
    cuda::std::atomic_ref<int> ai(*i);
    af.fetch_add(0.5f, cuda::std::memory_order_relaxed);
    au.fetch_or(1ull << (threadIdx.x + 32 * blockIdx.x));
    ai.fetch_sub(3);
}

int main()
{
    float *f, hf = 0; unsigned long long *u, hu = 0; int *i, hi = 1000;
    cudaMalloc(&f, 4); cudaMalloc(&u, 8); cudaMalloc(&i, 4);
    cudaMemcpy(f, &hf, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(u, &hu, 8, cudaMemcpyHostToDevice);
    cudaMemcpy(i, &hi, 4, cudaMemcpyHostToDevice);
    ops<<<2, 20>>>(f, u, i);
    cudaMemcpy(&hf, f, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hu, u, 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hi, i, 4, cudaMemcpyDeviceToHost);
    printf("f=%.1f u=%016llx i=%d\n", hf, hu, hi);
    return 0;
}
