// Checks: the classic shared-memory tree reduction with sequential addressing and __syncthreads per level.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void reduce(const int *in, int *out, int n)
{
    __shared__ int sdata[256];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    int v = 0;
    if (i < n) v = in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

int main()
{
    const int n = 100000, threads = 256;
    int blocks = (n + threads * 2 - 1) / (threads * 2);
    int *h = new int[n], *part = new int[blocks];
    for (int i = 0; i < n; ++i) h[i] = (i * 7) % 100 - 50;
    int *din, *dout;
    cudaMalloc(&din, n * sizeof(int));
    cudaMalloc(&dout, blocks * sizeof(int));
    cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
    reduce<<<blocks, threads>>>(din, dout, n);
    cudaMemcpy(part, dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
    long long gpu = 0, cpu = 0;
    for (int b = 0; b < blocks; ++b) gpu += part[b];
    for (int i = 0; i < n; ++i) cpu += h[i];
    printf("blocks=%d gpu=%lld cpu=%lld\n", blocks, gpu, cpu);
    return 0;
}
