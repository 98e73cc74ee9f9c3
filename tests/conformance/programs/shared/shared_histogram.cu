// Checks: per-block privatized histogram in shared memory (atomicAdd on __shared__), merged into global.
#include <cstdio>
#include <cuda_runtime.h>

#define BINS 16

__global__ void histo(const unsigned char *data, int n, unsigned *hist)
{
    __shared__ unsigned local[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i] % BINS], 1);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) atomicAdd(&hist[b], local[b]);
}

int main()
{
    const int n = 5000;
    unsigned char h[n];
    for (int i = 0; i < n; ++i) h[i] = (unsigned char)((i * 31 + 7) % 251);
    unsigned char *d;
    unsigned *dh, hist[BINS], ref[BINS] = {0};
    cudaMalloc(&d, n);
    cudaMalloc(&dh, sizeof hist);
    cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
    cudaMemset(dh, 0, sizeof hist);
    histo<<<3, 128>>>(d, n, dh);
    cudaMemcpy(hist, dh, sizeof hist, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) ref[h[i] % BINS]++;
    int bad = 0;
    for (int b = 0; b < BINS; ++b) { printf("%u ", hist[b]); bad += hist[b] != ref[b]; }
    printf("\nbad=%d\n", bad);
    return 0;
}
