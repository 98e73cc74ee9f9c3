#include "arena_guards.h"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstdint>

namespace scanlab::cpu::detail {

namespace {

#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102  // Linux 6.13
#define MADV_GUARD_REMOVE 103
#endif

unsigned char* program = nullptr;
std::size_t page_bytes = 4096;
// One bit per page of the arena; set under the allocation lock, read by the fault handler.
std::atomic<std::uint64_t>* guard_bits = nullptr;
bool markers = false;            // the system keeps guard markers: no protection to manage
std::size_t protected_guards = 0;  // live guards that each launch must leave closed (no markers)
constexpr std::size_t most_protected_guards = 32;

void mark(std::size_t first, std::size_t count, bool guard) {
  for (std::size_t p = first; p < first + count; ++p) {
    const std::uint64_t bit = std::uint64_t(1) << (p % 64);
    if (guard) guard_bits[p / 64].fetch_or(bit, std::memory_order_relaxed);
    else guard_bits[p / 64].fetch_and(~bit, std::memory_order_relaxed);
  }
}

// The first page at or after `page` (below `end`) whose guard bit is `guard`, else `end`.
std::size_t next_page_where(std::size_t page, std::size_t end, bool guard) {
  while (page < end) {
    std::uint64_t word = guard_bits[page / 64].load(std::memory_order_relaxed);
    if (!guard) word = ~word;
    word &= ~std::uint64_t(0) << (page % 64);
    if (word != 0) return std::min(end, page / 64 * 64 + static_cast<std::size_t>(__builtin_ctzll(word)));
    page = (page / 64 + 1) * 64;
  }
  return end;
}

}  // namespace

void guards_init(unsigned char* program_view, std::size_t bytes, std::size_t page) {
  // One bit per page, only the touched part backed by memory.
  void* bits = mmap(nullptr, (bytes / page + 63) / 64 * 8, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (bits == MAP_FAILED) return;
  guard_bits = static_cast<std::atomic<std::uint64_t>*>(bits);
  program = program_view;
  page_bytes = page;
  markers = madvise(program, page, MADV_GUARD_INSTALL) == 0 && madvise(program, page, MADV_GUARD_REMOVE) == 0;
}

// As large as the buffer, between one page and 2 MiB: an index that runs past the end by up to the
// buffer's own size (a grid-stride loop over twice the elements) meets the guard first.
std::size_t guard_pages_for(std::size_t pages) {
  if (guard_bits == nullptr) return 0;
  const std::size_t most = std::max<std::size_t>(1, (std::size_t(2) << 20) / page_bytes);
  return std::min(std::max<std::size_t>(pages, 1), most);
}

void place_guard(std::size_t first, std::size_t count) {
  if (guard_bits == nullptr || count == 0) return;
  if (markers) {
    if (madvise(program + first * page_bytes, count * page_bytes, MADV_GUARD_INSTALL) != 0) return;
  } else {
    if (protected_guards == most_protected_guards) return;
    ++protected_guards;
  }
  mark(first, count, true);
}

void remove_guard(std::size_t first, std::size_t count) {
  if (guard_bits == nullptr || count == 0 || !in_guard(first)) return;
  if (markers) madvise(program + first * page_bytes, count * page_bytes, MADV_GUARD_REMOVE);
  else --protected_guards;
  mark(first, count, false);
}

bool in_guard(std::size_t page) {
  return guard_bits != nullptr && (guard_bits[page / 64].load(std::memory_order_relaxed) >> (page % 64) & 1) != 0;
}

bool for_each_unguarded_run(std::size_t from, std::size_t to, bool (*open)(std::size_t, std::size_t, int), int prot) {
  if (guard_bits == nullptr || markers || protected_guards == 0) return open(from, to - from, prot);
  bool ok = true;
  while (from < to) {
    const std::size_t guard = next_page_where(from, to, true);
    ok = open(from, guard - from, prot) && ok;
    from = next_page_where(guard, to, false);
  }
  return ok;
}

}  // namespace scanlab::cpu::detail
