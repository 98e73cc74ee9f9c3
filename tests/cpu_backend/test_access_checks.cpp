// The access checks name each race and uninitialised shared read by variable, element, lines and
// barriers, and stay quiet on correct code (atomics, shuffles, lanes ordered by __syncwarp).
#include <random>
#include <string>

#include "access_kernels.h"
#include "scanlab/backend.h"
#include "scanlab_catch.hpp"
#include "source_marker.h"

namespace {

// "access_kernels.cu:N" for the line that carries `marker`.
std::string line_of(const std::string& marker) {
  const std::string found = source_marker_line(ACCESS_KERNELS_SOURCE, marker);
  if (found.empty()) FAIL("marker " << marker << " not found");
  return found;
}

std::vector<float> random_integers(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<float> v(n);
  for (float& x : v) x = static_cast<float>(static_cast<int>(rng() % 9) - 4);
  return v;
}

// Runs the kernel with the checks on and returns what they found.
std::vector<scanlab::backend::access_finding> findings_of(access_probe::kernel k, std::size_t n) {
  scanlab::backend::set_print_reports(false);
  scanlab::backend::take_access_findings();
  const bool on = scanlab::backend::set_access_checks(true);
  REQUIRE(on);
  access_probe::run(k, random_integers(n, 7));
  scanlab::backend::set_access_checks(false);
  scanlab::backend::take_report();
  scanlab::backend::set_print_reports(true);
  return scanlab::backend::take_access_findings();
}

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("access checks: a flag flipped before the other threads have read it is a race on the flag",
          "[access_checks]") {
  const auto found = findings_of(access_probe::kernel::flag_flipped_early, 200);
  REQUIRE_FALSE(found.empty());
  const auto& f = found.front();
  INFO(f.report);
  CHECK(mentions(f.summary, "race on `which`"));
  CHECK(mentions(f.report, line_of("FLIPS_FLAG")));
  CHECK(mentions(f.report, line_of("READS_FLAG")));
  CHECK(mentions(f.report, "after the barrier at " + line_of("LOOP_BARRIER")));
  CHECK(mentions(f.report, "if (t == 0) which = 1 - which;"));  // the line's code
  CHECK(mentions(f.report, "thread 0 wrote it"));
}

TEST_CASE("access checks: a read of a shared element no thread wrote names the element and line",
          "[access_checks]") {
  const auto found = findings_of(access_probe::kernel::mirrored_tail, 100);
  REQUIRE(found.size() == 1);
  const auto& f = found.front();
  INFO(f.report);
  CHECK(mentions(f.summary, "uninitialised shared memory `tile["));
  CHECK(mentions(f.report, line_of("READS_UNWRITTEN")));
  // Thread 0 reads tile[255] first (forward order): the first element beyond the 100 written.
  CHECK(mentions(f.summary, "`tile[255]`"));
}

TEST_CASE("access checks: threads of a block racing on global memory", "[access_checks]") {
  const auto found = findings_of(access_probe::kernel::neighbour_in_global, 64);
  REQUIRE_FALSE(found.empty());
  const auto& f = found.front();
  INFO(f.report);
  CHECK(mentions(f.summary, "race on global memory"));
  CHECK(mentions(f.report, line_of("READS_NEIGHBOUR")));
  CHECK(mentions(f.report, line_of("WRITES_GLOBAL")));
}

TEST_CASE("access checks: correct kernels raise no finding", "[access_checks]") {
  for (access_probe::kernel k : {access_probe::kernel::flag_flipped_safely, access_probe::kernel::quiet_patterns,
                                 access_probe::kernel::same_value_and_cas}) {
    const auto found = findings_of(k, 250);
    for (const auto& f : found) INFO(f.report);
    CHECK(found.empty());
  }
}

TEST_CASE("access checks: off, a racy launch records nothing", "[access_checks]") {
  scanlab::backend::set_access_checks(false);
  scanlab::backend::take_access_findings();
  access_probe::run(access_probe::kernel::flag_flipped_early, random_integers(200, 3));
  CHECK(scanlab::backend::take_access_findings().empty());
}
