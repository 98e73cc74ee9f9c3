// Checks: cuda::std::plus/multiplies/maximum functors passed to a generic kernel with an identity from
// cuda::std::numeric_limits.
#include <cstdio>
#include <cuda/std/functional>
#include <cuda/std/limits>

template <typename T, typename Op>
__global__ void fold(const T *in, int n, T init, Op op, T *out)
{
    T acc = init;
    for (int i = 0; i < n; ++i) acc = op(acc, in[i]);
    *out = acc;
}

struct Max { __device__ int operator()(int a, int b) const { return a > b ? a : b; } };

int main()
{
    int h[6] = {3, -1, 4, 1, -5, 9}, *d, *o, r;
    cudaMalloc(&d, sizeof h); cudaMalloc(&o, sizeof(int));
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    fold<<<1, 1>>>(d, 6, 0, cuda::std::plus<int>(), o);
    cudaMemcpy(&r, o, 4, cudaMemcpyDeviceToHost); printf("plus=%d\n", r);
    fold<<<1, 1>>>(d, 6, 1, cuda::std::multiplies<int>(), o);
    cudaMemcpy(&r, o, 4, cudaMemcpyDeviceToHost); printf("times=%d\n", r);
    fold<<<1, 1>>>(d, 6, cuda::std::numeric_limits<int>::lowest(), Max(), o);
    cudaMemcpy(&r, o, 4, cudaMemcpyDeviceToHost); printf("max=%d\n", r);
    return 0;
}
