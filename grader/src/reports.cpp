#include "reports.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <fmt/color.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

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

namespace {

std::string status_word(const test_result& t) {
  if (!t.graded) return "not graded";
  return t.passed ? "passed" : "failed";
}

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') out += '?';
        else out += c;
    }
  }
  return out;
}

// JSON must be valid UTF-8: a submission's output may not be.
std::string printable(const std::string& s) {
  std::string out;
  for (unsigned char c : s) out += (c < 0x80 && (c >= 0x20 || c == '\n' || c == '\t')) ? static_cast<char>(c) : '?';
  return out;
}

}  // namespace

std::string terminal_table(const submission_result& r, bool colour) {
  auto paint = [&](const std::string& text, fmt::terminal_color c) {
    return colour ? fmt::format(fmt::fg(c), "{}", text) : text;
  };
  std::string out = fmt::format("scanlab grade: {} ({} backend, seed {})\n", r.dir, r.backend, r.seed_text);
  for (const auto& m : r.messages) out += paint("! " + m, fmt::terminal_color::yellow) + "\n";
  out += fmt::format("{:<62} {:>11}  {}\n", "test", "score", "status");
  for (const auto& lab : r.labs) {
    for (const auto& n : lab.notes) out += paint("  note: " + n, fmt::terminal_color::yellow) + "\n";
    for (const auto& t : lab.tests) {
      const std::string word = status_word(t);
      const auto c = !t.graded ? fmt::terminal_color::bright_black
                     : t.passed ? fmt::terminal_color::green
                                : fmt::terminal_color::red;
      out += fmt::format("{:<62} {:>5.2f}/{:<5.2f}  {}\n", t.name.substr(0, 62), t.score, t.max_score, paint(word, c));
      if (!t.passed && t.graded) {
        // The first lines of the diagnosis, indented.
        std::size_t start = 0;
        for (int lines = 0; lines < 6 && start < t.output.size(); ++lines) {
          std::size_t end = t.output.find('\n', start);
          if (end == std::string::npos) end = t.output.size();
          out += "    " + t.output.substr(start, std::min<std::size_t>(end - start, 150)) + "\n";
          start = end + 1;
        }
      }
    }
    out += fmt::format("{:<62} {:>5.2f}/{:<5.2f}  ({:.1f} s)\n", fmt::format("lab {} total", lab.id), lab.score(),
                       lab.max_score(), lab.seconds);
  }
  out += paint(fmt::format("{:<62} {:>5.2f}/{:<5.2f}  ({:.1f} s)\n", "TOTAL", r.score(), r.max_score(), r.seconds),
               fmt::terminal_color::bright_white);
  return out;
}

std::string gradescope_json(const submission_result& r) {
  nlohmann::json j;
  j["score"] = r.score();
  j["execution_time"] = r.seconds;
  std::string header = fmt::format("Graded by scanlab on the {} backend.", r.backend);
  for (const auto& m : r.messages) header += "\n" + m;
  for (const auto& lab : r.labs)
    for (const auto& n : lab.notes) header += "\n" + n;
  j["output"] = printable(header);
  j["visibility"] = "visible";
  j["stdout_visibility"] = "hidden";
  nlohmann::json tests = nlohmann::json::array();
  for (const auto& lab : r.labs) {
    int k = 0;
    for (const auto& t : lab.tests) {
      nlohmann::json tj;
      tj["name"] = t.name;
      tj["number"] = fmt::format("{}.{}", lab.id, ++k);
      tj["score"] = t.score;
      tj["max_score"] = t.max_score;
      tj["status"] = t.passed ? "passed" : "failed";
      tj["output"] = printable(t.output);
      tj["visibility"] = "visible";
      tj["tags"] = {fmt::format("lab{}", lab.id), t.kind};
      tj["extra_data"] = {{"lab", lab.id}, {"kind", t.kind}, {"diagnosis", t.diagnosis}, {"graded", t.graded}};
      tests.push_back(tj);
    }
  }
  j["tests"] = tests;
  nlohmann::json board = nlohmann::json::array();
  for (const auto& lab : r.labs)
    if (lab.id == 8 && lab.throughput_gelems)
      board.push_back({{"name", "lab 8 throughput (G elements/s)"}, {"value", *lab.throughput_gelems}, {"order", "desc"}});
  if (!board.empty()) j["leaderboard"] = board;
  j["scanlab"] = {{"backend", r.backend}, {"seed", r.seed_text}, {"submission", r.name}};
  return j.dump(2) + "\n";
}

