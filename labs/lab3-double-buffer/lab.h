#pragma once
// Lab 3 (Kogge-Stone, double buffering) constants. Read-only.

// Same section as lab 2, so the two versions can be timed side by side:
// one thread per element, and 1024 is the largest block CUDA allows.
constexpr unsigned SECTION_SIZE = 1024;

// One thread per element: the block is exactly one section wide.
constexpr unsigned BLOCK_SIZE = SECTION_SIZE;

constexpr unsigned ITEMS_PER_THREAD = 1;
