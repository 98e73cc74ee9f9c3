// Checks: dynamic shared memory in a kernel template, using the unsigned char buffer + reinterpret_cast idiom
// (needed because extern __shared__ T arr[] with different T would conflict).
#include <cstdio>
#include <cuda_runtime.h>

template <typename T>
__global__ void block_max(const T *in, T *out, int n)
{
    extern __shared__ unsigned char raw[];
    T *s = reinterpret_cast<T *>(raw);
    int t = threadIdx.x;
    s[t] = t < n ? in[t] : in[0];
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride && s[t + stride] > s[t]) s[t] = s[t + stride];
        __syncthreads();
    }
    if (t == 0) *out = s[0];
}

template <typename T>
void run(const char *name)
{
    const int n = 50;
    T h[n], r;
    for (int i = 0; i < n; ++i) h[i] = (T)((i * 37) % 101);
    T *din, *dout;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof(T));
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    block_max<<<1, 64, 64 * sizeof(T)>>>(din, dout, n);
    cudaMemcpy(&r, dout, sizeof r, cudaMemcpyDeviceToHost);
    printf("%s max=%g\n", name, (double)r);
}

int main()
{
    run<int>("int");
    run<double>("double");
    run<short>("short");
    return 0;
}
