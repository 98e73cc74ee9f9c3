// Checks: every thread prints the same line (order-independent content): 8 identical lines.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void same(int value)
{
    printf("value is %d\n", value);
}

int main()
{
    same<<<2, 4>>>(17);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
