#include "device_memory.h"

#include "device_arena.h"
#include "sanitizer.h"
#include "scanlab/cpu/device_impl/atomics.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>

// Linker-provided bounds of the program's initialised data and bss (glibc/ld on Linux).
extern "C" char __data_start;  // NOLINT
extern "C" char end;           // NOLINT

namespace scanlab::cpu::detail {

namespace {

// Canary zones are large enough to catch the usual off-by-a-few writes of a tail block; the
// sanitizer build catches the rest exactly.
#ifdef SCANLAB_ASAN
constexpr std::size_t canary_bytes = 0;  // a poisoned tail must touch the buffer (span_bytes)
#else
constexpr std::size_t canary_bytes = 256;
#endif
constexpr unsigned char canary_byte = 0xA5;
// Fresh device memory holds garbage on a GPU; a NaN pattern makes "read before written" visible
// (and lets the atomics tell such a read: device_impl/atomics.h).
constexpr std::uint32_t fresh_memory_word = fresh_device_word;

struct record {
  std::size_t bytes;
  std::string site;
  bool pinned;
  bool reported = false;
  bool registered = false;
  unsigned flags = 0;
  bool managed = false;
};

std::mutex registry_mutex;
std::map<const char*, record>& registry() {
  static std::map<const char*, record> r;  // keyed by the user-visible base address
  return r;
}
std::size_t bytes_in_use = 0;

}  // namespace

namespace {

// The pages a buffer takes: canaries on both sides, and in the AddressSanitizer build a page of
// poisoned tail (ASan's report must come at the first byte past the buffer).
std::size_t span_bytes(std::size_t bytes) {
#ifdef SCANLAB_ASAN
  return bytes + arena_page_bytes();
#else
  return bytes + 2 * canary_bytes;
#endif
}

// How far a GPU keeps a buffer mapped, from the span's start: a buffer of 2 MiB or more has 2 MiB
// pages of its own, so an access past its end faults only beyond its last page; smaller buffers
// share pages with others, and an access just past them does not fault on a GPU (the PMPP-style
// tiled kernels that load a tile row past the matrix's last row rely on it without knowing).
// 0: no guard (arena_guards.h).
std::size_t gpu_mapped_bytes(std::size_t bytes) {
  constexpr std::size_t gpu_page = std::size_t(2) << 20;
  if (bytes < gpu_page) return 0;
  return canary_bytes + (bytes + gpu_page - 1) / gpu_page * gpu_page + canary_bytes;
}

}  // namespace

void* allocate_device(std::size_t bytes, const char* file, int line) {
  unsigned char* span = arena_allocate(span_bytes(bytes), gpu_mapped_bytes(bytes));
  if (span == nullptr) return nullptr;
  unsigned char* user = span + canary_bytes;
#ifdef SCANLAB_ASAN
  // Before the fill: where the arena has one view (no second mapping: qemu-user, some kernels), the
  // fill writes the program's view, which a cudaFree of earlier buffers there left poisoned.
  const std::size_t pages = (span_bytes(bytes) + arena_page_bytes() - 1) / arena_page_bytes() * arena_page_bytes();
  ASAN_UNPOISON_MEMORY_REGION(user, bytes);
  ASAN_POISON_MEMORY_REGION(user + bytes, pages - bytes);
#endif
  // Filled through the runtime's view: the program's is closed to host code.
  auto* raw = static_cast<unsigned char*>(runtime_view(span));
  std::memset(raw, canary_byte, canary_bytes);
  std::memset(raw + canary_bytes + bytes, canary_byte, canary_bytes);
  for (std::size_t i = 0; i + 4 <= bytes; i += 4) std::memcpy(raw + canary_bytes + i, &fresh_memory_word, 4);
  std::lock_guard<std::mutex> lock(registry_mutex);
  registry()[reinterpret_cast<const char*>(user)] =
      record{bytes, std::string(file ? file : "?") + ":" + std::to_string(line), false};
  bytes_in_use += bytes;
  return user;
}

void* allocate_managed(std::size_t bytes, const char* site) {
  // Whole pages, as the arena's: the canaries and (ASan) the poisoned tail fit as for cudaMalloc.
  const std::size_t page = arena_page_bytes();
  const std::size_t total = (span_bytes(bytes) + page - 1) / page * page;
  auto* span = static_cast<unsigned char*>(std::aligned_alloc(page, total));
  if (span == nullptr) return nullptr;
  std::memset(span, canary_byte, canary_bytes);
  std::memset(span + canary_bytes + bytes, canary_byte, canary_bytes);
  // Zeros, not the NaN pattern of cudaMalloc: a GPU's driver hands managed pages out zeroed, and
  // programs that count on it print the same here.
  std::memset(span + canary_bytes, 0, bytes);
  unsigned char* user = span + canary_bytes;
#ifdef SCANLAB_ASAN
  ASAN_POISON_MEMORY_REGION(user + bytes, total - canary_bytes - bytes);
#endif
  std::lock_guard<std::mutex> lock(registry_mutex);
  record r{bytes, site ? site : "cudaMallocManaged", false};
  r.managed = true;
  registry()[reinterpret_cast<const char*>(user)] = r;
  bytes_in_use += bytes;
  return user;
}

bool free_device(void* p) {
  std::size_t bytes = 0;
  bool managed = false;
  {
    std::lock_guard<std::mutex> lock(registry_mutex);
    auto it = registry().find(static_cast<const char*>(p));
    if (it == registry().end() || it->second.pinned) return false;
    bytes = it->second.bytes;
    managed = it->second.managed;
    bytes_in_use -= bytes;
    registry().erase(it);
  }
  unsigned char* span = static_cast<unsigned char*>(p) - canary_bytes;
  if (managed) {
#ifdef SCANLAB_ASAN
    const std::size_t page = arena_page_bytes();
    ASAN_UNPOISON_MEMORY_REGION(span, (span_bytes(bytes) + page - 1) / page * page);
#endif
    std::free(span);
    return true;
  }
#ifdef SCANLAB_ASAN
  ASAN_POISON_MEMORY_REGION(span, span_bytes(bytes));  // a use after cudaFree is reported too
#endif
  arena_free(span, span_bytes(bytes), gpu_mapped_bytes(bytes));
  return true;
}

void* allocate_pinned(std::size_t bytes, unsigned flags) {
  void* p = std::malloc(bytes == 0 ? 1 : bytes);
  if (p == nullptr) return nullptr;
  std::lock_guard<std::mutex> lock(registry_mutex);
  registry()[static_cast<const char*>(p)] = record{bytes, "cudaMallocHost", true, false, false, flags};
  return p;
}

bool free_pinned(void* p) {
  std::lock_guard<std::mutex> lock(registry_mutex);
  auto it = registry().find(static_cast<const char*>(p));
  if (it == registry().end() || !it->second.pinned || it->second.registered) return false;
  registry().erase(it);
  std::free(p);
  return true;
}

bool register_host_range(void* p, std::size_t bytes, unsigned flags) {
  auto* c = static_cast<const char*>(p);
  std::lock_guard<std::mutex> lock(registry_mutex);
  auto& r = registry();
  // Overlapping an allocation or another registered range is an error, as in CUDA.
  auto next = r.lower_bound(c);
  if (next != r.end() && next->first < c + bytes) return false;
  if (next != r.begin() && std::prev(next)->first + std::prev(next)->second.bytes > c) return false;
  r[c] = record{bytes, "cudaHostRegister", true, false, true, flags};
  return true;
}

bool unregister_host_range(void* p) {
  std::lock_guard<std::mutex> lock(registry_mutex);
  auto it = registry().find(static_cast<const char*>(p));
  if (it == registry().end() || !it->second.registered) return false;
  registry().erase(it);
  return true;
}

std::optional<allocation_info> find_allocation(const void* p) {
  auto* c = static_cast<const char*>(p);
  std::lock_guard<std::mutex> lock(registry_mutex);
  auto& r = registry();
  auto it = r.upper_bound(c);
  if (it == r.begin()) return std::nullopt;
  --it;
  // One past the end still counts: kernels legitimately form end pointers.
  if (c > it->first + it->second.bytes) return std::nullopt;
  return allocation_info{it->first, it->second.bytes, it->second.site, it->second.pinned, it->second.registered,
                         it->second.flags, it->second.managed};
}

std::optional<allocation_info> allocation_below(const void* p) {
  auto* c = static_cast<const char*>(p);
  std::lock_guard<std::mutex> lock(registry_mutex);
  auto it = registry().upper_bound(c);
  if (it == registry().begin()) return std::nullopt;
  --it;
  return allocation_info{it->first, it->second.bytes, it->second.site, it->second.pinned, it->second.registered,
                         it->second.flags, it->second.managed};
}

bool is_device_range(const void* p, std::size_t bytes) {
  auto a = find_allocation(p);
  return a && !a->pinned_host && static_cast<const char*>(p) + bytes <= a->base + a->bytes;
}

bool is_device_accessible_range(const void* p, std::size_t bytes) {
  auto a = find_allocation(p);
  return a && static_cast<const char*>(p) + bytes <= a->base + a->bytes;
}

bool is_global_variable(const void* p) {
  auto* c = static_cast<const char*>(p);
  return c >= &__data_start && c < &end;
}

std::optional<std::string> check_canaries() {
  std::lock_guard<std::mutex> lock(registry_mutex);
  for (auto& [base, rec] : registry()) {
    if (rec.pinned || rec.reported || canary_bytes == 0) continue;
    auto* before = static_cast<const unsigned char*>(runtime_view(base)) - canary_bytes;
    auto* after = static_cast<const unsigned char*>(runtime_view(base)) + rec.bytes;
    std::size_t last_after = 0, first_before = canary_bytes;
    for (std::size_t i = 0; i < canary_bytes; ++i) {
      if (after[i] != canary_byte) last_after = i + 1;
      if (before[i] != canary_byte && first_before == canary_bytes) first_before = i;
    }
    if (last_after == 0 && first_before == canary_bytes) continue;
    rec.reported = true;  // one report per damaged buffer
    std::string m = "out-of-bounds write to global memory: a buffer of " + std::to_string(rec.bytes) +
                    " bytes allocated at " + rec.site + " was written ";
    if (last_after > 0)
      m += "past its end (up to " + std::to_string(last_after) + " bytes beyond, i.e. element " +
           std::to_string((rec.bytes + last_after - 1) / 4) + " of a float array of " + std::to_string(rec.bytes / 4) +
           ")";
    else
      m += "before its start (" + std::to_string(canary_bytes - first_before) + " bytes before)";
    return m;
  }
  return std::nullopt;
}

std::vector<std::pair<const unsigned char*, std::size_t>> device_allocation_ranges() {
  std::lock_guard<std::mutex> lock(registry_mutex);
  std::vector<std::pair<const unsigned char*, std::size_t>> out;
  for (const auto& [base, rec] : registry()) out.emplace_back(reinterpret_cast<const unsigned char*>(base), rec.bytes);
  return out;
}

std::size_t device_bytes_in_use() { return bytes_in_use; }

}  // namespace scanlab::cpu::detail
