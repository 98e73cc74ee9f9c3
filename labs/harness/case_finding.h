// A failing case's finding: the cause the CPU backend's checks named -- a race or a read of
// never-written shared memory (the access checks), a divergent barrier, an out-of-bounds access, a
// hang (the detectors) -- as against the case's symptom (a wrong value, an output that changes
// with the thread order). One bug names the same variable and the same lines at every n while its
// symptom changes from size to size, so the report groups cases by their finding's identity
// (failure_groups.h), as the instructor's class report does.
#pragma once

#include <string>

namespace scanlab::harness {

struct case_finding {
  std::string kind;      // "race", "uninitialised read", or the detector's ("divergent barrier", ...)
  // Equal for the same bug at every n: the kind, the variable (or the kernel) without element
  // indices, and the source lines named, sorted -- never threads, elements, blocks or sizes.
  std::string identity;
  std::string summary;   // one line naming it, as this case found it (a group's headline)
  std::string hint;      // what to do about it

  // A race or a read of unwritten shared memory also shows as wrong values, or as an output that
  // changes with the thread order, where nothing names it (sizes past the access checks). The
  // detectors' findings (a barrier, a bounds violation, a hang) stop the case themselves.
  bool explains_wrong_values() const { return kind == "race" || kind == "uninitialised read"; }
};

// From the access checks' one-line summary: "race on `XY[1]`: thread 1 wrote it at scan.cu:31,
// thread 2 read it at scan.cu:31, with no barrier between", "read of uninitialised shared memory
// `XY[3]`: thread 3 read it at scan.cu:30, and no thread of the block had written it".
case_finding access_check_finding(const std::string& summary, std::string hint);

// From a detector's report (its kind, "divergent barrier", and its message, which names the
// kernel and the lines: "1 thread (0) wait at __syncthreads() scan.cu:35").
case_finding detector_finding(const std::string& kind, const std::string& message, std::string hint);

}  // namespace scanlab::harness
