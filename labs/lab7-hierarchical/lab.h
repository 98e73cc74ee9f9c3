#pragma once
// Lab 7 (hierarchical scan) constants. Read-only.

// Elements per section at every level of the hierarchy. Kept small on purpose:
// n = 2^20 + 2048 already needs three levels (2^20 + 2048 -> 1026 sums -> 2 sums -> done),
// so the recursion really gets exercised by the tests.
constexpr unsigned SECTION_SIZE = 1024;

// The block scan of lab 4 (Brent-Kung): two elements per thread.
// (A Kogge-Stone block scan from lab 2/3 works too: launch SECTION_SIZE threads.)
constexpr unsigned ITEMS_PER_THREAD = 2;
constexpr unsigned BLOCK_SIZE = SECTION_SIZE / ITEMS_PER_THREAD;  // 512
