// Checks: two printf calls in a row in one warp: the warp prints all its lanes' first line, then all
// their second lines (warp-synchronous execution of each printf), and after a barrier a third.
#include <cstdio>

__global__ void two_lines(int base)
{
    int t = threadIdx.x;
    printf("first %d\n", base + t);
    printf("second %d\n", base + 10 * t);
    __syncthreads();
    if (t < 4) printf("after the barrier %d\n", t);
}

int main()
{
    two_lines<<<1, 32>>>(1000);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
