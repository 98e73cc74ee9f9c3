// Checks: cudaLaunchHostFunc runs a host callback in stream order (after the kernel, before the later copy returns).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(int *v) { v[threadIdx.x] = threadIdx.x + 1; }

static int callback_calls = 0;
void CUDART_CB on_done(void *user)
{
    int *flag = (int *)user;
    *flag = 42;
    ++callback_calls;
}

int main()
{
    cudaStream_t s;
    cudaStreamCreate(&s);
    int *d, h[16], flag = 0;
    cudaMalloc(&d, sizeof h);
    fill<<<1, 16, 0, s>>>(d);
    printf("launch=%s\n", cudaGetErrorName(cudaLaunchHostFunc(s, on_done, &flag)));
    cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    printf("flag=%d calls=%d h[15]=%d\n", flag, callback_calls, h[15]);
    cudaStreamDestroy(s);
    return 0;
}
