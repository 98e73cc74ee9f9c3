// The performance test's two timed runs (GPU runner only; the grader's side is
// grader/src/score/performance.cpp and timing_report.h, the design is in grader/README.md, "Performance"):
//
//   time_student:  in the lab's case server, the student's object alone. After "call" the grader
//                  answers with the warm-up calls' seeds, after "timed" with the timed calls'
//                  seeds: no code in this process can know an input before the grader's clock for
//                  the timed calls has started.
//   time_baseline: in a process that never loads a student's object, the device copy and the
//                  reference solution on the same seeds (their outputs' checksums are what the
//                  student's must be), and the per-call cost of what surrounds a timed call.
//
// Every call: a fresh input made on the device from its seed, the L2 flushed, then the timed call
// between two CUDA events, then a device-wide synchronize (GPU work the call left running is added
// to its time), then the whole output checked against the lab's contract. Only the events' interval
// (plus any leftover work) is timed. The result is one line on the protocol channel after
// "returned" ("timing ..." or "baseline ...", see grader/src/score/timing_report.h).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "timing_kernels.h"

namespace scanlab::grader::timing {

struct request {
  std::string object;           // the student's object (time_student) or the reference's (time_baseline)
  std::uint64_t n = 0;
  scan_contract contract;
  std::vector<std::uint64_t> seeds;  // time_baseline: every call's seed (warm-up first)
  int warmup = 3;                    // time_baseline: how many of `seeds` are warm-up calls
};

// Both return 0 when the run ended normally (the record says what it measured), 1 after a CUDA
// error (a server stops then). `answers`: where the grader's seed lines arrive (the server's stdin).
int time_student(const request& r, FILE* protocol, FILE* answers);
int time_baseline(const request& r, FILE* protocol);

// "time" and "baseline" lines of runner --serve (fields split at tabs, the word first); false when
// the line is malformed.
bool parse_request(const std::vector<std::string>& fields, request& r);

}  // namespace scanlab::grader::timing
