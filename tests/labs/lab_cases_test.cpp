// The harness's cases of one lab (labs/harness/cases.h: make_cases) as Catch2 test cases, one per
// group of cases, one section per case. A failing section is named by the case (describe()) and
// carries the harness's own report: headline, first mismatch, hint and the replay command of the
// lab's check executable.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "harness/case_runner.h"
#include "harness/cases.h"
#include "harness/report.h"
#include "harness/suite.h"
#include "lab_cases.h"
#include "scanlab/backend.h"
#include "scanlab_catch.hpp"

namespace scanlab::lab_tests {

namespace {

using namespace scanlab::core;
using namespace scanlab::harness;

// The check executables go up to max_n (2^30) on a GPU; as tests, the largest case is 2^26
// (64M elements, 256 MiB per array), which keeps a lab's GPU tests to seconds.
constexpr std::uint64_t gpu_test_max_n = std::uint64_t(1) << 26;

enum class group { edge_sizes, random_sizes, large_sizes, float_data, schedules, block_orders };

struct group_info {
  group id;
  const char* title;
  void (*run)();
};

// What make_cases calls a case (its `why`) decides its group; anything new lands in edge sizes.
group group_of(const case_def& c) {
  if (c.kind == case_kind::schedules) return group::schedules;
  if (c.kind == case_kind::block_order) return group::block_orders;
  if (c.data != data_kind::small_integers) return group::float_data;
  if (c.why == "random") return group::random_sizes;
  if (c.why == "large" || c.why == "max_n" || c.why == "cpu_max_n") return group::large_sizes;
  return group::edge_sizes;
}

struct tested_lab {
  lab_spec spec;
  scan_functions functions;
  std::string check_executable;
};

// A function's static: registration runs during static initialisation, from another file.
tested_lab& lab() {
  static tested_lab the_lab;
  return the_lab;
}

lab_spec spec_for_tests(lab_spec spec) {
  if (!spec.is_cpu()) spec.max_n = std::min(spec.max_n, gpu_test_max_n);
  return spec;
}

// The failure block the check executable prints (--quiet), as text.
std::string harness_report(std::size_t index, std::size_t total, const std::string& description,
                           const case_result& r) {
  char* text = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&text, &size);
  if (out == nullptr) return r.headline + "\nhint: " + r.hint + "\nreplay: " + r.replay;
  reporter(out, false, true).case_finished(index, total, description, r);
  std::fclose(out);
  std::string report(text, size);
  std::free(text);
  return report;
}

void run_group(group g) {
  // After a sticky CUDA error no later case can run in this process.
  static bool context_lost = false;
  runner_context ctx;
  ctx.spec = spec_for_tests(lab().spec);
  ctx.functions = lab().functions;
  ctx.executable = lab().check_executable;
  ctx.env = schedule_settings::from_environment();
  backend::set_print_reports(false);  // detector reports reach the case's details instead

  const std::vector<case_def> cases = make_cases(ctx.spec, 1);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (group_of(cases[i]) != g) continue;
    const std::string description = describe(cases[i], ctx.spec);
    DYNAMIC_SECTION(description) {
      if (context_lost) FAIL("not run: an earlier case lost the CUDA context (replay the cases one by one)");
      const case_result r = run_case(ctx, cases[i]);
      if (r.status == case_status::skipped) {
        WARN(r.headline);
      } else if (r.status == case_status::failed) {
        const std::string report = harness_report(i, cases.size(), description, r);
        if (r.timed_out) {
          // A kernel still runs: tearing the CUDA context down at exit would wait for it.
          std::printf("%s", report.c_str());
          std::fflush(stdout);
          std::_Exit(1);
        }
        context_lost = r.context_lost;
        FAIL(report);
      } else {
        SUCCEED(description);
      }
    }
  }
}

template <group G>
void run_group_of() {
  run_group(G);
}

constexpr group_info groups[] = {
    {group::edge_sizes, "edge sizes", &run_group_of<group::edge_sizes>},
    {group::random_sizes, "random sizes", &run_group_of<group::random_sizes>},
    {group::large_sizes, "large sizes", &run_group_of<group::large_sizes>},
    {group::float_data, "float data", &run_group_of<group::float_data>},
    {group::schedules, "schedule differential", &run_group_of<group::schedules>},
    {group::block_orders, "block orders", &run_group_of<group::block_orders>},
};

}  // namespace

void register_lab_cases(const harness::check_identity& check, const scan_functions& functions,
                        const char* check_executable) {
  const lab_spec spec = harness::spec_of(check);
  lab() = {spec, functions, check_executable};
  const std::vector<case_def> cases = make_cases(spec_for_tests(spec), 1);
  const std::string prefix = "lab" + std::to_string(spec.id) + " " + spec.variant + ": ";
  const std::string tags = "[lab" + std::to_string(spec.id) + "][" + spec.backend + "][solutions]";
  for (const group_info& g : groups) {
    if (std::none_of(cases.begin(), cases.end(), [&](const case_def& c) { return group_of(c) == g.id; })) continue;
    // Catch2 copies the name and tags.
    REGISTER_TEST_CASE(g.run, prefix + g.title, tags);
  }
}

}  // namespace scanlab::lab_tests
