#include "score/performance.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <vector>

#include <fmt/format.h>

#include "../runner/runner_exit.h"
#include "build/build_stage.h"
#include "build/checks.h"
#include "score/timing_baseline.h"
#include "score/timing_report.h"

namespace scanlab::grader {

namespace {

constexpr int warmup_calls = 3;
constexpr int timed_calls = 30;

// Seeds from the OS (std::random_device reads getrandom): nothing a student's code saw before its
// timed calls tells it their inputs.
std::vector<std::uint64_t> fresh_seeds(std::size_t count) {
  std::random_device os;
  std::vector<std::uint64_t> seeds(count);
  for (std::uint64_t& s : seeds) s = (static_cast<std::uint64_t>(os()) << 32) ^ os();
  return seeds;
}

std::string seeds_line(const std::vector<std::uint64_t>& seeds, std::size_t from, std::size_t to) {
  std::string line = "seeds";
  for (std::size_t k = from; k < to; ++k) line += " " + std::to_string(seeds[k]);
  return line + "\n";
}

std::vector<timed_line> timed_lines(const protocol_log& log) {
  std::vector<timed_line> lines;
  for (const protocol_log::entry& e : log.lines)
    lines.push_back({e.line, std::chrono::duration<double, std::milli>(e.read_at.time_since_epoch()).count()});
  return lines;
}

// One measurement: the student's timed run in the lab's server (seeds released on "call" and
// "timed"), that server ended, then the copy and the reference on the same seeds in the baseline
// server.
struct measurement {
  sandbox_result student_process, baseline_process;
  student_report student;
  baseline_report baseline;
};

measurement measure(const lab_job& job, const lab_plan& plan, const std::string& object, const std::string& reference,
                    std::uint64_t n, double wall_seconds, lab_runner& runner) {
  measurement m;
  const std::vector<std::uint64_t> seeds = fresh_seeds(warmup_calls + timed_calls);
  const bool exclusive = plan.spec.output == core::output_kind::exclusive_sections;
  const std::string contract = fmt::format("{}\t{}\t{}", n, exclusive ? 1 : 0, plan.spec.scan_section());
  // A copy of its own: its static and __device__ variables start anew, as in every case.
  const std::string copy = job.work_dir + "/perf.so";
  std::error_code ec;
  std::filesystem::copy_file(object, copy, std::filesystem::copy_options::overwrite_existing, ec);
  protocol_log log;
  bool warmup_sent = false, timed_sent = false;
  log.answer = [&](const std::string& line) -> std::string {
    if (line == "call" && !warmup_sent) {
      warmup_sent = true;
      return seeds_line(seeds, 0, warmup_calls);
    }
    if (line == "timed" && !timed_sent) {
      timed_sent = true;
      return seeds_line(seeds, warmup_calls, seeds.size());
    }
    return "";
  };
  m.student_process = runner.run_timing(fmt::format("time\t{}\t{}", copy, contract), wall_seconds, log);
  m.student = read_student(timed_lines(log));
  runner.end_servers();
  std::filesystem::remove(copy, ec);

  std::string seed_list;
  for (std::uint64_t s : seeds) seed_list += (seed_list.empty() ? "" : ",") + std::to_string(s);
  protocol_log baseline_log;
  m.baseline_process =
      run_baseline(*job.config, fmt::format("baseline\t{}\t{}\t{}\t{}", reference, contract, warmup_calls, seed_list),
                   wall_seconds, baseline_log);
  m.baseline = read_baseline(timed_lines(baseline_log));
  if (m.baseline.ok) compare_sums(m.student, m.baseline);
  return m;
}

void fail_run(performance_result& r, const std::string& why) {
  r.test.passed = false;
  r.test.diagnosis = "performance_run_failed";
  r.test.output = "the timed run failed (" + why + ")";
}

// A run that measured nothing the score can use: its verdict (tampered, a wrong timed output, a
// failed run). Returns false when the run was measured.
bool judge_unmeasured(const measurement& m, std::uint64_t n, performance_result& r) {
  test_result& perf = r.test;
  if (!m.baseline.ok) {
    fail_run(r, m.baseline.problem + "; " + m.baseline_process.describe());
    return true;
  }
  using verdict = student_report::verdict;
  switch (m.student.result) {
    case verdict::tampered:
      perf.passed = false;
      perf.diagnosis = "timing_tampered";
      perf.output = fmt::format(
          "the timed run's report was tampered with: {}. No performance points (code in the submission's "
          "process wrote on the grader's channel or forged the runner's results; if you think this is wrong, "
          "tell the course staff)",
          m.student.problem);
      return true;
    case verdict::wrong_output:
      perf.passed = false;
      perf.diagnosis = "timed_output_wrong";
      perf.output = fmt::format(
          "the output of a timed call was wrong: call {} of {}, n = {}, index {}: expected {}, got {}. Every timed "
          "call gets a new input; the correctness cases passed, so the scan computes something other than the "
          "scan of its input in later calls (results kept from an earlier call, work skipped after the first "
          "calls, or state that a call leaves behind)",
          m.student.wrong_call, warmup_calls + timed_calls, n, m.student.wrong_index, m.student.expected,
          m.student.got);
      return true;
    case verdict::failed:
      fail_run(r, m.student.problem + "; " + m.student_process.describe());
      return true;
    case verdict::measured:
      break;
  }
  return false;
}

// Scores a measured run: the student's median (or the grader's own estimate, when the report was
// implausible twice) against the reference's and the copy's, with what else the run showed.
void score_measured(const lab_rubric& rb, const measurement& m, const clock_check& clock,
                    const std::string& reference, std::uint64_t n, performance_result& r) {
  test_result& perf = r.test;
  baseline_times base{m.baseline.copy_ms, m.baseline.reference_ms};
  const bool disturbed = steady_baseline(fmt::format("{}\t{}", reference, n), base);
  performance_inputs in;
  in.student_ms = clock.implausible ? clock.estimate_ms : m.student.median_ms;
  in.reference_ms = base.reference_ms;
  in.copy_ms = base.copy_ms;
  in.full_at = rb.full_at;
  in.zero_at = rb.zero_at;
  in.max_of_copy = rb.max_of_copy;
  in.points = perf.max_score;
  const performance_verdict v = score_performance(in);
  if (v.diagnosis == "performance_run_failed") return fail_run(r, v.problem);
  perf.score = v.score;
  perf.passed = v.passed;
  perf.diagnosis = v.diagnosis;
  r.throughput_gelems = static_cast<double>(n) / (in.student_ms * 1e6);
  perf.output = fmt::format(
      "n = {}: {:.3f} ms ({:.2f} G elements/s); {:.0f}% of the reference solution ({:.3f} ms), {:.0f}% of a "
      "device copy ({:.3f} ms); full points at {:.0f}% of the reference, none at {:.0f}%; median of {} timed calls, "
      "each on a new input and checked",
      n, in.student_ms, *r.throughput_gelems, 100 * v.of_reference, in.reference_ms, 100 * v.of_copy, in.copy_ms,
      100 * rb.full_at, 100 * rb.zero_at, m.student.calls);
  std::vector<std::string> notes;
  if (clock.implausible) {
    perf.diagnosis = "implausible_timing";
    notes.push_back(fmt::format(
        "implausible timing report, twice: the timed run reported {:.3f} ms a call, but the grader's own clock saw "
        "{:.1f} ms for its {} timed calls ({:.3f} ms a call once the input, flush and check are taken off): graded "
        "at the grader's {:.3f} ms",
        m.student.median_ms, m.student.wall_ms, m.student.calls, clock.estimate_ms, clock.estimate_ms));
    r.throughput_gelems.reset();  // no leaderboard entry from a report the clock contradicts
  }
  if (2 * m.student.leftover_calls > m.student.calls) {
    if (perf.diagnosis.empty()) perf.diagnosis = "leftover_gpu_work";
    notes.push_back(fmt::format(
        "scan() returned with GPU work still running in {} of {} timed calls (up to {:.3f} ms after it returned): "
        "that work counts as the call's time (the device must be idle before the next call)",
        m.student.leftover_calls, m.student.calls, m.student.leftover_max_ms));
  }
  if (disturbed)
    notes.push_back("the reference's timing in this run was more than 10% slower than earlier in this grading run "
                    "(the GPU was shared): the earlier times are used");
  if (!v.problem.empty()) {
    notes.push_back(v.problem);
    r.throughput_gelems.reset();  // no leaderboard entry from a forged time
  }
  for (auto it = notes.rbegin(); it != notes.rend(); ++it) perf.output = *it + "\n" + perf.output;
}

// Builds the reference solution, measures, and scores what the measurement shows.
void time_on_gpu(const lab_job& job, const lab_plan& plan, const std::string& object, lab_runner& runner,
                 performance_result& r) {
  const lab_rubric& rb = job.rubric;
  if (job.progress) job.progress(fmt::format("{}: timing", plan.label));
  const build_result ref = build_submission(*job.config, plan.spec, job.reference_source, "gpu",
                                            job.work_dir + "/reference", "reference " + plan.display);
  if (!ref.ok) return fail_run(r, "the reference solution did not build: " + ref.message);
  const std::uint64_t n = std::min<std::uint64_t>(rb.performance_n, plan.spec.max_n);
  const double wall_seconds = std::max(60.0, rb.time_limit_s * 3);
  measurement m;
  clock_check clock;
  // A report the grader's clock contradicts is measured once more (a machine stalled for the whole
  // timed run gives an honest run one); twice, and the grader's clock decides.
  for (int attempt = 0; attempt < 2; ++attempt) {
    m = measure(job, plan, object, ref.object, n, wall_seconds, runner);
    if (m.student_process.exited && m.student_process.exit_code == runner_exit_no_device) {
      r.infrastructure_error = fmt::format("{}: the timed run found no usable device:\n{}", plan.label,
                                           truncate_text(m.student_process.err, m.student_process.err_bytes, 2000));
      return;
    }
    if (m.student.result != student_report::verdict::measured || !m.baseline.ok) break;
    clock = check_clock(m.student, m.baseline.overhead_ms);
    if (!clock.implausible) break;
  }
  if (!judge_unmeasured(m, n, r)) score_measured(rb, m, clock, ref.object, n, r);
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
