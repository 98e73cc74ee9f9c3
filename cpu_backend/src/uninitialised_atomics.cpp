// An atomic that reads global memory nothing has written since cudaMalloc (device_impl/atomics.h
// sees the fresh-memory pattern in the old value): the classic `atomicAdd(result, partial)` into a
// result the host never cleared. A GPU hands out whatever its memory held, often zeros, so the
// program may even print the right answer there; compute-sanitizer's initcheck reports it as an
// uninitialised read. So does this, once per source line: the kernel, the line, the address and
// the buffer. The run goes on as on a GPU (here the atomic has read a NaN pattern).
#include <execinfo.h>

#include <cstdio>
#include <mutex>
#include <set>
#include <string>

#include "block_scheduler.h"
#include "device_memory.h"
#include "error_state.h"
#include "launch_state.h"
#include "scanlab/cpu/device_impl/atomics.h"
#include "source_lines.h"

namespace scanlab::cpu::detail {

namespace {
std::mutex reported_mutex;
// By code address first (cheap: the same atomic keeps finding the pattern, since NaN plus anything
// keeps it), then by line (several addresses of one line).
std::set<const void*>& seen_code() {
  static std::set<const void*> pcs;
  return pcs;
}
std::set<std::string>& reported_lines() {
  static std::set<std::string> lines;
  return lines;
}
}  // namespace

void atomic_read_fresh_memory(const void* address, std::size_t bytes) {
  const void* pc = __builtin_return_address(0);
  if (tls.thread == nullptr) return;  // host code
  {
    std::lock_guard<std::mutex> lock(reported_mutex);
    if (!seen_code().insert(pc).second) return;
  }
  const auto buffer = find_allocation(address);
  // Memory from cudaMalloc only: managed memory starts as zeros, host memory is the program's.
  if (!buffer || buffer->pinned_host || buffer->managed) return;
  // The atomic may sit in an out-of-line helper (the compare-and-swap loop of a float atomicAdd):
  // the student's line is then a caller's, a few frames out.
  void* frames[8];
  const int depth = backtrace(frames, 8);
  const source_line at = first_program_line(std::vector<const void*>(frames + 1, frames + depth));
  {
    std::lock_guard<std::mutex> lock(reported_mutex);
    if (!reported_lines().insert(where(at)).second) return;
  }
  if (!printing_reports()) return;
  char text[32];
  std::snprintf(text, sizeof text, "%p", address);
  const auto offset = static_cast<std::size_t>(static_cast<const char*>(address) - buffer->base);
  std::string site = buffer->site;
  if (const auto slash = site.rfind('/'); slash != std::string::npos) site = site.substr(slash + 1);
  const std::string m =
      "read of uninitialised global memory: an atomic by thread " + describe_index(threadIdx) + " of block " +
      describe_index(blockIdx) + " in " + describe_launch(current_launch()) + "\n  at " + where(at) +
      (at.code.empty() ? "" : ":   " + at.code) + "\n  read the " + std::to_string(bytes) + " bytes at " + text +
      " (byte " + std::to_string(offset) + " of a buffer of " + std::to_string(buffer->bytes) +
      " bytes allocated at " + site + "), which nothing has written since cudaMalloc.\n" +
      "cudaMalloc does not clear memory: on a GPU the atomic finds whatever the memory held (often 0, not "
      "always; compute-sanitizer --tool initcheck reports the read), here a NaN pattern (0x7fc0beef). Set it "
      "first, e.g. with cudaMemset(ptr, 0, bytes) before the launch.";
  std::fprintf(stderr, "scanlab-cpu: %s\n", m.c_str());
}

}  // namespace scanlab::cpu::detail
