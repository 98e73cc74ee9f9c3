// Checks: cudaMemcpy HostToDevice, DeviceToDevice, DeviceToHost, HostToHost and cudaMemcpyDefault.
#include <cstdio>
#include <cuda_runtime.h>

int main()
{
    int a[16], b[16], c[16], e[16];
    for (int i = 0; i < 16; ++i) a[i] = i * i;
    int *d1, *d2;
    cudaMalloc(&d1, sizeof a); cudaMalloc(&d2, sizeof a);
    printf("%s ", cudaGetErrorName(cudaMemcpy(d1, a, sizeof a, cudaMemcpyHostToDevice)));
    printf("%s ", cudaGetErrorName(cudaMemcpy(d2, d1, sizeof a, cudaMemcpyDeviceToDevice)));
    printf("%s ", cudaGetErrorName(cudaMemcpy(b, d2, sizeof a, cudaMemcpyDeviceToHost)));
    printf("%s ", cudaGetErrorName(cudaMemcpy(c, b, sizeof a, cudaMemcpyHostToHost)));
    printf("%s\n", cudaGetErrorName(cudaMemcpy(e, d2 + 8, 8 * sizeof(int), cudaMemcpyDefault)));
    printf("b[15]=%d c[3]=%d e[0]=%d e[7]=%d\n", b[15], c[3], e[0], e[7]);
    cudaFree(d1); cudaFree(d2);
    return 0;
}
