#pragma once
// Lab 4 (Brent-Kung) constants. Read-only.

// Brent-Kung's first tree level adds pairs, so one thread handles two elements.
// With the 1024-thread block limit that gives a section of 2048 elements,
// twice what Kogge-Stone could cover.
constexpr unsigned ITEMS_PER_THREAD = 2;
constexpr unsigned BLOCK_SIZE = 1024;
constexpr unsigned SECTION_SIZE = BLOCK_SIZE * ITEMS_PER_THREAD;  // 2048
