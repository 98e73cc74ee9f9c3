// Checks: a 2D __shared__ tile with +1 padding, used for the classic tiled matrix transpose.
#include <cstdio>
#include <cuda_runtime.h>

#define TILE 16

__global__ void transpose(const int *in, int *out, int rows, int cols)
{
    __shared__ int tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x < cols && y < rows) tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    if (x < rows && y < cols) out[y * rows + x] = tile[threadIdx.x][threadIdx.y];
}

int main()
{
    const int rows = 40, cols = 23;
    static int a[rows * cols], t[rows * cols];
    for (int i = 0; i < rows * cols; ++i) a[i] = i;
    int *din, *dout;
    cudaMalloc(&din, sizeof a);
    cudaMalloc(&dout, sizeof t);
    cudaMemcpy(din, a, sizeof a, cudaMemcpyHostToDevice);
    dim3 block(TILE, TILE), grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
    transpose<<<grid, block>>>(din, dout, rows, cols);
    cudaMemcpy(t, dout, sizeof t, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            if (t[c * rows + r] != a[r * cols + c]) ++bad;
    printf("bad=%d t[1]=%d t[last]=%d\n", bad, t[1], t[rows * cols - 1]);
    return 0;
}
