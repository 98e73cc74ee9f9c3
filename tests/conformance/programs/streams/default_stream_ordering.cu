// Checks: legacy default stream semantics: a kernel on a blocking created stream runs after earlier work on
// stream 0 and before later work on stream 0.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void append(int *log, int *pos, int tag)
{
    int p = atomicAdd(pos, 1);
    log[p] = tag;
}

int main()
{
    cudaStream_t s;
    cudaStreamCreate(&s);  // blocking w.r.t. the legacy default stream
    int *log, *pos, h[6];
    cudaMalloc(&log, sizeof h); cudaMalloc(&pos, sizeof(int));
    cudaMemset(pos, 0, sizeof(int));
    append<<<1, 1>>>(log, pos, 1);
    append<<<1, 1, 0, s>>>(log, pos, 2);
    append<<<1, 1>>>(log, pos, 3);
    append<<<1, 1, 0, s>>>(log, pos, 4);
    append<<<1, 1, 0, 0>>>(log, pos, 5);
    append<<<1, 1, 0, cudaStreamLegacy>>>(log, pos, 6);
    cudaMemcpy(h, log, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\n");
    return 0;
}
