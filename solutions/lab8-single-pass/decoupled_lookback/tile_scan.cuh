// Lab 8, advanced reference (decoupled_lookback.cu): one tile's scan, in registers.
//
// Every kernel of this reference scans its own tile the way PMPP's chapter 11 builds up to it:
//   1. each thread adds up its own consecutive elements one after the other (thread coarsening,
//      PMPP 11.5: sequential work is the most work-efficient scan there is);
//   2. the threads' totals are scanned in parallel, and each thread learns what comes before it;
//   3. each thread adds that to its own elements.
// PMPP does step 2 in shared memory with barriers. Here it is done first within each warp, in
// registers, by shuffles: a lane reads another lane's register directly (__shfl_*_sync), the 32
// lanes of a warp execute each shuffle together, so no barrier is needed. Then the warps' totals
// go through shared memory, one value per warp, behind one __syncthreads(): a block scan is a warp
// scan of the threads' totals plus a (tiny) scan of the warps' totals. The kernels spell out that
// last step themselves, because where the warps' totals are needed differs (the register kernel
// publishes its aggregate from them before scanning anything, for instance).
//
// The two warp collectives:
//   warp_inclusive_scan  Kogge-Stone (PMPP 11.2) across the 32 lanes: at step d every lane adds
//                        the value d lanes below it, d = 1, 2, 4, 8, 16; five steps for 32 values.
//                        Work-inefficient (129 additions where a sequential scan needs 31), but
//                        each step is one instruction for the whole warp: only the steps count.
//   warp_sum             the warp's total in every lane, by a butterfly: at step d lane l adds lane
//                        l ^ d's value (__shfl_xor_sync), d = 16, 8, 4, 2, 1. Both partners of a
//                        pair compute a + b and b + a, which are the same bits, so every lane ends
//                        with exactly the same total, whatever lane later publishes it.
// Both must be called by all 32 lanes (full-mask shuffles).
//
// Also here: pad(), the shared-memory layout of the register kernel's transpose, and the guarded
// float4 accesses that every kernel uses for the last, partial tile.
#pragma once

#include <cstddef>

namespace {

constexpr unsigned FULL_MASK = 0xffffffffu;

// The sum of x over the warp's 32 lanes, in every lane (the butterfly above).
__device__ __forceinline__ float warp_sum(float x) {
    #pragma unroll
    for (unsigned d = 16; d > 0; d /= 2) x += __shfl_xor_sync(FULL_MASK, x, d);
    return x;
}

// Kogge-Stone across the 32 lanes (every lane must take part: a full-mask shuffle).
__device__ __forceinline__ float warp_inclusive_scan(float x, unsigned lane) {
    #pragma unroll
    for (unsigned d = 1; d < 32; d *= 2) {
        const float other = __shfl_up_sync(FULL_MASK, x, d);
        if (lane >= d) x += other;
    }
    return x;
}

// One padding word per 32 makes both the striped and the per-lane accesses to
// the transpose buffer free of bank conflicts. (Shared memory is 32 banks of 4-byte words. Lane l
// reading item k of its 32 consecutive items, index 32 l + k, would meet all 31 other lanes in
// bank k: a 32-way conflict, the access served one lane at a time. Padded, the index is
// 32 l + k + l, in bank (k + l) % 32: a different bank for every lane.)
__device__ __forceinline__ unsigned pad(unsigned index) { return index + (index >> 5); }

// Elements i .. i + 3 one at a time, those at n or beyond read as 0 and never written: the last,
// partial tile, and pointers not aligned for float4 accesses.
__device__ __forceinline__ float4 load_float4_guarded(const float* __restrict__ input, std::size_t i, unsigned n) {
    return make_float4(i < n ? input[i] : 0.0f, i + 1 < n ? input[i + 1] : 0.0f, i + 2 < n ? input[i + 2] : 0.0f,
                       i + 3 < n ? input[i + 3] : 0.0f);
}
__device__ __forceinline__ void store_float4_guarded(float* __restrict__ output, std::size_t i, unsigned n, float4 v) {
    if (i < n) output[i] = v.x;
    if (i + 1 < n) output[i + 1] = v.y;
    if (i + 2 < n) output[i + 2] = v.z;
    if (i + 3 < n) output[i + 3] = v.w;
}

}  // namespace
