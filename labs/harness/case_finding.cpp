#include "case_finding.h"

#include <algorithm>
#include <regex>
#include <vector>

namespace scanlab::harness {

namespace {

// A source location: "<path>.<extension>:<line>". Only the file's name is kept: the same line is
// the same line whichever path a report names it by.
const std::regex& source_site() {
  static const std::regex site(R"((?:[\w./+-]*/)?([\w.+-]+\.(?:cu|cuh|cpp|cc|cxx|h|hpp)):(\d+))");
  return site;
}

// Every source location in `text`, "scan.cu:31", sorted, each once.
std::vector<std::string> sites_in(const std::string& text) {
  std::vector<std::string> sites;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), source_site()); it != std::sregex_iterator(); ++it)
    sites.push_back((*it)[1].str() + ":" + (*it)[2].str());
  std::sort(sites.begin(), sites.end());
  sites.erase(std::unique(sites.begin(), sites.end()), sites.end());
  return sites;
}

// `text` without "<words> <location>" wherever the words occur ("launched at scan.cu:50"): such a
// site says who launched the kernel or allocated the buffer, not where the bug is.
std::string without_sites_after(const std::string& text, const std::string& words) {
  return std::regex_replace(text, std::regex(words + R"( \S+:\d+)"), "");
}

// The first name in backquotes, without an element index: "race on `XY[1]`: ..." -> "XY".
std::string quoted_name(const std::string& text) {
  const std::size_t open = text.find('`');
  if (open == std::string::npos) return "";
  const std::size_t close = text.find('`', open + 1);
  if (close == std::string::npos) return "";
  const std::string name = text.substr(open + 1, close - open - 1);
  return name.substr(0, name.find('['));
}

std::string joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : separator) + p;
  return out;
}

}  // namespace

case_finding access_check_finding(const std::string& summary, std::string hint) {
  static const std::string race = "race on ", uninitialised = "read of uninitialised shared memory ";
  case_finding f;
  std::size_t subject_at = 0;
  if (summary.rfind(race, 0) == 0) {
    f.kind = "race";
    subject_at = race.size();
  } else if (summary.rfind(uninitialised, 0) == 0) {
    f.kind = "uninitialised read";
    subject_at = uninitialised.size();
  } else {
    f.kind = "access finding";
  }
  // What was accessed: "`XY[1]`", "shared memory", "global memory (element 5 of a 128-byte buffer)"
  // (the element and the buffer's size change with n: the memory's kind is what stays).
  const std::string subject = summary.substr(subject_at, summary.find(": ", subject_at) - subject_at);
  const std::string name = quoted_name(subject);
  const std::string variable = name.empty() ? subject.substr(0, subject.find(" (")) : name;
  f.identity = f.kind + " | " + variable + " | " + joined(sites_in(summary), " ");
  f.summary = summary;
  f.hint = std::move(hint);
  return f;
}

case_finding detector_finding(const std::string& kind, const std::string& message, std::string hint) {
  // Where the bug is: not the launch site, nor the line that allocated the buffer (the harness's),
  // nor (a divergent barrier) the barrier an exited thread last passed, which depends on where the
  // kernel's loop stood at this n.
  std::string where = without_sites_after(without_sites_after(message, "launched at"), "allocated at");
  if (kind == "divergent barrier") where = without_sites_after(where, "after the barrier at");
  const std::vector<std::string> sites = sites_in(where);
  case_finding f;
  f.kind = kind;
  f.identity = kind + " | " + quoted_name(message) + " | " + joined(sites, " ");
  f.summary = sites.empty() ? kind : kind + " at " + joined(sites, ", ");
  f.hint = std::move(hint);
  return f;
}

}  // namespace scanlab::harness
