// CUDA's error model on the CPU backend: a "last error" that cudaGetLastError reads and resets,
// plus an asynchronous error that the next synchronising call returns, and the detector reports
// that explain them.
#pragma once

#include <string>

#include "scanlab/cpu/control.h"
#include "scanlab/cpu/types.h"

namespace scanlab::cpu::detail {

// Records `e` as the last error and returns it (so API functions can `return set_error(...)`).
cudaError_t set_error(cudaError_t e);
cudaError_t peek_error();
cudaError_t take_error();

// A kernel went wrong: keep the report (the first since it was last taken), print it unless
// printing is off, and make the next synchronising call fail with `e`.
void report_problem(problem kind, const std::string& message, cudaError_t e);
// A problem the kernel ran past (a divergent barrier under SCANLAB_DIVERGENT_BARRIERS=continue):
// kept as the report if it is the first, printed once, and no CUDA error.
void note_problem(problem kind, const std::string& message);
// Whether detector reports are printed as they happen (scanlab::cpu::set_print_reports).
bool printing_reports();
// SCANLAB_DIVERGENT_BARRIERS=continue: release a divergent barrier as a GPU would (see above).
bool continue_divergent_barriers();
// The error a synchronising call must return (and clear), cudaSuccess if none.
cudaError_t take_async_error();

// A kernel that faulted (illegal address, assert, trap, launch failure, timeout) leaves the GPU's
// context unusable: every later call returns the same error until cudaDeviceReset. The CPU backend
// does the same; a harness that takes the detector report (scanlab::cpu::take_report) has handled
// the failure and may go on, as if it had reset the device.
cudaError_t sticky_error();
void clear_sticky_error();

}  // namespace scanlab::cpu::detail
