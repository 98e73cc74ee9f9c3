// Checks: cuda::barrier<cuda::thread_scope_block> in shared memory as a ring of full/empty pairs:
// one producer thread hands tiles to consumer warps with bulk copies (cuda::device::memcpy_async_tx
// then barrier_arrive_tx, as in the CUDA Programming Guide), consumers wait with wait_parity and
// free a buffer with arrive(). Needs sm_90 (TMA).
#include <cstdio>
#include <vector>
#include <cuda/barrier>
using barrier = cuda::barrier<cuda::thread_scope_block>;

#pragma nv_diag_suppress static_var_with_dynamic_init
constexpr int TILE = 256;
constexpr int SLOTS = 2;
__global__ void sum_tiles(const int* in, int* sums, int tiles) {
    __shared__ alignas(16) int buf[SLOTS][TILE];
    __shared__ barrier full[SLOTS], empty[SLOTS];
    const int consumers = blockDim.x - 32;
    if (threadIdx.x == 0) {
        for (int s = 0; s < SLOTS; s++) {
            init(&full[s], 1);
            init(&empty[s], consumers);
        }
        cuda::device::experimental::fence_proxy_async_shared_cta();
    }
    __syncthreads();
    if (threadIdx.x < 32) {  // the producer warp: only thread 0 issues copies
        if (threadIdx.x != 0) return;
        for (int t = 0; t < tiles; t++) {
            int s = t % SLOTS;
            if (t >= SLOTS) empty[s].wait_parity((t / SLOTS - 1) % 2);
            cuda::device::memcpy_async_tx(buf[s], in + t * TILE, cuda::aligned_size_t<16>(sizeof(buf[s])), full[s]);
            auto token = cuda::device::barrier_arrive_tx(full[s], 1, sizeof(buf[s]));
            (void)token;
        }
        return;
    }
    for (int t = 0; t < tiles; t++) {
        int s = t % SLOTS;
        full[s].wait_parity((t / SLOTS) % 2);
        int mine = 0;
        for (int i = threadIdx.x - 32; i < TILE; i += consumers) mine += buf[s][i];
        atomicAdd(&sums[t], mine);
        (void)empty[s].arrive();
    }
}

int main() {
    const int tiles = 7;
    std::vector<int> h(tiles * TILE);
    for (int i = 0; i < tiles * TILE; i++) h[i] = (i * 7) % 11 - 3;
    int *in, *sums;
    cudaMalloc(&in, h.size() * sizeof(int));
    cudaMalloc(&sums, tiles * sizeof(int));
    cudaMemcpy(in, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(sums, 0, tiles * sizeof(int));
    sum_tiles<<<1, 32 + 64>>>(in, sums, tiles);
    printf("launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    std::vector<int> out(tiles);
    cudaMemcpy(out.data(), sums, tiles * sizeof(int), cudaMemcpyDeviceToHost);
    for (int t = 0; t < tiles; t++) printf("tile %d: %d\n", t, out[t]);
    return 0;
}
