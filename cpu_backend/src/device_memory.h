// "Device" memory on the CPU: blocks of the arena (device_arena.h, out of host code's reach) with
// canary zones on both sides, tracked so that kernels and copies can be checked against them (host
// pointers passed to kernels, swapped cudaMemcpy directions, writes past the end of a buffer).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace scanlab::cpu::detail {

struct allocation_info {
  const char* base = nullptr;
  std::size_t bytes = 0;
  std::string site;  // "file:line" of the cudaMalloc
  bool pinned_host = false;  // cudaHostAlloc/cudaMallocHost, or a cudaHostRegister range
  bool registered = false;   // a cudaHostRegister range: the program owns the memory
  unsigned flags = 0;        // the cudaHostAlloc/cudaHostRegister flags
  bool managed = false;      // cudaMallocManaged: device memory that host code may touch too
};

void* allocate_device(std::size_t bytes, const char* file, int line);
bool free_device(void* p);
// Managed (unified) memory: a device allocation (canaries, the detectors, cudaFree) in ordinary
// host memory rather than the arena, since host code may read and write it between kernels.
void* allocate_managed(std::size_t bytes, const char* site);
void* allocate_pinned(std::size_t bytes, unsigned flags = 0);
bool free_pinned(void* p);
// Mapped (page-locked) host memory is plain host memory here, which kernels may use as on a GPU:
// cudaHostRegister records the range so that launches and copies accept pointers into it.
bool register_host_range(void* p, std::size_t bytes, unsigned flags);
bool unregister_host_range(void* p);

// The allocation containing p (device or pinned host), if any.
std::optional<allocation_info> find_allocation(const void* p);
// The allocation that begins nearest below p, whether or not it reaches p: the buffer an access
// past its end overran.
std::optional<allocation_info> allocation_below(const void* p);
// True if [p, p+bytes) lies inside one device allocation.
bool is_device_range(const void* p, std::size_t bytes);
// True if [p, p+bytes) lies inside one device allocation or one pinned (mapped) host range: the
// memory a kernel or a device-side copy may touch.
bool is_device_accessible_range(const void* p, std::size_t bytes);
// True for addresses of global variables (__device__ symbols live in the program's data segment).
bool is_global_variable(const void* p);

// Every device allocation and mapped host range, as (base, bytes): the access checks' snapshot.
std::vector<std::pair<const unsigned char*, std::size_t>> device_allocation_ranges();

// Checks every allocation's canaries; returns a report of the first damaged one.
std::optional<std::string> check_canaries();

std::size_t device_bytes_in_use();

}  // namespace scanlab::cpu::detail
