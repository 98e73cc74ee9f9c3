// Checks: __sad/__usad (|x-y| + z), __hadd/__rhadd/__uhadd/__urhadd (average without overflow).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void avgs(int *i, unsigned *u)
{
    i[0] = __sad(-5, 10, 100);
    i[1] = __sad(10, -5, 0);
    i[2] = __hadd(7, 8);
    i[3] = __rhadd(7, 8);
    i[4] = __hadd(-7, -8);
    i[5] = __rhadd(-7, -8);
    i[6] = __hadd(0x7fffffff, 0x7fffffff);
    u[0] = __usad(3u, 4000000000u, 1u);
    u[1] = __uhadd(0xffffffffu, 0xfffffffdu);
    u[2] = __urhadd(0xffffffffu, 0xfffffffeu);
}

int main()
{
    int *di, hi[7]; unsigned *du, hu[3];
    cudaMalloc(&di, sizeof hi); cudaMalloc(&du, sizeof hu);
    avgs<<<1, 1>>>(di, du);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hu, du, sizeof hu, cudaMemcpyDeviceToHost);
    printf("sad: %d %d hadd/rhadd: %d %d %d %d overflow-free: %d\n", hi[0], hi[1], hi[2], hi[3], hi[4], hi[5], hi[6]);
    printf("usad: %u uhadd: %u urhadd: %u\n", hu[0], hu[1], hu[2]);
    return 0;
}
