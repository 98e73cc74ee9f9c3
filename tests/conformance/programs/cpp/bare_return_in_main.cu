// Checks: `return;` in int main() and in a __device__ function returning int, which nvcc accepts with
// warning #117-D (non-void function should return a value): main then returns 0, as when it runs off
// its end; the device function's value would be unspecified, so the program never uses it.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int first_negative(const int *v, int n)
{
    for (int i = 0; i < n; ++i)
        if (v[i] < 0) return i;
    return;  // never reached here: every row below has a negative entry
}

__global__ void find_rows(const int *rows, int width, int *where)
{
    int r = threadIdx.x;
    where[r] = first_negative(rows + r * width, width);
}

int main()
{
    const int rows = 4, width = 5;
    int h[rows * width] = {3, -1, 4, 1, 5,
                           -9, 2, 6, 5, 3,
                           5, 8, 9, 7, -9,
                           3, 2, -3, 8, 4};
    int *d, *dwhere, where[rows];
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&dwhere, sizeof where);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    find_rows<<<1, rows>>>(d, width, dwhere);
    cudaMemcpy(where, dwhere, sizeof where, cudaMemcpyDeviceToHost);
    for (int r = 0; r < rows; ++r) printf("row %d: first negative at %d\n", r, where[r]);

    for (int r = 0; r < rows; ++r) {
        if (where[r] > width) {
            printf("test failed!\n");
            return;
        }
    }
    printf("test passed\n");
    return;
}
