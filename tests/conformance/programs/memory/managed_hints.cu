// Checks: managed memory as the tutorials use it: cudaMallocManaged written by the host, the CUDA 13
// prefetch and advice calls (cudaMemLocation), a grid-stride kernel, the host reading the result
// after cudaDeviceSynchronize, cudaPointerGetAttributes, cudaStreamAttachMemAsync on a stream, the
// managed-memory device attributes, and the errors of a zero-byte request and of a hint on
// cudaMalloc memory.
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add(int n, const float *x, float *y)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = blockDim.x * gridDim.x;
    for (int i = index; i < n; i += stride) y[i] = x[i] + y[i];
}

int main()
{
    const int n = 1 << 16;
    float *x, *y;
    cudaMallocManaged(&x, n * sizeof(float));
    cudaMallocManaged(&y, n * sizeof(float), cudaMemAttachGlobal);
    for (int i = 0; i < n; i++) { x[i] = 1.0f; y[i] = 2.0f; }

    cudaMemLocation gpu = {cudaMemLocationTypeDevice, 0};
    cudaMemLocation host = {cudaMemLocationTypeHost, 0};
    printf("prefetch: %d\n", (int)cudaMemPrefetchAsync(x, n * sizeof(float), gpu, 0, 0));
    printf("advise read-mostly: %d\n", (int)cudaMemAdvise(x, n * sizeof(float), cudaMemAdviseSetReadMostly, gpu));
    printf("advise preferred: %d\n", (int)cudaMemAdvise(y, n * sizeof(float), cudaMemAdviseSetPreferredLocation, gpu));
    add<<<32, 256>>>(n, x, y);
    printf("sync: %d\n", (int)cudaDeviceSynchronize());
    cudaMemPrefetchAsync(y, n * sizeof(float), host, 0, 0);
    cudaDeviceSynchronize();
    float max_error = 0.0f;
    for (int i = 0; i < n; i++) max_error = fmaxf(max_error, fabsf(y[i] - 3.0f));
    printf("max error: %g\n", max_error);

    cudaPointerAttributes a;
    cudaPointerGetAttributes(&a, y);
    printf("type managed: %d, same pointer on both sides: %d\n", a.type == cudaMemoryTypeManaged,
           a.devicePointer == y && a.hostPointer == y);

    cudaStream_t s;
    cudaStreamCreate(&s);
    printf("attach: %d\n", (int)cudaStreamAttachMemAsync(s, y, 0, cudaMemAttachSingle));
    add<<<4, 128, 0, s>>>(n, x, y);
    cudaStreamSynchronize(s);
    printf("y[0]=%g y[n-1]=%g\n", y[0], y[n - 1]);

    int managed = -1, concurrent = -1;
    cudaDeviceGetAttribute(&managed, cudaDevAttrManagedMemory, 0);
    cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, 0);
    printf("managed memory: %d, concurrent access: %d\n", managed, concurrent);

    float *zero = nullptr;
    printf("zero bytes: %d\n", (int)cudaMallocManaged(&zero, 0));
    cudaGetLastError();
    float *plain;
    cudaMalloc(&plain, 64);
    printf("advise on cudaMalloc memory: %d\n", (int)cudaMemAdvise(plain, 64, cudaMemAdviseSetReadMostly, gpu));
    cudaGetLastError();
    cudaFree(plain);
    cudaStreamDestroy(s);
    cudaFree(x);
    cudaFree(y);
    return 0;
}
