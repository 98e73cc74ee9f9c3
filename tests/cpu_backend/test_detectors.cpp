// Each detector of the CPU backend catches its bug and stays silent on the correct twin.
#include <cmath>
#include <fstream>
#include <random>
#include <string>

#include "buggy_kernels.h"
#include "scanlab/backend.h"
#include "scanlab/schedule_differential.h"
#include "scanlab_catch.hpp"
#include "source_marker.h"

using namespace buggy;
using scanlab::backend::order;

namespace {

// The line of buggy_kernels.cu that carries `marker`, as reports should name it.
std::string marker_line(const std::string& marker) {
  const std::string found = source_marker_line(BUGGY_KERNELS_SOURCE, marker);
  if (found.empty()) FAIL("marker " << marker << " not found");
  return found;
}

std::vector<float> small_integers(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<float> v(n);
  for (float& x : v) x = static_cast<float>(static_cast<int>(rng() % 7) - 3);
  return v;
}

bool is_section_scan(const std::vector<float>& in, const std::vector<float>& out, std::size_t section) {
  float running = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (i % section == 0) running = 0;
    running += in[i];
    if (out[i] != running) return false;
  }
  return true;
}

struct quiet_reports {
  quiet_reports() {
    scanlab::backend::set_print_reports(false);
    scanlab::backend::take_report();
  }
  ~quiet_reports() {
    scanlab::backend::set_print_reports(true);
    scanlab::backend::set_schedule(order::forward, order::forward, 1);
  }
};

}  // namespace

TEST_CASE("schedule differential: an in-place Kogge-Stone race changes the output", "[detectors]") {
  quiet_reports quiet;
  auto in = small_integers(3000, 1);
  auto race = scanlab::compare_schedules([&] { return kogge_stone(in, true).output; }, 5);
  REQUIRE(race.has_value());
  CHECK(race->first_value != race->second_value);
  CHECK(race->index % 1024 != 0);  // the first element of a section has nothing to race with
  CHECK_FALSE(race->blocks);  // a race between threads: the threads' order alone changes the output
  CHECK(race->second_blocks == scanlab::backend::order::forward);
}

TEST_CASE("schedule differential: the double-barrier Kogge-Stone is stable", "[detectors]") {
  quiet_reports quiet;
  auto in = small_integers(3000, 2);
  auto race = scanlab::compare_schedules([&] { return kogge_stone(in, false).output; }, 5);
  CHECK_FALSE(race.has_value());
  CHECK(is_section_scan(in, kogge_stone(in, false).output, 1024));
}

TEST_CASE("divergent barrier: __syncthreads inside if (i < n)", "[detectors]") {
  quiet_reports quiet;
  auto in = small_integers(1500, 3);  // second block is partial
  auto r = barrier_in_branch(in, barrier_variant::inside_if);
  CHECK(r.error == cudaErrorLaunchFailure);
  auto report = scanlab::backend::take_report();
  CHECK(report.kind == "divergent barrier");
  CHECK_THAT(report.message, scanlab_test::contains_text(marker_line("BARRIER_INSIDE_IF")));
  // Which threads wait and which have left, by number: 1500 - 1024 = 476 live ones in block 1.
  CHECK_THAT(report.message, scanlab_test::contains_text("476 threads (0-475) wait"));
  CHECK_THAT(report.message, scanlab_test::contains_text("548 threads (476-1023) have already exited (ran to the end "
                                                         "of the kernel before reaching any barrier)"));
}

TEST_CASE("divergent barrier: early return before __syncthreads", "[detectors]") {
  quiet_reports quiet;
  auto in = small_integers(1100, 4);
  auto r = barrier_in_branch(in, barrier_variant::after_return);
  CHECK(r.error == cudaErrorLaunchFailure);
  auto report = scanlab::backend::take_report();
  CHECK(report.kind == "divergent barrier");
  CHECK_THAT(report.message, scanlab_test::contains_text(marker_line("BARRIER_AFTER_RETURN")));
  // The threads past n = 1100 left by the kernel's own `return`, named by its line.
  CHECK_THAT(report.message, scanlab_test::contains_text("948 threads (76-1023) have already exited (returned at "));
  CHECK_THAT(report.message, scanlab_test::contains_text(marker_line("EARLY_RETURN") + " before reaching any barrier)"));
}

