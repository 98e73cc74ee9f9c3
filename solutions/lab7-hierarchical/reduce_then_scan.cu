// Lab 7, advanced reference: hierarchical scan as reduce-then-scan.
//
// scan.cu (the taught version) scans every section, scans the section totals,
// then adds each section's carry-in: kernel 1 reads and writes the array and
// kernel 3 reads and writes it again, 4n elements of traffic against 2n for a
// copy, so it cannot run faster than half a copy.
//
// Here kernel 1 only *reduces* each tile (reads n, writes one total per tile),
// the totals are scanned (recursively, the same procedure), and kernel 3 reads
// each tile again, scans it and adds the carry-in in the same pass (reads n,
// writes n). That is 3n elements: at best 2/3 of a copy's throughput, and no
// hierarchical scan can move less (a tile's carry-in is not known until every
// earlier tile has been read once).
//
// Tiles: 256 threads (8 warps) x 32 elements = 8192 elements, 32 KiB. Each warp owns
// CHUNKS consecutive chunks of 128 elements; lane l takes elements 4l..4l+3 of
// a chunk with one 16-byte load, so a warp's load is 512 contiguous bytes and a
// thread's four elements are consecutive. A chunk is scanned in registers:
// each lane scans its four, a warp shuffle scan combines the lanes' totals, and
// a running total carries from one chunk to the next. The warps' totals meet
// in shared memory once per tile. Every load of a tile is issued before any
// of them is used (CHUNKS 16-byte loads in flight per thread): the kernels are
// limited by memory, and what keeps DRAM busy is many loads in flight.
//
// Workspace: the tile totals of every level, each level starting on a 16-byte
// boundary so that the recursive levels can use vector loads too:
//   [ level 0: ceil(n / TILE) floats, padded to 4 | level 1 ... ]
// A level is stored only if it has more than one tile. Every value is written
// before it is read.
#include <cstddef>
#include <cstdint>

#include "lab.h"

