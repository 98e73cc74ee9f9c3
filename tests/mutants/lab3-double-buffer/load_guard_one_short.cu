// Mutant of solutions/lab3-double-buffer/scan.cu with one deliberate bug, marked MUTATION below
// (tests/mutants/README.md). The lab's CPU check must fail, and its output must match
// every EXPECT line (a CMake regular expression).
//   what: off-by-one at the tail: the load is guarded with i < n - 1, so the last element's own input counts as 0
// EXPECT: wrong output
// EXPECT: i < n, not i < n - 1
//
// Lab 3 reference solution: Kogge-Stone inclusive scan of each section with two
// shared-memory buffers.
//
// Each step reads only from one buffer and writes only to the other, and the
// two swap roles every step. Nobody overwrites a value that another thread may
// still read in the same step, so one barrier per step is enough (lab 2 needed two).
#include <cstddef>

#include "lab.h"

namespace {

static_assert(BLOCK_SIZE == SECTION_SIZE, "Kogge-Stone uses one thread per element");

__global__ void __launch_bounds__(BLOCK_SIZE)
double_buffer_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n) {
    __shared__ float buf_a[SECTION_SIZE];
    __shared__ float buf_b[SECTION_SIZE];

    const unsigned t = threadIdx.x;
    const std::size_t i = std::size_t(blockIdx.x) * SECTION_SIZE + t;

    // A thread's own running value also lives in a register, which saves one
    // shared-memory read per step.
    float value = (i < n - 1) ? input[i] : 0.0f;  // MUTATION: load guard one short: input[n - 1] is read as 0
    float* src = buf_a;
    float* dst = buf_b;
    src[t] = value;

    for (unsigned stride = 1; stride < SECTION_SIZE; stride *= 2) {
        __syncthreads();  // src is complete; dst is no longer read by anyone
        if (t >= stride) value += src[t - stride];
        dst[t] = value;   // copy unchanged values too: dst becomes next step's src
        float* tmp = src; src = dst; dst = tmp;
    }

    if (i < n) output[i] = value;
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    double_buffer_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
