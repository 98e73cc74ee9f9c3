// The backend's one handler of SIGSEGV (and, outside AddressSanitizer builds, SIGBUS and SIGFPE):
// first the arena's own faults (a kernel's first write to a page the host wrote: resolved, the
// access runs again), then a kernel's access past the end of a buffer (its kernel ends with
// cudaErrorIllegalAddress: kernel_faults.h), then host code touching device memory (reported at its
// line, then the process dies as on a GPU), then a crash inside a kernel (named by launch, block
// and thread).
// Anything else goes to the handler that was there before (AddressSanitizer's, a program's own).
#pragma once

#include <csignal>

namespace scanlab::cpu::detail {

// Idempotent; called when the arena is made and at the first launch. Also gives the calling
// thread an alternate signal stack if it has none.
void install_fault_handler();
// At a launch's start: when a program installed a SIGSEGV handler after the backend's (Catch2
// does, at every test case), a resolver of the arena's own faults goes in front of it.
void keep_fault_resolver_first();

// watchdog.cpp: writes "crash in kernel ..." when a launch is running (async-signal-safe).
void write_kernel_crash_report(int sig, siginfo_t* info);

}  // namespace scanlab::cpu::detail
