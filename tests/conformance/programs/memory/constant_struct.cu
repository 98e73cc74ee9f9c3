// Checks: a __constant__ struct (with an array member) set by cudaMemcpyToSymbol and read uniformly by a kernel.
#include <cstdio>
#include <cuda_runtime.h>

struct Camera {
    float scale;
    int offset[3];
    int width;
};

__constant__ Camera cam;

__global__ void project(const int *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = cam.scale * (in[i] + cam.offset[i % 3]) + (i % cam.width);
}

int main()
{
    Camera c = {0.5f, {1, 2, 3}, 4};
    cudaMemcpyToSymbol(cam, &c, sizeof(Camera));
    const int n = 12;
    int h[n];
    float r[n];
    for (int i = 0; i < n; ++i) h[i] = i * 2;
    int *din; float *dout;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    project<<<1, 32>>>(din, dout, n);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    for (float v : r) printf("%.1f ", v);
    printf("\n");
    return 0;
}
