#include "performance.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "../runner/runner_exit.h"
#include "build_stage.h"
#include "checks.h"
#include "mapped_file.h"
#include "removed_on_exit.h"
#include "runner_status.h"
#include "scanlab/core/inputs.h"

namespace scanlab::grader {

namespace {

// The timed run's medians, scored; the test's text says what was measured.
void score_timing(const lab_rubric& rb, std::uint64_t n, std::map<std::string, std::string>& st,
                  performance_result& r) {
  test_result& perf = r.test;
  const double copy_ms = std::atof(st["copy_ms"].c_str()), student_ms = std::atof(st["student_ms"].c_str()),
               ref_ms = std::atof(st["reference_ms"].c_str());
  performance_inputs in;
  in.student_ms = student_ms;
  in.reference_ms = ref_ms;
  in.copy_ms = copy_ms;
  in.full_at = rb.full_at;
  in.zero_at = rb.zero_at;
  in.max_of_copy = rb.max_of_copy;
  in.points = perf.max_score;
  const performance_verdict v = score_performance(in);
  if (v.diagnosis == "performance_run_failed") {
    perf.passed = false;
    perf.diagnosis = "performance_run_failed";
    return;
  }
  perf.score = v.score;
  perf.passed = v.passed;
  perf.diagnosis = v.diagnosis;
  r.throughput_gelems = static_cast<double>(n) / (student_ms * 1e6);
  perf.output = fmt::format(
      "n = {}: {:.3f} ms ({:.2f} G elements/s); {:.0f}% of the reference solution ({:.3f} ms), {:.0f}% of a "
      "device copy ({:.3f} ms); full points at {:.0f}% of the reference, none at {:.0f}%; median of {} runs",
      n, student_ms, *r.throughput_gelems, 100 * v.of_reference, ref_ms, 100 * v.of_copy, copy_ms, 100 * rb.full_at,
      100 * rb.zero_at, st["repeats"]);
  if (!v.problem.empty()) {
    perf.output = v.problem + "\n" + perf.output;
    r.throughput_gelems.reset();  // no leaderboard entry from a forged time
  }
}

// Builds the reference solution and times both in one run on the GPU.
void time_on_gpu(const lab_job& job, const lab_plan& plan, const std::string& object, lab_runner& runner,
                 performance_result& r) {
  const lab_rubric& rb = job.rubric;
  if (job.progress) job.progress(fmt::format("{}: timing", plan.label));
  const build_result ref = build_submission(*job.config, plan.spec, job.reference_source, "gpu",
                                            job.work_dir + "/reference", "reference " + plan.display);
  const std::uint64_t n = std::min<std::uint64_t>(rb.performance_n, plan.spec.max_n);
  const std::string stem = job.work_dir + "/perf";
  const std::string input_path = runner.data_dir(n) + "/perf.in";
  {
    const mapped_file input = mapped_file::create(input_path, n * 4);
    core::fill_input(reinterpret_cast<float*>(input.data()), n, mix(job.seed, 31), core::data_kind::small_integers);
  }
  const removed_on_exit remove_after_timing{{input_path}};
  sandbox_limits limits;
  limits.wall_seconds = std::max(60.0, rb.time_limit_s * 3);
  // The runner takes the GPU's lock itself: shared for its uploads, exclusive for the measurement.
  const sandbox_result s =
      ref.ok ? runner.run_timing({job.config->runner("gpu"), "--so", object, "--reference", ref.object, "--n",
                                  std::to_string(n), "--input", input_path, "--time", "--status", stem + ".status"},
                                 object, ref.object, n, input_path, stem + ".status", limits)
             : sandbox_result{};
  std::vector<std::string> messages;
  auto st = parse_status(stem + ".status", messages);
  if (s.exited && s.exit_code == runner_exit_no_device) {
    r.infrastructure_error = fmt::format("{}: the timed run found no usable device:\n{}", plan.label,
                                         truncate_text(s.err, s.err_bytes, 2000));
    return;
  }
  if (ref.ok && s.ok() && st.count("finished") > 0) score_timing(rb, n, st, r);
  if (!ref.ok || !s.ok() || st.count("finished") == 0 || r.test.diagnosis == "performance_run_failed") {
    r.test.passed = false;
    r.test.diagnosis = "performance_run_failed";
    r.test.output = fmt::format("the timed run failed ({}){}", s.describe(), ref.ok ? "" : ": " + ref.message);
  }
}

}  // namespace

performance_result performance_test(const lab_job& job, const lab_plan& plan, const std::string& object, bool clean,
                                    lab_runner& runner) {
  const lab_rubric& rb = job.rubric;
  performance_result r;
  test_result& perf = r.test;
  perf.name = fmt::format("{}: performance", plan.label);
  perf.kind = "performance";
  if (!plan.gpu) {
    perf.graded = false;
    perf.max_score = rb.cpu_performance_withheld ? 0 : rb.performance_points * rb.weight;
    perf.output = "not graded on the CPU backend (timings on a CPU say nothing about a GPU)";
    return r;
  }
  perf.max_score = rb.performance_points * rb.weight;
  if (!clean) {
    perf.passed = false;
    perf.diagnosis = "not_correct";
    perf.output = "no performance points: the correctness or detector tests failed";
    return r;
  }
  time_on_gpu(job, plan, object, runner, r);
  return r;
}

}  // namespace scanlab::grader
