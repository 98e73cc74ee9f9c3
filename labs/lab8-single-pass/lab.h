#pragma once
// Lab 8 (single-pass scan) constants. Read-only.

// Blocks hand their running sums to each other one after another, and each
// hand-off costs about a microsecond of memory latency. Big sections mean few
// hand-offs, so each block scans a coarsened section as in lab 6.
constexpr unsigned COARSE_FACTOR = 8;
constexpr unsigned ITEMS_PER_THREAD = COARSE_FACTOR;
constexpr unsigned BLOCK_SIZE = 1024;
constexpr unsigned SECTION_SIZE = BLOCK_SIZE * COARSE_FACTOR;  // 8192
