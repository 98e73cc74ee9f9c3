#include "build/checks.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <regex>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace scanlab::grader {

std::string strip_comments(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
      out += '\n';
    } else if (s.compare(i, 2, "/*") == 0) {
      const std::size_t end = s.find("*/", i + 2);
      i = end == std::string::npos ? s.size() : end + 1;
      out += ' ';
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string rewrite_nvcc_locations(const std::string& text) {
  static const std::regex nvcc_location(
      R"(^(.+?)\((\d+)\): (error|warning|remark|note|catastrophic error|internal error))");
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);)
    out += std::regex_replace(line, nvcc_location, "$1:$2: $3", std::regex_constants::format_first_only) + "\n";
  if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
  return out;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  if (from.empty()) return;
  for (std::size_t p = 0; (p = text.find(from, p)) != std::string::npos; p += to.size()) text.replace(p, from.size(), to);
}

void show_student_path(std::string& text, const std::string& temp_source, const std::string& display) {
  replace_all(text, temp_source, display);
  if (display.find('/') == std::string::npos) return;
  // "<any path>/<digits>-" right before the display name: a grading work folder.
  for (std::size_t p = 0; (p = text.find(display, p)) != std::string::npos; p += display.size()) {
    if (p == 0 || text[p - 1] != '-') continue;
    std::size_t digits = p - 1;
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(text[digits - 1]))) --digits;
    if (digits == p - 1 || digits == 0 || text[digits - 1] != '/') continue;
    std::size_t path = digits - 1;
    while (path > 0 && !std::isspace(static_cast<unsigned char>(text[path - 1])) && text[path - 1] != '\'' &&
           text[path - 1] != '"' && text[path - 1] != '`')
      --path;
    text.erase(path, p - path);
    p = path;
  }
}

std::string compiler_message(const std::string& text, const std::string& temp_source, const std::string& display) {
  std::string t = text;
  replace_all(t, temp_source, display);
  t = rewrite_nvcc_locations(t);
  std::istringstream in(t);
  std::string line, errors, all;
  int shown = 0;
  // Besides the errors, the notes that lead from a header back to the student's line (an error
  // inside a macro or template of the CPU backend's headers is reported where it is defined).
  const std::string at_student = display + ":";
  while (std::getline(in, line)) {
    const bool leads_back = !display.empty() && ((line.rfind(at_student, 0) == 0 &&
                                                  (line.find("required from") != std::string::npos ||
                                                   line.find("in expansion of macro") != std::string::npos)) ||
                                                 line.rfind("In file included from " + at_student, 0) == 0);
    if ((line.find("error") != std::string::npos || leads_back) && shown < 10) {
      errors += line + "\n";
      ++shown;
    }
    if (all.size() < 4000) all += line + "\n";
  }
  return errors.empty() ? all : errors;
}

