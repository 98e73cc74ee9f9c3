// Checks: a kernel template launched with deduced template arguments (T from the pointer argument).
#include <cstdio>
#include <cuda_runtime.h>

template <typename T>
__global__ void add_one(T *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = v[i] + T(1);
}

template <typename T>
void run(const char *name, T first)
{
    const int n = 50;
    T h[n];
    for (int i = 0; i < n; ++i) h[i] = first + T(i);
    T *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    add_one<<<2, 32>>>(d, n);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; ++i) s += (double)h[i];
    printf("%s: h[0]=%g h[49]=%g sum=%g\n", name, (double)h[0], (double)h[49], s);
    cudaFree(d);
}

int main()
{
    run<int>("int", 5);
    run<float>("float", 0.5f);
    run<double>("double", -3.0);
    run<unsigned char>("uchar", (unsigned char)200);
    return 0;
}
