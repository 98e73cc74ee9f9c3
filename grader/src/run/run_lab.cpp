#include "run/run_lab.h"

#include <algorithm>

#include <fmt/format.h>

#include "build/build_stage.h"
#include "build/checks.h"
#include "run/gpu_check.h"
#include "judge/judge_case.h"
#include "judge/judge_lab.h"
#include "scanlab/core/case_plan.h"

namespace scanlab::grader {

namespace {

// Hangs cost a time limit each (on a GPU, with the retry and compute-sanitizer, more): after this
// many correctness cases hung, a lab's remaining correctness and sanitizer runs are failed without
// running, so a hanging submission is graded in bounded time. The CPU backend's schedule runs
// still run: their watchdog ends them in seconds, and they name the defect.
constexpr int hang_budget = 2;

// One grade whatever the backend: a GPU runs the threads of a block in lockstep warps and usually
// hides a missing __syncthreads() between a read and a write, so its correctness cases pass and
// only racecheck sees the race. The CPU backend's forward thread order shows such a race as a wrong
// output. So a correctness case that is wrong in that order runs again in the reverse and random
// thread orders (same input): if one of them is right, the case passes as it would on a GPU, and
// the race test carries the defect (order_note).
case_outcome rerun_in_other_thread_orders(lab_runner& runner, const grading_case& c, const std::string& object,
                                          int index, case_outcome first) {
  for (const char* order : {"reverse", "random"}) {
    grading_case again = c;
    again.env.push_back(std::string("SCANLAB_THREAD_ORDER=") + order);
    case_outcome o = runner.run(again, object, index, false);
    if (o.passed) {
      o.order_note = fmt::format(
          "data race: n = {} gives a wrong output with threads in forward order ({}) and the right one in {} order; "
          "the correctness tests count it as right, as a GPU that hides the race would",
          c.n, first.headline, order);
      return o;
    }
  }
  return first;
}

class lab_run_loop {
 public:
  lab_run_loop(const lab_job& job, const lab_plan& plan, const std::string& object, lab_runner& runner)
      : job_(job), plan_(plan), runner_(runner), objects_{{plan.spec.backend, object}} {}

  lab_runs run() {
    std::uint64_t largest = 1;
    for (const grading_case& c : plan_.cases) largest = std::max(largest, c.n);
    runner_.set_largest_n(largest);
    for (std::size_t i = 0; i < plan_.cases.size() && runs_.stopped == lab_runs::stop::none; ++i) {
      if (job_.progress) job_.progress(fmt::format("{}: case {}/{}", plan_.label, i + 1, plan_.cases.size()));
      run_case(plan_.cases[i], static_cast<int>(i));
    }
    runs_.access_findings = lab_findings_;
    return std::move(runs_);
  }

 private:
  // The object a case runs (built for its backend when the first such case comes); "" when that
  // flavour did not build: its tests are listed as not run.
  const std::string& object_for(const grading_case& c) {
    if (!objects_.count(c.backend)) {
      const build_result b = build_submission(*job_.config, plan_.spec, plan_.source, c.backend,
                                              job_.work_dir + "/" + c.backend, plan_.display);
      objects_[c.backend] = b.ok ? b.object : "";
      if (!b.ok && plan_.gpu && c.backend == "cpu") {
        // nvcc built this file and the CPU backend did not: the backend's limit, never the student's
        // error. Its detector runs are listed as not run, with this reason.
        const backend_rejection r = find_backend_rejection(b.message, plan_.display);
        runs_.cpu_build_failed = r.found ? describe_rejection(r, plan_.display)
                                         : fmt::format("the CPU backend could not build {} (nvcc did):\n{}",
                                                       plan_.display, b.message);
      }
    }
    return objects_[c.backend];
  }

