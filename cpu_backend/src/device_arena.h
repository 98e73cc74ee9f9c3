// Where "device" memory lives on the CPU backend: one reserved range of addresses, the arena, that
// host code cannot touch, as on a GPU, where a host read of a cudaMalloc pointer is a segmentation
// fault. Outside kernels its pages are PROT_NONE; while kernels run they are open to them. The
// runtime reaches the same memory through a second mapping of it that is always writable (copies,
// fills, the canary checks), so a copy costs no protection change, and a launch costs an mprotect
// call per buffer, however many blocks it runs. Each buffer is followed by guard pages that kernels
// cannot touch either: an access past its end faults as on a GPU (fault_handler.cpp).
//
// Where the arena cannot be made (too little address space), device memory is a plain
// mapping that host code can read: the backend works as before, without the host-access check.
#pragma once

#include <cstddef>

namespace scanlab::cpu::detail {

// Spans of whole pages of the arena, in the view that kernels and the program see. nullptr when
// the arena is full (the device's memory is used up). `mapped_bytes` (at least `bytes`, or 0): how
// far from the span's start a GPU would keep the buffer's memory mapped; guard pages follow there
// (arena_guards.h). 0: no guard, as for small buffers, which a GPU packs into shared pages.
unsigned char* arena_allocate(std::size_t bytes, std::size_t mapped_bytes = 0);
void arena_free(unsigned char* span, std::size_t bytes, std::size_t mapped_bytes = 0);

std::size_t arena_page_bytes();
// True for an address inside the arena's program view (allocated or not). Async-signal-safe.
bool in_arena(const void* p);
// The address through which the runtime reads and writes p: the always-writable view for an
// arena address, p itself otherwise.
void* runtime_view(const void* p);
// The arena's own offset of an address in it.
std::size_t arena_offset(const void* p);

// Kernels start and end running (launches may nest across host threads: the arena opens at the
// first and closes after the last). While open, pages the host wrote last are read-only, so that
// a kernel's first write to one of them is seen (host_writes.h).
void arena_kernels_begin();
void arena_kernels_end();
bool arena_kernels_running();

// Called by the fault handler (async-signal-safe). A fault at `address` while kernels run, on a
// page the arena made read-only: recorded as a kernel write and made writable; true when the
// access may simply run again.
bool arena_resolve_kernel_fault(const void* address);
// A fault in the arena while no kernel runs: host code touched device memory.
bool arena_host_access(const void* address);
// A fault while kernels run on a guard page past the end of a buffer (arena_guards.h), which
// arena_resolve_kernel_fault leaves alone (async-signal-safe). A wild address elsewhere is not one.
bool arena_kernel_out_of_bounds(const void* address);

}  // namespace scanlab::cpu::detail
