// The cases a lab is checked on, and how to replay one from the shell.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "scanlab/backend.h"
#include "scanlab/core/case_plan.h"
#include "scanlab/core/inputs.h"
#include "scanlab/core/lab_spec.h"

namespace scanlab::harness {

enum class case_kind {
  normal,       // scan twice under the schedule of the environment, check everything
  schedules,    // CPU: the same work under forward, reverse and random thread/block orders
  block_order,  // CPU: blocks dispatched in reverse or random order, short watchdog
};

// A dataset's arrays (--dataset DIR, see datasets/README.md): the case scans this input instead
// of a generated one and compares with this expected output instead of the streamed reference.
struct given_data {
  std::string dir;           // as given on the command line, for the replay command
  std::string distribution;  // as meta.json names it
  std::vector<float> input;
  std::vector<double> expected;
};

struct case_def {
  case_kind kind = case_kind::normal;
  std::uint64_t n = 0;
  std::uint64_t seed = 1;
  core::data_kind data = core::data_kind::small_integers;
  backend::order block_order = backend::order::forward;  // block_order cases
  std::string why;  // what the size is for: "S+1", "random", "largest", ...
  std::shared_ptr<const given_data> given;  // a dataset's case: its arrays (n, seed, data match)
};

// Watchdog of the lab checks: a launch in which no block finished and no barrier released for this
// long is a hang. Every lab's largest CPU case finishes a block in milliseconds (AddressSanitizer
// builds included), so 2 s cannot end honest work, and a kernel that hangs in every case costs a
// student 2 s per case instead of the CPU backend's general-purpose 10.
constexpr double default_watchdog_seconds = 2.0;
// Block_order cases and race diagnoses run under core::short_watchdog_seconds (case_plan.h).

// The thread/block order, seed and watchdog the environment asks for (SCANLAB_THREAD_ORDER,
// SCANLAB_BLOCK_ORDER, SCANLAB_SEED, SCANLAB_WATCHDOG_SECONDS): normal cases run under it, so a
// printed replay command reproduces the case exactly.
struct schedule_settings {
  backend::order threads = backend::order::forward;
  backend::order blocks = backend::order::forward;
  std::uint64_t seed = 1;
  double watchdog_seconds = default_watchdog_seconds;
  static schedule_settings from_environment();
  void apply() const;  // set_schedule + set_watchdog_seconds (no-ops on a GPU)
};

std::vector<case_def> make_cases(const core::lab_spec& spec, std::uint64_t base_seed);

// "n = 1025 (S+1, integers, seed 7)"; "blocks reverse: n = 32773 (...)";
// "dataset data/ones-33: n = 33 (ones, seed 1)"
std::string describe(const case_def& c, const core::lab_spec& spec);

// The shell command that runs exactly this case again.
std::string replay_command(const core::lab_spec& spec, const case_def& c, const std::string& executable,
                           const schedule_settings& env);
// The argument as a shell would need it typed (quoted only when necessary).
std::string shell_quote(const std::string& s);
// SCANLAB_THREAD_ORDER=... SCANLAB_BLOCK_ORDER=... [SCANLAB_SEED=...]
std::string schedule_environment(backend::order threads, backend::order blocks, std::uint64_t seed);

}  // namespace scanlab::harness
