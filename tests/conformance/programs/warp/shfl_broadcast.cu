// Checks: __shfl_sync broadcast from a lane, and with a srcLane computed per thread (rotation).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void shuffles(int *bcast, int *rot)
{
    int lane = threadIdx.x % 32;
    int v = threadIdx.x * 10;
    bcast[threadIdx.x] = __shfl_sync(0xffffffff, v, 5);
    rot[threadIdx.x] = __shfl_sync(0xffffffffu, v, (lane + 3) % 32);
}

int main()
{
    int *db, *dr, hb[64], hr[64];
    cudaMalloc(&db, sizeof hb);
    cudaMalloc(&dr, sizeof hr);
    shuffles<<<1, 64>>>(db, dr);
    cudaMemcpy(hb, db, sizeof hb, cudaMemcpyDeviceToHost);
    cudaMemcpy(hr, dr, sizeof hr, cudaMemcpyDeviceToHost);
    printf("bcast: %d %d %d %d\n", hb[0], hb[31], hb[32], hb[63]);
    printf("rot: %d %d %d %d\n", hr[0], hr[30], hr[32], hr[63]);
    return 0;
}
