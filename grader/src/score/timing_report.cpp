#include "score/timing_report.h"

#include <cstdlib>
#include <sstream>

#include <fmt/format.h>

namespace scanlab::grader {

namespace {

// The first word of a line ("timing" of "timing cuda=... calls=...").
std::string first_word(const std::string& line) { return line.substr(0, line.find(' ')); }

// Checks that `lines` hold each of `order` at most once, in that order, and nothing else. Returns
// what broke the rule ("" when none); `at` gets each word's line.
std::string check_sequence(const std::vector<timed_line>& lines, const std::vector<std::string>& order,
                           std::map<std::string, const timed_line*>& at) {
  std::size_t next = 0;
  for (const timed_line& l : lines) {
    const std::string word = first_word(l.text);
    std::size_t k = 0;
    while (k < order.size() && order[k] != word) ++k;
    if (k == order.size()) return fmt::format("an unknown line on the runner's channel ('{}')", l.text.substr(0, 80));
    if (at.count(word) > 0) return fmt::format("a second '{}' line on the runner's channel", word);
    if (k < next) return fmt::format("'{}' after '{}' on the runner's channel", word, order[next - 1]);
    at[word] = &l;
    next = k + 1;
  }
  return "";
}

std::vector<std::string> split_sums(const std::string& text) {
  std::vector<std::string> sums;
  if (text.empty() || text == "-") return sums;
  std::stringstream in(text);
  for (std::string s; std::getline(in, s, ',');) sums.push_back(s);
  return sums;
}

}  // namespace

std::map<std::string, std::string> record_fields(const std::string& line) {
  std::map<std::string, std::string> f;
  std::stringstream in(line);
  std::string word;
  in >> word;
  f[""] = word;
  for (std::string kv; in >> kv;) {
    const auto eq = kv.find('=');
    if (eq != std::string::npos) f[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  return f;
}

baseline_report read_baseline(const std::vector<timed_line>& lines) {
  baseline_report b;
  std::map<std::string, const timed_line*> at;
  b.problem = check_sequence(lines, {"begin", "call", "returned", "baseline", "done"}, at);
  if (!b.problem.empty()) return b;
  if (at.count("baseline") == 0) {
    b.problem = "the baseline run wrote no report";
    return b;
  }
  auto f = record_fields(at["baseline"]->text);
  if (f.count("failed")) {
    b.problem = "the baseline run failed: " + f["failed"];
    return b;
  }
  if (f["cuda"] != "cudaSuccess" || f.count("wrong")) {
    b.problem = "the reference solution's timed run failed: " + at["baseline"]->text.substr(0, 200);
    return b;
  }
  b.copy_ms = std::atof(f["copy_ms"].c_str());
  b.reference_ms = std::atof(f["reference_ms"].c_str());
  b.overhead_ms = std::atof(f["overhead_ms"].c_str());
  b.sums = split_sums(f["sums"]);
  b.ok = b.copy_ms > 0 && b.reference_ms > 0;
  if (!b.ok) b.problem = "the baseline run reported no usable times";
  return b;
}

student_report read_student(const std::vector<timed_line>& lines) {
  using verdict = student_report::verdict;
  student_report s;
  std::map<std::string, const timed_line*> at;
  s.problem = check_sequence(lines, {"begin", "call", "timed", "returned", "timing", "done"}, at);
  if (!s.problem.empty()) {
    s.result = verdict::tampered;
    return s;
  }
  if (at.count("timing") == 0) {
    s.problem = "the timed run wrote no report";
    return s;
  }
  auto f = record_fields(at["timing"]->text);
  if (f.count("failed")) {
    s.problem = "the timed run failed: " + f["failed"];
    return s;
  }
  s.sums = split_sums(f["sums"]);
  if (f.count("wrong")) {
    // call:index:expected:got
    std::vector<std::string> parts;
    std::stringstream in(f["wrong"]);
    for (std::string p; std::getline(in, p, ':');) parts.push_back(p);
    if (parts.size() == 4) {
      s.result = verdict::wrong_output;
      s.wrong_call = std::atoi(parts[0].c_str());
      s.wrong_index = parts[1];
      s.expected = parts[2];
      s.got = parts[3];
      return s;
    }
  }
  if (f["cuda"] != "cudaSuccess") {
    s.problem = "a timed call ended in " + f["cuda"];
    return s;
  }
  // A measured run has all its lines: a report before "returned" or without "timed" was not the runner's.
  if (at.count("timed") == 0 || at.count("returned") == 0) {
    s.result = verdict::tampered;
    s.problem = "a timing report without the timed calls around it";
    return s;
  }
  s.median_ms = std::atof(f["median_ms"].c_str());
  s.calls = std::atoi(f["calls"].c_str());
  s.leftover_calls = std::atoi(f["leftover_calls"].c_str());
  s.leftover_max_ms = std::atof(f["leftover_max_ms"].c_str());
  s.wall_ms = at["returned"]->at_ms - at["timed"]->at_ms;
  s.result = s.calls > 0 && s.median_ms > 0 ? verdict::measured : verdict::failed;
  if (s.result == verdict::failed) s.problem = "the timed run reported no usable time";
  return s;
}

void compare_sums(student_report& s, const baseline_report& b) {
  if (s.result != student_report::verdict::measured && s.result != student_report::verdict::wrong_output) return;
  // The call the runner found wrong has no checksum worth comparing.
  const std::size_t checked = s.result == student_report::verdict::wrong_output && s.wrong_call > 0
                                  ? static_cast<std::size_t>(s.wrong_call - 1)
                                  : s.sums.size();
  if (s.result == student_report::verdict::measured && s.sums.size() != b.sums.size()) {
    s.result = student_report::verdict::tampered;
    s.problem = fmt::format("{} checksums for {} calls", s.sums.size(), b.sums.size());
    return;
  }
  for (std::size_t k = 0; k < checked && k < s.sums.size() && k < b.sums.size(); ++k)
    if (s.sums[k] != b.sums[k]) {
      s.result = student_report::verdict::tampered;
      s.problem = fmt::format("call {}'s output is not the scan of that call's input (its checksum is not the "
                              "reference solution's)",
                              k + 1);
      return;
    }
}

clock_check check_clock(const student_report& s, double overhead_ms) {
  clock_check c;
  if (s.calls <= 0) return c;
  c.estimate_ms = (s.wall_ms - s.calls * overhead_ms) / s.calls;
  // Host wake-ups and pipe reads make the clock's estimate noisy by tens of microseconds a call
  // (under a loaded machine's scheduler, more): the slack keeps tiny honest calls (lab 1's
  // 65,536 elements take microseconds) from ever looking implausible.
  constexpr double slack_ms = 0.25;
  c.implausible = s.median_ms * 2 + slack_ms < c.estimate_ms;
  return c;
}

}  // namespace scanlab::grader
