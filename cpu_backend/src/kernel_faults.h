// A kernel that runs past the end of a large buffer into its guard pages (arena_guards.h) ends as
// on a GPU: the kernel stops, the access is reported at its source line with the buffer it
// overran, and the program goes on, getting cudaErrorIllegalAddress from the next synchronising
// call and every call after it. Other crashes in kernels (a wild pointer) still end the process
// with watchdog.cpp's crash report, which harnesses read as a crash.
#pragma once

#include <csignal>

namespace scanlab::cpu::detail {

// From the SIGSEGV handler (async-signal-safe): when the fault is such an access by the kernel
// code running on this thread, makes the signal return into code that ends the kernel's block
// (x86-64 and AArch64), and says so. False: the fault is not one of these, or cannot be resumed.
bool end_kernel_after_fault(siginfo_t* info, void* context);

}  // namespace scanlab::cpu::detail
