// Checks: cudaMalloc3DArray + cudaMemcpy3D (host pitched pointer to array, and back) and tex3D<float>
// with point and trilinear filtering on a small volume.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void probe(cudaTextureObject_t tex, float* out)
{
    int i = threadIdx.x;
    out[i] = tex3D<float>(tex, 0.5f + 0.4f * i, 1.25f + 0.1f * i, 0.75f + 0.3f * i);
}

int main()
{
    const int W = 4, H = 3, D = 5;
    float vol[D][H][W];
    for (int z = 0; z < D; ++z)
        for (int y = 0; y < H; ++y)
            for (int x = 0; x < W; ++x) vol[z][y][x] = (float)(x + 4 * y + 16 * z);
    cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    printf("malloc3d=%s\n", cudaGetErrorName(cudaMalloc3DArray(&arr, &ch, make_cudaExtent(W, H, D))));

    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof(p));
    p.srcPtr = make_cudaPitchedPtr(vol, W * sizeof(float), W, H);
    p.dstArray = arr;
    p.extent = make_cudaExtent(W, H, D);
    p.kind = cudaMemcpyHostToDevice;
    printf("copy=%s\n", cudaGetErrorName(cudaMemcpy3D(&p)));

    cudaResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    float *d_out, h_out[10];
    cudaMalloc(&d_out, sizeof(h_out));
    for (int f = 0; f < 2; ++f) {
        cudaTextureDesc td;
        memset(&td, 0, sizeof(td));
        td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
        td.filterMode = f ? cudaFilterModeLinear : cudaFilterModePoint;
        td.readMode = cudaReadModeElementType;
        cudaTextureObject_t tex = 0;
        cudaCreateTextureObject(&tex, &res, &td, NULL);
        probe<<<1, 10>>>(tex, d_out);
        cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
        for (int i = 0; i < 10; ++i) {
            unsigned bits;
            memcpy(&bits, &h_out[i], 4);
            printf("%s i=%d %08x %.6f\n", f ? "linear" : "point", i, bits, h_out[i]);
        }
        cudaDestroyTextureObject(tex);
    }

    float back[D][H][W];
    memset(back, 0, sizeof(back));
    memset(&p, 0, sizeof(p));
    p.srcArray = arr;
    p.dstPtr = make_cudaPitchedPtr(back, W * sizeof(float), W, H);
    p.extent = make_cudaExtent(W, H, D);
    p.kind = cudaMemcpyDeviceToHost;
    printf("copy back=%s %s\n", cudaGetErrorName(cudaMemcpy3D(&p)), memcmp(back, vol, sizeof(vol)) == 0 ? "same" : "differs");
    cudaFreeArray(arr);
    cudaFree(d_out);
    printf("done=%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
