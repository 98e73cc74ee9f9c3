// Checks: __dp4a (signed and unsigned byte dot product + accumulator) and __dp2a_lo/__dp2a_hi.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void dots(int *i, unsigned *u)
{
    int a = 0x01FF7F80;   // bytes (low to high): -128, 127, -1, 1
    int b = 0x02030405;   // bytes: 5, 4, 3, 2
    i[0] = __dp4a(a, b, 10);
    i[1] = __dp4a(a, a, 0);
    u[0] = __dp4a(0xFF0102FFu, 0x01010101u, 1u);
    int c = 0x7FFF8000;   // halves: -32768, 32767
    i[2] = __dp2a_lo(c, b, 0);
    i[3] = __dp2a_hi(c, b, 5);
}

int main()
{
    int *di, hi[4]; unsigned *du, hu[1];
    cudaMalloc(&di, sizeof hi); cudaMalloc(&du, sizeof hu);
    dots<<<1, 1>>>(di, du);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hu, du, sizeof hu, cudaMemcpyDeviceToHost);
    printf("dp4a: %d %d %u dp2a_lo=%d dp2a_hi=%d\n", hi[0], hi[1], hu[0], hi[2], hi[3]);
    return 0;
}
