// Checks: textbook cg block reduction: per-tile cg::reduce, tile leaders write to shared memory, block.sync(),
// then tile 0 reduces the partials; multiple blocks, result combined with atomicAdd.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void sum(const int *in, int n, int *total)
{
    __shared__ int partial[32];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = cg::reduce(tile, i < n ? in[i] : 0, cg::plus<int>());
    if (tile.thread_rank() == 0) partial[tile.meta_group_rank()] = v;
    block.sync();
    if (tile.meta_group_rank() == 0) {
        int p = tile.thread_rank() < tile.meta_group_size() ? partial[tile.thread_rank()] : 0;
        p = cg::reduce(tile, p, cg::plus<int>());
        if (tile.thread_rank() == 0) atomicAdd(total, p);
    }
}

int main()
{
    const int n = 5000;
    int *h = new int[n], ref = 0;
    for (int i = 0; i < n; ++i) { h[i] = i % 11 - 3; ref += h[i]; }
    int *din, *dt, t = 0;
    cudaMalloc(&din, n * sizeof(int)); cudaMalloc(&dt, sizeof(int));
    cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dt, &t, sizeof t, cudaMemcpyHostToDevice);
    sum<<<(n + 255) / 256, 256>>>(din, n, dt);
    cudaMemcpy(&t, dt, sizeof t, cudaMemcpyDeviceToHost);
    printf("gpu=%d cpu=%d\n", t, ref);
    return 0;
}
