// Lab 2 (Kogge-Stone, SECTION_SIZE-element sections) in a correct version and with the bugs the
// harness must recognise. Each namespace has the lab's two entry points.
#pragma once

#include <cstddef>

#define SCANLAB_LAB2_VARIANT(ns)                                                   \
  namespace ns {                                                                   \
  std::size_t scan_workspace_bytes(unsigned n);                                    \
  void scan(const float* input, float* output, unsigned n, void* workspace);      \
  }

SCANLAB_LAB2_VARIANT(correct)          // the reference solution
SCANLAB_LAB2_VARIANT(missing_barrier)  // no barrier between reading XY[t - stride] and writing XY[t]
SCANLAB_LAB2_VARIANT(stub)             // the student's stub: launches a kernel that stores nothing
SCANLAB_LAB2_VARIANT(unguarded_store)  // stores output[i] without i < n
SCANLAB_LAB2_VARIANT(early_return)     // returns before the barriers when i >= n
SCANLAB_LAB2_VARIANT(in_place)         // XY[t] += XY[t - stride] after one barrier: reads and writes in one step
SCANLAB_LAB2_VARIANT(in_place_unguarded_store)  // both: the in-place race, and stores without i < n
SCANLAB_LAB2_VARIANT(skips_first_step) // starts at stride 2: wrong values, and no race

#undef SCANLAB_LAB2_VARIANT
