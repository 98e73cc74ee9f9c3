// Checks: cuda::std::array as a kernel parameter and local, cuda::std::span over device memory (size, subspan,
// range-for).
#include <cstdio>
#include <cuda/std/array>
#include <cuda/std/span>

__global__ void use(cuda::std::array<int, 4> weights, int *data, int n)
{
    cuda::std::span<int> all(data, n);
    cuda::std::span<int> tail = all.subspan(2);
    int acc = 0;
    for (int v : tail) acc += v;
    cuda::std::array<int, 3> local{1, 2, 3};
    int w = 0;
    for (size_t k = 0; k < weights.size(); ++k) w += weights[k] * (int)k;
    data[0] = acc;
    data[1] = w + local.back() + (int)tail.size();
}

int main()
{
    int h[10];
    for (int i = 0; i < 10; ++i) h[i] = i + 1;
    int *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    cuda::std::array<int, 4> w = {5, 6, 7, 8};
    use<<<1, 1>>>(w, d, 10);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d\n", h[0], h[1]);
    return 0;
}
