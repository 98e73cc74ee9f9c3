// Mutant of solutions/lab6-coarsened/scan.cu with one deliberate bug, marked MUTATION below
// (tests/mutants/README.md). The lab's CPU check must fail, and its output must match
// every EXPECT line (a CMake regular expression).
//   what: off-by-one at the tail: the store is guarded with base + j <= n
// EXPECT: wrote outside the output \(guard zone damaged\)
// EXPECT: guard every store with i < n
//
// Lab 6 reference solution: three-phase (coarsened) inclusive scan of each
// 8192-element section, 1024 threads x 8 elements.
//
// Phase 1: each thread scans its own 8 consecutive elements sequentially
//          (7 additions, no synchronization).
// Phase 2: the block scans the 1024 thread totals in parallel (Kogge-Stone with
//          two buffers, as in lab 3).
// Phase 3: each thread adds the total of all threads before it to its 8 values.
// The parallel part shrinks 8x, so the block does far less redundant work than
// a Kogge-Stone scan over the whole section would.
#include <cstddef>

#include "lab.h"

namespace {

static_assert(SECTION_SIZE == BLOCK_SIZE * COARSE_FACTOR, "section = threads x coarse factor");

// In phase 1 thread t reads words t*8 .. t*8+7, so a warp hits words 8 apart and
// only 4 distinct banks (an 8-way conflict). One padding word per 32 words makes
// both this pattern and the coalesced load/store pattern conflict-free.
__device__ __forceinline__ unsigned pad(unsigned index) { return index + (index >> 5); }
constexpr unsigned PADDED_SIZE = SECTION_SIZE + SECTION_SIZE / 32;

__global__ void __launch_bounds__(BLOCK_SIZE)
coarsened_scan_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n) {
    __shared__ float section[PADDED_SIZE];   // 33 KiB
    __shared__ float totals_a[BLOCK_SIZE];   // double buffer for phase 2
    __shared__ float totals_b[BLOCK_SIZE];

    const unsigned t = threadIdx.x;
    const std::size_t base = std::size_t(blockIdx.x) * SECTION_SIZE;

    // Load the section with consecutive threads on consecutive addresses
    // (coalesced), not in the per-thread order used for phase 1.
    #pragma unroll
    for (unsigned k = 0; k < COARSE_FACTOR; ++k) {
        const unsigned j = k * BLOCK_SIZE + t;
        section[pad(j)] = (base + j < n) ? input[base + j] : 0.0f;
    }
    __syncthreads();

    // Phase 1: sequential scan of this thread's own subsection, kept in registers.
    float v[COARSE_FACTOR];
    float running = 0.0f;
    #pragma unroll
    for (unsigned k = 0; k < COARSE_FACTOR; ++k) {
        running += section[pad(t * COARSE_FACTOR + k)];
        v[k] = running;
    }

    // Phase 2: Kogge-Stone over the thread totals, double-buffered.
    float total = running;
    float* src = totals_a;
    float* dst = totals_b;
    src[t] = total;
    for (unsigned stride = 1; stride < BLOCK_SIZE; stride *= 2) {
        __syncthreads();
        if (t >= stride) total += src[t - stride];
        dst[t] = total;
        float* tmp = src; src = dst; dst = tmp;
    }
    // total now holds the inclusive scan of the thread totals; subtracting our
    // own would round differently, so read the predecessor's entry instead.
    __syncthreads();
    const float carry = (t > 0) ? src[t - 1] : 0.0f;

    // Phase 3: add the carry and put the values back in shared memory, so the
    // store to global memory can be coalesced again.
    #pragma unroll
    for (unsigned k = 0; k < COARSE_FACTOR; ++k) section[pad(t * COARSE_FACTOR + k)] = v[k] + carry;
    __syncthreads();

    #pragma unroll
    for (unsigned k = 0; k < COARSE_FACTOR; ++k) {
        const unsigned j = k * BLOCK_SIZE + t;
        if (base + j <= n) output[base + j] = section[pad(j)];  // MUTATION: off-by-one at the tail: writes output[n]
    }
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    coarsened_scan_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
