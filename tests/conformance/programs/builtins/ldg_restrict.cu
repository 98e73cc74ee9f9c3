// Checks: __restrict__ pointer parameters, const __restrict__ reads through __ldg() for int, float4 and double.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void gather(const int *__restrict__ idx, const float4 *__restrict__ v, const double *__restrict__ w,
                       float *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int j = __ldg(&idx[i]);
    float4 a = __ldg(&v[j]);
    double b = __ldg(w + j);
    out[i] = a.x + a.y + a.z + a.w + (float)b;
}

int main()
{
    const int n = 40;
    int idx[n]; float4 v[n]; double w[n]; float r[n];
    for (int i = 0; i < n; ++i) { idx[i] = (i * 7) % n; v[i] = make_float4(i, 1, 2, 3); w[i] = 0.5 * i; }
    int *di; float4 *dv; double *dw; float *dr;
    cudaMalloc(&di, sizeof idx); cudaMalloc(&dv, sizeof v); cudaMalloc(&dw, sizeof w); cudaMalloc(&dr, sizeof r);
    cudaMemcpy(di, idx, sizeof idx, cudaMemcpyHostToDevice);
    cudaMemcpy(dv, v, sizeof v, cudaMemcpyHostToDevice);
    cudaMemcpy(dw, w, sizeof w, cudaMemcpyHostToDevice);
    gather<<<2, 32>>>(di, dv, dw, dr, n);
    cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost);
    printf("%.1f %.1f %.1f\n", r[0], r[1], r[39]);
    return 0;
}
