// Checks: vectorized memory access with float4/int4 and a scalar tail for n not divisible by 4.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void copy_vec4(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int n4 = n / 4;
    if (i < n4) reinterpret_cast<int4 *>(out)[i] = reinterpret_cast<const int4 *>(in)[i];
    if (i == 0)
        for (int k = n4 * 4; k < n; ++k) out[k] = in[k];
}

int main()
{
    const int n = 1003;
    int *h = new int[n], *r = new int[n];
    for (int i = 0; i < n; ++i) h[i] = i * 3 - 7;
    int *din, *dout;
    cudaMalloc(&din, n * sizeof(int)); cudaMalloc(&dout, n * sizeof(int));
    cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
    copy_vec4<<<(n / 4 + 127) / 128, 128>>>(din, dout, n);
    cudaMemcpy(r, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; ++i) bad += r[i] != h[i];
    printf("bad=%d last=%d\n", bad, r[n - 1]);
    return 0;
}
