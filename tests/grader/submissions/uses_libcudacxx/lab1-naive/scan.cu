// A lab 1 written the way a student who read the libcu++ docs might: cuda::std headers for the
// index type and limits. It is correct, so it must get full marks (the grader's precompiled prelude
// once broke every build that included <cuda/std/...>: CCCL's wrappers include the prelude again).
#include <cuda/std/cstddef>
#include <cuda/std/limits>
#include <cuda/std/type_traits>

#include "lab.h"

__global__ void naive_scan_kernel(const float* in, float* out, unsigned n) {
    cuda::std::size_t i = (cuda::std::size_t)blockIdx.x * blockDim.x + threadIdx.x;
    static_assert(cuda::std::is_same<decltype(i), cuda::std::size_t>::value, "index type");
    if (i >= n) return;
    float sum = 0;
    for (cuda::std::size_t j = 0; j <= i; j++) sum += in[j];
    out[i] = sum;
}

size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* in, float* out, unsigned n, void*) {
    if (n == 0) return;
    unsigned blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    if (n > cuda::std::numeric_limits<unsigned>::max() - BLOCK_SIZE) blocks = n / BLOCK_SIZE + 1;
    naive_scan_kernel<<<blocks, BLOCK_SIZE>>>(in, out, n);
}
