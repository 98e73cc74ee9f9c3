#include "score/score.h"

#include <algorithm>

#include <fmt/format.h>

namespace scanlab::grader {

namespace {

bool is_correctness_kind(const std::string& kind) { return kind == "edge" || kind == "random" || kind == "large"; }
bool is_schedule_kind(const std::string& kind) { return kind == "race" || kind == "barrier" || kind == "progress"; }

// Score of a group of cases: the share that passed.
test_result group_test(const std::string& lab_label, const planned_test& p, const outcome_list& cases) {
  test_result t;
  t.name = fmt::format("{}: {}", lab_label, p.title);
  t.kind = p.kind;
  t.max_score = p.points;
  std::size_t passed = 0;
  std::string failures;
  for (const auto& [what, o] : cases) {
    if (o.passed) {
      ++passed;
      continue;
    }
    if (t.diagnosis.empty()) t.diagnosis = o.diagnosis;
    failures += fmt::format("FAIL {}: {}\n", what, o.headline);
    for (const std::string& d : o.details) failures += "     " + d + "\n";
  }
  t.passed = passed == cases.size();
  t.score = cases.empty() ? 0 : p.points * static_cast<double>(passed) / static_cast<double>(cases.size());
  t.output = fmt::format("{} of {} cases passed\n{}", passed, cases.size(), failures);
  return t;
}

// Nothing could check this (no compute-sanitizer on PATH, no ASan build): withheld, not given.
test_result not_run_test(const lab_plan& plan, const planned_test& p, const std::string& cpu_build_failed) {
  test_result t = group_test(plan.label, p, {});
  t.max_score = 0;
  t.score = 0;
  t.graded = false;
  if (!cpu_build_failed.empty() && is_schedule_kind(p.kind))
    t.output = "not run: the CPU backend's schedule runs did not run: " + cpu_build_failed;
  else if (p.kind == "progress")
    t.output = "not run: a GPU starts blocks in about index order, so it cannot show whether the scan "
               "makes progress in any other; that takes the CPU backend's reverse and random block "
               "orders (build the grader with Boost.Context, e.g. libboost-context-dev)";
  else
    t.output = plan.gpu ? "not run: compute-sanitizer is not on PATH" : "not run in this build";
  return t;
}

struct verdicts {
  bool correct = true;        // every correctness case passed, and no race
  bool some_n_passed = false;  // a case with n > 0 passed: n = 0 alone proves nothing (a stub passes it)
  bool race_found = false;
};

// A data race is scored as a wrong output, on both backends alike: whether it shows in one run is
// timing (on an H100 the race submission was right at small n and wrong at the largest; the CPU
// backend's forward order shows it at every n), so only the race finding itself, which the CPU
// schedule differential makes the same on both, decides. Correctness points go, and with them the
// other detectors' (they certify correct code).
verdicts summarize(lab_runs& runs) {
  verdicts v;
  for (const char* group : {"edge", "random", "large"})
    for (const auto& [what, o] : runs.by_group[group]) {
      v.correct = v.correct && o.passed;
      v.some_n_passed = v.some_n_passed || (o.passed && o.n > 0);
    }
  const outcome_list& race = runs.by_group["race"];
  v.race_found = std::any_of(race.begin(), race.end(), [](const auto& r) {
    return !r.second.passed && r.second.diagnosis == "race";
  });
  if (v.race_found) v.correct = false;
  return v;
}

test_result score_test(const lab_plan& plan, const planned_test& p, const outcome_list& list, const verdicts& v,
                       const std::string& cpu_build_failed) {
  test_result t = group_test(plan.label, p, list);
  const bool detector = !is_correctness_kind(p.kind);
  if (v.race_found && !detector) {
    t.score = 0;
    t.passed = false;
    if (t.diagnosis.empty()) t.diagnosis = "race";
    t.output = "no points: the race test found a data race, so the output depends on timing (a GPU may give the "
               "right answer in one run and a wrong one in the next); fix the race first\n" + t.output;
  }
  if (!detector && !v.some_n_passed && t.score > 0) {
    // An untouched stub writes nothing and passes n = 0: that earns nothing.
    t.score = 0;
    t.passed = false;
    t.output = "no points: no case with n > 0 passed (n = 0 alone earns nothing: a scan that writes nothing passes it)\n" + t.output;
  }
  if (!cpu_build_failed.empty() && is_schedule_kind(p.kind))
    t.output = fmt::format("the CPU backend's schedule runs did not run: {}\n{}", cpu_build_failed, t.output);
  // A detector finding is a defect whatever the other runs say: all or nothing.
  if (detector && !t.passed) t.score = 0;
  if (detector && !v.correct && t.score > 0) {
    t.score = 0;
    t.passed = false;
    if (t.diagnosis.empty()) t.diagnosis = "not_correct";
    t.output = "no points while correctness cases fail\n" + t.output;
  }
  return t;
}

test_result performance_placeholder(const lab_plan& plan) {
  test_result perf;
  perf.name = fmt::format("{}: performance", plan.label);
  perf.kind = "performance";
  return perf;
}

}  // namespace

lab_score score_lab(const lab_plan& plan, lab_runs& runs) {
  const verdicts v = summarize(runs);
  lab_score score;
  score.clean = v.correct;
  for (const planned_test& p : plan.tests) {
    const outcome_list& list = runs.by_group[p.kind];
    if (list.empty()) {
      score.tests.push_back(not_run_test(plan, p, runs.cpu_build_failed));
      continue;
    }
    score.tests.push_back(score_test(plan, p, list, v, runs.cpu_build_failed));
    if (!score.tests.back().passed) score.clean = false;
  }
  return score;
}

std::vector<test_result> zero_tests(const lab_plan& plan, const lab_rubric& rb, const std::string& diagnosis,
                                    const std::string& message) {
  std::vector<test_result> tests;
  for (const planned_test& p : plan.tests) {
    test_result t = group_test(plan.label, p, {});
    t.passed = false;
    t.diagnosis = diagnosis;
    t.output = message;
    tests.push_back(t);
  }
  test_result perf = performance_placeholder(plan);
  perf.max_score = plan.gpu || !rb.cpu_performance_withheld ? rb.performance_points * rb.weight : 0;
  perf.graded = plan.gpu;
  perf.passed = false;
  perf.diagnosis = diagnosis;
  perf.output = message;
  tests.push_back(perf);
  return tests;
}

std::vector<test_result> cannot_grade_tests(const lab_plan& plan, const std::string& why) {
  std::vector<test_result> tests;
  for (const planned_test& p : plan.tests) {
    test_result t = group_test(plan.label, p, {});
    t.max_score = 0;
    t.graded = false;
    t.passed = false;
    t.diagnosis = "cannot_grade";
    t.output = "not run: " + why;
    tests.push_back(t);
  }
  test_result perf = performance_placeholder(plan);
  perf.graded = false;
  perf.passed = false;
  perf.diagnosis = "cannot_grade";
  perf.output = "not run: " + why;
  tests.push_back(perf);
  return tests;
}

}  // namespace scanlab::grader
