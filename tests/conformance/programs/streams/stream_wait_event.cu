// Checks: cross-stream dependency with cudaEventRecord on stream A and cudaStreamWaitEvent on stream B.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void produce(int *v) { v[threadIdx.x] = threadIdx.x * 2; }
__global__ void consume(const int *v, int *out) { out[threadIdx.x] = v[threadIdx.x] + v[31 - threadIdx.x]; }

int main()
{
    cudaStream_t a, b;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
    cudaEvent_t ready;
    cudaEventCreateWithFlags(&ready, cudaEventDisableTiming);
    int *v, *out, h[32];
    cudaMalloc(&v, sizeof h); cudaMalloc(&out, sizeof h);
    produce<<<1, 32, 0, a>>>(v);
    cudaEventRecord(ready, a);
    cudaStreamWaitEvent(b, ready, 0);
    consume<<<1, 32, 0, b>>>(v, out);
    cudaMemcpyAsync(h, out, sizeof h, cudaMemcpyDeviceToHost, b);
    cudaStreamSynchronize(b);
    printf("%d %d %d\n", h[0], h[10], h[31]);
    cudaEventDestroy(ready);
    cudaStreamDestroy(a); cudaStreamDestroy(b);
    return 0;
}
