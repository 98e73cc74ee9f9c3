// What the check prints when the process dies inside a case (CPU backend): a kernel's segfault
// or an AddressSanitizer report (cpu-asan) ends the process before the case's report, so the
// harness prepares that report before the case runs and prints it from a crash handler -- the
// case, which call of scan() it was in, a hint and the replay command -- even with --quiet.
// Implemented in report.cpp. On a GPU these do nothing (a crash there is a CUDA error).
#pragma once

#include <cstddef>
#include <string>

namespace scanlab::harness {

// Once per process, before the first case: makes sure the CPU backend's own crash handlers are
// installed (by one empty launch), then installs the harness's in front of them.
void install_crash_reporter();

// `prefix`: what the report line starts with ("  [3/23] n = 1 ... " when the case line is not
// printed yet, "" when it is); the rest as in a case's report.
void arm_crash_report(const std::string& prefix, const std::string& replay, bool has_workspace);
void disarm_crash_report();
// Where the case is: 1 or 2 while that call of scan() runs, 0 otherwise.
void set_crash_phase(int call);
// The case's buffers (guards included), to name the buffer an AddressSanitizer report is about.
void set_crash_buffers(const unsigned char* input, const unsigned char* output, const unsigned char* workspace,
                       std::size_t payload_bytes, std::size_t workspace_bytes, std::size_t guard_bytes);

}  // namespace scanlab::harness
