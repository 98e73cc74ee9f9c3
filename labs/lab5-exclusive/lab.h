#pragma once
// Lab 5 (exclusive scan) constants. Read-only.

// Exclusive scan of each 1024-element section: output[i] is the sum of the
// elements BEFORE i in its section, so each section starts with 0.
constexpr unsigned SECTION_SIZE = 1024;

// Two elements per thread, as in Brent-Kung: the tree needs only
// SECTION_SIZE / 2 threads, both for a shifted-load Brent-Kung and for the
// "zero the root, then sweep down" variant.
constexpr unsigned ITEMS_PER_THREAD = 2;
constexpr unsigned BLOCK_SIZE = SECTION_SIZE / ITEMS_PER_THREAD;  // 512
