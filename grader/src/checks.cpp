#include "checks.h"

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

std::string compiler_message(const std::string& text, const std::string& temp_source, const std::string& display) {
  std::string t = text;
  if (!temp_source.empty())
    for (std::size_t p; (p = t.find(temp_source)) != std::string::npos;) t.replace(p, temp_source.size(), display);
  t = rewrite_nvcc_locations(t);
  std::istringstream in(t);
  std::string line, errors, all;
  int shown = 0;
  while (std::getline(in, line)) {
    if (line.find("error") != std::string::npos && shown < 10) {
      errors += line + "\n";
      ++shown;
    }
    if (all.size() < 4000) all += line + "\n";
  }
  return errors.empty() ? all : errors;
}

}  // namespace scanlab::grader
