#include "report/reports.h"

#include "platforms/handoff.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include <fmt/color.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/result_json.h"

namespace scanlab::grader {

double lab_result::score() const {
  double s = 0;
  for (const auto& t : tests) s += t.score;
  return s;
}
double lab_result::max_score() const {
  double s = 0;
  for (const auto& t : tests) s += t.max_score;
  return s;
}
double submission_result::score() const {
  double s = 0;
  for (const auto& l : labs) s += l.score();
  return s;
}
double submission_result::max_score() const {
  double s = 0;
  for (const auto& l : labs) s += l.max_score();
  return s;
}

test_state state_of(const lab_result& lab, const test_result& t) {
  if (!lab.cannot_grade.empty() || !t.graded) return test_state::not_run;
  if (t.passed) return test_state::passed;
  // lab_grader marks a test that found nothing but gets no points while correctness fails (a
  // detector, performance) with the diagnosis not_correct.
  if (t.diagnosis == "not_correct") return test_state::withheld;
  return test_state::failed;
}

const char* state_word(test_state s) {
  switch (s) {
    case test_state::passed: return "passed";
    case test_state::failed: return "failed";
    case test_state::withheld: return "withheld";
    case test_state::not_run: return "not run";
  }
  return "";
}

std::string test_text(const lab_result& lab, const test_result& t) {
  if (!lab.cannot_grade.empty()) return "not run: cannot grade this here: " + lab.cannot_grade;
  if (state_of(lab, t) != test_state::withheld) return t.output;
  // Drop the "N of N cases passed" tally: the points are withheld, nothing here passed or failed.
  static const std::regex tally(R"(^\d+ of \d+ cases passed$)");
  std::string out = "withheld: ";
  std::size_t start = 0;
  bool first = true;
  while (start < t.output.size()) {
    std::size_t end = t.output.find('\n', start);
    if (end == std::string::npos) end = t.output.size();
    const std::string line = t.output.substr(start, end - start);
    start = end + 1;
    if (line.empty() || std::regex_match(line, tally)) continue;
    out += (first ? "" : "\n") + line;
    first = false;
  }
  if (first) out += "no points while correctness cases fail";
  return out + "\n(this test's own checks found nothing; it scores once every correctness case passes)";
}

std::vector<std::string> review_reasons(const submission_result& r) {
  std::vector<std::string> out;
  for (const auto& lab : r.labs)
    if (!lab.cannot_grade.empty()) out.push_back(fmt::format("lab {}: cannot grade this here: {}", lab.id, lab.cannot_grade));
  return out;
}

namespace {

constexpr const char* review_note = "marked for instructor review; this is not a compile error in your code";

std::string xml_escape(const std::string& s, bool attribute = true) {
  std::string out;
  for (unsigned char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      // Escaped in attributes, where a raw newline would be read as a space.
      case '\n': out += attribute ? "&#10;" : "\n"; break;
      case '\t': out += attribute ? "&#9;" : "\t"; break;
      default:
        // XML 1.0 forbids most control characters; keep the file ASCII so stray bytes of a
        // submission's output cannot make it invalid UTF-8.
        out += (c < 0x20 || c >= 0x7f) ? '?' : static_cast<char>(c);
    }
  }
  return out;
}


std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out + "\"";
}

}  // namespace

// A text's first line, for one-line places (Gradescope's "not run" list, JUnit messages, table
// cells). A line that ends in a colon only announces what follows ("lab2/scan.cu does not
// compile:"): the first non-empty line after it is kept with it, or the reason would be cut away.
std::string first_line(const std::string& s) {
  const std::size_t end = s.find('\n');
  std::string line = s.substr(0, end);
  if (end == std::string::npos || line.empty() || line.back() != ':') return line;
  std::size_t from = end + 1;
  while (from < s.size()) {
    const std::size_t next_end = std::min(s.find('\n', from), s.size());
    std::string next = s.substr(from, next_end - from);
    next.erase(0, next.find_first_not_of(" \t"));
    if (!next.empty()) return line + " " + next;
    from = next_end + 1;
  }
  return line;
}

