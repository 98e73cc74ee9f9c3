// Checks: a host class that owns device memory (RAII) and launches kernels from its member functions,
// including a member function template launching a kernel template.
#include <cstdio>
#include <cuda_runtime.h>

template <typename T>
__global__ void fill_kernel(T *v, int n, T value)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = value;
}

__global__ void prefix_kernel(int *v, int n)
{
    if (threadIdx.x == 0)
        for (int i = 1; i < n; ++i) v[i] += v[i - 1];
}

class DeviceArray {
public:
    explicit DeviceArray(int n) : n_(n) { cudaMalloc(&data_, n * sizeof(int)); }
    ~DeviceArray() { cudaFree(data_); }
    template <typename T> void fill(T value) { fill_kernel<<<(n_ + 127) / 128, 128>>>(data_, n_, (int)value); }
    void prefix() { prefix_kernel<<<1, 32>>>(data_, n_); }
    int at(int i) const { int x; cudaMemcpy(&x, data_ + i, sizeof x, cudaMemcpyDeviceToHost); return x; }
private:
    int *data_ = nullptr;
    int n_;
};

int main()
{
    DeviceArray a(300);
    a.fill(3);
    a.prefix();
    printf("a[0]=%d a[299]=%d\n", a.at(0), a.at(299));
    a.fill(2.9);
    printf("a[7]=%d\n", a.at(7));
    return 0;
}
