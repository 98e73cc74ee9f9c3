// Checks: __float2int_rn/_rz/_ru/_rd and __float2uint_rn on halves and negatives (rn = ties to even).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void conv(const float *x, int *out, int n)
{
    int i = threadIdx.x;
    if (i < n) {
        out[5 * i + 0] = __float2int_rn(x[i]);
        out[5 * i + 1] = __float2int_rz(x[i]);
        out[5 * i + 2] = __float2int_ru(x[i]);
        out[5 * i + 3] = __float2int_rd(x[i]);
        out[5 * i + 4] = (int)__float2uint_rn(x[i] < 0 ? -x[i] : x[i]);
    }
}

int main()
{
    const int n = 9;
    float x[n] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.7f, 3.2f, 1e6f + 0.5f, -0.0f};
    float *dx; int *d, h[5 * n];
    cudaMalloc(&dx, sizeof x); cudaMalloc(&d, sizeof h);
    cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
    conv<<<1, 32>>>(dx, d, n);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
        printf("%10.2f: rn=%d rz=%d ru=%d rd=%d urn=%d\n", x[i], h[5 * i], h[5 * i + 1], h[5 * i + 2], h[5 * i + 3], h[5 * i + 4]);
    return 0;
}
