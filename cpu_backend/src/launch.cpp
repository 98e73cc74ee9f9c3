// A kernel launch on the CPU: validate the configuration as CUDA does, then run the grid's blocks
// one at a time in the chosen block order, each on the fibers of this OS thread's scheduler.
#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <numeric>
#include <sstream>

#include "access_checks.h"
#include "block_scheduler.h"
#include "device_arena.h"
#include "device_memory.h"
#include "error_state.h"
#include "builtin_variables.h"
#include "launch_state.h"
#include "resident_blocks.h"
#include "runtime_objects.h"
#include "schedule_config.h"
#include "seed_mix.h"
#include "shared_arena.h"
#include "watchdog.h"

namespace scanlab::cpu::detail {

namespace {

std::mutex attribute_mutex;
std::map<const void*, std::size_t>& max_dynamic_shared() {
  static std::map<const void*, std::size_t> m;
  return m;
}

std::string dims(dim3 d) {
  return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}

// Returns an empty string when CUDA would accept the configuration.
std::string configuration_problem(const launch_config& c, std::size_t dynamic_limit, cudaError_t& code) {
  // CUDA 13 answers every one of these with cudaErrorInvalidValue (measured on an H100, driver
  // 580.159); older toolkits said cudaErrorInvalidConfiguration.
  code = cudaErrorInvalidValue;
  const unsigned long long threads = 1ull * c.block.x * c.block.y * c.block.z;
  if (threads == 0) return "block " + dims(c.block) + " has no threads";
  if (threads > 1024) return "block " + dims(c.block) + " has " + std::to_string(threads) + " threads; the limit is 1024";
  if (c.block.x > 1024 || c.block.y > 1024 || c.block.z > 64)
    return "block " + dims(c.block) + " exceeds the per-dimension limits (1024, 1024, 64)";
  if (c.grid.x == 0 || c.grid.y == 0 || c.grid.z == 0)
    return "grid " + dims(c.grid) + " has no blocks (did you launch for n = 0?)";
  if (c.grid.x > 2147483647u || c.grid.y > 65535 || c.grid.z > 65535)
    return "grid " + dims(c.grid) + " exceeds the limits (2^31-1, 65535, 65535)";
  if (c.shared_bytes > dynamic_limit) {
    return "the launch asks for " + std::to_string(c.shared_bytes) + " bytes of dynamic shared memory; the limit is " +
           std::to_string(dynamic_limit) + " (raise it with cudaFuncSetAttribute(kernel, "
           "cudaFuncAttributeMaxDynamicSharedMemorySize, bytes), up to 227 KiB)";
  }
  code = cudaSuccess;
  return {};
}

std::vector<std::uint64_t> block_sequence(std::uint64_t total, order o, std::uint64_t seed) {
  std::vector<std::uint64_t> seq(total);
  std::iota(seq.begin(), seq.end(), 0);
  if (o == order::reverse) std::reverse(seq.begin(), seq.end());
  if (o == order::random) {
    std::uint64_t state = mix_seed(seed, 0x5ca1ab1eull);
    for (std::uint64_t i = total; i > 1; --i) {
      state = mix_seed(state, i);
      std::swap(seq[i - 1], seq[state % i]);
    }
  }
  return seq;
}

cudaError_t error_for(problem p) {
  switch (p) {
    case problem::hang: return cudaErrorLaunchTimeout;
    case problem::shared_out_of_bounds:
    case problem::global_out_of_bounds: return cudaErrorIllegalAddress;
    case problem::trap: return cudaErrorAssert;
    case problem::misaligned_address: return cudaErrorMisalignedAddress;
    default: return cudaErrorLaunchFailure;
  }
}

}  // namespace

// Launches since the schedule was last set: part of each launch's seed, so that the same seed and
// the same sequence of launches give the same schedule (a replay reproduces a race exactly).
std::uint64_t launch_counter = 0;
void restart_schedule_sequence() { launch_counter = 0; }

namespace {
thread_local launch_state* borrowed_launch = nullptr;
}

launch_state& current_launch() {
  static thread_local launch_state state;
  return borrowed_launch != nullptr ? *borrowed_launch : state;
}

void use_launch_state(launch_state* s) { borrowed_launch = s; }

std::string describe_index(uint3 v) {
  return "(" + std::to_string(v.x) + "," + std::to_string(v.y) + "," + std::to_string(v.z) + ")";
}

std::string describe_launch(const launch_state& s) {
  if (s.site == nullptr) return "(no kernel running)";
  return "kernel `" + std::string(s.site->kernel) + "` launched at " + s.site->file + ":" +
         std::to_string(s.site->line) + " with grid " + dims(s.grid) + " and block " + dims(s.block);
}

void* allocate_shared(std::size_t bytes, std::size_t alignment, std::size_t element_bytes, const char* name,
                      const char* file, int line) {
  std::string error;
  void* p = this_arena().allocate(bytes, alignment, element_bytes, name, file, line, error);
  if (p == nullptr)
    this_scheduler().fail(problem::launch_config, error + "\n  in " + describe_launch(current_launch()));
  return p;
}

void* dynamic_shared_base() { return this_arena().dynamic_base(); }

std::uint64_t current_block_epoch() { return this_arena().epoch(); }

bool pointer_argument_ok(const launch_site& site, int index, const void* pointer) {
  if (pointer == nullptr || find_allocation(pointer) || is_global_variable(pointer)) return true;
  std::ostringstream m;
  m << "argument " << index + 1 << " of kernel `" << site.kernel << "` launched at " << site.file << ":" << site.line
    << " is a pointer (" << pointer << ") to host memory, not to memory from cudaMalloc.\n"
    << "On a GPU the kernel would fault with an illegal address; copy the data to the device first.";
  report_problem(problem::host_pointer, m.str(), cudaErrorIllegalAddress);
  return false;
}

bool reference_argument_ok(const launch_site& site, int index, const void* object) {
  if (find_allocation(object) || is_global_variable(object)) return true;
  std::ostringstream m;
  m << "argument " << index + 1 << " of kernel `" << site.kernel << "` launched at " << site.file << ":" << site.line
    << " binds a reference parameter to an object in host memory (" << object << ").\n"
    << "A kernel's reference parameter holds the object's address: on a GPU the kernel would fault with an "
       "illegal address. Pass the object by value, or allocate it with cudaMallocManaged.";
  report_problem(problem::host_pointer, m.str(), cudaErrorIllegalAddress);
  return false;
}

namespace {
std::map<const void*, registered_launcher>& kernel_launchers() {
  static std::map<const void*, registered_launcher> launchers;  // filled during static initialisation
  return launchers;
}
}  // namespace

bool register_kernel_launcher(const void* kernel, registered_launcher launcher) {
  kernel_launchers()[kernel] = launcher;
  return true;
}

registered_launcher find_kernel_launcher(const void* kernel) {
  auto it = kernel_launchers().find(kernel);
  return it == kernel_launchers().end() ? nullptr : it->second;
}

// The configuration error of the latest launch on this OS thread, for cudaLaunchKernel's return
// value (the <<<>>> form has none: cudaGetLastError tells).
thread_local cudaError_t latest_launch_error = cudaSuccess;
cudaError_t launch_error_of_last_call() { return latest_launch_error; }
void launch_recorded() { latest_launch_error = cudaSuccess; }

namespace {
thread_local bool next_launch_cooperative = false;
}
void set_next_launch_cooperative(bool cooperative) { next_launch_cooperative = cooperative; }

namespace {
thread_local const std::function<void()>* launch_rerun = nullptr;
}
void set_launch_rerun(const std::function<void()>* rerun) { launch_rerun = rerun; }

void launch_kernel(const launch_site& site, const launch_config& config, const kernel_call& call) {
  latest_launch_error = cudaSuccess;
  // The launch again, should it wait for the host (only the launch made by launch(): not a graph's).
  const std::function<void()>* rerun = launch_rerun;
  launch_rerun = nullptr;
  if (cudaError_t sticky = sticky_error(); sticky != cudaSuccess) {
    // An earlier kernel broke the context: as on a GPU, nothing more runs until cudaDeviceReset.
    set_error(sticky);
    latest_launch_error = sticky;
    return;
  }
  std::size_t dynamic_limit = shared_arena::static_limit;
  {
    std::lock_guard<std::mutex> lock(attribute_mutex);
    auto it = max_dynamic_shared().find(call.kernel_id);
    if (it != max_dynamic_shared().end()) dynamic_limit = it->second;
  }
  cudaError_t code = cudaSuccess;
  std::string problem_text = configuration_problem(config, dynamic_limit, code);
  const bool cooperative = next_launch_cooperative;
  next_launch_cooperative = false;
  const unsigned resident_limit =
      resident_block_limit(config.block.x * config.block.y * config.block.z, config.shared_bytes);
  const std::uint64_t blocks = 1ull * config.grid.x * config.grid.y * config.grid.z;
  if (problem_text.empty() && cooperative && blocks > resident_limit) {
    code = cudaErrorCooperativeLaunchTooLarge;
    problem_text = "a cooperative launch of " + std::to_string(blocks) + " blocks: the GPU holds at most " +
                   std::to_string(resident_limit) + " of them at once (cudaOccupancyMaxActiveBlocksPerMultiprocessor "
                   "times the multiprocessors), and grid.sync() needs every block resident";
  }
  if (!problem_text.empty()) {
    // Like CUDA: the launch does not happen and cudaGetLastError reports it (not sticky).
    set_error(code);
    latest_launch_error = code;
    report_problem(problem::launch_config,
                   "invalid launch of kernel `" + std::string(site.kernel) + "` at " + site.file + ":" +
                       std::to_string(site.line) + ": " + problem_text,
                   code);
    take_async_error();  // a configuration error is not an asynchronous kernel failure
    return;
  }

  const schedule sched = current_schedule();
  launch_state& state = current_launch();
  state.site = &site;
  state.grid = config.grid;
  state.block = config.block;
  state.dynamic_shared = config.shared_bytes;
  state.block_order = sched.blocks;
  state.thread_order = sched.threads;
  state.blocks_total = 1ull * config.grid.x * config.grid.y * config.grid.z;
  state.blocks_done.store(0, std::memory_order_relaxed);
  state.cooperative = cooperative;
  state.grid_arrived = 0;
  state.grid_generation.store(0, std::memory_order_relaxed);
  const std::uint64_t launch_seed = mix_seed(sched.seed, ++launch_counter);
  count_launch();
  watchdog_launch_started(state);

  writable_grid_dim = config.grid;
  arena_kernels_begin();  // device memory open to the kernel, closed to host code again below
  access_checks_launch_begin(state.blocks_total * config.block.x * config.block.y * config.block.z);
  block_scheduler& scheduler = this_scheduler();
  block_run_request request;
  request.call = &call;
  request.grid = config.grid;
  request.block = config.block;
  request.dynamic_shared = config.shared_bytes;
  request.thread_order = sched.threads;
  request.launch_seed = launch_seed;
  request.sequence = block_sequence(state.blocks_total, sched.blocks, launch_seed);
  request.gpu_resident_limit = resident_limit;
  const unsigned chosen = scanlab::cpu::resident_blocks();
  request.resident_limit = cooperative || chosen == 0 ? resident_limit : std::min(chosen, resident_limit);
  request.may_wait_for_host = rerun != nullptr && holding_allowed();
  const block_outcome outcome = run_blocks(state, request);
  const bool waits_for_host = request.may_wait_for_host && last_run_waits_for_host();
  const bool failed = outcome.kind != problem::none;
  if (waits_for_host) hold_work(config.stream, *rerun);  // runs again when the host waits for it
  else if (failed) report_problem(outcome.kind, outcome.message, error_for(outcome.kind));
  if (!failed) {
    if (std::string overflow = scheduler.check_stacks(); !overflow.empty())
      report_problem(problem::trap, overflow + "\n  in " + describe_launch(state), error_for(problem::trap));
  }
  if (auto damage = check_canaries())
    report_problem(problem::global_out_of_bounds, *damage + "\n  by " + describe_launch(state),
                   cudaErrorIllegalAddress);
  access_checks_launch_end();
  arena_kernels_end();
  watchdog_launch_finished();
  state.site = nullptr;
}

cudaError_t set_max_dynamic_shared(const void* kernel, std::size_t bytes) {
  if (bytes > shared_arena::optin_limit) return set_error(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(attribute_mutex);
  max_dynamic_shared()[kernel] = bytes;
  return cudaSuccess;
}

}  // namespace scanlab::cpu::detail

cudaError_t cudaLaunchKernel(const void* kernel, dim3 grid, dim3 block, void** args, std::size_t shared_bytes,
                             cudaStream_t stream, const char* file, int line) {
  using namespace scanlab::cpu::detail;
  const registered_launcher launcher = find_kernel_launcher(kernel);
  if (launcher == nullptr) {
    std::ostringstream m;
    m << "cudaLaunchKernel at " << file << ":" << line << ": " << kernel
      << " is not a kernel the CPU backend knows by address (a template, a kernel whose name is overloaded, or not "
         "a kernel). Pass the kernel itself, e.g. cudaLaunchKernel(my_kernel<float>, ...), or use <<<...>>>.";
    report_problem(scanlab::cpu::problem::launch_config, m.str(), cudaErrorInvalidDeviceFunction);
    take_async_error();
    return set_error(cudaErrorInvalidDeviceFunction);
  }
  const scanlab::cpu::launch_site site{"cudaLaunchKernel", file, line};
  launcher(site, scanlab::cpu::launch_config(grid, block, shared_bytes, stream), kernel, args);
  return launch_error_of_last_call();
}
