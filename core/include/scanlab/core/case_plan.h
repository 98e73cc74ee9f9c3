// The sizes a lab is checked on, for its check executable (labs/harness) and for the grader
// alike: the edge sizes, seeded random sizes, the largest, float data, and the sizes of the CPU
// backend's schedule runs and of the AddressSanitizer build. Each tool turns the plan into its
// runs (labs/harness/cases.cpp, grader/src/plan/plan.cpp), in its own order and with its own seeds for
// the data, but no size is derived anywhere else.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scanlab/core/lab_spec.h"

namespace scanlab::core {

struct named_size {
  std::uint64_t n = 0;
  std::string why;  // "S+1", "warp - 1", ...
};

// Empty, tiny, around a warp, around 1024, around the lab's section and block, in the harness's
// order; a size may repeat under another name (1024 and S for lab 2). The dataset generator's
// standard set (scanlab-dataset --all) is exactly these.
std::vector<named_size> edge_sizes(const lab_spec& spec);

// A run of the CPU backend's schedule runs (the race differential, blocks out of index order)
// that waits on a block that has not run is reported as a hang after this long, instead of
// stalling the check.
constexpr double short_watchdog_seconds = 2.0;
// On the CPU backend a failing case up to this size is run (once more, or in the grader from the
// start) with the access checks, which name a race or an uninitialised shared read by variable and
// line; they cost a few times an unchecked run, so only small cases get them.
constexpr std::uint64_t access_checked_max_n = 8192;

// "Unit" below is the larger of the lab's check section S and the elements B one block covers.
struct case_plan {
  std::uint64_t largest = 0;          // the largest n of this plan (every capped size is at most this)
  std::vector<named_size> edge;       // edge_sizes at most `largest`, each n once (under its first name)
  std::vector<std::uint64_t> random;  // seeded: two of up to 4 units, one of 4 to 64 units (capped)
  std::vector<std::uint64_t> large;   // GPU specs only: 2^16, 2^20 + 1, 2^24, 2^27 + 5 above 2 units + 1 (capped)
  std::uint64_t float_large = 0;      // float data, large: 2^16 + 3 on the CPU backend, 2^24 on a GPU (capped)
  // Not capped (the harness leaves out a size above `largest`, the grader shrinks it to `largest`):
  std::uint64_t float_small = 0;      // float data over two sections and one element: 2S + 1
  std::uint64_t schedules = 0;        // the schedule differential: several sections, 3 units + 17
  std::uint64_t chained = 0;          // blocks out of index order: several blocks, 4 units + 5
  std::vector<named_size> asan;       // the AddressSanitizer build: a warp and one, two units and one
};

// The plan of `spec` (its backend decides the float and large sizes) up to `largest` elements,
// with the random sizes drawn from `random_seed`.
case_plan plan_cases(const lab_spec& spec, std::uint64_t largest, std::uint64_t random_seed);

}  // namespace scanlab::core
