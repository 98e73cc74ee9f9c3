// Large case files (inputs and raw outputs of 2^27 elements) mapped instead of read into vectors.
// Profiling a GPU batch (on an H100) found the machine spending two thirds
// of its CPU time in the kernel: a fresh 4 KiB page fault for every page of every gigabyte buffer a
// case allocated, read into and freed, 16 labs at once contending on the page allocator. A mapping
// made with MAP_POPULATE is filled in one system call, and a tmpfs file's mapping shares its pages
// with the file, so nothing is copied.
#pragma once

#include <cstddef>
#include <string>

namespace scanlab::grader {

class mapped_file {
 public:
  // The whole file, read-only (a private mapping: nothing the reader does reaches the file).
  // Empty when the file is empty; throws std::runtime_error when it cannot be opened or mapped.
  static mapped_file read(const std::string& path);
  // A new file of `bytes` bytes (an existing one is replaced), mapped for writing.
  static mapped_file create(const std::string& path, std::size_t bytes);

  mapped_file() = default;
  mapped_file(mapped_file&& other) noexcept { swap(other); }
  mapped_file& operator=(mapped_file&& other) noexcept {
    mapped_file gone(std::move(*this));
    swap(other);
    return *this;
  }
  mapped_file(const mapped_file&) = delete;
  mapped_file& operator=(const mapped_file&) = delete;
  ~mapped_file();

  unsigned char* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  void swap(mapped_file& other) noexcept;
  unsigned char* data_ = nullptr;
  std::size_t size_ = 0;
};

// Host memory for buffers of up to a case's size that a process reuses from case to case: grows,
// never shrinks, its pages faulted in at once (MAP_POPULATE) when it grows.
class reusable_buffer {
 public:
  reusable_buffer() = default;
  reusable_buffer(const reusable_buffer&) = delete;
  reusable_buffer& operator=(const reusable_buffer&) = delete;
  ~reusable_buffer();
  // At least `bytes` bytes; the contents are undefined after a growth.
  unsigned char* get(std::size_t bytes);

 private:
  unsigned char* data_ = nullptr;
  std::size_t capacity_ = 0;
};

}  // namespace scanlab::grader
