// One run of a submission's scan() that grading plans (plan.h), runs (case_run.h) and judges
// (judge_case.h, judge_lab.h): what to run, and what came of it.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "scanlab/core/inputs.h"

namespace scanlab::grader {

struct grading_case {
  std::string group;  // edge | random | large | race | progress | barrier | memory
  std::uint64_t n = 0;
  core::data_kind data = core::data_kind::small_integers;
  std::string why;
  std::vector<std::string> env;      // schedule of this run
  std::string backend;               // runner backend (cpu, cpu-asan, gpu)
  std::vector<std::string> wrapper;  // compute-sanitizer ... (GPU)
  int data_key = -1;                 // runs with the same key get the same input (-1: the case's own)
  // Run only when the CPU backend's schedule runs could not run (see the sanitizer cases, plan.cpp).
  bool unless_cpu_schedules_ran = false;
  int calls = 2;  // calls of scan() on the same input (the second on what the first left behind)
};

// The outcome of one case: passed, or the first failure with its diagnosis.
struct case_outcome {
  bool passed = true;
  std::string diagnosis, headline;
  std::vector<std::string> details;
  std::vector<float> output;  // call 1's output (race comparison)
  long long launches = -1;    // kernels call 1 launched (-1: unknown, as on a GPU)
  std::uint64_t n = 0;
  int call = 0;               // the call of scan() that failed (0: before any, or unknown)
  bool killed = false;        // killed at the wall-time limit
  std::string barrier_note;   // a divergent barrier the run went on past, as a GPU would
  std::string order_note;     // right only under another thread order: a race, the race test's finding
  std::string cannot_grade;   // the CPU backend rejected a feature at run time (why, for the report)
  bool served = false;        // ran in a case server (case_server.h), not a process of its own
  // The CPU backend's access checks (small cases): a race or an uninitialised shared read by
  // variable and line, each "summary" then its report's lines. Attached to the details of a
  // failure; kept for a passing run too, whose output a race test may still compare.
  std::vector<std::string> access_findings;
  // The command that replays this case on the student's machine, as `make labN` prints them:
  // "replay locally: SCANLAB_THREAD_ORDER=reverse make lab2 BACKEND=cpu CHECK_ARGS='--n 31 --seed 7'".
  std::string replay;

  void fail(std::string why, std::string what) {
    passed = false;
    diagnosis = std::move(why);
    headline = std::move(what);
  }
};

// A case as a test's output lists it: "n = 1025 (S+1, integers) SCANLAB_THREAD_ORDER=reverse".
std::string describe(const grading_case& c);

// Correctness cases (edge, random and large sizes), as against the detector runs.
inline bool is_correctness(const grading_case& c) {
  return c.group == "edge" || c.group == "random" || c.group == "large";
}

// The order a case's schedule sets for "THREAD" or "BLOCK" ("" where it sets none).
std::string order_of(const grading_case& c, const std::string& what);

// A seed for one purpose (`salt`) derived from a lab's seed: SplitMix64's finaliser of both.
std::uint64_t mix(std::uint64_t seed, std::uint64_t salt);

// Outcomes of a lab's runs by test group ("edge", "race", ...), each with the case's description.
using outcome_list = std::vector<std::pair<std::string, case_outcome>>;

}  // namespace scanlab::grader
