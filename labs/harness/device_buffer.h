// Device memory for one case: buffers with guard zones before and after the payload (a write
// just outside `output`, `input` or the workspace damages a guard instead of going unnoticed),
// poison patterns (scanlab/core/guards.h), and chunked transfers (so checking 2^30 elements needs no second host copy).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

#include <cuda_runtime.h>

#include "scanlab/core/guards.h"

namespace scanlab::harness {

// Which buffer a guard zone belongs to: each has its own canary, so that a value copied from one
// buffer's guard into another's is damage too.
enum class guard_tag : unsigned { input = 0, output = 1, workspace = 2 };

// Word k of a guard zone's canary: a signalling NaN (quiet bit clear) whose payload names the
// buffer and the position. Every float operation on a signalling NaN returns a quiet NaN, so a
// store of `sum + input[n]` or `output[n] + carry` past the end can never write the canary back;
// bytes 0 and 1 are never 0x00 or 0xff, so a stored integer-valued float differs in byte 0.
std::uint32_t guard_canary_word(guard_tag tag, std::size_t k);

class guarded_buffer {
 public:
  static constexpr std::size_t guard_bytes = core::guard_bytes;

  guarded_buffer() = default;
  guarded_buffer(const guarded_buffer&) = delete;
  guarded_buffer& operator=(const guarded_buffer&) = delete;
  ~guarded_buffer();

  // One cudaMalloc of guard + payload + guard; the guards get the tag's canary pattern. In an
  // AddressSanitizer build (cpu-asan) the guards are also poisoned, so that a kernel's read of
  // input[n] (or any access just outside a buffer) is reported by ASan at its line.
  cudaError_t allocate(std::size_t payload_bytes, guard_tag tag = guard_tag::output);
  void* data() const { return base_ == nullptr ? nullptr : base_ + guard_bytes; }
  std::size_t bytes() const { return bytes_; }
  guard_tag tag() const { return tag_; }
  // Where the buffer lies, guards included (for naming the address of a sanitizer report).
  const unsigned char* base() const { return base_; }

  struct damage {
    bool before = false;       // in the guard before the payload, else after it
    std::size_t distance = 0;  // bytes from the payload's edge to the damaged byte nearest to it
  };
  // Reads both guards back. `found` is empty when they are intact.
  cudaError_t check_guards(std::optional<damage>& found) const;

 private:
  void poison_guards(bool poisoned) const;  // no-op unless built with AddressSanitizer
  unsigned char canary_byte(std::size_t k) const;
  unsigned char* base_ = nullptr;
  std::size_t bytes_ = 0;
  guard_tag tag_ = guard_tag::output;
};

cudaError_t fill_words(void* device, std::uint32_t word, std::size_t words);
cudaError_t upload(void* device, const void* host, std::size_t bytes);
cudaError_t download(void* host, const void* device, std::size_t bytes);

// Calls visit(chunk, first_index, count) for consecutive pieces of a device float array, in order.
cudaError_t for_each_chunk(const float* device, std::size_t n,
                           const std::function<void(const float*, std::size_t, std::size_t)>& visit);

// Free device memory (bytes), or nullopt where it cannot be asked.
std::optional<std::size_t> free_device_memory();
// Available host memory (bytes), or nullopt where unknown.
std::optional<std::size_t> available_host_memory();

}  // namespace scanlab::harness
