// Checks: 2D grid and 2D blocks with dim3; row/column index formulas over a 37x29 image.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(int *img, int width, int height)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < width && row < height)
        img[row * width + col] = row * 1000 + col;
}

int main()
{
    const int w = 37, h = 29;
    int *d;
    cudaMalloc((void **)&d, w * h * sizeof(int));
    dim3 block(16, 8);
    dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
    fill<<<grid, block>>>(d, w, h);
    static int img[w * h];
    cudaMemcpy(img, d, sizeof img, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c)
            if (img[r * w + c] != r * 1000 + c) ++bad;
    printf("grid=(%u,%u,%u) block=(%u,%u,%u)\n", grid.x, grid.y, grid.z, block.x, block.y, block.z);
    printf("bad=%d corner=%d\n", bad, img[w * h - 1]);
    cudaFree(d);
    return 0;
}
