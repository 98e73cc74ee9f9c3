#include "device_arena.h"

#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>

#include "arena_guards.h"
#include "fault_handler.h"
#include "host_writes.h"
#include "sanitizer.h"

namespace scanlab::cpu::detail {

namespace {

struct arena_maps {
  unsigned char* program = nullptr;  // what cudaMalloc hands out: PROT_NONE outside kernels
  unsigned char* runtime = nullptr;  // the same memory, always writable (== program in the plain fallback)
  std::size_t bytes = 0, page = 4096;
  bool guarded = false;              // the program view is protected (two views of the memory)
};

// Read by the fault handler without a lock: set once, before any address of the arena exists.
arena_maps maps;
std::atomic<std::size_t> used_pages{0};  // pages below this were handed out at some time
std::atomic<int> kernels_running{0};
std::mutex allocation_mutex, protection_mutex;
std::map<std::size_t, std::size_t> free_runs;  // first page -> pages, freed below used_pages

// Address space for each view: a quarter of RLIMIT_AS (the grader limits it), else 64 GiB. Only
// the pages in use take memory.
std::size_t reserve_bytes(std::size_t page) {
  std::size_t bytes = std::size_t(64) << 30;
  rlimit limit{};
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) bytes = std::min<std::size_t>(bytes, limit.rlim_cur / 4);
  return bytes / page * page;
}

// The program's view of the memory at `runtime`, far from every other mapping where there is room:
// a kernel's wild index (an unsigned -1 is 16 GiB past a float array) must land in unmapped memory
// and fault, as it would among heap blocks, not in the runtime's writable view (which the system
// would place right next to it) or in the bookkeeping.
void* program_view_of(void* runtime, std::size_t bytes) {
#ifndef SCANLAB_TSAN  // ThreadSanitizer accepts application memory in a few ranges only
  constexpr std::uintptr_t distance = std::uintptr_t(256) << 30;
  const auto at = reinterpret_cast<std::uintptr_t>(runtime);
  if (at > 2 * distance + bytes) {
    void* target = reinterpret_cast<void*>((at - distance - bytes) & ~std::uintptr_t(0xfffff));
    // Taken first, so that MREMAP_FIXED replaces a mapping of ours and nothing else (kernels
    // before 4.17 read MAP_FIXED_NOREPLACE as a hint: any other address is given back).
    void* hole = mmap(target, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
    if (hole == target) {
      void* program = mremap(runtime, 0, bytes, MREMAP_MAYMOVE | MREMAP_FIXED, target);
      if (program != MAP_FAILED) return program;
    }
    if (hole != MAP_FAILED) munmap(hole, bytes);
  }
#endif
  return mremap(runtime, 0, bytes, MREMAP_MAYMOVE);
}

// Shared anonymous memory mapped twice (mremap of a shared mapping with old size 0 maps the same
// pages again). Not a memfd: the grader's RLIMIT_FSIZE would bound a memfd's size, and growing one
// past it kills the process with SIGXFSZ.
bool map_views(std::size_t bytes) {
  void* runtime = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (runtime != MAP_FAILED) {
    void* program = program_view_of(runtime, bytes);
    if (program != MAP_FAILED && mprotect(program, bytes, PROT_NONE) == 0) {
      maps.runtime = static_cast<unsigned char*>(runtime);
      maps.program = static_cast<unsigned char*>(program);
      maps.guarded = true;
      return true;
    }
    if (program != MAP_FAILED) munmap(program, bytes);
    munmap(runtime, bytes);
  }
  // One plain view: device memory works, host code is not kept out of it.
  void* plain = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (plain == MAP_FAILED) return false;
  maps.runtime = maps.program = static_cast<unsigned char*>(plain);
  return true;
}

bool ensure_arena() {
  static const bool ready = [] {
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    for (std::size_t bytes = reserve_bytes(page); bytes >= (std::size_t(64) << 20); bytes /= 2) {
      if (!map_views(bytes)) continue;
      maps.page = page;
      maps.bytes = bytes;
      if (!host_writes_init(bytes, page)) maps.guarded = false;  // no tracking: no read-only pages either
      if (maps.guarded) guards_init(maps.program, bytes, page);
      install_fault_handler();  // host code's first touch of device memory must be reported
      return true;
    }
    return false;
  }();
  return ready;
}

bool protect(std::size_t first_page, std::size_t pages, int prot) {
  return pages == 0 || mprotect(maps.program + first_page * maps.page, pages * maps.page, prot) == 0;
}

// Opens [from, to) to kernels but for the guards a launch must leave closed (arena_guards.h).
// False when the system refused (each such guard splits the mapping).
bool open_except_guards(std::size_t from, std::size_t to, int prot) {
  return for_each_unguarded_run(from, to, &protect, prot);
}

// Opens the arena to kernels: pages holding host data read-only, guard pages closed, the rest
// writable; each page's protection set once (an mprotect costs by the pages it changes).
void open_for_kernels() {
  const std::size_t pages = used_pages.load();
  std::size_t writable_from = 0;
  bool ok = true;
  for_each_host_written_run(pages, [&](std::size_t first, std::size_t count) {
    ok = open_except_guards(writable_from, first, PROT_READ | PROT_WRITE) && ok;
    ok = open_except_guards(first, first + count, PROT_READ) && ok;
    writable_from = first + count;
  });
  ok = open_except_guards(writable_from, pages, PROT_READ | PROT_WRITE) && ok;
  if (!ok) {
    // Out of mappings: everything writable, as one mapping, without guards for this launch. The
    // host-written pages count as kernel-written (never a wrong "host" verdict).
    for (std::size_t p = 0; p < pages; ++p)
      if (page_host_written(p)) kernel_wrote_page(p);
    protect(0, pages, PROT_READ | PROT_WRITE);
  }
}

}  // namespace

std::size_t arena_page_bytes() { return maps.page; }

bool in_arena(const void* p) {
  const auto* c = static_cast<const unsigned char*>(p);
  return maps.program != nullptr && c >= maps.program && c < maps.program + maps.bytes;
}

void* runtime_view(const void* p) {
  if (!in_arena(p)) return const_cast<void*>(p);
  return maps.runtime + (static_cast<const unsigned char*>(p) - maps.program);
}

std::size_t arena_offset(const void* p) { return static_cast<std::size_t>(static_cast<const unsigned char*>(p) - maps.program); }

unsigned char* arena_allocate(std::size_t bytes, std::size_t mapped_bytes) {
  if (!ensure_arena() || bytes == 0) return nullptr;
  const std::size_t pages = (std::max(bytes, mapped_bytes) + maps.page - 1) / maps.page;
  const std::size_t guard = mapped_bytes != 0 ? guard_pages_for(pages) : 0;
  const std::size_t span = pages + guard;
  std::size_t first = 0;
  {
    // protection_mutex first, as arena_kernels_begin takes them: the pages are opened or not, never both.
    std::lock_guard<std::mutex> open(protection_mutex);
    std::lock_guard<std::mutex> lock(allocation_mutex);
    auto fit = free_runs.begin();
    while (fit != free_runs.end() && fit->second < span) ++fit;
    if (fit != free_runs.end()) {
      first = fit->first;
      if (fit->second > span) free_runs.emplace(first + span, fit->second - span);
      free_runs.erase(fit);
    } else {
      first = used_pages.load();
      if (first + span > maps.bytes / maps.page) return nullptr;
      used_pages.store(first + span);
    }
    place_guard(first + pages, guard);
    // Closed to kernels until the next launch opens them, unless kernels run now (another thread's):
    // then the buffer opens at once and its guard closes.
    if (maps.guarded && kernels_running.load() > 0) {
      protect(first, pages, PROT_READ | PROT_WRITE);
      protect(first + pages, guard, PROT_NONE);
    }
  }
  forget_writers(first * maps.page, pages * maps.page);
  return maps.program + first * maps.page;
}

void arena_free(unsigned char* span, std::size_t bytes, std::size_t mapped_bytes) {
  const std::size_t first = arena_offset(span) / maps.page;
  std::size_t pages = (std::max(bytes, mapped_bytes) + maps.page - 1) / maps.page;
  const std::size_t guard = mapped_bytes != 0 ? guard_pages_for(pages) : 0;
  {
    std::lock_guard<std::mutex> lock(allocation_mutex);
    remove_guard(first + pages, guard);
  }
  pages += guard;
  // The memory goes back to the system (and reads as zeros when handed out again).
  madvise(maps.runtime + first * maps.page, pages * maps.page, maps.guarded ? MADV_REMOVE : MADV_DONTNEED);
  forget_writers(first * maps.page, pages * maps.page);
  std::lock_guard<std::mutex> lock(allocation_mutex);
  auto [it, inserted] = free_runs.emplace(first, pages);
  if (auto next = std::next(it); next != free_runs.end() && next->first == first + pages) {
    it->second += next->second;
    free_runs.erase(next);
  }
  if (it != free_runs.begin()) {
    auto before = std::prev(it);
    if (before->first + before->second == it->first) {
      before->second += it->second;
      free_runs.erase(it);
      it = before;
    }
  }
  (void)inserted;
}

void arena_kernels_begin() {
  if (!maps.guarded) return;
  std::lock_guard<std::mutex> lock(protection_mutex);
  if (kernels_running.fetch_add(1) == 0) {
    keep_fault_resolver_first();
    open_for_kernels();
  }
}

void arena_kernels_end() {
  if (!maps.guarded) return;
  std::lock_guard<std::mutex> lock(protection_mutex);
  if (kernels_running.fetch_sub(1) == 1) protect(0, used_pages.load(), PROT_NONE);
}

bool arena_kernels_running() { return kernels_running.load() > 0; }

bool arena_resolve_kernel_fault(const void* address) {
  if (!maps.guarded || !in_arena(address) || kernels_running.load() == 0) return false;
  const std::size_t page = arena_offset(address) / maps.page;
  if (page >= used_pages.load()) return false;  // never handed out: a wild access
  if (in_guard(page)) return false;             // past the end of a buffer
  kernel_wrote_page(page);
  if (mprotect(maps.program + page * maps.page, maps.page, PROT_READ | PROT_WRITE) == 0) return true;
  // Out of mappings (each read-only run splits the view): open everything, one mapping again. The
  // host-written state of the other pages is lost for this launch, never a wrong "host" verdict.
  const std::size_t pages = used_pages.load();
  for (std::size_t p = 0; p < pages; ++p)
    if (page_host_written(p)) kernel_wrote_page(p);
  return mprotect(maps.program, pages * maps.page, PROT_READ | PROT_WRITE) == 0;
}

bool arena_host_access(const void* address) {
  return maps.guarded && in_arena(address) && kernels_running.load() == 0;
}

bool arena_kernel_out_of_bounds(const void* address) {
  if (!maps.guarded || !in_arena(address) || kernels_running.load() == 0) return false;
  const std::size_t page = arena_offset(address) / maps.page;
  return page < used_pages.load() && in_guard(page);
}

}  // namespace scanlab::cpu::detail
