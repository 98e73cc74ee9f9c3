// Checks: __device__ global variables (scalar and array) written by kernels and read back with
// cudaMemcpyFromSymbol; initialised __device__ variables keep their initial value until written.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int counter;
__device__ int initialised = 1234;
__device__ float table[8];

__global__ void work()
{
    table[threadIdx.x] = threadIdx.x * 1.5f;
    if (threadIdx.x == 0) counter = 77;
}

int main()
{
    int init = 0;
    cudaMemcpyFromSymbol(&init, initialised, sizeof(int));
    printf("initialised=%d\n", init);
    int zero = 0;
    cudaMemcpyToSymbol(counter, &zero, sizeof zero);
    work<<<1, 8>>>();
    int c; float t[8];
    cudaMemcpyFromSymbol(&c, counter, sizeof c);
    cudaMemcpyFromSymbol(t, table, sizeof t);
    printf("counter=%d table: %.1f %.1f %.1f\n", c, t[0], t[1], t[7]);
    float part[2];
    cudaMemcpyFromSymbol(part, table, sizeof part, 4 * sizeof(float), cudaMemcpyDeviceToHost);
    printf("part: %.1f %.1f\n", part[0], part[1]);
    return 0;
}
