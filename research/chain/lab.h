#pragma once
// Lab 8's constants for the tile-size experiment (chain_tiles.cu): the taught chained scan
// (solutions/lab8-single-pass/scan.cu, which includes "lab.h") compiled with other tiles.
// nvcc -DCHAIN_BLOCK=... -DCHAIN_COARSE=... picks them.
constexpr unsigned COARSE_FACTOR = CHAIN_COARSE;
constexpr unsigned ITEMS_PER_THREAD = COARSE_FACTOR;
constexpr unsigned BLOCK_SIZE = CHAIN_BLOCK;
constexpr unsigned SECTION_SIZE = BLOCK_SIZE * COARSE_FACTOR;
