#include "util/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace scanlab::grader {
namespace {

[[noreturn]] void fail(const std::string& what, const std::string& path) {
  throw std::runtime_error(what + " " + path + ": " + std::strerror(errno));
}

// A file descriptor closed on every path out.
struct descriptor {
  int fd;
  ~descriptor() {
    if (fd >= 0) close(fd);
  }
};

}  // namespace

mapped_file mapped_file::read(const std::string& path) {
  const descriptor d{open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (d.fd < 0) fail("cannot open", path);
  struct stat st{};
  if (fstat(d.fd, &st) != 0) fail("cannot stat", path);
  mapped_file m;
  if (st.st_size == 0) return m;
  void* p = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, d.fd, 0);
  if (p == MAP_FAILED) fail("cannot map", path);
  m.data_ = static_cast<unsigned char*>(p);
  m.size_ = static_cast<std::size_t>(st.st_size);
  return m;
}

mapped_file mapped_file::create(const std::string& path, std::size_t bytes) {
  const descriptor d{open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)};
  if (d.fd < 0) fail("cannot create", path);
  if (ftruncate(d.fd, static_cast<off_t>(bytes)) != 0) fail("cannot size", path);
  mapped_file m;
  if (bytes == 0) return m;
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, d.fd, 0);
  if (p == MAP_FAILED) fail("cannot map", path);
  m.data_ = static_cast<unsigned char*>(p);
  m.size_ = bytes;
  return m;
}

mapped_file::~mapped_file() {
  if (data_) munmap(data_, size_);
}

void mapped_file::swap(mapped_file& other) noexcept {
  std::swap(data_, other.data_);
  std::swap(size_, other.size_);
}

reusable_buffer::~reusable_buffer() {
  if (data_) munmap(data_, capacity_);
}

unsigned char* reusable_buffer::get(std::size_t bytes) {
  if (bytes <= capacity_) return data_;
  if (data_) munmap(data_, capacity_);
  data_ = nullptr;
  capacity_ = 0;
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  if (p == MAP_FAILED) throw std::runtime_error(std::string("cannot allocate host memory: ") + std::strerror(errno));
  data_ = static_cast<unsigned char*>(p);
  capacity_ = bytes;
  return data_;
}

}  // namespace scanlab::grader