  // After `hang_budget` hangs, or once the GPU is busy, a case fails without running.
  bool skip(const grading_case& c) {
    const bool strict_schedule = std::any_of(c.env.begin(), c.env.end(), [](const std::string& e) {
      return e.rfind("SCANLAB_WATCHDOG_SECONDS=", 0) == 0;
    });
    const bool gpu_busy = !runs_.gpu_busy.empty() && c.backend == "gpu";
    if (!(correctness_hangs_ >= hang_budget && !strict_schedule) && !gpu_busy) return false;
    case_outcome skipped;
    skipped.passed = false;
    skipped.n = c.n;
    skipped.diagnosis = "not_run";
    skipped.headline = gpu_busy ? "not run: " + runs_.gpu_busy
                                : fmt::format("not run: {} cases of this lab already hung (killed or stopped at the "
                                              "time limit); its remaining runs are skipped so that grading ends in "
                                              "bounded time",
                                              correctness_hangs_);
    if (c.group != "race") runs_.by_group[c.group].push_back({describe(c), skipped});
    return true;
  }

  // A right output with no kernel launched: the scan ran on the host (the CPU backend counts
  // launches; n = 0 and 1 may rightly launch nothing); or an output the host copied in. Or a run
  // that ends grading: the machine has no device, or (graded on the CPU backend) the backend
  // cannot run the file.
  bool stops_grading(const grading_case& c, const case_outcome& o) {
    if (!o.cannot_grade.empty() && !plan_.gpu) {
      runs_.stopped = lab_runs::stop::cannot_grade;
      runs_.stop_reason = o.cannot_grade;
    } else if (o.diagnosis == "no_device") {
      runs_.stopped = lab_runs::stop::no_device;
      runs_.stop_reason = fmt::format("{}: the {} runner found no usable device{}", plan_.label, c.backend,
                                      o.details.empty() || o.details[0].empty() ? std::string() : ":\n" + o.details[0]);
    } else if (o.cannot_grade.empty() && o.passed && o.launches == 0 && c.n >= 2) {
      runs_.stopped = lab_runs::stop::no_kernel;
      runs_.stop_reason = fmt::format("{}: scan() launched no kernel for n = {}, yet its output was right: it computed "
                                      "the scan on the host. The lab asks for the scan in kernels of your own, so it "
                                      "scores zero.",
                                      plan_.display, c.n);
    } else if (o.diagnosis == "host_computed_output") {
      // The CPU backend's verdict, whichever backend grades: on a GPU grader its detector runs say it.
      runs_.stopped = lab_runs::stop::host_computed;
      runs_.stop_reason = fmt::format("{}: {} ({}). The lab asks for the scan in kernels of your own, so it scores "
                                      "zero.",
                                      plan_.display, o.headline, o.details.empty() ? "" : o.details.front());
    }
    return runs_.stopped != lab_runs::stop::none;
  }

  // Blocks that wait on each other: the same kernel, threads in the same (forward) order, ends
  // when blocks run in index order and hangs when they run in another. That is a deadlock between
  // blocks (a chain on blockIdx.x), not an endless loop.
  void name_block_deadlock(const grading_case& c, case_outcome& o) {
    const std::string threads = order_of(c, "THREAD"), blocks = order_of(c, "BLOCK");
    if (threads == "forward" && blocks == "forward" && c.n > plan_.unit && o.diagnosis != "hang" &&
        o.diagnosis != "deadlock")
      forward_blocks_finish_ = true;
    if (o.passed || o.diagnosis != "hang" || !forward_blocks_finish_ || threads != "forward" || blocks.empty() ||
        blocks == "forward")
      return;
    o.details.insert(o.details.begin(), o.headline);
    o.diagnosis = "deadlock";
    o.headline = fmt::format(
        "deadlock: blocks wait on each other. Dispatched in {} order, a block waits for one that has not started "
        "(in index order the same kernel finishes)",
        blocks);
  }

  // What the access checks find in a small case that went wrong on the CPU backend: the case once
  // more, with the checked object (built when first needed). Passing submissions never pay for it;
  // a failing one pays one build and at most max_checked_reruns small runs per lab. What they found
  // once serves the lab's later failures (one defect usually fails many cases).
  std::vector<std::string> access_findings_for(const grading_case& c, int index) {
    if (!lab_findings_.empty() || c.backend != "cpu" || c.n == 0 || c.n > core::access_checked_max_n ||
        checked_reruns_ >= max_checked_reruns || job_.config->cpu_access_check_flags.empty())
      return lab_findings_;
    ++checked_reruns_;
    grading_case checked = c;
    checked.backend = checked_backend;
    checked.env.push_back("SCANLAB_ACCESS_CHECKS=on");
    const std::string& object = object_for(checked);
    if (object.empty()) return {};
    lab_findings_ = runner_.run(checked, object, index, false).access_findings;
    return lab_findings_;
  }

