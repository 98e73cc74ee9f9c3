// Checks: cudaMemset sets bytes (0x01 in an int gives 0x01010101, -1 gives all ones), partial ranges and offsets.
#include <cstdio>
#include <cuda_runtime.h>

int main()
{
    int *d, h[8];
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0, sizeof h);
    cudaMemset(d, 1, 2 * sizeof(int));
    cudaMemset(d + 2, -1, sizeof(int));
    cudaMemset(d + 3, 0xAB, 3);               // three bytes only
    cudaMemset((char *)(d + 5) + 1, 0x7f, 2);  // middle bytes
    cudaMemset(d + 6, 0x1ff, sizeof(int));     // only the low byte of the value is used
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%08x ", (unsigned)v);
    printf("\n");
    cudaFree(d);
    return 0;
}