namespace {

constexpr unsigned THREADS = 256;
constexpr unsigned WARPS = THREADS / 32;
constexpr unsigned CHUNKS = 8;                    // 128-element chunks per warp
constexpr unsigned WARP_SPAN = CHUNKS * 128;      // elements per warp
constexpr unsigned TILE = WARPS * WARP_SPAN;      // 8192 elements per block

// Four consecutive elements from index i: one vector load when all four exist
// and the address allows it, else element by element with 0 past the end.
template <bool Aligned>
__device__ __forceinline__ float4 load4(const float* p, std::size_t i, std::size_t n) {
    if (Aligned && i + 3 < n) return *reinterpret_cast<const float4*>(p + i);
    float4 v;
    v.x = i < n ? p[i] : 0.0f;
    v.y = i + 1 < n ? p[i + 1] : 0.0f;
    v.z = i + 2 < n ? p[i + 2] : 0.0f;
    v.w = i + 3 < n ? p[i + 3] : 0.0f;
    return v;
}

template <bool Aligned>
__device__ __forceinline__ void store4(float* p, std::size_t i, std::size_t n, float4 v) {
    if (Aligned && i + 3 < n) {
        *reinterpret_cast<float4*>(p + i) = v;
        return;
    }
    if (i < n) p[i] = v.x;
    if (i + 1 < n) p[i + 1] = v.y;
    if (i + 2 < n) p[i + 2] = v.z;
    if (i + 3 < n) p[i + 3] = v.w;
}

// Where lane `lane` of warp `warp` finds its four elements of chunk k in tile `tile`.
__device__ __forceinline__ std::size_t chunk_index(unsigned tile, unsigned warp, unsigned k, unsigned lane) {
    return std::size_t(tile) * TILE + warp * WARP_SPAN + k * 128 + lane * 4;
}

__device__ __forceinline__ float warp_sum(float v) {
    for (unsigned offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;  // lane 0 holds the warp's total
}

// Kernel 1: tile_sums[b] = the sum of tile b.
template <bool Aligned>
__global__ void __launch_bounds__(THREADS)
reduce_tiles_kernel(const float* input, unsigned n, float* tile_sums) {
    __shared__ float warp_totals[WARPS];
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    float4 v[CHUNKS];
    #pragma unroll
    for (unsigned k = 0; k < CHUNKS; ++k) v[k] = load4<Aligned>(input, chunk_index(blockIdx.x, warp, k, lane), n);
    float sum = 0.0f;
    #pragma unroll
    for (unsigned k = 0; k < CHUNKS; ++k) sum += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    sum = warp_sum(sum);
    if (lane == 0) warp_totals[warp] = sum;
    __syncthreads();
    if (threadIdx.x == 0) {
        float total = 0.0f;
        for (unsigned w = 0; w < WARPS; ++w) total += warp_totals[w];
        tile_sums[blockIdx.x] = total;
    }
}

// Kernel 3: scans tile b of input into output and adds the total of tiles
// 0..b-1 (scanned_sums[b - 1]; nothing for tile 0, or when scanned_sums is null:
// a single tile). input and output may be the same array: a block loads its
// whole tile before it stores any of it.
template <bool Aligned>
__global__ void __launch_bounds__(THREADS)
scan_tiles_kernel(const float* input, float* output, unsigned n, const float* scanned_sums) {
    __shared__ float warp_totals[WARPS];
    const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    float4 v[CHUNKS];
    #pragma unroll
    for (unsigned k = 0; k < CHUNKS; ++k) v[k] = load4<Aligned>(input, chunk_index(blockIdx.x, warp, k, lane), n);

    // Scan the warp's span in registers, chunk after chunk.
    float running = 0.0f;  // the warp's elements before this chunk
    #pragma unroll
    for (unsigned k = 0; k < CHUNKS; ++k) {
        v[k].y += v[k].x;
        v[k].z += v[k].y;
        v[k].w += v[k].z;
        float inclusive = v[k].w;  // this lane's four, then lanes 0..lane's
        for (unsigned offset = 1; offset < 32; offset *= 2) {
            const float before = __shfl_up_sync(0xffffffffu, inclusive, offset);
            if (lane >= offset) inclusive += before;
        }
        const float carry = running + inclusive - v[k].w;  // everything before this lane's four
        v[k].x += carry;
        v[k].y += carry;
        v[k].z += carry;
        v[k].w += carry;
        running += __shfl_sync(0xffffffffu, inclusive, 31);
    }

    // Each warp adds the totals of the warps before it, and the tiles' carry-in.
    if (lane == 31) warp_totals[warp] = running;
    __syncthreads();
    float carry = (scanned_sums != nullptr && blockIdx.x > 0) ? scanned_sums[blockIdx.x - 1] : 0.0f;
    for (unsigned w = 0; w < warp; ++w) carry += warp_totals[w];
    #pragma unroll
    for (unsigned k = 0; k < CHUNKS; ++k) {
        float4 out = v[k];
        out.x += carry;
        out.y += carry;
        out.z += carry;
        out.w += carry;
        store4<Aligned>(output, chunk_index(blockIdx.x, warp, k, lane), n, out);
    }
}

unsigned num_tiles(unsigned n) { return n / TILE + (n % TILE != 0); }
std::size_t padded_to_vector(std::size_t floats) { return (floats + 3) / 4 * 4; }

bool vector_aligned(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % sizeof(float4) == 0; }

// Scans input[0..n) into output[0..n) (they may alias); sums is the workspace of
// this level and the ones below it.
void scan_level(const float* input, float* output, unsigned n, float* sums) {
    const unsigned tiles = num_tiles(n);
    const bool aligned = vector_aligned(input) && vector_aligned(output);
    if (tiles > 1) {
        if (aligned)
            reduce_tiles_kernel<true><<<tiles, THREADS>>>(input, n, sums);
        else
            reduce_tiles_kernel<false><<<tiles, THREADS>>>(input, n, sums);
        scan_level(sums, sums, tiles, sums + padded_to_vector(tiles));  // the totals, in place
    }
    const float* scanned = tiles > 1 ? sums : nullptr;
    if (aligned)
        scan_tiles_kernel<true><<<tiles, THREADS>>>(input, output, n, scanned);
    else
        scan_tiles_kernel<false><<<tiles, THREADS>>>(input, output, n, scanned);
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned n) {
    std::size_t floats = 0;
    for (unsigned m = n; m > TILE;) {  // a level with more than one tile keeps their totals
        m = num_tiles(m);
        floats += padded_to_vector(m);
    }
    return floats * sizeof(float);
}

void scan(const float* input, float* output, unsigned n, void* workspace) {
    if (n == 0) return;
    scan_level(input, output, n, static_cast<float*>(workspace));
}
