// Checks: the Monte-Carlo estimate of pi that courses teach with cuRAND: each thread seeds its own
// XORWOW state inside the kernel (curand_init with its global id as the subsequence), draws points
// with curand_uniform, counts the hits inside the quarter circle, and the counts are reduced in
// shared memory and added with atomicAdd: the printed totals are integers.
#include <cstdio>
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define THREADS 128
#define BLOCKS 4
#define SAMPLES_PER_THREAD 256

__global__ void estimate_pi(unsigned long long seed, unsigned long long *hits, unsigned int *blockHits)
{
    __shared__ unsigned int counts[THREADS];
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    curandState state;
    curand_init(seed, tid, 0, &state);
    unsigned int inside = 0;
    for (int i = 0; i < SAMPLES_PER_THREAD; i++) {
        float x = curand_uniform(&state);
        float y = curand_uniform(&state);
        if (x * x + y * y <= 1.0f) inside++;
    }
    counts[threadIdx.x] = inside;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) counts[threadIdx.x] += counts[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        blockHits[blockIdx.x] = counts[0];
        atomicAdd(hits, (unsigned long long)counts[0]);
    }
}

int main()
{
    unsigned long long *dHits;
    unsigned int *dBlockHits;
    cudaMalloc(&dHits, sizeof(unsigned long long));
    cudaMalloc(&dBlockHits, BLOCKS * sizeof(unsigned int));
    const unsigned long long seeds[] = {1234ULL, 42ULL, 0xdeadbeefULL};
    for (unsigned long long seed : seeds) {
        cudaMemset(dHits, 0, sizeof(unsigned long long));
        estimate_pi<<<BLOCKS, THREADS>>>(seed, dHits, dBlockHits);
        unsigned long long hits;
        unsigned int blockHits[BLOCKS];
        cudaMemcpy(&hits, dHits, sizeof(hits), cudaMemcpyDeviceToHost);
        cudaMemcpy(blockHits, dBlockHits, sizeof(blockHits), cudaMemcpyDeviceToHost);
        unsigned long long total = (unsigned long long)BLOCKS * THREADS * SAMPLES_PER_THREAD;
        printf("seed %llu: %llu of %llu inside, pi ~ %.6f; per block:", seed, hits, total, 4.0 * hits / total);
        for (int b = 0; b < BLOCKS; b++) printf(" %u", blockHits[b]);
        printf("\n");
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    cudaFree(dHits);
    cudaFree(dBlockHits);
    return 0;
}
