// Checks: a texture object on linear memory (cudaResourceTypeLinear) read with tex1Dfetch<float>
// and tex1Dfetch<int>, a fetch past the end (zero), and cudaGetTextureObjectResourceDesc.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void smooth(cudaTextureObject_t tex, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 0.25f * tex1Dfetch<float>(tex, i - 1) + 0.5f * tex1Dfetch<float>(tex, i) +
                 0.25f * tex1Dfetch<float>(tex, i + 1);
}

__global__ void gather(cudaTextureObject_t tex, const int* idx, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<int>(tex, idx[i]);
}

int main()
{
    const int n = 16;
    float h_in[n], h_out[n];
    for (int i = 0; i < n; ++i) h_in[i] = (float)(i * i);
    float *d_in, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);

    cudaResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = d_in;
    res.res.linear.desc = cudaCreateChannelDesc<float>();
    res.res.linear.sizeInBytes = n * sizeof(float);
    cudaTextureDesc td;
    memset(&td, 0, sizeof(td));
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex = 0;
    printf("create=%s\n", cudaGetErrorName(cudaCreateTextureObject(&tex, &res, &td, NULL)));

    smooth<<<2, 8>>>(tex, d_out, n);
    cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) printf("smooth[%d]=%.2f\n", i, h_out[i]);

    cudaResourceDesc back;
    cudaGetTextureObjectResourceDesc(&back, tex);
    printf("resType=%d size=%zu bits=%d kind=%d\n", (int)back.resType, back.res.linear.sizeInBytes,
           back.res.linear.desc.x, (int)back.res.linear.desc.f);

    int h_vals[8] = {10, 20, 30, 40, 50, 60, 70, 80}, h_idx[8] = {7, 0, 3, 3, 100, -1, 5, 1}, h_got[8];
    int *d_vals, *d_idx, *d_got;
    cudaMalloc(&d_vals, sizeof(h_vals));
    cudaMalloc(&d_idx, sizeof(h_idx));
    cudaMalloc(&d_got, sizeof(h_got));
    cudaMemcpy(d_vals, h_vals, sizeof(h_vals), cudaMemcpyHostToDevice);
    cudaMemcpy(d_idx, h_idx, sizeof(h_idx), cudaMemcpyHostToDevice);
    res.res.linear.devPtr = d_vals;
    res.res.linear.desc = cudaCreateChannelDesc<int>();
    res.res.linear.sizeInBytes = sizeof(h_vals);
    cudaTextureObject_t itex = 0;
    cudaCreateTextureObject(&itex, &res, &td, NULL);
    gather<<<1, 8>>>(itex, d_idx, d_got, 8);
    cudaMemcpy(h_got, d_got, sizeof(h_got), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; ++i) printf("gather idx=%d -> %d\n", h_idx[i], h_got[i]);

    cudaDestroyTextureObject(tex);
    cudaDestroyTextureObject(itex);
    cudaFree(d_in); cudaFree(d_out); cudaFree(d_vals); cudaFree(d_idx); cudaFree(d_got);
    printf("done=%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