namespace {
// `text` folded at word boundaries into lines of at most `width` characters; a word longer than
// that (a path, a command) gets a line of its own, whole.
std::vector<std::string> fold(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t space = text.find(' ', at);
    const std::string word = text.substr(at, space == std::string::npos ? std::string::npos : space - at);
    at = space == std::string::npos ? text.size() : space + 1;
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

// A failed test's diagnosis under its row: whole lines of the text, folded to the width, until
// `budget` printed lines are used; what does not fit is counted, never cut mid-sentence.
std::string diagnosis_lines(const std::string& text, int width, int budget) {
  std::vector<std::string> parts;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    parts.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  std::string out;
  int used = 0;
  std::size_t shown = 0;
  for (; shown < parts.size(); ++shown) {
    const std::size_t lead = std::min(parts[shown].find_first_not_of(' '), parts[shown].size());
    const std::string indent = "    " + std::string(lead, ' ');  // a hint stays under its case
    // A command stays on one line, so that it can be copied whole.
    const bool command = parts[shown].compare(lead, 15, "replay locally:") == 0;
    const std::vector<std::string> folded =
        command ? std::vector<std::string>{parts[shown].substr(lead)}
                : fold(parts[shown].substr(lead),
                       static_cast<std::size_t>(std::max<int>(20, width - 8 - static_cast<int>(lead))));
    if (used > 0 && used + static_cast<int>(folded.size()) > budget) break;
    for (std::size_t k = 0; k < folded.size(); ++k) out += indent + (k == 0 ? "" : "  ") + folded[k] + "\n";
    used += static_cast<int>(folded.size());
  }
  if (shown < parts.size())
    out += fmt::format("    ({} more line{} in the results file)\n", parts.size() - shown, parts.size() - shown == 1 ? "" : "s");
  return out;
}
}  // namespace

int terminal_width() {
  winsize w{};
  if (isatty(1) && ioctl(1, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) return w.ws_col;
  if (const char* columns = std::getenv("COLUMNS"); columns && std::atoi(columns) > 0) return std::atoi(columns);
  return 100;
}

std::string terminal_table(const submission_result& r, bool colour, int width) {
  auto paint = [&](const std::string& text, fmt::terminal_color c) {
    return colour ? fmt::format(fmt::fg(c), "{}", text) : text;
  };
  width = std::max(width, 80);
  // test name, then " 12.34/12.34  withheld": 23 columns.
  const int name_width = std::min(62, width - 24);
  auto row = [&](const std::string& name, const std::string& rest) {
    std::string shown = name.size() > static_cast<std::size_t>(name_width) ? name.substr(0, name_width - 3) + "..." : name;
    return fmt::format("{:<{}} {}\n", shown, name_width, rest);
  };
  std::string out;
  for (const std::string& line :
       fold(fmt::format("scanlab grade: {} ({} backend, seed {})", r.dir, r.backend, r.seed_text), width))
    out += line + "\n";
  for (const auto& m : r.messages) out += paint("! " + m, fmt::terminal_color::yellow) + "\n";
  out += row("test", fmt::format("{:>11}  {}", "score", "status"));
  for (const auto& lab : r.labs) {
    for (const auto& n : lab.notes) out += paint("  note: " + n, fmt::terminal_color::yellow) + "\n";
    if (!lab.cannot_grade.empty())
      out += paint(fmt::format("! lab {}: cannot grade this here: {} ({})", lab.id, lab.cannot_grade, review_note),
                   fmt::terminal_color::magenta) +
             "\n";
    for (const auto& t : lab.tests) {
      const test_state s = state_of(lab, t);
      const auto c = s == test_state::passed   ? fmt::terminal_color::green
                     : s == test_state::failed ? fmt::terminal_color::red
                                               : fmt::terminal_color::bright_black;
      out += row(t.name, fmt::format("{:>5.2f}/{:<5.2f}  {}", t.score, t.max_score, paint(state_word(s), c)));
      if (s == test_state::failed || s == test_state::withheld) out += diagnosis_lines(test_text(lab, t), width, 12);
    }
    out += row(fmt::format("lab {} total", lab.id), fmt::format("{:>5.2f}/{:<5.2f}  ({:.1f} s)", lab.score(),
                                                                 lab.max_score(), lab.seconds));
  }
  out += paint(row("TOTAL", fmt::format("{:>5.2f}/{:<5.2f}  ({:.1f} s)", r.score(), r.max_score(), r.seconds)),
               fmt::terminal_color::bright_white);
  return out;
}

std::string gradescope_json(const submission_result& r, const std::string& fingerprint,
                            const nlohmann::json& graded_from) {
  nlohmann::json j;
  j["score"] = r.score();
  j["execution_time"] = r.seconds;
  std::string header = fmt::format("Graded by scanlab on the {} backend.", r.backend);
  for (const std::string& why : review_reasons(r)) header += fmt::format("\n{} ({})", why, review_note);
  for (const auto& m : r.messages) header += "\n" + m;
  for (const auto& lab : r.labs)
    for (const auto& n : lab.notes) header += "\n" + n;
  // Gradescope has no status for a test that did not run: listed with "passed" or "failed" (or
  // none, which it shows as passed) it would mislead, so such tests are named here instead.
  std::string not_run;
  for (const auto& lab : r.labs)
    for (const auto& t : lab.tests)
      if (state_of(lab, t) == test_state::not_run && lab.cannot_grade.empty())
        not_run += fmt::format("\n- {}: {}", t.name, first_line(t.output));
  if (!not_run.empty()) header += "\nNot run here (no points either way):" + not_run;
  j["output"] = printable(header);
  j["visibility"] = "visible";
  j["stdout_visibility"] = "hidden";
  nlohmann::json tests = nlohmann::json::array();
  for (const auto& lab : r.labs) {
    int k = 0;
    if (!lab.cannot_grade.empty()) {
      // One line the student sees in place of the lab's tests: not their failure, not a pass.
      tests.push_back({{"name", fmt::format("lab {}: cannot be graded here (instructor review)", lab.id)},
                       {"number", fmt::format("{}.0", lab.id)},
                       {"score", 0},
                       {"max_score", 0},
                       {"output", printable(fmt::format("cannot grade this here: {}\nThis lab is {}.", lab.cannot_grade,
                                                        review_note))},
                       {"visibility", "visible"},
                       {"tags", {fmt::format("lab{}", lab.id), "needs_review"}},
                       {"extra_data", {{"lab", lab.id}, {"kind", "cannot_grade"}, {"graded", false}}}});
      continue;
    }
    for (const auto& t : lab.tests) {
      ++k;
      const test_state s = state_of(lab, t);
      if (s == test_state::not_run) continue;
      nlohmann::json tj;
      tj["name"] = t.name;
      tj["number"] = fmt::format("{}.{}", lab.id, k);
      tj["score"] = t.score;
      tj["max_score"] = t.max_score;
      tj["status"] = s == test_state::passed ? "passed" : "failed";
      tj["output"] = printable(test_text(lab, t));
      tj["visibility"] = "visible";
      tj["tags"] = {fmt::format("lab{}", lab.id), t.kind};
      tj["extra_data"] = {{"lab", lab.id}, {"kind", t.kind}, {"diagnosis", t.diagnosis}, {"graded", t.graded},
                          {"state", state_word(s)}};
      tests.push_back(tj);
    }
  }
  j["tests"] = tests;
  nlohmann::json board = nlohmann::json::array();
  for (const auto& lab : r.labs)
    if (lab.id == 8 && lab.throughput_gelems)
      board.push_back({{"name", "lab 8 throughput (G elements/s)"}, {"value", *lab.throughput_gelems}, {"order", "desc"}});
  if (!board.empty()) j["leaderboard"] = board;
  // Gradescope's spec allows no top-level key of ours: scanlab's fields live under extra_data.
  nlohmann::json extra = {{"backend", r.backend}, {"seed", r.seed_text}, {"submission", r.name},
                          {"needs_review", review_reasons(r)}, {"result", result_to_json(r)}};
  if (!fingerprint.empty()) extra["fingerprint"] = fingerprint;
  if (!graded_from.is_null()) extra["graded_from"] = graded_from;
  j["extra_data"] = extra;
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

namespace {

// One (submission, lab) of a JUnit report: its <testsuite>, the properties of its cases (Jenkins'
// xunit schema, junit-10.xsd, has no <properties> inside <testcase>: they are the suite's, named
// after the case) and the counts the root adds up.
struct junit_suite {
  std::string body, case_properties;
  int tests = 0, failures = 0, errors = 0, skipped = 0;
  double time = 0;
};

// `key [case]` = value among the suite's properties.
void junit_case_property(junit_suite& s, const std::string& test, const std::string& key, const std::string& value) {
  s.case_properties += fmt::format("      <property name=\"{} [{}]\" value=\"{}\"/>\n", key, xml_escape(test),
                                   xml_escape(value));
}

// A lab that cannot be graded here: one <error> (the grader's, not the student's), with the lab's
// time (its tests, 0 of 0 each, get none: the time is counted once).
std::string junit_cannot_grade(const lab_result& lab, const std::string& classname, junit_suite& s) {
  ++s.tests;
  ++s.errors;
  const std::string name = fmt::format("lab {}: grading", lab.id);
  std::string out = fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\">\n", classname,
                                xml_escape(name), lab.seconds);
  junit_case_property(s, name, "score", "0.00");
  junit_case_property(s, name, "max_score", "0.00");
  junit_case_property(s, name, "state", "cannot grade here");
  out += fmt::format("      <error message=\"{}\" type=\"cannot_grade\">{}</error>\n",
                     xml_escape("cannot grade this here: " + first_line(lab.cannot_grade)),
                     xml_escape("cannot grade this here: " + lab.cannot_grade + "\n" + review_note, false));
  return out + "    </testcase>\n";
}

std::string junit_testcase(const lab_result& lab, const test_result& t, const std::string& classname, double share,
                           junit_suite& s) {
  const test_state st = state_of(lab, t);
  ++s.tests;
  std::string out = fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\">\n", classname,
                                xml_escape(t.name), share);
  junit_case_property(s, t.name, "score", fmt::format("{:.2f}", t.score));
  junit_case_property(s, t.name, "max_score", fmt::format("{:.2f}", t.max_score));
  junit_case_property(s, t.name, "state", state_word(st));
  if (!t.diagnosis.empty()) junit_case_property(s, t.name, "diagnosis", t.diagnosis);
  const std::string text = test_text(lab, t);
  if (st == test_state::not_run || st == test_state::withheld) {
    ++s.skipped;
    out += fmt::format("      <skipped message=\"{}\"/>\n", xml_escape(first_line(text)));
  } else if (st == test_state::failed) {
    ++s.failures;
    out += fmt::format("      <failure message=\"{}\" type=\"{}\">{}</failure>\n", xml_escape(first_line(text)),
                       xml_escape(t.diagnosis), xml_escape(text, false));
  }
  return out + "    </testcase>\n";
}

junit_suite junit_lab(const submission_result& r, const lab_result& lab) {
  junit_suite s;
  s.time = lab.seconds;
  const std::string classname = xml_escape(r.name + "." + lab.name);
  std::string cases;
  // The cases of a lab run together; each test is given an equal share of the lab's time (none
  // when the lab's time went to its "cannot grade here" case).
  const double share = lab.tests.empty() || !lab.cannot_grade.empty()
                           ? 0.0
                           : lab.seconds / static_cast<double>(lab.tests.size());
  if (!lab.cannot_grade.empty()) cases += junit_cannot_grade(lab, classname, s);
  for (const auto& t : lab.tests) cases += junit_testcase(lab, t, classname, share, s);
  s.body = fmt::format(
      "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.3f}\">\n"
      "    <properties>\n"
      "      <property name=\"score\" value=\"{:.2f}\"/>\n"
      "      <property name=\"max_score\" value=\"{:.2f}\"/>\n"
      "      <property name=\"backend\" value=\"{}\"/>\n"
      "      <property name=\"seed\" value=\"{}\"/>\n"
      "      <property name=\"needs_review\" value=\"{}\"/>\n"
      "{}    </properties>\n{}  </testsuite>\n",
      classname, s.tests, s.failures, s.errors, s.skipped, lab.seconds, lab.score(), lab.max_score(),
      xml_escape(r.backend), xml_escape(r.seed_text), lab.cannot_grade.empty() ? "false" : "true",
      s.case_properties, cases);
  return s;
}

}  // namespace

std::string junit_xml(const std::vector<submission_result>& all) {
  // Test names are the tests' own (never the score, which changes), so CI history follows each
  // test from run to run; scores and diagnoses are properties. Each suite is one (submission,
  // lab); a lab that cannot be graded here is one <error> (the grader's, not the student's). The
  // root has no `skipped` (the xunit plugin's schema has none there; each suite has its own).
  junit_suite total;
  std::string suites;
  for (const auto& r : all)
    for (const auto& lab : r.labs) {
      const junit_suite s = junit_lab(r, lab);
      total.tests += s.tests;
      total.failures += s.failures;
      total.errors += s.errors;
      total.time += s.time;
      suites += s.body;
    }
  return fmt::format(
             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<testsuites name=\"scanlab grade\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{:.3f}\">\n",
             total.tests, total.failures, total.errors, total.time) +
         suites + "</testsuites>\n";
}

std::string markdown_summary(const std::vector<submission_result>& all) {
  auto cell = [](std::string s) {
    for (char& c : s)
      if (c == '|' || c == '\n') c = ' ';
    return s;
  };
  std::string out = "# scanlab grade\n\n";
  for (const auto& r : all) {
    out += fmt::format("## {}: {:.2f} / {:.2f}\n\nBackend {}, seed {}, {:.1f} s.\n\n", r.name, r.score(), r.max_score(),
                       r.backend, r.seed_text, r.seconds);
    for (const std::string& why : review_reasons(r)) out += fmt::format("> **{}** ({})\n\n", cell(why), review_note);
    for (const auto& m : r.messages) out += "- " + m + "\n";
    out += "| test | score | status | diagnosis |\n|---|---:|---|---|\n";
    for (const auto& lab : r.labs)
      for (const auto& t : lab.tests) {
        const test_state s = state_of(lab, t);
        std::string status = state_word(s);
        if (s == test_state::not_run || s == test_state::withheld) {
          const std::string why = cell(first_line(test_text(lab, t)));
          status = why.rfind(status, 0) == 0 ? why : status + ": " + why;
        }
        out += fmt::format("| {} | {:.2f} / {:.2f} | {} | {} |\n", cell(t.name), t.score, t.max_score, status,
                           t.diagnosis.empty() || s != test_state::failed ? "" : "`" + t.diagnosis + "`");
      }
    out += "\n";
  }
  return out;
}

std::string csv_summary(const std::vector<submission_result>& all) {
  std::string out = "submission,score,max_score,seconds";
  if (!all.empty())
    for (const auto& lab : all.front().labs) out += fmt::format(",lab{}", lab.id);
  out += ",needs_review,first_failure\n";
  for (const auto& r : all) {
    std::string first;
    for (const auto& lab : r.labs)
      for (const auto& t : lab.tests)
        if (first.empty() && state_of(lab, t) == test_state::failed) first = fmt::format("lab{}:{}", lab.id, t.diagnosis);
    std::string review;
    for (const std::string& why : review_reasons(r)) review += (review.empty() ? "" : "; ") + first_line(why);
    out += fmt::format("{},{:.2f},{:.2f},{:.1f}", csv_field(r.name), r.score(), r.max_score(), r.seconds);
    for (const auto& lab : r.labs) out += fmt::format(",{:.2f}", lab.score());
    out += "," + csv_field(review) + "," + csv_field(first) + "\n";
  }
  return out;
}

bool write_atomically(const std::string& path, const std::string& content) {
  namespace fs = std::filesystem;
  // A descriptor the caller opened (/dev/fd/N): written in place, since there is no folder to
  // rename in, and the caller reads it only after this process has ended.
  if (const int fd = handoff_descriptor(path); fd >= 0) return write_handoff(fd, path, content);
  const fs::path target(path);
  std::error_code ec;
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  const std::string temp = path + fmt::format(".tmp{}", getpid());
  {
    std::ofstream f(temp, std::ios::binary | std::ios::trunc);
    f << content;
    f.flush();
    if (!f) {
      std::fprintf(stderr, "scanlab: cannot write %s\n", temp.c_str());
      fs::remove(temp, ec);
      return false;
    }
  }
  // Data on disk before the rename makes it visible: a machine that loses power mid-batch keeps
  // either the old file or the whole new one.
  if (FILE* f = std::fopen(temp.c_str(), "rb")) {
    ::fsync(fileno(f));
    std::fclose(f);
  }
  fs::rename(temp, target, ec);
  if (ec) {
    std::fprintf(stderr, "scanlab: cannot rename %s to %s: %s\n", temp.c_str(), path.c_str(), ec.message().c_str());
    return false;
  }
  return true;
}

std::string printable(const std::string& s) {
  std::string out;
  for (unsigned char c : s) out += (c < 0x80 && (c >= 0x20 || c == '\n' || c == '\t')) ? static_cast<char>(c) : '?';
  return out;
}

}  // namespace scanlab::grader
