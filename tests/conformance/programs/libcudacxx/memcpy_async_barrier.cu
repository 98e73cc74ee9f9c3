// Checks: cuda::memcpy_async completing on a block-scope cuda::barrier, in each overload family:
// one thread's copy of typed elements (a byte count, then cuda::aligned_size_t), of void* bytes, and
// a whole block's collective copy (the group first, cooperative_groups::this_thread_block()); each
// thread reads other threads' copies only after arrive_and_wait (or wait on its arrive's token).
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <utility>

namespace cg = cooperative_groups;

#pragma nv_diag_suppress static_var_with_dynamic_init
__global__ void copies(const float4 *in4, const int *in, int *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float4 tile4[64];
    __shared__ int tile[256];
    __shared__ int bytes[64];
    __shared__ int whole[256];
    const int t = threadIdx.x, n = blockDim.x;  // n == 64
    if (t == 0) init(&bar, n);
    __syncthreads();

    // One float4 per thread, by a byte count; then one int per thread, by an aligned_size_t.
    cuda::memcpy_async(&tile4[t], &in4[blockIdx.x * n + t], sizeof(float4), bar);
    cuda::memcpy_async(&tile[t], &in[blockIdx.x * 256 + t], cuda::aligned_size_t<alignof(int)>(sizeof(int)), bar);
    bar.arrive_and_wait();
    const float4 v = tile4[(t + 1) % n];
    int first = (int)(v.x + v.y + v.z + v.w) + tile[(t + 7) % n];

    // void* bytes, then a split arrive/wait.
    cuda::memcpy_async((void *)&bytes[t], (const void *)&in[blockIdx.x * 256 + 64 + t], sizeof(int), bar);
    auto token = bar.arrive();
    bar.wait(std::move(token));
    int second = bytes[n - 1 - t];

    // The block copies 256 ints together (each thread its share), typed and as void*.
    auto block = cg::this_thread_block();
    cuda::memcpy_async(block, whole, in + blockIdx.x * 256, sizeof(int) * 128, bar);
    cuda::memcpy_async(block, (void *)(whole + 128), (const void *)(in + blockIdx.x * 256 + 128),
                       cuda::aligned_size_t<16>(sizeof(int) * 128), bar);
    bar.arrive_and_wait();
    int third = whole[(t * 5) % 256] + whole[255 - t];

    out[blockIdx.x * n + t] = first * 1000000 + second * 1000 + third;
}

int main() {
    const int blocks = 2, n = 64;
    float4 h4[blocks * n];
    int h[blocks * 256];
    for (int i = 0; i < blocks * n; i++) h4[i] = make_float4(i, 2 * i, i % 5, 1);
    for (int i = 0; i < blocks * 256; i++) h[i] = (i * 37) % 101;
    float4 *d4;
    int *d, *dout;
    cudaMalloc(&d4, sizeof h4);
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&dout, blocks * n * sizeof(int));
    cudaMemcpy(d4, h4, sizeof h4, cudaMemcpyHostToDevice);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    copies<<<blocks, n>>>(d4, d, dout);
    printf("launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    int out[blocks * n];
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    long long hash = 0;
    for (int i = 0; i < blocks * n; i++) hash = hash * 31 + out[i];
    printf("out[0] = %d, out[1] = %d, out[63] = %d, out[64] = %d, out[127] = %d\n", out[0], out[1], out[63], out[64],
           out[127]);
    printf("hash %lld\n", hash);
    return 0;
}
