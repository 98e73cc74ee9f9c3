// Checks: cudaMallocPitch (pitch >= width bytes), cudaMemcpy2D both ways, kernel indexing with the pitch.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add_row_col(float *base, size_t pitch, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        float *row = (float *)((char *)base + y * pitch);
        row[x] += 100.0f * y + x;
    }
}

int main()
{
    const int w = 37, h = 11;
    float host[h][w];
    for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) host[y][x] = 0.5f;
    float *d; size_t pitch;
    cudaMallocPitch((void **)&d, &pitch, w * sizeof(float), h);
    printf("pitch>=width: %d pitch%%4==0: %d\n", pitch >= w * sizeof(float), pitch % 4 == 0);
    cudaMemcpy2D(d, pitch, host, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice);
    add_row_col<<<dim3(3, 2), dim3(16, 8)>>>(d, pitch, w, h);
    cudaMemcpy2D(host, w * sizeof(float), d, pitch, w * sizeof(float), h, cudaMemcpyDeviceToHost);
    printf("%.1f %.1f %.1f\n", host[0][0], host[3][5], host[10][36]);
    cudaFree(d);
    return 0;
}
