// Checks: a uchar4 image in a 2D cudaArray read as float4 with cudaReadModeNormalizedFloat
// (value / 255), point and linear filtering, and a signed char texture (value / 127, clamped to -1).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void to_gray(cudaTextureObject_t tex, float* out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float4 c = tex2D<float4>(tex, x + 0.5f, y + 0.5f);
    out[y * w + x] = 0.25f * c.x + 0.5f * c.y + 0.25f * c.z + c.w;
}

__global__ void halfway(cudaTextureObject_t tex, float4* out)
{
    out[threadIdx.x] = tex2D<float4>(tex, 1.0f + 0.25f * threadIdx.x, 1.0f);
}

__global__ void snorm(cudaTextureObject_t tex, float* out) { out[threadIdx.x] = tex1Dfetch<float>(tex, threadIdx.x); }

int main()
{
    const int W = 4, H = 2;
    uchar4 img[H][W];
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) img[y][x] = make_uchar4(x * 80, y * 255, 17 * (x + y), 255 - 60 * x);
    cudaChannelFormatDesc ch = cudaCreateChannelDesc<uchar4>();
    cudaArray_t arr;
    cudaMallocArray(&arr, &ch, W, H);
    cudaMemcpy2DToArray(arr, 0, 0, img, W * sizeof(uchar4), W * sizeof(uchar4), H, cudaMemcpyHostToDevice);

    cudaResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    cudaTextureDesc td;
    memset(&td, 0, sizeof(td));
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeNormalizedFloat;
    cudaTextureObject_t tex = 0, lin = 0;
    cudaCreateTextureObject(&tex, &res, &td, NULL);
    td.filterMode = cudaFilterModeLinear;
    cudaCreateTextureObject(&lin, &res, &td, NULL);

    float *d_gray, gray[W * H];
    cudaMalloc(&d_gray, sizeof(gray));
    to_gray<<<dim3(1, 1), dim3(W, H)>>>(tex, d_gray, W, H);
    cudaMemcpy(gray, d_gray, sizeof(gray), cudaMemcpyDeviceToHost);
    for (int i = 0; i < W * H; ++i) printf("gray[%d]=%.6f\n", i, gray[i]);

    float4 *d_h, h4[5];
    cudaMalloc(&d_h, sizeof(h4));
    halfway<<<1, 5>>>(lin, d_h);
    cudaMemcpy(h4, d_h, sizeof(h4), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 5; ++i) printf("linear x=%.2f: %.6f %.6f %.6f %.6f\n", 1.0f + 0.25f * i, h4[i].x, h4[i].y, h4[i].z, h4[i].w);

    signed char sv[6] = {-128, -127, -1, 0, 64, 127};
    signed char* d_sv;
    cudaMalloc(&d_sv, 512);
    cudaMemcpy(d_sv, sv, sizeof(sv), cudaMemcpyHostToDevice);
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = d_sv;
    res.res.linear.desc = cudaCreateChannelDesc<signed char>();
    res.res.linear.sizeInBytes = sizeof(sv);
    td.filterMode = cudaFilterModePoint;
    cudaTextureObject_t st = 0;
    cudaCreateTextureObject(&st, &res, &td, NULL);
    snorm<<<1, 6>>>(st, d_gray);
    cudaMemcpy(gray, d_gray, 6 * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 6; ++i) printf("snorm %d -> %.7f\n", sv[i], gray[i]);

    cudaDestroyTextureObject(tex); cudaDestroyTextureObject(lin); cudaDestroyTextureObject(st);
    cudaFreeArray(arr); cudaFree(d_gray); cudaFree(d_h); cudaFree(d_sv);
    printf("done=%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
