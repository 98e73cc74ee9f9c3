// Shared memory of the block that is running on this OS thread. Variables are laid out on first
// use, each filled with a NaN poison (uninitialised reads show up as NaN) and followed by a
// guard zone: canaries checked when the block ends, or ASan poison in the sanitizer build.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace scanlab::cpu::detail {

class shared_arena {
 public:
  // Limits as on the GPU: 48 KiB of static shared memory per block; dynamic up to the opt-in max.
  static constexpr std::size_t static_limit = 48 * 1024;
  static constexpr std::size_t optin_limit = 227 * 1024;

  shared_arena();
  ~shared_arena();

  void begin_block(std::size_t dynamic_bytes);
  // nullptr with `error` set when the block exceeds the shared-memory limit.
  void* allocate(std::size_t bytes, std::size_t alignment, std::size_t element_bytes, const char* name,
                 const char* file, int line, std::string& error);
  void* dynamic_base() const { return dynamic_; }
  // A report of the first variable whose guard zone was written, if any.
  std::optional<std::string> check_guards() const;
  std::uint64_t epoch() const { return epoch_; }

  // For the access checks: where this block's shared memory lies, and which variable holds a byte.
  struct variable {
    std::string name, file;
    int line;
    std::size_t offset, bytes;
    std::size_t element_bytes;  // 0 where unknown (dynamic shared memory)
    // The element an arena offset falls in; dynamic shared memory counts in the access's size.
    std::size_t element_at(std::size_t arena_offset, std::size_t access_bytes) const {
      return (arena_offset - offset) / (element_bytes != 0 ? element_bytes : access_bytes);
    }
  };
  const unsigned char* base() const { return memory_; }
  std::size_t used() const { return used_; }
  const variable* find(std::size_t offset) const;
  const std::vector<variable>& variables() const { return variables_; }
  // True while [offset, offset + bytes) still holds the poison written at block start.
  bool still_poison(std::size_t offset, std::size_t bytes) const;

 private:
  unsigned char* memory_ = nullptr;
  std::size_t capacity_ = 0;
  std::size_t used_ = 0;
  std::size_t static_bytes_ = 0;
  void* dynamic_ = nullptr;
  std::vector<variable> variables_;
  std::uint64_t epoch_ = 0;
};

shared_arena& this_arena();

}  // namespace scanlab::cpu::detail
