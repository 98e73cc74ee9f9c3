// Checks: cudaFilterModeLinear in 1D and 2D at fractional coordinates: the 0.5 texel shift and the
// 9-bit (8 fractional bits) interpolation weights of the hardware, printed as exact float bits.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void lerp1(cudaTextureObject_t tex, float* out, int n)
{
    int i = threadIdx.x;
    if (i < n) out[i] = tex1D<float>(tex, 0.5f + i / 97.0f);  // from texel 0's centre towards texel 1
}

__global__ void lerp2(cudaTextureObject_t tex, float* out)
{
    int i = threadIdx.x;
    float x = 1.0f + 0.37f * i, y = 0.8f + 0.29f * i;
    out[i] = tex2D<float>(tex, x, y);
}

cudaTextureObject_t make_tex(cudaArray_t arr)
{
    cudaResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    cudaTextureDesc td;
    memset(&td, 0, sizeof(td));
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex = 0;
    cudaCreateTextureObject(&tex, &res, &td, NULL);
    return tex;
}

int main()
{
    cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
    float h1[2] = {1.0f, 2.0f};
    cudaArray_t a1;
    cudaMallocArray(&a1, &ch, 2);
    cudaMemcpy2DToArray(a1, 0, 0, h1, sizeof(h1), sizeof(h1), 1, cudaMemcpyHostToDevice);
    cudaTextureObject_t t1 = make_tex(a1);

    const int n = 100;
    float *d_out, h_out[n];
    cudaMalloc(&d_out, n * sizeof(float));
    lerp1<<<1, n>>>(t1, d_out, n);
    cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) {
        unsigned bits;
        memcpy(&bits, &h_out[i], 4);
        printf("1d i=%2d %08x %.8f\n", i, bits, h_out[i]);
    }

    const int W = 5, H = 4;
    float h2[H][W];
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) h2[y][x] = (float)((x * 7 + y * 13) % 11) - 3.0f;
    cudaArray_t a2;
    cudaMallocArray(&a2, &ch, W, H);
    cudaMemcpy2DToArray(a2, 0, 0, h2, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice);
    cudaTextureObject_t t2 = make_tex(a2);
    lerp2<<<1, 12>>>(t2, d_out);
    cudaMemcpy(h_out, d_out, 12 * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 12; ++i) {
        unsigned bits;
        memcpy(&bits, &h_out[i], 4);
        printf("2d i=%2d %08x %.8f\n", i, bits, h_out[i]);
    }
    cudaDestroyTextureObject(t1); cudaDestroyTextureObject(t2);
    cudaFreeArray(a1); cudaFreeArray(a2); cudaFree(d_out);
    printf("done=%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
