#include "host_writes.h"

#include <sys/mman.h>

#include <bit>
#include <cstdint>
#include <mutex>

namespace scanlab::cpu::detail {

namespace {

// Bits and page summaries are touched by copies on host threads and by the fault handler in a
// kernel's first write to a page (which cannot take a lock): relaxed atomics on both sides.
std::uint64_t* bits = nullptr;        // one bit per 4-byte word
std::uint8_t* page_summary = nullptr;  // 1 when any bit of the page is set
std::size_t words_per_page = 0, total_pages = 0;
std::mutex host_side;  // orders copies among host threads

std::uint64_t load(std::size_t i) { return __atomic_load_n(&bits[i], __ATOMIC_RELAXED); }
void store(std::size_t i, std::uint64_t v) { __atomic_store_n(&bits[i], v, __ATOMIC_RELAXED); }
bool bit(std::size_t word) { return (load(word / 64) >> (word % 64)) & 1u; }

// The bits of words [first, first + count) of one 64-bit group, as a mask.
std::uint64_t group_mask(std::size_t first, std::size_t count) {
  const std::uint64_t ones = count >= 64 ? ~0ull : ((1ull << count) - 1);
  return ones << (first % 64);
}

void refresh_summary(std::size_t page) {
  std::uint64_t any = 0;
  for (std::size_t g = page * words_per_page / 64, end = g + words_per_page / 64; g < end; ++g) any |= load(g);
  __atomic_store_n(&page_summary[page], any != 0 ? 1 : 0, __ATOMIC_RELAXED);
}

void set_words(std::size_t first, std::size_t count, bool value) {
  if (count == 0) return;
  for (std::size_t w = first, end = first + count; w < end;) {
    const std::size_t in_group = std::min<std::size_t>(64 - w % 64, end - w);
    const std::uint64_t mask = group_mask(w, in_group);
    if (value)
      __atomic_fetch_or(&bits[w / 64], mask, __ATOMIC_RELAXED);
    else
      __atomic_fetch_and(&bits[w / 64], ~mask, __ATOMIC_RELAXED);
    w += in_group;
  }
  const std::size_t first_page = first / words_per_page, last_page = (first + count - 1) / words_per_page;
  for (std::size_t p = first_page; p <= last_page; ++p) {
    if (value)
      __atomic_store_n(&page_summary[p], 1, __ATOMIC_RELAXED);
    else
      refresh_summary(p);
  }
}

// Words [first, last] overlapping bytes [offset, offset + bytes).
struct word_range {
  std::size_t first = 0, count = 0;
};
word_range words_of(std::size_t offset, std::size_t bytes) {
  if (bytes == 0) return {};
  return {offset / 4, (offset + bytes - 1) / 4 - offset / 4 + 1};
}

bool any_host_page(std::size_t first_word, std::size_t count) {
  for (std::size_t p = first_word / words_per_page, last = (first_word + count - 1) / words_per_page; p <= last; ++p)
    if (page_host_written(p)) return true;
  return false;
}

}  // namespace

bool host_writes_init(std::size_t arena_bytes, std::size_t page_bytes) {
  words_per_page = page_bytes / 4;
  total_pages = arena_bytes / page_bytes;
  // Reserved, not committed: only the pages of bits that copies touch take memory.
  void* b = mmap(nullptr, arena_bytes / 32, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  void* s = mmap(nullptr, total_pages, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (b == MAP_FAILED || s == MAP_FAILED) return false;
  bits = static_cast<std::uint64_t*>(b);
  page_summary = static_cast<std::uint8_t*>(s);
  return true;
}

void host_wrote(std::size_t offset, std::size_t bytes) {
  if (bits == nullptr) return;
  const word_range r = words_of(offset, bytes);
  std::lock_guard<std::mutex> lock(host_side);
  set_words(r.first, r.count, true);
}

void forget_writers(std::size_t offset, std::size_t bytes) {
  if (bits == nullptr) return;
  const word_range r = words_of(offset, bytes);
  std::lock_guard<std::mutex> lock(host_side);
  if (r.count > 0 && any_host_page(r.first, r.count)) set_words(r.first, r.count, false);
}

void device_copied(std::size_t dst, std::size_t src, std::size_t bytes) {
  if (bits == nullptr || bytes == 0) return;
  const word_range d = words_of(dst, bytes), s = words_of(src, bytes);
  std::lock_guard<std::mutex> lock(host_side);
  if (!any_host_page(s.first, s.count)) {  // the usual case: kernel data copied on
    if (any_host_page(d.first, d.count)) set_words(d.first, d.count, false);
    return;
  }
  // Word by word: a destination word holds host data when a source word it took bytes from did.
  // Backwards when the destination lies above an overlapping source, as memmove copies.
  auto one = [&](std::size_t k) {
    const std::size_t w = d.first + k;
    const std::size_t from = std::max(w * 4, dst), to = std::min(w * 4 + 4, dst + bytes);
    const std::size_t sb = from - dst + src, se = to - dst + src;
    const bool host = bit(sb / 4) || bit((se - 1) / 4);
    set_words(w, 1, host);
  };
  if (dst > src)
    for (std::size_t k = d.count; k-- > 0;) one(k);
  else
    for (std::size_t k = 0; k < d.count; ++k) one(k);
}

void kernel_wrote_page(std::size_t page) {
  if (bits == nullptr || page >= total_pages) return;
  for (std::size_t g = page * words_per_page / 64, end = g + words_per_page / 64; g < end; ++g) store(g, 0);
  __atomic_store_n(&page_summary[page], 0, __ATOMIC_RELAXED);
}

bool page_host_written(std::size_t page) {
  return page_summary != nullptr && page < total_pages && __atomic_load_n(&page_summary[page], __ATOMIC_RELAXED) != 0;
}

void for_each_host_written_run(std::size_t pages, const std::function<void(std::size_t, std::size_t)>& f) {
  if (page_summary == nullptr) return;
  for (std::size_t p = 0; p < pages && p < total_pages;) {
    if (!page_host_written(p)) {
      ++p;
      continue;
    }
    std::size_t end = p + 1;
    while (end < pages && page_host_written(end)) ++end;
    f(p, end - p);
    p = end;
  }
}

host_copied_words find_host_written(std::size_t offset, std::size_t bytes) {
  host_copied_words result;
  if (bits == nullptr || bytes == 0) return result;
  const word_range r = words_of(offset, bytes);
  std::lock_guard<std::mutex> lock(host_side);
  const std::size_t end = r.first + r.count;
  for (std::size_t page = r.first / words_per_page; page * words_per_page < end; ++page) {
    if (!page_host_written(page)) continue;
    const std::size_t from = std::max(r.first, page * words_per_page);
    const std::size_t to = std::min(end, (page + 1) * words_per_page);
    std::size_t set = 0;
    for (std::size_t w = from; w < to;) {
      const std::size_t in_group = std::min<std::size_t>(64 - w % 64, to - w);
      set += static_cast<std::size_t>(std::popcount(load(w / 64) & group_mask(w, in_group)));
      w += in_group;
    }
    result.words += set;
    if (set == to - from && !result.whole_page) {
      result.whole_page = true;
      result.first_word = from - r.first;
    }
  }
  return result;
}

}  // namespace scanlab::cpu::detail
