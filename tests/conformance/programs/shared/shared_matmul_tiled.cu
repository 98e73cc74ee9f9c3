// Checks: tiled matrix multiply with two 2D __shared__ tiles and __syncthreads between phases (textbook style).
#include <cstdio>
#include <cuda_runtime.h>

#define TILE_WIDTH 8

__global__ void matmul(const int *M, const int *N, int *P, int width)
{
    __shared__ int Mds[TILE_WIDTH][TILE_WIDTH];
    __shared__ int Nds[TILE_WIDTH][TILE_WIDTH];
    int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
    int row = by * TILE_WIDTH + ty, col = bx * TILE_WIDTH + tx;
    int value = 0;
    for (int ph = 0; ph < (width + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
        Mds[ty][tx] = (row < width && ph * TILE_WIDTH + tx < width) ? M[row * width + ph * TILE_WIDTH + tx] : 0;
        Nds[ty][tx] = (col < width && ph * TILE_WIDTH + ty < width) ? N[(ph * TILE_WIDTH + ty) * width + col] : 0;
        __syncthreads();
        for (int k = 0; k < TILE_WIDTH; ++k) value += Mds[ty][k] * Nds[k][tx];
        __syncthreads();
    }
    if (row < width && col < width) P[row * width + col] = value;
}

int main()
{
    const int w = 19;
    int M[w * w], N[w * w], P[w * w];
    for (int i = 0; i < w * w; ++i) { M[i] = i % 7 - 3; N[i] = i % 5 - 2; }
    int *dM, *dN, *dP;
    cudaMalloc(&dM, sizeof M); cudaMalloc(&dN, sizeof N); cudaMalloc(&dP, sizeof P);
    cudaMemcpy(dM, M, sizeof M, cudaMemcpyHostToDevice);
    cudaMemcpy(dN, N, sizeof N, cudaMemcpyHostToDevice);
    dim3 block(TILE_WIDTH, TILE_WIDTH), grid((w + TILE_WIDTH - 1) / TILE_WIDTH, (w + TILE_WIDTH - 1) / TILE_WIDTH);
    matmul<<<grid, block>>>(dM, dN, dP, w);
    cudaMemcpy(P, dP, sizeof P, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int r = 0; r < w; ++r)
        for (int c = 0; c < w; ++c) {
            int s = 0;
            for (int k = 0; k < w; ++k) s += M[r * w + k] * N[k * w + c];
            bad += s != P[r * w + c];
        }
    printf("bad=%d P[0]=%d P[200]=%d\n", bad, P[0], P[200]);
    return 0;
}
