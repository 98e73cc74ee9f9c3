// Known-wrong submission (tests/grader): hangs in the first call of scan(). The stride loop's
// update was written `stride * 2` instead of `stride *= 2`, so stride stays 1 and the loop never
// ends, on a GPU as on the CPU backend. The grader must kill the run at its time limit and name
// the call (the first) and n.
#include <cstddef>

#include "lab.h"

__global__ void kogge_stone_kernel(const float* input, float* output, unsigned n) {
    const unsigned t = threadIdx.x;
    const std::size_t i = std::size_t(blockIdx.x) * SECTION_SIZE + t;
    __shared__ float XY[SECTION_SIZE];
    XY[t] = i < n ? input[i] : 0.0f;
    for (unsigned stride = 1; stride < SECTION_SIZE; stride * 2) {
        __syncthreads();
        float temp = 0.0f;
        if (t >= stride) temp = XY[t] + XY[t - stride];
        __syncthreads();
        if (t >= stride) XY[t] = temp;
    }
    if (i < n) output[i] = XY[t];
}

std::size_t scan_workspace_bytes(unsigned /*n*/) { return 0; }

void scan(const float* input, float* output, unsigned n, void* /*workspace*/) {
    if (n == 0) return;
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    kogge_stone_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
