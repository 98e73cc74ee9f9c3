// Checks: normalizedCoords = 1 with cudaAddressModeWrap, Mirror, Clamp and Border (border colour)
// on a 1D cudaArray, point filtering, coordinates from -1.5 to 2.5; and wrap with linear filtering.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void sample(cudaTextureObject_t tex, float* out, int n)
{
    int i = threadIdx.x;
    if (i < n) out[i] = tex1D<float>(tex, -1.5f + i * 0.125f);
}

int main()
{
    const int N = 8;
    float h[N];
    for (int i = 0; i < N; ++i) h[i] = (float)(i + 1);
    cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    cudaMallocArray(&arr, &ch, N);
    cudaMemcpyToArray(arr, 0, 0, h, sizeof(h), cudaMemcpyHostToDevice);  // deprecated, still common

    cudaResourceDesc res;
    memset(&res, 0, sizeof(res));
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;

    const int n = 33;
    float *d_out, h_out[n];
    cudaMalloc(&d_out, n * sizeof(float));
    const char* names[4] = {"wrap", "clamp", "mirror", "border"};
    for (int f = 0; f < 2; ++f) {
        for (int m = 0; m < 4; ++m) {
            cudaTextureDesc td;
            memset(&td, 0, sizeof(td));
            td.addressMode[0] = (cudaTextureAddressMode)m;
            td.filterMode = f ? cudaFilterModeLinear : cudaFilterModePoint;
            td.readMode = cudaReadModeElementType;
            td.normalizedCoords = 1;
            td.borderColor[0] = -1.0f;
            cudaTextureObject_t tex = 0;
            cudaError_t e = cudaCreateTextureObject(&tex, &res, &td, NULL);
            sample<<<1, n>>>(tex, d_out, n);
            cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
            printf("%s %-6s %s:", f ? "linear" : "point", names[m], cudaGetErrorName(e));
            for (int i = 0; i < n; ++i) printf(" %g", h_out[i]);
            printf("\n");
            cudaDestroyTextureObject(tex);
        }
    }
    cudaFreeArray(arr);
    cudaFree(d_out);
    printf("done=%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
