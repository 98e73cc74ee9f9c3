// Lab 8, advanced reference (decoupled_lookback.cu): the dispatch, scan() and
// scan_workspace_bytes(), the entry points the lab's harness calls (the same two functions as
// every lab's scan.cu: labs/lab8-single-pass/README.md).
//
// Four kernels share the status words and the look-back; scan() picks one by n and GPU:
//   * up to 2^15 (LATENCY_UP_TO_N), latency_scan_kernel: one float4 per thread and row, no
//     transpose, the shortest path through a block (a small call's time is one block's path);
//     up to four tiles its blocks add up the tiles before them themselves and skip the look-back;
//   * up to 2^22 (STAGED_FROM_N), decoupled_scan_kernel, "the register kernel", whose tiles
//     publish only their aggregates and add up every predecessor's with the whole block
//     (predecessors_share: one L2 round trip covers 512 predecessors);
//   * from 2^22 on compute capability 9.0 and later, ring_scan_kernel: one block per SM whose
//     warps split the work by role over a ring of buffers filled by bulk copies;
//   * from 2^22 on older GPUs, staged_scan_kernel, which stages its tile in shared memory.
// Below 2^22 the kernels take tile = blockIdx.x and rely on the fallback for progress; from 2^22
// they draw tickets (protocol.cuh says why). Each kernel comes in two builds, kVectorized = true
// when both pointers are 16-byte aligned (float4 accesses and bulk copies) and false otherwise.
//
// One launch covers at most MAX_LAUNCH = 2^30 elements, the size the status words are made for.
// A larger n (beyond the lab's contract) is scanned in launches of 2^30, each starting from the
// last output of the previous one (its carry_in). Every launch gets a new epoch (next_epoch), so
// the status words that the previous launch left behind read as "nothing published yet".
//
// State shared between calls (g_tile_state, g_tile_inclusive, g_ticket, the epoch) means two
// scans must not run concurrently on different streams; this lab uses only the default stream.
// The workspace the harness offers is not needed (scan_workspace_bytes is 0): the status words
// are never cleared (the epochs), and the ticket counter puts itself back to 0 (draw_ticket).
#pragma once

#include <cstddef>
#include <cstdint>

#include "latency_kernel.cuh"   // latency_scan_kernel
#include "protocol.cuh"         // g_tile_state, g_tile_inclusive, MAX_EPOCH
#include "register_kernel.cuh"  // decoupled_scan_kernel
#include "ring_kernel.cuh"      // launch_ring
#include "staged_kernel.cuh"    // launch_staged

namespace {

unsigned g_host_epoch = 0;  // epoch of the most recent launch (0 = none yet)

// The epoch of the next launch: what its status words carry, so that every older word reads as
// "nothing published yet" (protocol.cuh).
unsigned next_epoch() {
    if (g_host_epoch == MAX_EPOCH) {
        // Epochs would repeat: clear the status words once, in stream order.
        void* state = nullptr;
        cudaGetSymbolAddress(&state, g_tile_state);
        cudaMemsetAsync(state, 0, sizeof(g_tile_state), 0);
        cudaGetSymbolAddress(&state, g_tile_inclusive);
        cudaMemsetAsync(state, 0, sizeof(g_tile_inclusive), 0);
        g_host_epoch = 0;
    }
    return ++g_host_epoch;
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    const bool vectorized = reinterpret_cast<std::uintptr_t>(input) % 16 == 0 &&
                            reinterpret_cast<std::uintptr_t>(output) % 16 == 0;
    for (std::size_t done = 0; done < n; done += MAX_LAUNCH) {
        const unsigned count = static_cast<unsigned>(n - done < MAX_LAUNCH ? n - done : MAX_LAUNCH);
        const float* carry_in = (done == 0) ? nullptr : output + done - 1;
        const unsigned epoch = next_epoch();
        // The kernel by size: the ring kernel (or, before Hopper, the staged kernel) from
        // STAGED_FROM_N, the latency kernel up to LATENCY_UP_TO_N, the register kernel between.
        if (count >= STAGED_FROM_N) {
            const unsigned tiles = tiles_covering(count, STAGED_TILE);
            if (vectorized) {
                if (!launch_ring<true>(input + done, output + done, count, epoch, carry_in))
                    launch_staged<true>(tiles, input + done, output + done, count, epoch, carry_in);
            } else if (!launch_ring<false>(input + done, output + done, count, epoch, carry_in)) {
                launch_staged<false>(tiles, input + done, output + done, count, epoch, carry_in);
            }
        } else if (count <= LATENCY_UP_TO_N) {
            const unsigned tiles = tiles_covering(count, LATENCY_TILE);
            if (vectorized)
                latency_scan_kernel<true><<<tiles, LATENCY_THREADS>>>(input + done, output + done, count, epoch, carry_in);
            else
                latency_scan_kernel<false><<<tiles, LATENCY_THREADS>>>(input + done, output + done, count, epoch, carry_in);
        } else {
            const unsigned tiles = tiles_covering(count, TILE);
            if (vectorized)
                decoupled_scan_kernel<true><<<tiles, THREADS>>>(input + done, output + done, count, epoch, carry_in);
            else
                decoupled_scan_kernel<false><<<tiles, THREADS>>>(input + done, output + done, count, epoch, carry_in);
        }
    }
}
