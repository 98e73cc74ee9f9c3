// Checks: cudaMemcpy2D of a sub-rectangle between pitched host arrays and device memory (different pitches).
#include <cstdio>
#include <cuda_runtime.h>

int main()
{
    int src[8][10], dst[5][6] = {};
    for (int r = 0; r < 8; ++r) for (int c = 0; c < 10; ++c) src[r][c] = r * 10 + c;
    int *d; size_t pitch;
    cudaMallocPitch(&d, &pitch, 4 * sizeof(int), 3);
    // copy the 3x4 block starting at row 2, col 5
    cudaMemcpy2D(d, pitch, &src[2][5], sizeof src[0], 4 * sizeof(int), 3, cudaMemcpyHostToDevice);
    cudaMemcpy2D(&dst[1][1], sizeof dst[0], d, pitch, 4 * sizeof(int), 3, cudaMemcpyDeviceToHost);
    for (int r = 0; r < 5; ++r) {
        for (int c = 0; c < 6; ++c) printf("%3d", dst[r][c]);
        printf("\n");
    }
    cudaFree(d);
    return 0;
}
