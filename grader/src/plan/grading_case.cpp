#include "plan/grading_case.h"

#include <fmt/format.h>

namespace scanlab::grader {

std::string describe(const grading_case& c) {
  std::string s = fmt::format("n = {} ({}, {})", c.n, c.why, core::data_kind_name(c.data));
  for (const std::string& e : c.env)
    if (e.rfind("SCANLAB_", 0) == 0 && e.find("WATCHDOG") == std::string::npos && e.find("DIVERGENT") == std::string::npos)
      s += " " + e;
  return s;
}

std::string order_of(const grading_case& c, const std::string& what) {
  const std::string key = "SCANLAB_" + what + "_ORDER=";
  for (const std::string& e : c.env)
    if (e.rfind(key, 0) == 0) return e.substr(key.size());
  return "";
}

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a * 0x9e3779b97f4a7c15ull + b + 0x632be59bd9b4e019ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace scanlab::grader
