// Checks: overloaded __global__ functions (same name, different parameter types) chosen by the launch arguments.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(int *v, int x) { v[threadIdx.x] = x; }
__global__ void fill(float *v, float x) { v[threadIdx.x] = x * 2.0f; }
__global__ void fill(int *v) { v[threadIdx.x] = -threadIdx.x; }

int main()
{
    int *di, hi[4];
    float *df, hf[4];
    cudaMalloc(&di, sizeof hi);
    cudaMalloc(&df, sizeof hf);
    fill<<<1, 4>>>(di, 7);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    printf("int: %d %d %d %d\n", hi[0], hi[1], hi[2], hi[3]);
    fill<<<1, 4>>>(df, 1.25f);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    printf("float: %.2f %.2f %.2f %.2f\n", hf[0], hf[1], hf[2], hf[3]);
    fill<<<1, 4>>>(di);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    printf("neg: %d %d %d %d\n", hi[0], hi[1], hi[2], hi[3]);
    return 0;
}
