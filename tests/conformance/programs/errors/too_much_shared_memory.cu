// Checks: requesting more dynamic shared memory than any GPU allows (1 MiB) without opting in fails at launch
// (cudaGetLastError is not cudaSuccess); the kernel does not run.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void use_shared(int *v)
{
    extern __shared__ int s[];
    s[threadIdx.x] = 1;
    __syncthreads();
    v[threadIdx.x] = s[threadIdx.x];
}

int main()
{
    int *d, h = 0;
    cudaMalloc(&d, 32 * sizeof(int));
    cudaMemset(d, 0, 32 * sizeof(int));
    use_shared<<<1, 32, 1 << 20>>>(d);
    cudaError_t e = cudaGetLastError();
    printf("failed=%d\n", e != cudaSuccess);
    cudaDeviceSynchronize();
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("ran=%d\n", h);
    use_shared<<<1, 32, 32 * sizeof(int)>>>(d);
    printf("small: %s\n", cudaGetErrorName(cudaGetLastError()));
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("ran=%d\n", h);
    return 0;
}
