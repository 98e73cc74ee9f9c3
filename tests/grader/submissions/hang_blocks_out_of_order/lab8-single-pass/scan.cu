// Known-wrong submission (tests/grader): a single-pass scan chained on blockIdx.x. Block b waits
// for block b - 1's flag, which works when blocks start in index order, as they do on a GPU in
// practice; but CUDA promises no order, and with blocks dispatched in reverse or random order
// (the CPU backend's forward-progress runs) a block waits for one that has not started: it hangs.
// Correctness cases pass on either backend; the forward-progress test must fail (deadlock).
#include <cstddef>

#include "lab.h"


__global__ void single_pass_kernel(const float* input, float* output, unsigned n, unsigned* flags, float* sums) {
    __shared__ float section[SECTION_SIZE];
    __shared__ float totals[2][BLOCK_SIZE];
    __shared__ unsigned s_section;
    __shared__ float s_before;
    const unsigned t = threadIdx.x;
    if (t == 0) s_section = blockIdx.x;  // blocks start in order, so the block before me is already running
    __syncthreads();
    const unsigned b = s_section;
    const std::size_t base = std::size_t(b) * SECTION_SIZE;

    for (unsigned k = 0; k < COARSE_FACTOR; ++k) {
        const unsigned j = k * BLOCK_SIZE + t;
        section[j] = base + j < n ? input[base + j] : 0.0f;
    }
    __syncthreads();
    // each thread scans its own COARSE_FACTOR elements
    float sum = 0.0f;
    for (unsigned k = 0; k < COARSE_FACTOR; ++k) {
        sum += section[t * COARSE_FACTOR + k];
        section[t * COARSE_FACTOR + k] = sum;
    }
    // Kogge-Stone over the threads' totals, two buffers
    int in = 0;
    totals[in][t] = sum;
    for (unsigned stride = 1; stride < BLOCK_SIZE; stride *= 2) {
        __syncthreads();
        totals[1 - in][t] = t >= stride ? totals[in][t] + totals[in][t - stride] : totals[in][t];
        in = 1 - in;
    }
    __syncthreads();
    const float earlier = t > 0 ? totals[in][t - 1] : 0.0f;
    for (unsigned k = 0; k < COARSE_FACTOR; ++k) section[t * COARSE_FACTOR + k] += earlier;

    // chain: wait for the section before mine, publish my running total
    if (t == BLOCK_SIZE - 1) {
        float before = 0.0f;
        if (b > 0) {
            while (atomicAdd(&flags[b - 1], 0u) == 0) {}
            __threadfence();
            before = *(volatile float*)&sums[b - 1];
        }
        *(volatile float*)&sums[b] = before + totals[in][t];
        __threadfence();
        atomicExch(&flags[b], 1u);
        s_before = before;
    }
    __syncthreads();
    for (unsigned k = 0; k < COARSE_FACTOR; ++k) {
        const unsigned j = k * BLOCK_SIZE + t;
        if (base + j < n) output[base + j] = section[j] + s_before;
    }
}

std::size_t scan_workspace_bytes(unsigned n) {
    const unsigned sections = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    return std::size_t(sections) * (sizeof(unsigned) + sizeof(float));  // flags, sums
}

void scan(const float* input, float* output, unsigned n, void* workspace) {
    if (n == 0) return;
    const unsigned sections = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    unsigned* flags = static_cast<unsigned*>(workspace);
    float* sums = reinterpret_cast<float*>(flags + sections);
    cudaMemsetAsync(flags, 0, sections * sizeof(unsigned), 0);  // the flags arrive dirty
    single_pass_kernel<<<sections, BLOCK_SIZE>>>(input, output, n, flags, sums);
}
