// Checks: cuda::atomic_ref<int, cuda::thread_scope_device/block/system> fetch_add/fetch_max/exchange/load.
#include <cstdio>
#include <cuda/atomic>

__global__ void refs(int *global_sum, int *global_max, unsigned *sys)
{
    __shared__ int block_count;
    if (threadIdx.x == 0) block_count = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> bc(block_count);
    bc.fetch_add(1, cuda::memory_order_relaxed);
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_device> gs(*global_sum);
    cuda::atomic_ref<int, cuda::thread_scope_device> gm(*global_max);
    cuda::atomic_ref<unsigned, cuda::thread_scope_system> sy(*sys);
    gs.fetch_add((int)threadIdx.x);
    gm.fetch_max((int)(threadIdx.x * blockIdx.x));
    if (threadIdx.x == 0) sy.fetch_add((unsigned)bc.load());
}

int main()
{
    int *gs, *gm; unsigned *sy;
    cudaMalloc(&gs, 4); cudaMalloc(&gm, 4); cudaMalloc(&sy, 4);
    cudaMemset(gs, 0, 4); cudaMemset(gm, 0, 4); cudaMemset(sy, 0, 4);
    refs<<<3, 100>>>(gs, gm, sy);
    int hs, hm; unsigned hy;
    cudaMemcpy(&hs, gs, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hm, gm, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hy, sy, 4, cudaMemcpyDeviceToHost);
    printf("sum=%d max=%d sys=%u\n", hs, hm, hy);
    return 0;
}