std::string junit_xml(const std::vector<submission_result>& all) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"scanlab grade\">\n";
  for (const auto& r : all) {
    for (const auto& lab : r.labs) {
      int failures = 0, skipped = 0;
      for (const auto& t : lab.tests) {
        if (!t.graded) ++skipped;
        else if (!t.passed) ++failures;
      }
      out += fmt::format("  <testsuite name=\"{}.{}\" tests=\"{}\" failures=\"{}\" skipped=\"{}\" time=\"{:.3f}\">\n",
                         xml_escape(r.name), xml_escape(lab.name), lab.tests.size(), failures, skipped, lab.seconds);
      for (const auto& t : lab.tests) {
        out += fmt::format("    <testcase classname=\"{}.{}\" name=\"{}\">\n", xml_escape(r.name), xml_escape(lab.name),
                           xml_escape(fmt::format("{} ({:.2f}/{:.2f})", t.name, t.score, t.max_score)));
        if (!t.graded) out += fmt::format("      <skipped message=\"{}\"/>\n", xml_escape(t.output));
        else if (!t.passed)
          out += fmt::format("      <failure message=\"{}\">{}</failure>\n", xml_escape(t.diagnosis), xml_escape(t.output));
        out += "    </testcase>\n";
      }
      out += "  </testsuite>\n";
    }
  }
  return out + "</testsuites>\n";
}

std::string markdown_summary(const std::vector<submission_result>& all) {
  std::string out = "# scanlab grade\n\n";
  for (const auto& r : all) {
    out += fmt::format("## {}: {:.2f} / {:.2f}\n\nBackend {}, seed {}, {:.1f} s.\n\n", r.name, r.score(), r.max_score(),
                       r.backend, r.seed_text, r.seconds);
    for (const auto& m : r.messages) out += "- " + m + "\n";
    out += "| test | score | status | diagnosis |\n|---|---:|---|---|\n";
    for (const auto& lab : r.labs)
      for (const auto& t : lab.tests)
        out += fmt::format("| {} | {:.2f} / {:.2f} | {} | {} |\n", t.name, t.score, t.max_score, status_word(t),
                           t.diagnosis.empty() ? "" : "`" + t.diagnosis + "`");
    out += "\n";
  }
  return out;
}

std::string csv_summary(const std::vector<submission_result>& all) {
  std::string out = "submission,score,max_score,seconds";
  if (!all.empty())
    for (const auto& lab : all.front().labs) out += fmt::format(",lab{}", lab.id);
  out += ",first_failure\n";
  for (const auto& r : all) {
    std::string first;
    for (const auto& lab : r.labs)
      for (const auto& t : lab.tests)
        if (first.empty() && !t.passed && t.graded) first = fmt::format("lab{}:{}", lab.id, t.diagnosis);
    std::string name = r.name;
    for (char& c : name)
      if (c == ',' || c == '"' || c == '\n') c = '_';
    out += fmt::format("{},{:.2f},{:.2f},{:.1f}", name, r.score(), r.max_score(), r.seconds);
    for (const auto& lab : r.labs) out += fmt::format(",{:.2f}", lab.score());
    out += "," + first + "\n";
  }
  return out;
}

bool write_atomically(const std::string& path, const std::string& content) {
  namespace fs = std::filesystem;
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
  fs::rename(temp, target, ec);
  if (ec) {
    std::fprintf(stderr, "scanlab: cannot rename %s to %s: %s\n", temp.c_str(), path.c_str(), ec.message().c_str());
    return false;
  }
  return true;
}

}  // namespace scanlab::grader
