// Checks: cuda::std::min/max (including the initializer-list overload), cuda::std::swap, cuda::std::pair, cuda::std::tuple with get<> in device code.
#include <cstdio>
#include <cuda/std/utility>
#include <cuda/std/tuple>
#include <cuda/std/functional>  // CCCL 3 has no public <cuda/std/algorithm>; min/max come with this

__global__ void util(int *out)
{
    int a = 7, b = -3;
    out[0] = cuda::std::min(a, b);
    out[1] = cuda::std::max(a, b);
    out[2] = cuda::std::min(cuda::std::max(42, 0), 10);
    cuda::std::swap(a, b);
    out[3] = a * 100 + b;
    cuda::std::pair<int, float> p = cuda::std::make_pair(5, 2.5f);
    out[4] = p.first + (int)(p.second * 2);
    cuda::std::tuple<int, int, int> t(1, 2, 3);
    out[5] = cuda::std::get<0>(t) * 100 + cuda::std::get<1>(t) * 10 + cuda::std::get<2>(t);
    out[6] = cuda::std::min({4, 9, -2, 6});
}

int main()
{
    int *d, h[7];
    cudaMalloc(&d, sizeof h);
    util<<<1, 1>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\n");
    return 0;
}
