// Checks: kernel templates with explicit type and non-type arguments (block size as a template parameter).
#include <cstdio>
#include <cuda_runtime.h>

template <typename T, int BLOCK>
__global__ void block_sum(const T *in, T *out)
{
    __shared__ T buf[BLOCK];
    buf[threadIdx.x] = in[blockIdx.x * BLOCK + threadIdx.x];
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = buf[0];
}

int main()
{
    const int blocks = 4;
    long long h[blocks * 128], r[2 * blocks];
    for (int i = 0; i < blocks * 128; ++i) h[i] = i * 3 + 1;
    long long *din, *dout;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    block_sum<long long, 128><<<blocks, 128>>>(din, dout);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; ++b) printf("block %d: %lld\n", b, r[b]);
    block_sum<long long, 64><<<blocks * 2, 64>>>(din, dout);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    printf("eight halves: %lld %lld %lld %lld %lld %lld %lld %lld\n", r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]);
    return 0;
}
