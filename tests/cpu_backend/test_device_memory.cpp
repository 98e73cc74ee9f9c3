// Device memory as host code sees it on the CPU backend (issue 38): out of host code's reach, yet
// the runtime API and kernels work on it as before; and who last wrote it, the host (a copy from
// host memory, a fill) or a kernel, for the harnesses' "computed on the host" verdict. A host read
// that must fault is host_access_probe.cu's job (a process that dies).
#include <unistd.h>

#include <numeric>
#include <vector>

#include "device_memory_kernels.h"
#include "scanlab/backend.h"
#include "scanlab/cpu/control.h"
#include "scanlab_catch.hpp"

namespace {

// Several pages: a kernel's write is seen a page at a time.
const unsigned page_floats = static_cast<unsigned>(sysconf(_SC_PAGESIZE)) / sizeof(float);
const unsigned n = 4 * page_floats;

struct device_floats {
  float* p = nullptr;
  explicit device_floats(std::size_t count) { REQUIRE(cudaMalloc(&p, count * sizeof(float)) == cudaSuccess); }
  ~device_floats() { cudaFree(p); }
};

std::vector<float> iota(std::size_t count) {
  std::vector<float> v(count);
  std::iota(v.begin(), v.end(), 0.0f);
  return v;
}

std::vector<float> download(const float* device, std::size_t count) {
  std::vector<float> h(count);
  REQUIRE(cudaMemcpy(h.data(), device, count * sizeof(float), cudaMemcpyDeviceToHost) == cudaSuccess);
  return h;
}

void upload(float* device, const std::vector<float>& h) {
  REQUIRE(cudaMemcpy(device, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice) == cudaSuccess);
}

scanlab::backend::host_copied_output host_copied(const float* device) {
  return scanlab::backend::find_host_copied(device, n);
}

}  // namespace

TEST_CASE("device memory: copies, fills and kernels reach it", "[device_memory]") {
  device_floats a(n), b(n);
  upload(a.p, iota(n));
  REQUIRE(download(a.p, n) == iota(n));
  REQUIRE(cudaMemcpy(b.p, a.p, n * sizeof(float), cudaMemcpyDeviceToDevice) == cudaSuccess);
  CHECK(download(b.p, n) == iota(n));
  REQUIRE(cudaMemset(b.p, 0, n * sizeof(float)) == cudaSuccess);
  CHECK(download(b.p, n) == std::vector<float>(n, 0.0f));
  // A kernel writes memory the host wrote last (its first write to each page is the arena's).
  REQUIRE(devmem::write_indices(b.p, n) == cudaSuccess);
  CHECK(download(b.p, n) == iota(n));
  // Two rows of 16 floats with pitches of 32 and 16 floats.
  std::vector<float> rows(32, 1.0f);
  REQUIRE(cudaMemcpy2D(a.p, 32 * sizeof(float), rows.data(), 16 * sizeof(float), 16 * sizeof(float), 2,
                       cudaMemcpyHostToDevice) == cudaSuccess);
  const std::vector<float> back = download(a.p, 48);
  CHECK(back[15] == 1.0f);
  CHECK(back[16] == 16.0f);
  CHECK(back[32] == 1.0f);
}

TEST_CASE("device memory: trusted code reads and writes it through host_view", "[device_memory]") {
  device_floats a(n);
  upload(a.p, iota(n));
  float* view = scanlab::cpu::host_view(a.p);
  CHECK(view != a.p);
  CHECK(view[7] == 7.0f);
  view[7] = -1.0f;
  CHECK(download(a.p, 8)[7] == -1.0f);
  std::vector<float> host(4);
  CHECK(scanlab::cpu::host_view(host.data()) == host.data());  // other memory is itself
}

TEST_CASE("last writer: a copy from host memory is the host's, a kernel's write is not", "[device_memory]") {
  device_floats out(n);
  upload(out.p, iota(n));
  auto copied = host_copied(out.p);
  CHECK(copied.found);
  CHECK(copied.first == 0);
  CHECK(copied.elements == n);
  REQUIRE(devmem::write_indices(out.p, n) == cudaSuccess);
  copied = host_copied(out.p);
  CHECK_FALSE(copied.found);
  CHECK(copied.elements == 0);
}

TEST_CASE("last writer: a kernel that only reads host data leaves it the host's", "[device_memory]") {
  device_floats in(n), sum(1);
  upload(in.p, std::vector<float>(n, 1.0f));
  REQUIRE(devmem::sum_into(in.p, n, sum.p) == cudaSuccess);
  CHECK(download(sum.p, 1)[0] == static_cast<float>(n));
  CHECK(host_copied(in.p).found);
  CHECK_FALSE(scanlab::backend::find_host_copied(sum.p, 1).found);
}

TEST_CASE("last writer: a device-to-device copy carries the source's writer", "[device_memory]") {
  device_floats host_written(n), kernel_written(n), out(n);
  upload(host_written.p, iota(n));
  REQUIRE(devmem::write_indices(kernel_written.p, n) == cudaSuccess);
  REQUIRE(cudaMemcpy(out.p, host_written.p, n * sizeof(float), cudaMemcpyDeviceToDevice) == cudaSuccess);
  CHECK(host_copied(out.p).found);
  CHECK(host_copied(out.p).elements == n);
  REQUIRE(cudaMemcpy(out.p, kernel_written.p, n * sizeof(float), cudaMemcpyDeviceToDevice) == cudaSuccess);
  CHECK_FALSE(host_copied(out.p).found);
  CHECK(host_copied(out.p).elements == 0);
  // Shifted by one element, overlapping itself (memmove's case): still the host's.
  upload(out.p, iota(n));
  REQUIRE(cudaMemcpy(out.p + 1, out.p, (n - 1) * sizeof(float), cudaMemcpyDeviceToDevice) == cudaSuccess);
  CHECK(host_copied(out.p).elements == n);
}

TEST_CASE("last writer: cudaMemset is the host's, and forget_writers forgets", "[device_memory]") {
  device_floats out(n);
  REQUIRE(cudaMemset(out.p, 0, n * sizeof(float)) == cudaSuccess);
  CHECK(host_copied(out.p).found);
  scanlab::backend::forget_writers(out.p, n * sizeof(float));
  CHECK_FALSE(host_copied(out.p).found);
  CHECK(host_copied(out.p).elements == 0);
}

TEST_CASE("last writer: a kernel's write counts for its whole page, a host write for its bytes", "[device_memory]") {
  device_floats out(n);
  upload(out.p, iota(n));
  // One element written by a kernel takes its page from the host's count.
  REQUIRE(devmem::write_one(out.p, n / 2, 5.0f) == cudaSuccess);
  auto copied = host_copied(out.p);
  CHECK(copied.found);
  CHECK(copied.elements == n - page_floats);
  CHECK(download(out.p, n)[n / 2] == 5.0f);
  // After a kernel wrote everything, one element copied in from the host is no computed output.
  REQUIRE(devmem::write_indices(out.p, n) == cudaSuccess);
  const float one = 1.0f;
  REQUIRE(cudaMemcpy(out.p + 5, &one, sizeof one, cudaMemcpyHostToDevice) == cudaSuccess);
  copied = host_copied(out.p);
  CHECK_FALSE(copied.found);
  CHECK(copied.elements == 1);
}
