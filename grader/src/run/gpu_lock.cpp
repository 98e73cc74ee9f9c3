#include "run/gpu_lock.h"
#include "util/trace.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace scanlab::grader {

namespace {

// The device's name in a file name: CUDA_VISIBLE_DEVICES=2,3 -> "2", a UUID as it is.
std::string device_name() {
  const char* visible = std::getenv("CUDA_VISIBLE_DEVICES");
  std::string d;
  for (const char* p = visible ? visible : ""; *p && *p != ','; ++p)
    if ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '-') d += *p;
  return d.empty() ? "0" : d;
}

int open_lock(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);  // close-on-exec: runners never hold it
  if (fd >= 0) ::fchmod(fd, 0666);  // graders of other users on this machine share it (umask aside)
  return fd;
}

bool take(int fd, int operation) {
  while (::flock(fd, operation) != 0)
    if (errno != EINTR) return false;
  return true;
}

void warn_once(const std::string& path) {
  static std::atomic<bool> warned{false};
  if (!warned.exchange(true))
    std::fprintf(stderr, "scanlab grade: cannot lock %s; GPU timings are not protected from concurrent runs\n",
                 path.c_str());
}

}  // namespace

std::string gpu_lock::path() {
  const char* dir = std::getenv("SCANLAB_GPU_LOCK_DIR");
  return std::string(dir && *dir ? dir : "/tmp") + "/scanlab-gpu-" + device_name() + ".lock";
}

gpu_lock::gpu_lock(mode m) {
  if (m == mode::none) return;
  const trace_span span(m == mode::exclusive ? "lock-wait exclusive" : "lock-wait shared");
  const std::string lock_path = path();
  const int turnstile = open_lock(lock_path.substr(0, lock_path.size() - 5) + ".turnstile");
  fd_ = open_lock(lock_path);
  if (turnstile < 0 || fd_ < 0 || !take(turnstile, LOCK_EX) ||
      !take(fd_, m == mode::exclusive ? LOCK_EX : LOCK_SH)) {
    warn_once(lock_path);
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  if (turnstile >= 0) ::close(turnstile);  // releases it: the next in line may queue for the lock
}

gpu_lock::~gpu_lock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace scanlab::grader
