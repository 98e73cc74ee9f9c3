// Mutant of solutions/lab8-single-pass/scan.cu with one deliberate bug, marked MUTATION below
// (tests/mutants/README.md). The lab's CPU check must fail, and its output must match
// every EXPECT line (a CMake regular expression).
//   what: chains on blockIdx.x instead of the atomic ticket: hangs when blocks run in reverse order
// EXPECT: FAILED: hang
// EXPECT: take the section number from an atomicAdd ticket, not blockIdx.x
//
// Lab 8 reference solution: single-pass inclusive scan of the whole array with
// chained blocks (the "stream-based" scan of PMPP ch. 11).
//
// Every block scans one 8192-element section exactly as in lab 6. Then, instead
// of a second kernel, the section totals are chained through global memory:
// block b waits until block b-1 has published the sum of sections 0..b-1, adds
// its own total, and publishes the sum of sections 0..b for block b+1.
//
// Two details make this safe:
//  * Dynamic block index. CUDA may run blocks in any order. If the block with
//    blockIdx.x = b waited for blockIdx.x = b-1 and the latter had not been
//    scheduled yet (all SMs busy with waiting blocks), nothing would ever move.
//    So each block takes a ticket from an atomic counter as it starts and uses
//    the ticket as its section number: the block it waits for took its ticket
//    earlier, so it is already running and will finish.
//  * Memory fences. The sum must be visible to other blocks before the flag
//    saying "the sum is ready": __threadfence() between writing the sum and
//    setting the flag, and another one between seeing the flag and reading
//    the sum.
//
// Workspace layout (4 + 8 * sections bytes):
//   [ ticket counter: unsigned | flags: unsigned[sections] | sums: float[sections] ]
// The workspace arrives uninitialized, so scan() zeroes the counter and the flags
// with cudaMemsetAsync on the same stream before every launch. The sums need no
// reset: each is written before its flag is set, and read only after.
#include <cstddef>

#include "lab.h"

namespace {

static_assert(SECTION_SIZE == BLOCK_SIZE * COARSE_FACTOR, "section = threads x coarse factor");

__device__ __forceinline__ unsigned pad(unsigned index) { return index + (index >> 5); }
constexpr unsigned PADDED_SIZE = SECTION_SIZE + SECTION_SIZE / 32;

__global__ void __launch_bounds__(BLOCK_SIZE)
single_pass_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n,
                   unsigned* ticket_counter, unsigned* flags, float* sums) {
    __shared__ float section[PADDED_SIZE];
    __shared__ float totals_a[BLOCK_SIZE];
    __shared__ float totals_b[BLOCK_SIZE];
    __shared__ unsigned s_section;     // this block's ticket
    __shared__ float s_previous_sum;   // total of all earlier sections

    const unsigned t = threadIdx.x;

    // Dynamic block index: the order of tickets is the order blocks started in.
    if (t == 0) s_section = blockIdx.x;  // MUTATION: static block index instead of the atomic ticket
    __syncthreads();
    const unsigned b = s_section;
    const std::size_t base = std::size_t(b) * SECTION_SIZE;

    // ---- local scan of the section (lab 6) ----
    #pragma unroll
    for (unsigned k = 0; k < COARSE_FACTOR; ++k) {
        const unsigned j = k * BLOCK_SIZE + t;
        section[pad(j)] = (base + j < n) ? input[base + j] : 0.0f;
    }
    __syncthreads();

    float v[COARSE_FACTOR];
    float running = 0.0f;
    #pragma unroll
    for (unsigned k = 0; k < COARSE_FACTOR; ++k) {
        running += section[pad(t * COARSE_FACTOR + k)];
        v[k] = running;
    }

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
    __syncthreads();
    const float carry = (t > 0) ? src[t - 1] : 0.0f;
    #pragma unroll
    for (unsigned k = 0; k < COARSE_FACTOR; ++k) section[pad(t * COARSE_FACTOR + k)] = v[k] + carry;

    // ---- hand-off between blocks: one thread does it, the others wait at the barrier ----
    if (t == BLOCK_SIZE - 1) {   // this thread holds the section total in `total`
        float previous = 0.0f;
        if (b > 0) {
            // volatile: re-read memory each time instead of a value cached in a register.
            const volatile unsigned* flag = &flags[b - 1];
            while (*flag == 0) __nanosleep(32);
            __threadfence();  // do not read the sum before the flag was seen
            previous = *static_cast<const volatile float*>(&sums[b - 1]);
        }
        *static_cast<volatile float*>(&sums[b]) = previous + total;
        __threadfence();      // the sum reaches memory before the flag does
        atomicExch(&flags[b], 1u);
        s_previous_sum = previous;
    }
    __syncthreads();

    // ---- add the earlier sections' total and store, coalesced ----
    const float previous = s_previous_sum;
    #pragma unroll
    for (unsigned k = 0; k < COARSE_FACTOR; ++k) {
        const unsigned j = k * BLOCK_SIZE + t;
        if (base + j < n) output[base + j] = section[pad(j)] + previous;
    }
}

unsigned num_sections(unsigned n) { return n / SECTION_SIZE + (n % SECTION_SIZE != 0); }

}  // namespace

std::size_t scan_workspace_bytes(unsigned n) {
    if (n == 0) return 0;
    const std::size_t sections = num_sections(n);
    return sizeof(unsigned) + sections * (sizeof(unsigned) + sizeof(float));
}

void scan(const float* input, float* output, unsigned n, void* workspace) {
    if (n == 0) return;
    const unsigned sections = num_sections(n);
    unsigned* ticket_counter = static_cast<unsigned*>(workspace);
    unsigned* flags = ticket_counter + 1;
    float* sums = reinterpret_cast<float*>(flags + sections);

    // Counter and flags are contiguous: one memset resets both, in stream order,
    // so it cannot overlap the previous call's kernel.
    cudaMemsetAsync(workspace, 0, (1 + std::size_t(sections)) * sizeof(unsigned), 0);
    single_pass_kernel<<<sections, BLOCK_SIZE>>>(input, output, n, ticket_counter, flags, sums);
}