  // The race test's verdict compares the orders' outputs (judge_lab.cpp): when the first order and a
  // later one differ, the first order's run once more with the checks names the race.
  void name_schedule_race(const grading_case& c, int index) {
    if (runs_.race_outcomes.size() == 1) first_race_ = {c, index};
    const auto& a = runs_.race_outcomes.front();
    const auto& b = runs_.race_outcomes.back();
    if (runs_.race_outcomes.size() < 2 || !a.access_findings.empty() || !first_difference(a.output, b.output)) return;
    runs_.race_outcomes.front().access_findings = access_findings_for(first_race_.first, first_race_.second);
  }

  void run_case(const grading_case& c, int index) {
    const std::string& object = object_for(c);
    if (object.empty()) return;
    if (c.unless_cpu_schedules_ran && objects_.count("cpu") && !objects_["cpu"].empty()) return;
    if (skip(c)) return;
    case_outcome o = runner_.run(c, object, index, correctness_hangs_ + 1 >= hang_budget);
    std::vector<std::string> findings;
    if (!o.passed && o.cannot_grade.empty() && (o.diagnosis == "wrong_output" || o.diagnosis == "race"))
      findings = access_findings_for(c, index);
    if (!plan_.gpu && is_correctness(c) && !o.passed && o.diagnosis == "wrong_output" && other_orders_may_help_) {
      o = rerun_in_other_thread_orders(runner_, c, object, index, std::move(o));
      // Wrong in every order: not a race. Later wrong outputs are not run again (bounded time).
      other_orders_may_help_ = o.passed;
    }
    if (!findings.empty()) {
      o.access_findings = findings;  // a race test that takes this case up reads them (judge_lab.cpp)
      if (!o.passed) add_access_findings(findings, o.details);
    }
    if (is_correctness(c) && o.diagnosis == "hang") ++correctness_hangs_;
    if (o.killed && c.backend == "gpu") {
      // A kernel killed mid-spin: is the GPU free again before anything else runs on it?
      const device_check d = check_gpu_after_kill(*job_.config);
      if (!d.free) runs_.gpu_busy = d.detail;
      o.details.push_back(d.detail);
    }
    if (stops_grading(c, o)) return;
    if (!o.cannot_grade.empty()) {  // graded on a GPU: only the CPU backend's runs are lost
      if (runs_.cpu_build_failed.empty()) runs_.cpu_build_failed = o.cannot_grade;
      objects_[c.backend] = "";  // the CPU backend cannot run it: its other runs would say the same
      return;
    }
    name_block_deadlock(c, o);
    if (c.group == "race" && c.wrapper.empty()) {
      runs_.race_outcomes.push_back(o);
      name_schedule_race(c, index);
    }
    if (c.group == "race" && !c.wrapper.empty()) runs_.by_group["race_sanitizer"].push_back({describe(c), o});
    std::vector<float>().swap(o.output);
    if (c.group != "race") runs_.by_group[c.group].push_back({describe(c), o});
  }

  const lab_job& job_;
  const lab_plan& plan_;
  lab_runner& runner_;
  std::map<std::string, std::string> objects_;  // by backend
  lab_runs runs_;
  int correctness_hangs_ = 0;
  static constexpr int max_checked_reruns = 2;
  int checked_reruns_ = 0;
  std::vector<std::string> lab_findings_;  // the first findings of this lab's checked re-runs
  std::pair<grading_case, int> first_race_;  // the race test's first run (forward order)
  bool other_orders_may_help_ = true;   // see rerun_in_other_thread_orders
  bool forward_blocks_finish_ = false;  // a multi-block run in index order (forward threads) ended
};

}  // namespace

lab_runs run_lab(const lab_job& job, const lab_plan& plan, const std::string& object, lab_runner& runner) {
  return lab_run_loop(job, plan, object, runner).run();
}

}  // namespace scanlab::grader
