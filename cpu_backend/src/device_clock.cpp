// clock() in device code. CUDA's device clock() counts the SM's cycles (the device's clockRate per
// millisecond); the C library's counts the process's CPU time in microseconds. Kernels that spin
// "for N cycles" (while (clock() - start < N)) would wait a thousand times too long here, and the
// watchdog would end them. Defining clock here (the program links this object before libc) gives a
// kernel the same 1 GHz counter as clock64() (cudaDevAttrClockRate says 1 GHz), and host code the C
// library's meaning.
#include <time.h>

#include "block_scheduler.h"

long long clock64();

extern "C" clock_t clock() noexcept {
  using namespace scanlab::cpu::detail;
  if (tls.thread != nullptr) return static_cast<clock_t>(clock64());
  timespec t{};
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) != 0) return static_cast<clock_t>(-1);
  return static_cast<clock_t>(t.tv_sec) * CLOCKS_PER_SEC + static_cast<clock_t>(t.tv_nsec / (1000000000 / CLOCKS_PER_SEC));
}
