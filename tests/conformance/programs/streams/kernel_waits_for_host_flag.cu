// Checks: a kernel launched into a stream that spins until host code sets a flag in pinned
// (cudaMallocHost) or managed memory does not hold the host back, as on a GPU: work issued behind
// it to the same stream (a copy, another kernel, an event) waits, the stream and the event report
// cudaErrorNotReady, a prefetch to the legacy default stream does not block the host, and once the
// host sets the flag cudaStreamSynchronize returns with everything done in order.
#include <cstdio>
#include <cuda_runtime.h>

// One thread waits (as the CUDA samples' spinWhileLessThanOne does), then writes n values.
__global__ void waitThenWrite(volatile unsigned *flag, int *out, int value, int n)
{
    while (flag[0] < 1)
        ;
    for (int i = 0; i < n; ++i) out[i] = value + i;
}

__global__ void addOne(int *v)
{
    v[threadIdx.x] += 1;
}

int main()
{
    const int n = 4;
    int *d, *h;  // h pinned: a copy into pageable memory would hold the host until the kernel ends
    cudaMallocHost(&h, n * sizeof(int));
    unsigned *latch;
    cudaMalloc(&d, n * sizeof(int));
    cudaMallocHost(&latch, sizeof(unsigned));

    // 1. A blocking stream, a pinned flag.
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaEvent_t done;
    cudaEventCreate(&done);
    *latch = 0;
    waitThenWrite<<<1, 1, 0, s>>>(latch, d, 10, n);
    addOne<<<1, n, 0, s>>>(d);
    cudaMemcpyAsync(h, d, n * sizeof(int), cudaMemcpyDeviceToHost, s);
    cudaEventRecord(done, s);
    printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("stream query while waiting: %s\n", cudaGetErrorName(cudaStreamQuery(s)));
    printf("event query while waiting: %s\n", cudaGetErrorName(cudaEventQuery(done)));
    *latch = 1;
    printf("sync: %s\n", cudaGetErrorName(cudaStreamSynchronize(s)));
    printf("event query after: %s\n", cudaGetErrorName(cudaEventQuery(done)));
    printf("h = %d %d %d %d\n", h[0], h[1], h[2], h[3]);

    // 2. A managed flag and managed data, a prefetch to the legacy default stream in between.
    unsigned *mflag;
    int *m;
    cudaMallocManaged(&mflag, sizeof(unsigned));
    cudaMallocManaged(&m, n * sizeof(int));
    *mflag = 0;
    for (int i = 0; i < n; ++i) m[i] = 0;
    waitThenWrite<<<1, 1, 0, s>>>(mflag, m, 100, n);
    cudaMemLocation host = {};
    host.type = cudaMemLocationTypeHost;
    printf("prefetch: %s\n", cudaGetErrorName(cudaMemPrefetchAsync(m, n * sizeof(int), host, 0, 0)));
    *mflag = 1;
    printf("sync: %s\n", cudaGetErrorName(cudaStreamSynchronize(s)));
    printf("device sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("m = %d %d %d %d\n", m[0], m[1], m[2], m[3]);

    // 3. A non-blocking stream: the legacy default stream does not wait for it.
    cudaStream_t nb;
    cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking);
    *latch = 0;
    waitThenWrite<<<1, 1, 0, nb>>>(latch, d, 1000, n);
    int other[n] = {7, 7, 7, 7};
    int *d2;
    cudaMalloc(&d2, n * sizeof(int));
    cudaMemcpyAsync(d2, other, n * sizeof(int), cudaMemcpyHostToDevice, 0);
    addOne<<<1, n>>>(d2);
    cudaMemcpyAsync(other, d2, n * sizeof(int), cudaMemcpyDeviceToHost, 0);
    printf("legacy stream: %s\n", cudaGetErrorName(cudaStreamSynchronize(0)));
    printf("other = %d %d %d %d\n", other[0], other[1], other[2], other[3]);
    printf("non-blocking query while waiting: %s\n", cudaGetErrorName(cudaStreamQuery(nb)));
    *latch = 1;
    printf("sync: %s\n", cudaGetErrorName(cudaStreamSynchronize(nb)));
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("h = %d %d %d %d\n", h[0], h[1], h[2], h[3]);

    cudaEventDestroy(done);
    cudaStreamDestroy(s);
    cudaStreamDestroy(nb);
    cudaFree(d);
    cudaFree(d2);
    cudaFree(m);
    cudaFree(mflag);
    cudaFreeHost(latch);
    cudaFreeHost(h);
    return 0;
}
