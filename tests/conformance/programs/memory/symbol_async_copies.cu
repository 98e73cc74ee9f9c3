// Checks: cudaMemcpyToSymbolAsync / cudaMemcpyFromSymbolAsync on a stream, ordered with a kernel on the same stream.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int values[16];
__constant__ int bias;

__global__ void add_bias() { values[threadIdx.x] += bias * (int)threadIdx.x; }

int main()
{
    cudaStream_t s;
    cudaStreamCreate(&s);
    int h[16], b = 3;
    for (int i = 0; i < 16; ++i) h[i] = 100 + i;
    cudaMemcpyToSymbolAsync(values, h, sizeof h, 0, cudaMemcpyHostToDevice, s);
    cudaMemcpyToSymbolAsync(bias, &b, sizeof b, 0, cudaMemcpyHostToDevice, s);
    add_bias<<<1, 16, 0, s>>>();
    int out[4];
    cudaMemcpyFromSymbolAsync(out, values, sizeof out, 12 * sizeof(int), cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
    cudaStreamDestroy(s);
    return 0;
}
