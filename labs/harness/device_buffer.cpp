#include "device_buffer.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define SCANLAB_HARNESS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SCANLAB_HARNESS_ASAN 1
#endif
#endif
#ifdef SCANLAB_HARNESS_ASAN
#include <sanitizer/asan_interface.h>
#endif

namespace scanlab::harness {

namespace {

constexpr std::size_t chunk_bytes = std::size_t(16) << 20;

}  // namespace

std::uint32_t guard_canary_word(guard_tag tag, std::size_t k) {
  const auto t = static_cast<std::uint32_t>(tag);
  const std::uint32_t b0 = 1 + static_cast<std::uint32_t>((k * 0x3b + t * 0x61 + 0x5a) % 253);  // 0x01..0xfd
  const std::uint32_t b1 = 1 + static_cast<std::uint32_t>((k * 0x65 + t * 0x4f + 0x2c) % 253);  // 0x01..0xfd
  // Exponent all ones, quiet bit (22) clear, payload bits 18-21 = tag + 1 (never zero: a NaN,
  // not infinity), bits 16-17 and bytes 0-1 from the position.
  return 0x7f800000u | ((t + 1) & 0xfu) << 18 | static_cast<std::uint32_t>(k & 3) << 16 | b1 << 8 | b0;
}

unsigned char guarded_buffer::canary_byte(std::size_t k) const {
  const std::uint32_t word = guard_canary_word(tag_, k / 4);
  return static_cast<unsigned char>(word >> (8 * (k % 4)));  // little-endian, like the device
}

void guarded_buffer::poison_guards([[maybe_unused]] bool poisoned) const {
#ifdef SCANLAB_HARNESS_ASAN
  if (base_ == nullptr) return;
  if (poisoned) {
    ASAN_POISON_MEMORY_REGION(base_, guard_bytes);
    ASAN_POISON_MEMORY_REGION(base_ + guard_bytes + bytes_, guard_bytes);
  } else {
    ASAN_UNPOISON_MEMORY_REGION(base_, guard_bytes);
    ASAN_UNPOISON_MEMORY_REGION(base_ + guard_bytes + bytes_, guard_bytes);
  }
#endif
}

guarded_buffer::~guarded_buffer() {
  if (base_ != nullptr) {
    poison_guards(false);
    cudaFree(base_);
  }
}

cudaError_t guarded_buffer::allocate(std::size_t payload_bytes, guard_tag tag) {
  if (base_ != nullptr) {
    poison_guards(false);
    cudaFree(base_);
  }
  base_ = nullptr;
  bytes_ = payload_bytes;
  tag_ = tag;
  void* p = nullptr;
  if (cudaError_t e = cudaMalloc(&p, payload_bytes + 2 * guard_bytes); e != cudaSuccess) return e;
  base_ = static_cast<unsigned char*>(p);
  std::vector<unsigned char> canary(guard_bytes);
  for (std::size_t k = 0; k < guard_bytes; ++k) canary[k] = canary_byte(k);
  if (cudaError_t e = upload(base_, canary.data(), guard_bytes); e != cudaSuccess) return e;
  if (cudaError_t e = upload(base_ + guard_bytes + payload_bytes, canary.data(), guard_bytes); e != cudaSuccess)
    return e;
  poison_guards(true);
  return cudaSuccess;
}

cudaError_t guarded_buffer::check_guards(std::optional<damage>& found) const {
  found.reset();
  if (base_ == nullptr) return cudaSuccess;
  std::vector<unsigned char> before(guard_bytes), after(guard_bytes);
  poison_guards(false);
  cudaError_t e = download(before.data(), base_, guard_bytes);
  if (e == cudaSuccess) e = download(after.data(), base_ + guard_bytes + bytes_, guard_bytes);
  poison_guards(true);
  if (e != cudaSuccess) return e;
  // The damaged byte nearest to the payload says most about the bug (an off-by-one is 0 away).
  for (std::size_t k = 0; k < guard_bytes; ++k) {
    if (after[k] != canary_byte(k)) {
      found = damage{false, k};
      break;
    }
  }
  for (std::size_t d = 1; d <= guard_bytes; ++d) {
    const std::size_t k = guard_bytes - d;
    if (before[k] != canary_byte(k)) {
      if (!found || d <= found->distance) found = damage{true, d};
      break;
    }
  }
  return cudaSuccess;
}

cudaError_t upload(void* device, const void* host, std::size_t bytes) {
  auto* d = static_cast<unsigned char*>(device);
  auto* h = static_cast<const unsigned char*>(host);
  for (std::size_t done = 0; done < bytes; done += chunk_bytes) {
    const std::size_t count = std::min(chunk_bytes, bytes - done);
    if (cudaError_t e = cudaMemcpy(d + done, h + done, count, cudaMemcpyHostToDevice); e != cudaSuccess) return e;
  }
  return cudaSuccess;
}

cudaError_t download(void* host, const void* device, std::size_t bytes) {
  auto* h = static_cast<unsigned char*>(host);
  auto* d = static_cast<const unsigned char*>(device);
  for (std::size_t done = 0; done < bytes; done += chunk_bytes) {
    const std::size_t count = std::min(chunk_bytes, bytes - done);
    if (cudaError_t e = cudaMemcpy(h + done, d + done, count, cudaMemcpyDeviceToHost); e != cudaSuccess) return e;
  }
  return cudaSuccess;
}

cudaError_t fill_words(void* device, std::uint32_t word, std::size_t words) {
  const std::size_t per_chunk = chunk_bytes / sizeof word;
  std::vector<std::uint32_t> pattern(std::min(words, per_chunk), word);
  auto* d = static_cast<std::uint32_t*>(device);
  for (std::size_t done = 0; done < words; done += per_chunk) {
    const std::size_t count = std::min(per_chunk, words - done);
    if (cudaError_t e = cudaMemcpy(d + done, pattern.data(), count * sizeof word, cudaMemcpyHostToDevice);
        e != cudaSuccess)
      return e;
  }
  return cudaSuccess;
}

cudaError_t for_each_chunk(const float* device, std::size_t n,
                           const std::function<void(const float*, std::size_t, std::size_t)>& visit) {
  const std::size_t per_chunk = chunk_bytes / sizeof(float);
  std::vector<float> buffer(std::min(n, per_chunk));
  for (std::size_t done = 0; done < n; done += per_chunk) {
    const std::size_t count = std::min(per_chunk, n - done);
    if (cudaError_t e = cudaMemcpy(buffer.data(), device + done, count * sizeof(float), cudaMemcpyDeviceToHost);
        e != cudaSuccess)
      return e;
    visit(buffer.data(), done, count);
  }
  return cudaSuccess;
}

std::optional<std::size_t> free_device_memory() {
  std::size_t free_bytes = 0, total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) {
    cudaGetLastError();
    return std::nullopt;
  }
  return free_bytes;
}

std::optional<std::size_t> available_host_memory() {
  // MemAvailable counts reclaimable page cache too; sysconf's free pages do not.
  if (std::FILE* f = std::fopen("/proc/meminfo", "r")) {
    char line[256];
    unsigned long long kib = 0;
    bool found = false;
    while (std::fgets(line, sizeof line, f) != nullptr)
      if (std::sscanf(line, "MemAvailable: %llu kB", &kib) == 1) {
        found = true;
        break;
      }
    std::fclose(f);
    if (found) return static_cast<std::size_t>(kib) * 1024;
  }
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return std::nullopt;
  return static_cast<std::size_t>(pages) * static_cast<std::size_t>(page);
}

}  // namespace scanlab::harness
