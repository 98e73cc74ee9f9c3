// Checks: printf from one thread in several consecutive launches; output of each launch is flushed by the
// synchronisation before the next host printf, so the interleaving is fixed.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void hello(int round)
{
    if (threadIdx.x == blockDim.x - 1 && blockIdx.x == gridDim.x - 1)
        printf("round %d from block %d thread %d\n", round, blockIdx.x, threadIdx.x);
}

int main()
{
    for (int r = 0; r < 3; ++r) {
        printf("host before %d\n", r);
        hello<<<3, 32>>>(r);
        cudaDeviceSynchronize();
    }
    return 0;
}
