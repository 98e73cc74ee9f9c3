// Checks: a grid-wide barrier built by hand from an atomic counter (thread 0 of each block arrives,
// then spins on atomicAdd(&count, 0)), used twice; every block of the small grid is resident.
#include <cstdio>

__device__ void grid_barrier(unsigned *count, unsigned target)
{
    __syncthreads();
    if (threadIdx.x == 0) {
        atomicAdd(count, 1);
        while (atomicAdd(count, 0) < target) { }
    }
    __syncthreads();
}

__global__ void rotate_twice(int *data, int *result, unsigned *count)
{
    int n = gridDim.x * blockDim.x, i = blockIdx.x * blockDim.x + threadIdx.x;
    data[i] = i * i % 1000;
    grid_barrier(count, gridDim.x);
    int a = data[(i + 129) % n];
    grid_barrier(count, 2 * gridDim.x);
    result[i] = a + data[(i + n - 1) % n];
}

int main()
{
    const int blocks = 16, threads = 128, n = blocks * threads;
    int *data, *result; unsigned *count;
    cudaMalloc(&data, n * sizeof(int)); cudaMalloc(&result, n * sizeof(int));
    cudaMalloc(&count, sizeof(unsigned)); cudaMemset(count, 0, sizeof(unsigned));
    rotate_twice<<<blocks, threads>>>(data, result, count);
    printf("sync=%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int h[n];
    cudaMemcpy(h, result, sizeof h, cudaMemcpyDeviceToHost);
    long long total = 0;
    for (int k = 0; k < n; ++k) total += h[k];
    printf("result[0]=%d result[1000]=%d result[n-1]=%d total=%lld\n", h[0], h[1000], h[n - 1], total);
    return 0;
}
