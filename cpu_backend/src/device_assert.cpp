// assert() in device code. glibc's assert macro calls __assert_fail; defining it here (the program
// links this object before libc) lets a failed assertion inside a kernel do what it does on a GPU:
// print the assertion with the block and thread, stop the kernel, and make the launch fail with
// cudaErrorAssert, instead of aborting the whole process. Outside a kernel it behaves like glibc's.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "block_scheduler.h"
#include "launch_state.h"

extern "C" [[noreturn]] void __assert_fail(const char* assertion, const char* file, unsigned int line,
                                           const char* function) noexcept {
  using namespace scanlab::cpu::detail;
  if (tls.thread != nullptr && this_scheduler().running()) {
    std::ostringstream m;
    m << file << ":" << line << ": " << function << ": block: [" << blockIdx.x << "," << blockIdx.y << ","
      << blockIdx.z << "], thread: [" << threadIdx.x << "," << threadIdx.y << "," << threadIdx.z
      << "] Assertion `" << assertion << "` failed.\n  in " << describe_launch(current_launch());
    this_scheduler().fail(scanlab::cpu::problem::trap, m.str());
  }
  std::fprintf(stderr, "%s: %s:%u: %s: Assertion `%s' failed.\n", program_invocation_short_name, file, line,
               function, assertion);
  std::abort();
}