backend_rejection find_backend_rejection(const std::string& text, const std::string& display) {
  static const std::string marker = "scanlab CPU backend: ";
  backend_rejection r;
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::size_t at = lines.size();
  for (std::size_t i = 0; i < lines.size() && at == lines.size(); ++i)
    if (lines[i].find(marker) != std::string::npos && lines[i].find("A lab must") == std::string::npos) at = i;
  if (at == lines.size()) return r;
  r.found = true;
  std::string feature = lines[at].substr(lines[at].find(marker) + marker.size());
  // Compilers quote the text of a static_assert or #error; drop the closing quote and what follows.
  for (const char* end : {"\"", "\u2019", " [-W"})
    if (const std::size_t p = feature.find(end); p != std::string::npos) feature.erase(p);
  while (!feature.empty() && (feature.back() == ' ' || feature.back() == '\r')) feature.pop_back();
  r.feature = feature;
  // The student's line: on the rejection's own line when it is in the student's file, else the
  // first line of the student's file that the messages name (a macro's or a template's use).
  const std::regex location("(^|[^A-Za-z0-9_./-])" + std::regex_replace(display, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                            R"(:(\d+))");
  std::smatch m;
  if (std::regex_search(lines[at], m, location)) {
    r.line = std::stoi(m[2].str());
  } else {
    for (const std::string& l : lines)
      if (std::regex_search(l, m, location)) {
        r.line = std::stoi(m[2].str());
        break;
      }
  }
  return r;
}

std::string describe_rejection(const backend_rejection& r, const std::string& display) {
  return fmt::format("the CPU backend cannot build or run {}{}: {}. This is a limit of the CPU backend, not an error "
                     "in the code: nvcc accepts it, so this lab must be graded on a GPU",
                     display, r.line > 0 ? fmt::format(" (line {})", r.line) : std::string(), r.feature);
}

namespace {

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

std::string find_library_scan(const std::string& code) {
  static const std::regex libraries(
      R"((#\s*include\s*[<"](cub|thrust|cudpp|parallel)/)|\b(cub|thrust|__gnu_parallel)\s*::)");
  if (std::smatch m; std::regex_search(code, m, libraries)) return m.str();
  static const std::regex qualified(
      R"(\bstd\s*::\s*(ranges\s*::\s*)?(transform_inclusive_scan|transform_exclusive_scan|inclusive_scan|exclusive_scan|partial_sum)\b)");
  if (std::smatch m; std::regex_search(code, m, qualified)) return m.str();

  // Unqualified: `partial_sum(v.begin(), v.end(), ...)` finds std::partial_sum by argument-dependent
  // lookup, `using namespace std` makes every name reachable. Unless the student declares a
  // function (or variable) of that name: then the name is theirs.
  static const std::regex names(
      R"(\b(transform_inclusive_scan|transform_exclusive_scan|inclusive_scan|exclusive_scan|partial_sum)\b)");
  static const std::set<std::string> not_types = {"return", "else", "do", "case", "co_return", "co_yield", "throw"};
  std::set<std::string> declared;
  std::vector<std::pair<std::string, std::string>> calls;  // name, text
  for (auto it = std::sregex_iterator(code.begin(), code.end(), names); it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[1].str();
    const auto at = static_cast<std::size_t>(it->position(0));
    std::size_t p = at;
    while (p > 0 && std::isspace(static_cast<unsigned char>(code[p - 1]))) --p;
    if (p > 0) {
      const char before = code[p - 1];
      if (before == ':' || before == '.' || before == '>') continue;  // qualified, a member, or after a type
      if (identifier_char(before)) {
        std::size_t q = p;
        while (q > 0 && identifier_char(code[q - 1])) --q;
        if (not_types.count(code.substr(q, p - q)) == 0) {
          declared.insert(name);  // `float partial_sum(`, `auto partial_sum =`: the student's own
          continue;
        }
      }
    }
    // A call: the name, optional template arguments, then a parenthesis.
    std::size_t e = at + name.size();
    while (e < code.size() && std::isspace(static_cast<unsigned char>(code[e]))) ++e;
    if (e < code.size() && code[e] == '<') {
      const std::size_t close = code.find_first_of(">;(){}", e);
      if (close == std::string::npos || code[close] != '>') continue;
      e = close + 1;
      while (e < code.size() && std::isspace(static_cast<unsigned char>(code[e]))) ++e;
    }
    if (e < code.size() && code[e] == '(') calls.push_back({name, name + "("});
  }
  for (const auto& [name, text] : calls)
    if (declared.count(name) == 0) return text;
  return "";
}

performance_verdict score_performance(const performance_inputs& in) {
  performance_verdict v;
  const bool usable = std::isfinite(in.student_ms) && std::isfinite(in.reference_ms) && std::isfinite(in.copy_ms) &&
                      in.student_ms > 0 && in.reference_ms > 0 && in.copy_ms > 0;
  if (!usable) {
    v.diagnosis = "performance_run_failed";
    v.problem = fmt::format("the timed run reported no usable times (scan {} ms, reference {} ms, copy {} ms)",
                            in.student_ms, in.reference_ms, in.copy_ms);
    return v;
  }
  v.of_reference = in.reference_ms / in.student_ms;
  v.of_copy = in.copy_ms / in.student_ms;
  if (v.of_copy > in.max_of_copy) {
    v.diagnosis = "implausible_timing";
    v.problem = fmt::format(
        "implausible timing: scan() measured {:.3f} ms, {:.2f} times as fast as a device-to-device copy of the same "
        "bytes ({:.3f} ms). A scan reads and writes every element, so it cannot beat a copy by more than {:.0f}%: no "
        "performance points (if you think this is wrong, tell the course staff)",
        in.student_ms, v.of_copy, in.copy_ms, 100 * (in.max_of_copy - 1));
    return v;
  }
  const double fraction = std::clamp((v.of_reference - in.zero_at) / (in.full_at - in.zero_at), 0.0, 1.0);
  // Scores move in steps of a tenth: run-to-run noise must not change a grade.
  v.score = std::round(fraction * 10) / 10 * in.points;
  v.passed = v.score >= in.points;
  return v;
}

}  // namespace scanlab::grader
