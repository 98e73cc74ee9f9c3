// Checks: kernels declared inside named and nested namespaces, launched with qualified names and via using.
#include <cstdio>
#include <cuda_runtime.h>

namespace lab {
__global__ void set(int *v, int x) { v[threadIdx.x] = x + threadIdx.x; }
namespace detail {
__global__ void twice(int *v) { v[threadIdx.x] *= 2; }
}
}

namespace other {
void launch_all(int *d)
{
    lab::set<<<1, 8>>>(d, 100);
    lab::detail::twice<<<1, 8>>>(d);
}
}

int main()
{
    int *d, h[8];
    cudaMalloc(&d, sizeof h);
    other::launch_all(d);
    using namespace lab::detail;
    twice<<<1, 4>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; ++i) printf("%d ", h[i]);
    printf("\n");
    cudaFree(d);
    return 0;
}
