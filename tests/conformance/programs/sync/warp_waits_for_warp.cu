// Checks: one warp waits on a volatile shared flag that another warp of the same block sets, with
// no __syncthreads between them (independent thread scheduling, Volta and later).
#include <cstdio>

__global__ void handoff(int *out)
{
    __shared__ volatile int flag;
    __shared__ volatile int value;
    if (threadIdx.x == 0) flag = 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        while (flag == 0) { }
        out[blockIdx.x] = value + blockIdx.x;
    }
    if (threadIdx.x == 32) {
        value = 40 + 2 * blockIdx.x;
        __threadfence_block();
        flag = 1;
    }
}

int main()
{
    int *d, h[3];
    cudaMalloc(&d, sizeof h);
    handoff<<<3, 64>>>(d);
    printf("sync=%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d\n", h[0], h[1], h[2]);
    return 0;
}
