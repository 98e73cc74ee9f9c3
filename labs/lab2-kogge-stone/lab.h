#pragma once
// Lab 2 (Kogge-Stone, one shared buffer) constants. Read-only.

// Elements scanned together by one block. Kogge-Stone gives every element its
// own thread, so the section can be at most the largest block CUDA allows.
constexpr unsigned SECTION_SIZE = 1024;

// One thread per element: the block is exactly one section wide.
constexpr unsigned BLOCK_SIZE = SECTION_SIZE;

constexpr unsigned ITEMS_PER_THREAD = 1;