TEST_CASE("divergent barrier: not reported when all threads reach the barriers", "[detectors]") {
  quiet_reports quiet;
  auto in = small_integers(1500, 3);
  auto r = barrier_in_branch(in, barrier_variant::correct);
  CHECK(r.error == cudaSuccess);
  CHECK(scanlab::backend::take_report().kind.empty());
  CHECK(is_section_scan(in, r.output, 1024));
}

TEST_CASE("uninitialised shared memory reads as NaN", "[detectors]") {
  quiet_reports quiet;
  auto r = uninitialized_shared_read(256);
  REQUIRE(r.error == cudaSuccess);
  CHECK(r.output[0] == 1.0f);
  CHECK(std::isnan(r.output[1]));
  CHECK(std::isnan(r.output[255]));
}

TEST_CASE("out-of-bounds global write past the end is reported", "[detectors]") {
  quiet_reports quiet;
  auto ok = tail_write(1000, false);
  CHECK(ok.error == cudaSuccess);
  CHECK(scanlab::backend::take_report().kind.empty());
  auto bad = tail_write(1000, true);
  CHECK(bad.error == cudaErrorIllegalAddress);
  auto report = scanlab::backend::take_report();
  CHECK(report.kind == "global memory out of bounds");
  CHECK_THAT(report.message, scanlab_test::contains_text("past its end"));
  CHECK_THAT(report.message, scanlab_test::contains_text("write_tail"));
}

TEST_CASE("a misaligned float4 load fails as on a GPU, naming its line", "[detectors]") {
  quiet_reports quiet;
  const auto aligned = misaligned_vector_load(0);
  CHECK(aligned.error == cudaSuccess);
  CHECK(aligned.output[1] == 4 + 0 + 1 + 2);  // elements 4..7 of i % 5
  CHECK(scanlab::backend::take_report().kind.empty());
  CHECK(misaligned_vector_load(1).error == cudaErrorMisalignedAddress);
  const auto report = scanlab::backend::take_report();
  CHECK(report.kind == "misaligned address");
  CHECK_THAT(report.message, scanlab_test::contains_text("float4"));
  CHECK_THAT(report.message, scanlab_test::contains_text("4 bytes past a multiple of 16"));
  CHECK_THAT(report.message, scanlab_test::contains_text(marker_line("MISALIGNED_LOAD")));
  CHECK_THAT(report.message, scanlab_test::contains_text("vector_sums"));
  // Taking the report ends the failure, as cudaDeviceReset would: the next case starts clean.
  CHECK(cudaGetLastError() == cudaSuccess);
  CHECK(misaligned_vector_load(0).error == cudaSuccess);
}

TEST_CASE("a misaligned read in host code is left alone", "[detectors]") {
  quiet_reports quiet;
  CHECK(host_misaligned_read() == 2 + 3 + 4 + 5 + 2);
  CHECK(scanlab::backend::take_report().kind.empty());
}

TEST_CASE("out-of-bounds shared write is reported with the variable's name", "[detectors]") {
  quiet_reports quiet;
  CHECK(shared_overflow(false).error == cudaSuccess);
  CHECK(scanlab::backend::take_report().kind.empty());
  CHECK(shared_overflow(true).error == cudaErrorIllegalAddress);
  auto report = scanlab::backend::take_report();
  CHECK(report.kind == "shared memory out of bounds");
  CHECK_THAT(report.message, scanlab_test::contains_text("`small`"));
}

