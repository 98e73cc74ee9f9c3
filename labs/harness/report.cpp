#include "report.h"

#include <algorithm>

#include <fmt/format.h>

namespace scanlab::harness {

namespace {
constexpr int red = 31, green = 32, yellow = 33, cyan = 36;

std::string output_description(const lab_spec& spec) {
  switch (spec.output) {
    case output_kind::inclusive: return "inclusive scan of the whole array";
    case output_kind::inclusive_sections: return fmt::format("inclusive scan of each {}-element section", spec.section_size);
    case output_kind::exclusive_sections: return fmt::format("exclusive scan of each {}-element section", spec.section_size);
  }
  return "";
}
}  // namespace

std::string reporter::paint(const std::string& text, int ansi_color, bool bold) const {
  if (!color_) return text;
  return fmt::format("\x1b[{}{}m{}\x1b[0m", bold ? "1;" : "", ansi_color, text);
}

void reporter::header(const lab_spec& spec, const std::string& device, std::size_t cases) {
  if (out_ == nullptr || quiet_) return;
  fmt::print(out_, "{} ({}) on the {} backend: {}\n", paint(spec.name, cyan, true), spec.variant, spec.backend, device);
  fmt::print(out_, "  checks the {}, {} case{}\n", output_description(spec), cases, cases == 1 ? "" : "s");
  std::fflush(out_);
}

void reporter::case_started(std::size_t index, std::size_t total, const std::string& description) {
  if (out_ == nullptr || quiet_) return;
  // Printed before the case runs, so a crash shows which case it was.
  const int width = static_cast<int>(fmt::formatted_size("{}", total));
  fmt::print(out_, "  [{:>{}}/{}] {} ... ", index + 1, width, total, description);
  std::fflush(out_);
}

void reporter::case_finished(std::size_t index, std::size_t total, const std::string& description,
                             const case_result& r) {
  if (out_ == nullptr) return;
  if (quiet_ && r.status != case_status::failed) return;
  if (quiet_) {
    const int width = static_cast<int>(fmt::formatted_size("{}", total));
    fmt::print(out_, "  [{:>{}}/{}] {} ... ", index + 1, width, total, description);
  }
  switch (r.status) {
    case case_status::passed: fmt::print(out_, "{} ({:.2f} s)\n", paint("passed", green), r.seconds); break;
    case case_status::skipped: fmt::print(out_, "{}\n", paint(r.headline, yellow)); break;
    case case_status::failed: {
      fmt::print(out_, "{}: {}\n", paint("FAILED", red, true), r.headline);
      for (const std::string& line : r.details) fmt::print(out_, "        {}\n", line);
      if (!r.hint.empty()) {
        const bool seen = std::find(hints_shown_.begin(), hints_shown_.end(), r.hint) != hints_shown_.end();
        fmt::print(out_, "        {} {}\n", paint("hint:", yellow, true), seen ? "the same as above" : r.hint);
        if (!seen) hints_shown_.push_back(r.hint);
      }
      if (!r.replay.empty()) fmt::print(out_, "        {} {}\n", paint("replay:", cyan), r.replay);
      break;
    }
  }
  std::fflush(out_);
}

void reporter::not_run(std::size_t count, const std::string& why) {
  if (out_ == nullptr || count == 0) return;
  fmt::print(out_, "  {} {} case{} not run: {}\n", paint("!", red, true), count, count == 1 ? "" : "s", why);
}

std::string summary_line(const lab_spec& spec, const suite_counts& counts) {
  std::string line = fmt::format("lab{} ({} backend, {}): {}/{} cases passed", spec.id, spec.backend, spec.variant,
                                 counts.passed, counts.run() + counts.not_run);
  if (counts.skipped > 0) line += fmt::format(", {} skipped (not enough memory)", counts.skipped);
  return line;
}

void reporter::summary(const lab_spec& spec, const suite_counts& counts, double seconds) {
  if (out_ == nullptr) return;
  const bool ok = counts.failed == 0 && counts.not_run == 0;
  const std::string line = summary_line(spec, counts);
  if (!quiet_) fmt::print(out_, "  ({:.1f} s in all)\n", seconds);
  fmt::print(out_, "{}\n", paint(line, ok ? green : red, true));
  std::fflush(out_);
}

}  // namespace scanlab::harness
