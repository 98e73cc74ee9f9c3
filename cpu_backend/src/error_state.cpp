#include "error_state.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace scanlab::cpu::detail {

namespace {
std::mutex state_mutex;
cudaError_t last_error = cudaSuccess;
cudaError_t async_error = cudaSuccess;
report first_report;
bool print_reports = true;
cudaError_t sticky = cudaSuccess;

bool is_sticky(cudaError_t e) {
  switch (e) {
    case cudaErrorIllegalAddress:
    case cudaErrorMisalignedAddress:
    case cudaErrorAssert:
    case cudaErrorLaunchFailure:
    case cudaErrorLaunchTimeout:
      return true;
    default:
      return false;
  }
}
}  // namespace

cudaError_t set_error(cudaError_t e) {
  if (e != cudaSuccess) {
    std::lock_guard<std::mutex> lock(state_mutex);
    last_error = e;
  }
  return e;
}

cudaError_t peek_error() {
  std::lock_guard<std::mutex> lock(state_mutex);
  return sticky != cudaSuccess ? sticky : last_error;
}

cudaError_t take_error() {
  std::lock_guard<std::mutex> lock(state_mutex);
  if (sticky != cudaSuccess) return sticky;
  cudaError_t e = last_error;
  last_error = cudaSuccess;
  return e;
}

void report_problem(problem kind, const std::string& message, cudaError_t e) {
  std::lock_guard<std::mutex> lock(state_mutex);
  if (first_report.kind == problem::none) first_report = {kind, message};
  if (async_error == cudaSuccess) async_error = e;
  last_error = e;
  if (is_sticky(e) && sticky == cudaSuccess) sticky = e;
  if (print_reports) std::fprintf(stderr, "scanlab-cpu: %s\n", message.c_str());
}

void note_problem(problem kind, const std::string& message) {
  std::lock_guard<std::mutex> lock(state_mutex);
  if (first_report.kind != problem::none) return;
  first_report = {kind, message};
  if (print_reports) std::fprintf(stderr, "scanlab-cpu: %s\n(SCANLAB_DIVERGENT_BARRIERS=continue: went on as a GPU would)\n", message.c_str());
}

bool printing_reports() {
  std::lock_guard<std::mutex> lock(state_mutex);
  return print_reports;
}

bool continue_divergent_barriers() {
  static const bool on = [] {
    const char* v = std::getenv("SCANLAB_DIVERGENT_BARRIERS");
    return v != nullptr && std::strcmp(v, "continue") == 0;
  }();
  return on;
}

cudaError_t take_async_error() {
  std::lock_guard<std::mutex> lock(state_mutex);
  if (sticky != cudaSuccess) return sticky;
  cudaError_t e = async_error;
  async_error = cudaSuccess;
  return e;
}

cudaError_t sticky_error() {
  std::lock_guard<std::mutex> lock(state_mutex);
  return sticky;
}

namespace {
// What cudaDeviceReset leaves: no error at all (state_mutex held).
void reset_errors_locked() {
  sticky = cudaSuccess;
  async_error = cudaSuccess;
  last_error = cudaSuccess;
}
}  // namespace

void clear_sticky_error() {
  std::lock_guard<std::mutex> lock(state_mutex);
  reset_errors_locked();
}

}  // namespace scanlab::cpu::detail

namespace scanlab::cpu {

report take_report() {
  std::lock_guard<std::mutex> lock(detail::state_mutex);
  report r = std::move(detail::first_report);
  detail::first_report = {};
  // The harness handles the failure: as after cudaDeviceReset, no error of that launch is left for
  // the next case's first CUDA call to find (a sticky error returned by cudaGetLastError leaves
  // last_error set).
  detail::reset_errors_locked();
  return r;
}

void set_print_reports(bool on) {
  std::lock_guard<std::mutex> lock(detail::state_mutex);
  detail::print_reports = on;
}

const char* problem_name(problem p) {
  switch (p) {
    case problem::none: return "none";
    case problem::divergent_barrier: return "divergent barrier";
    case problem::warp_divergence: return "warp collective misuse";
    case problem::deadlock: return "deadlock";
    case problem::hang: return "hang";
    case problem::shared_out_of_bounds: return "shared memory out of bounds";
    case problem::global_out_of_bounds: return "global memory out of bounds";
    case problem::host_pointer: return "host pointer passed to a kernel";
    case problem::launch_config: return "invalid launch configuration";
    case problem::trap: return "kernel trap";
    case problem::misaligned_address: return "misaligned address";
  }
  return "unknown";
}

}  // namespace scanlab::cpu
