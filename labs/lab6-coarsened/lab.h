#pragma once
// Lab 6 (thread coarsening) constants. Read-only.

// Each thread scans COARSE_FACTOR consecutive elements sequentially (cheap,
// work-efficient), so only one value per thread enters the parallel block scan.
constexpr unsigned COARSE_FACTOR = 8;
constexpr unsigned ITEMS_PER_THREAD = COARSE_FACTOR;

// A full 1024-thread block, so the phase-2 block scan has as many values as one
// Kogge-Stone block can handle.
constexpr unsigned BLOCK_SIZE = 1024;

// 8192 floats = 32 KiB of shared memory for the section: fits the 48 KiB a
// block gets by default, with room left for the thread totals.
constexpr unsigned SECTION_SIZE = BLOCK_SIZE * COARSE_FACTOR;  // 8192