TEST_CASE("hang: a chain on blockIdx.x waits for blocks that have not started", "[detectors]") {
  quiet_reports quiet;
  auto in = small_integers(8 * 1024, 6);
  SECTION("forward block order happens to work") {
    auto r = chained_on_block_index(in);
    CHECK(r.error == cudaSuccess);
  }
  SECTION("reverse block order works while all blocks can be resident together, as on a GPU") {
    scanlab::backend::set_schedule(order::forward, order::reverse, 1);
    auto r = chained_on_block_index(in);
    CHECK(r.error == cudaSuccess);  // each block waited while its predecessors ran beside it
  }
  SECTION("blocks one at a time (the labs' harness): reverse order hangs, reported at once") {
    scanlab::backend::set_resident_blocks(1);
    scanlab::backend::set_schedule(order::forward, order::reverse, 1);
    auto r = chained_on_block_index(in);
    scanlab::backend::set_resident_blocks(0);
    CHECK(r.error == cudaErrorLaunchTimeout);
    auto report = scanlab::backend::take_report();
    CHECK(report.kind == "hang");
    CHECK_THAT(report.message, scanlab_test::contains_text("blocks finished: 0 of 8"));
    CHECK_THAT(report.message, scanlab_test::contains_text("blocks run one at a time in this run (a GPU would hold 264 of this launch at once), 7 not started"));
    CHECK_THAT(report.message, scanlab_test::contains_text("block (7,0,0) spins at " + marker_line("SPIN_ON_PREDECESSOR")));
    CHECK_THAT(report.message, scanlab_test::contains_text("atomic ticket"));
  }
}

TEST_CASE("hang: a wait on a flag nothing will ever set is ended by the watchdog", "[detectors]") {
  quiet_reports quiet;
  auto in = small_integers(8 * 1024, 6);
  // Blocks resident together cannot help a block 7 whose predecessors never publish; the plain
  // loop (not volatile: the compiler may keep the flag in a register) gives the spin detection
  // nothing to see, so the watchdog ends it, naming where each thread is.
  scanlab::backend::set_watchdog_seconds(0.5);
  scanlab::backend::set_schedule(order::forward, order::reverse, 1);
  auto r = spin_on_unset_flag(in);
  scanlab::backend::set_watchdog_seconds(10);
  CHECK(r.error == cudaErrorLaunchTimeout);
  auto report = scanlab::backend::take_report();
  CHECK(report.kind == "hang");
  CHECK_THAT(report.message, scanlab_test::contains_text("blocks finished: 0 of 8"));
  CHECK_THAT(report.message, scanlab_test::contains_text("running block (7,0,0)"));
  CHECK_THAT(report.message, scanlab_test::contains_text("thread (0,0,0) is running"));
}

TEST_CASE("deadlock: a full-mask shuffle after half the warp returned", "[detectors]") {
  quiet_reports quiet;
  auto r = shuffle_after_partial_return();
  CHECK(r.error == cudaErrorLaunchFailure);
  auto report = scanlab::backend::take_report();
  CHECK(report.kind == "deadlock");
  CHECK_THAT(report.message, scanlab_test::contains_text(marker_line("SHUFFLE_AFTER_RETURN")));
  CHECK_THAT(report.message, scanlab_test::contains_text("for lanes 16-31"));
}

TEST_CASE("deadlock: a cuda::barrier wait that no other thread can complete", "[detectors]") {
  quiet_reports quiet;
  auto r = barrier_missing_arrival();
  CHECK(r.error == cudaErrorLaunchFailure);
  auto report = scanlab::backend::take_report();
  CHECK(report.kind == "deadlock");
  CHECK_THAT(report.message, scanlab_test::contains_text("thread (0,0,0) waits on an arrive/wait barrier"));
  CHECK_THAT(report.message, scanlab_test::contains_text("no other thread of the block can run"));
}

TEST_CASE("a host pointer passed to a kernel is refused", "[detectors]") {
  quiet_reports quiet;
  auto r = host_pointer_argument();
  CHECK(r.error == cudaErrorIllegalAddress);
  CHECK(scanlab::backend::take_report().kind == "host pointer passed to a kernel");
}
