// Checks: a 2D cudaArray (cudaMallocArray + cudaMemcpy2DToArray) read by tex2D<float> with point
// filtering and clamp addressing, coordinates inside, between and outside the texels; cudaArrayGetInfo.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void sample(cudaTextureObject_t tex, float* out, int w, int h)
{
    int x = threadIdx.x, y = threadIdx.y;
    // from -2 to w+1 in steps of 0.5 texels
    float u = -2.0f + 0.5f * x, v = -2.0f + 0.5f * y;
    out[y * w + x] = tex2D<float>(tex, u, v);
}

int main()
{
    const int W = 4, H = 3;
    float h_img[H][W];
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) h_img[y][x] = 10.0f * y + x;

    cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    printf("malloc=%s\n", cudaGetErrorName(cudaMallocArray(&arr, &ch, W, H)));
    printf("copy=%s\n", cudaGetErrorName(cudaMemcpy2DToArray(arr, 0, 0, h_img, W * sizeof(float),
                                                             W * sizeof(float), H, cudaMemcpyHostToDevice)));
    cudaChannelFormatDesc got;
    cudaExtent ext;
    unsigned int flags;
    cudaArrayGetInfo(&got, &ext, &flags, arr);
    printf("info: %d %d %d %d kind=%d extent=%zu,%zu,%zu flags=%u\n", got.x, got.y, got.z, got.w, (int)got.f,
           ext.width, ext.height, ext.depth, flags);

    cudaResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    cudaTextureDesc td;
    memset(&td, 0, sizeof(td));
    td.addressMode[0] = cudaAddressModeClamp;
    td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = 0;
    cudaTextureObject_t tex = 0;
    printf("create=%s\n", cudaGetErrorName(cudaCreateTextureObject(&tex, &res, &td, NULL)));

    const int SW = 16, SH = 12;
    float* d_out;
    cudaMalloc(&d_out, SW * SH * sizeof(float));
    sample<<<1, dim3(SW, SH)>>>(tex, d_out, SW, SH);
    float h_out[SW * SH];
    cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
    for (int y = 0; y < SH; ++y) {
        printf("v=%5.1f:", -2.0f + 0.5f * y);
        for (int x = 0; x < SW; ++x) printf(" %2.0f", h_out[y * SW + x]);
        printf("\n");
    }

    float back[H][W];
    cudaMemcpy2DFromArray(back, W * sizeof(float), arr, 0, 0, W * sizeof(float), H, cudaMemcpyDeviceToHost);
    printf("roundtrip %s\n", memcmp(back, h_img, sizeof(back)) == 0 ? "same" : "differs");
    cudaDestroyTextureObject(tex);
    cudaFreeArray(arr);
    cudaFree(d_out);
    printf("done=%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
