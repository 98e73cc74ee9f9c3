#include "judge/judge_lab.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "judge/judge_case.h"

namespace scanlab::grader {

namespace {

const char* const race_advice =
    "a thread reads shared memory another thread writes in the same step: separate the read and the write with "
    "__syncthreads() (or a second buffer)";

bool is_barrier_finding(const case_outcome& o) {
  return !o.passed && (o.diagnosis == "divergent_barrier" || o.diagnosis == "deadlock" || o.diagnosis == "hang");
}

// The first difference between the forward order's output and another order's makes the verdict a
// race. A verdict that is already a wrong output is compared with the reverse order only.
void compare_orders(const std::vector<case_outcome>& runs, case_outcome& verdict) {
  const char* names[] = {"forward", "reverse", "random"};
  for (std::size_t k = 1; k < runs.size(); ++k) {
    const auto& a = runs[0].output;
    const auto& b = runs[k].output;
    const std::optional<std::size_t> i = first_difference(a, b);
    if (!i) continue;
    verdict.fail("race", fmt::format("data race: the {} and {} thread orders give different outputs", names[0], names[k]));
    verdict.details = {fmt::format("first difference at index {}: {} vs {}", *i, show_value(a[*i]), show_value(b[*i])),
                       race_advice, runs[0].replay, runs[k].replay};
    add_access_findings(runs[0].access_findings, verdict.details);
    break;
  }
}

// The schedule differential: every order right, and all outputs bit-identical (compared here, not
// in the child). Only a difference between orders is a race; the runs' other failures belong to
// other tests (schedule_failures, which the barrier and memory tests read).
void judge_schedule_differential(lab_runs& runs, const lab_plan& plan) {
  if (runs.race_outcomes.empty()) return;
  case_outcome verdict;
  for (std::size_t k = 0; k < runs.race_outcomes.size() && verdict.passed; ++k)
    if (!runs.race_outcomes[k].passed) verdict = runs.race_outcomes[k];
  if (verdict.passed || verdict.diagnosis == "wrong_output") compare_orders(runs.race_outcomes, verdict);
  if (!verdict.passed && verdict.diagnosis != "race") {
    if (verdict.diagnosis == "divergent_barrier" || verdict.diagnosis == "deadlock" || verdict.diagnosis == "hang" ||
        verdict.diagnosis == "out_of_bounds")
      runs.by_group["schedule_failures"].push_back(
          {fmt::format("n = {} under another thread order", plan.schedules_n), verdict});
    verdict = case_outcome{};
  }
  runs.by_group["race"].push_back(
      {fmt::format("n = {} under forward, reverse and random thread orders", plan.schedules_n), verdict});
}

// A correctness case that was right only under another thread order is a race, whatever the race
// test's own runs showed. racecheck: only a reported race counts (a wrong output under it is the
// correctness tests').
void judge_races(lab_runs& runs) {
  auto& race = runs.by_group["race"];
  if (std::all_of(race.begin(), race.end(), [](const auto& r) { return r.second.passed; })) {
    const std::pair<std::string, case_outcome>* right_in_other_order = nullptr;
    for (const char* group : {"edge", "random", "large"})
      for (const auto& entry : runs.by_group[group])
        if (!right_in_other_order && !entry.second.order_note.empty()) right_in_other_order = &entry;
    if (right_in_other_order) {
      case_outcome found;
      found.fail("race", right_in_other_order->second.order_note);
      found.details = {race_advice};
      add_access_findings(right_in_other_order->second.access_findings, found.details);
      race.push_back({right_in_other_order->first, found});
    }
  }
  for (auto& [what, o] : runs.by_group["race_sanitizer"]) {
    if (!o.passed && o.diagnosis != "race") o = case_outcome{};
    runs.by_group["race"].push_back({what, std::move(o)});
  }
  runs.by_group.erase("race_sanitizer");
}

// No case anywhere hit a divergent barrier, a deadlock or a hang. The synccheck runs' other
// failures (a wrong output under it) are the correctness tests' business.
void judge_barriers(lab_runs& runs) {
  for (auto& [what, o] : runs.by_group["barrier"])
    if (!o.passed && !is_barrier_finding(o)) o = case_outcome{};
  outcome_list hits;
  for (const auto& [group, list] : runs.by_group)
    for (const auto& [what, o] : list)
      if (is_barrier_finding(o)) hits.push_back({what, o});
  // A divergent barrier a correctness run went on past (as a GPU does) is this test's finding.
  for (const auto& [group, list] : runs.by_group)
    for (const auto& [what, o] : list)
      if (hits.empty() && !o.barrier_note.empty()) {
        case_outcome found;
        found.fail("divergent_barrier", o.barrier_note);
        hits.push_back({what, found});
      }
  if (hits.empty()) hits.push_back({"every case of this lab", case_outcome{}});
  else hits.resize(1);
  runs.by_group["barrier"].insert(runs.by_group["barrier"].end(), hits.begin(), hits.end());
}

// Guard zones of every case, plus the sanitizer runs (whose other failures, like a wrong output,
// are the correctness tests' business). Forward progress needs no judging here: it is tested only
// by the CPU backend's block orders, whose runs carry their own verdicts (a GPU starts blocks in
// about index order, so a scan chained on blockIdx.x finishes there every time: without the CPU
// backend the test is listed as not run, never passed, as measured on an H100).
// A misaligned vector access is a memory error too (memcheck reports it on a GPU).
bool memory_error(const case_outcome& o) {
  return !o.passed && (o.diagnosis == "out_of_bounds" || o.diagnosis == "misaligned_address");
}

void judge_memory(lab_runs& runs) {
  for (auto& [what, o] : runs.by_group["memory"])
    if (!memory_error(o) && o.diagnosis != "crash") o = case_outcome{};
  for (const auto& [group, list] : runs.by_group) {
    if (group == "memory") continue;
    for (const auto& [what, o] : list)
      if (memory_error(o)) {
        runs.by_group["memory"].push_back({what, o});
        return;
      }
  }
  runs.by_group["memory"].push_back({"guard zones of every case", case_outcome{}});
}

// A correctness case that failed where no access check ran (on a GPU, or too large) gets what the
// checks found in the lab's small failing CPU case: the likely cause of both.
void add_lab_findings(lab_runs& runs) {
  if (runs.access_findings.empty()) return;
  for (const char* group : {"edge", "random", "large"})
    for (const auto& entry : runs.by_group[group])
      if (!entry.second.passed && !entry.second.access_findings.empty()) return;  // shown there already
  for (const char* group : {"edge", "random", "large"})
    for (auto& [what, o] : runs.by_group[group])
      if (!o.passed && o.access_findings.empty()) {
        o.details.push_back("on the CPU backend, a small case of this lab went wrong too; there:");
        add_access_findings(runs.access_findings, o.details);
        return;
      }
}

}  // namespace

std::optional<std::size_t> first_difference(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return std::nullopt;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0) return i;
  return std::nullopt;
}

void judge_lab(lab_runs& runs, const lab_plan& plan) {
  judge_schedule_differential(runs, plan);
  judge_races(runs);
  judge_barriers(runs);
  judge_memory(runs);
  add_lab_findings(runs);
}

}  // namespace scanlab::grader
