// Lab 3, advanced reference: double-buffered Kogge-Stone where each barrier
// waits for as few threads as the step needs.
//
// scan.cu (the taught version) runs the ten steps over the whole 1024-element
// section, one block barrier per step: ten times, every warp waits for the
// slowest of the block's 32 warps.
//
// A step with stride below 32 only ever reads inside the reader's own warp,
// if each warp first scans just its own 32 elements. So the section is scanned
// in two levels, each still Kogge-Stone between two shared buffers:
//   1. every warp scans its 32 elements (strides 1..16); the barrier before
//      each step is __syncwarp(), which waits for the 32 lanes only;
//   2. warp 0 scans the 32 warp totals the same way (the section's strides
//      32..512), between two small buffers;
//   3. every thread adds the total of the warps before its own.
// Two block barriers per section instead of ten; the buffers still make every
// step's reads see the previous step's values, never the current step's.
#include <cstddef>

#include "lab.h"

namespace {

static_assert(BLOCK_SIZE == SECTION_SIZE, "Kogge-Stone uses one thread per element");
constexpr unsigned WARPS = BLOCK_SIZE / 32;
static_assert(WARPS <= 32, "one warp scans the warps' totals");

// Kogge-Stone over 32 values, one per lane, between two shared buffers: each
// step reads the buffer the previous step wrote and writes the other one. The
// lane keeps its own running value in a register, so a step reads only the
// value `stride` lanes below. Writes buffer0[first + lane] = value itself and
// returns the lane's inclusive sum; the last step writes into buffer1.
__device__ __forceinline__ float warp_double_buffered_scan(float value, float* buffer0, float* buffer1,
                                                           unsigned first, unsigned lane) {
    float* read = buffer0;
    float* write = buffer1;
    read[first + lane] = value;
#pragma unroll
    for (unsigned stride = 1; stride < 32; stride *= 2) {
        __syncwarp();  // the previous step's writes are visible to the whole warp
        if (lane >= stride) value += read[first + lane - stride];
        write[first + lane] = value;
        float* swap = read;
        read = write;
        write = swap;
    }
    return value;
}

__global__ void __launch_bounds__(BLOCK_SIZE)
double_buffer_warp_kernel(const float* __restrict__ input, float* __restrict__ output, unsigned n) {
    __shared__ float XY[2][SECTION_SIZE];
    __shared__ float totals[2][32];  // one per lane of the warp that scans them

    const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
    const std::size_t i = std::size_t(blockIdx.x) * SECTION_SIZE + t;

    // Past the end: the neutral 0, and the thread stays for every barrier.
    float value = warp_double_buffered_scan((i < n) ? input[i] : 0.0f, XY[0], XY[1], warp * 32, lane);

    if (lane == 31) totals[0][warp] = value;
    __syncthreads();
    if (warp == 0) {
        // Lanes without a warp add nothing.
        warp_double_buffered_scan(lane < WARPS ? totals[0][lane] : 0.0f, totals[0], totals[1], 0, lane);
    }
    __syncthreads();
    // Five steps leave the scanned totals in totals[1].
    if (warp > 0) value += totals[1][warp - 1];

    if (i < n) output[i] = value;
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    double_buffer_warp_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
