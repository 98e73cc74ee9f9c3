// Checks: threadIdx is a uint3 and blockDim a dim3: copying them into locals and unsigned arithmetic.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void copy_builtins(unsigned *out)
{
    uint3 t = threadIdx;
    dim3 bd = blockDim;
    unsigned id = t.x + t.y * bd.x;
    out[id] = (t.x << 8) | t.y;
    // unsigned wrap-around, as threadIdx.x is unsigned
    if (id == 0) out[bd.x * bd.y] = threadIdx.x - 1u;
}

int main()
{
    unsigned *d, h[13];
    cudaMalloc(&d, sizeof h);
    copy_builtins<<<1, dim3(4, 3)>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 12; ++i) printf("%u ", h[i]);
    printf("\nwrap=%u\n", h[12]);
    return 0;
}
