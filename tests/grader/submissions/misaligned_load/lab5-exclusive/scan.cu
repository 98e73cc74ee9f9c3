// Lab 5 by shifting on load, with the shift done as one 8-byte load per thread: element j of a
// section needs input[j - 1], so thread t reads the pair input[2t - 1], input[2t] as a float2.
// x86 reads it happily and the output is right; a GPU stops the kernel (cudaErrorMisalignedAddress),
// because input + 2t - 1 is 4 bytes past a multiple of 8.
#include <cstddef>

#include "lab.h"

__global__ void shifted_scan(const float* input, float* output, unsigned n) {
    __shared__ float XY[SECTION_SIZE];
    const unsigned t = threadIdx.x;
    const std::size_t base = std::size_t(blockIdx.x) * SECTION_SIZE;
    const std::size_t j = base + 2 * t;  // this thread's elements: j and j + 1

    if (t > 0 && j < n) {
        const float2 pair = *reinterpret_cast<const float2*>(input + j - 1);
        XY[2 * t] = pair.x;
        XY[2 * t + 1] = pair.y;
    } else {
        XY[2 * t] = 0.0f;  // the first element of a section gets the identity
        XY[2 * t + 1] = (t == 0 && j < n) ? input[j] : 0.0f;
    }

    for (unsigned stride = 1; stride < SECTION_SIZE; stride *= 2) {
        __syncthreads();
        const float a = (2 * t >= stride) ? XY[2 * t - stride] : 0.0f;
        const float b = (2 * t + 1 >= stride) ? XY[2 * t + 1 - stride] : 0.0f;
        __syncthreads();
        XY[2 * t] += a;
        XY[2 * t + 1] += b;
    }
    __syncthreads();

    if (j < n) output[j] = XY[2 * t];
    if (j + 1 < n) output[j + 1] = XY[2 * t + 1];
}

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;
    shifted_scan<<<(n + SECTION_SIZE - 1) / SECTION_SIZE, BLOCK_SIZE>>>(input, output, n);
}
