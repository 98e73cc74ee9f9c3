// grade_lab, top-down: plan (plan.h) -> build (build_stage.h) -> run (run_lab.h, case_run.h) ->
// judge (judge_case.h, judge_lab.h) -> score (score.h, performance.h). The reports are written
// from the lab_result (reports.h, prairielearn.h).
#include "command/lab_grader.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "build/build_stage.h"
#include "run/case_run.h"
#include "build/checks.h"
#include "run/gpu_check.h"
#include "judge/judge_lab.h"
#include "report/kernel_figure.h"
#include "score/performance.h"
#include "plan/plan.h"
#include "run/run_lab.h"
#include "score/score.h"
#include "util/trace.h"

namespace scanlab::grader {

namespace fs = std::filesystem;

namespace {

// "Cannot grade this here": every test listed with 0 of 0, the reason on the lab (reports mark it
// for instructor review). Never the student's compile error, never a zero.
void mark_cannot_grade(lab_result& result, const lab_plan& plan, const std::string& why) {
  result.tests = cannot_grade_tests(plan, why);
  result.cannot_grade = why;
}

// The build's failure as the lab's result. The CPU backend's named rejections (a feature it leaves
// out, a limit of its own) are not the student's compile errors: nvcc builds the file, so it must
// be graded on a GPU.
void build_failed(lab_result& result, const lab_job& job, const lab_plan& plan, const build_result& build) {
  if (!plan.gpu && build.diagnosis == "compile_error")
    if (const backend_rejection r = find_backend_rejection(build.message, plan.display); r.found)
      return mark_cannot_grade(result, plan, describe_rejection(r, plan.display));
  result.tests = zero_tests(plan, job.rubric, build.diagnosis, build.message);
}

// Grading that stopped early: the machine cannot run the code (no verdict at all), the CPU
// backend cannot, or the output came from the host (no kernel launched, or one copied in).
void stopped(lab_result& result, const lab_job& job, const lab_plan& plan, const lab_runs& runs) {
  switch (runs.stopped) {
    case lab_runs::stop::cannot_grade: return mark_cannot_grade(result, plan, runs.stop_reason);
    case lab_runs::stop::no_device:
      result.tests.clear();
      result.infrastructure_error = runs.stop_reason;
      return;
    case lab_runs::stop::no_kernel: result.tests = zero_tests(plan, job.rubric, "no_kernel", runs.stop_reason); return;
    case lab_runs::stop::host_computed:
      result.tests = zero_tests(plan, job.rubric, "host_computed_output", runs.stop_reason);
      return;
    case lab_runs::stop::none: return;
  }
}

// Files next to scan.cu are not graded: say so.
void note_extra_files(lab_result& result, const lab_job& job, const std::string& name) {
  const std::string dir = job.submission_dir + "/" + name;
  if (!fs::is_directory(dir)) return;
  std::vector<std::string> extra;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string f = e.path().filename().string();
    if (f != "scan.cu" && f != "lab.h" && f != "README.md") extra.push_back(f);
  }
  std::sort(extra.begin(), extra.end());
  if (!extra.empty()) result.notes.push_back(fmt::format("{}: only scan.cu is graded; ignored: {}", name, fmt::join(extra, ", ")));
}

// Runs, judges and scores a lab whose build succeeded; false when grading stopped early.
bool run_and_score(lab_result& result, const lab_job& job, const lab_plan& plan, const std::string& object) {
  lab_runner runner(job, plan.spec);
  lab_runs runs = run_lab(job, plan, object, runner);
  if (runs.stopped != lab_runs::stop::none) {
    stopped(result, job, plan, runs);
    return false;
  }
  judge_lab(runs, plan);
  lab_score score = score_lab(plan, runs);
  result.tests = std::move(score.tests);
  if (!runs.cpu_build_failed.empty())
    result.notes.push_back(fmt::format("{}: graded on the GPU only; {}", plan.label, runs.cpu_build_failed));
  if (!runs.gpu_busy.empty()) result.notes.push_back(fmt::format("{}: {}", plan.label, runs.gpu_busy));
  performance_result perf = performance_test(job, plan, object, score.clean, runner);
  if (!perf.infrastructure_error.empty()) {
    result.tests.clear();
    result.infrastructure_error = perf.infrastructure_error;
    return false;
  }
  result.tests.push_back(perf.test);
  result.throughput_gelems = perf.throughput_gelems;
  const bool failed = std::any_of(result.tests.begin(), result.tests.end(),
                                  [](const test_result& t) { return t.graded && !t.passed; });
  if (!job.figure.empty() && failed) result.notes.push_back(draw_kernel(job, plan));
  return true;
}

}  // namespace

lab_result grade_lab(const lab_job& job) {
  const auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  const trace_span span(tracing() ? "lab " + job.work_dir : "");
  const lab_plan plan = plan_lab(job);
  lab_result result;
  result.id = plan.spec.id;
  result.name = plan.spec.name;
  std::error_code ec;
  fs::create_directories(job.work_dir, ec);

  // A GPU that an earlier killed run left busy: check it again before any of this lab's runs.
  if (plan.gpu && gpu_suspect()) {
    const device_check d = check_gpu_after_kill(*job.config);
    if (!d.free) {
      mark_cannot_grade(result, plan, fmt::format("{}; this lab was not run (grade it again on a free GPU)", d.detail));
      result.seconds = seconds();
      return result;
    }
    result.notes.push_back(fmt::format("{}: {}", plan.label, d.detail));
  }

  if (job.progress) job.progress(fmt::format("{}: building", plan.label));
  const build_result build =
      build_submission(*job.config, plan.spec, plan.source, plan.spec.backend, job.work_dir, plan.display);
  if (!build.ok) {
    build_failed(result, job, plan, build);
    result.seconds = seconds();
    return result;
  }
  if (run_and_score(result, job, plan, build.object)) note_extra_files(result, job, plan.spec.name);
  result.seconds = seconds();
  return result;
}

}  // namespace scanlab::grader
