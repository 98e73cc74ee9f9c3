#include "platforms/prairielearn.h"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/reports.h"

namespace scanlab::grader {

namespace {

std::string cut(const std::string& s, std::size_t keep) {
  if (s.size() <= keep) return s;
  return s.substr(0, keep) + fmt::format("\n[... {} more bytes cut: PrairieLearn takes results under 1 MB]", s.size() - keep);
}

}  // namespace

std::string prairielearn_json(const submission_result& r, std::size_t limit) {
  const std::vector<std::string> review = review_reasons(r);
  std::string message = review.empty()
                            ? fmt::format("Graded by scanlab on the {} backend.", r.backend)
                            : fmt::format("scanlab could not grade this submission on the {} backend.", r.backend);
  for (const std::string& why : review)
    message += fmt::format("\n{} (marked for instructor review; not a compile error in your code)", why);
  if (!review.empty())
    message += "\nThis submission was not graded here, so it records no score: your instructor grades it on a GPU.";
  for (const auto& m : r.messages) message += "\n" + m;
  for (const auto& lab : r.labs)
    for (const auto& n : lab.notes) message += "\n" + n;
  std::string not_run;
  for (const auto& lab : r.labs)
    for (const auto& t : lab.tests)
      if (lab.cannot_grade.empty() && state_of(lab, t) == test_state::not_run)
        not_run += fmt::format("\n- {}: {}", t.name, first_line(t.output));
  if (!not_run.empty()) message += "\nNot run here (no points either way):" + not_run;

  struct entry {
    std::string name, description, message, output;
    double points, max_points;
  };
  std::vector<entry> tests;
  for (const auto& lab : r.labs) {
    if (!lab.cannot_grade.empty()) continue;
    for (const auto& t : lab.tests) {
      const test_state s = state_of(lab, t);
      if (s == test_state::not_run) continue;
      const std::string text = test_text(lab, t);
      tests.push_back({printable(t.name), fmt::format("lab {}, {} test", lab.id, t.kind),
                       printable(fmt::format("{}{}", state_word(s), t.diagnosis.empty() || s != test_state::failed
                                                                        ? ""
                                                                        : ": " + t.diagnosis)),
                       printable(text), t.score, t.max_score});
    }
  }
  const double max = r.max_score();
  const double score = max > 0 ? std::clamp(r.score() / max, 0.0, 1.0) : 0.0;
  message = printable(message);

  auto render = [&](std::size_t output_cap, std::size_t message_cap) {
    nlohmann::json j;
    j["gradable"] = review.empty();
    j["score"] = review.empty() ? score : 0.0;
    j["message"] = cut(message, message_cap);
    nlohmann::json list = nlohmann::json::array();
    for (const entry& e : tests)
      list.push_back({{"name", e.name},
                      {"description", e.description},
                      {"points", e.points},
                      {"max_points", e.max_points},
                      {"message", e.message},
                      {"output", cut(e.output, output_cap)}});
    j["tests"] = list;
    return j.dump(2) + "\n";
  };
  std::size_t output_cap = 0;
  for (const entry& e : tests) output_cap = std::max(output_cap, e.output.size());
  std::size_t message_cap = message.size();
  std::string text = render(output_cap, message_cap);
  // Halve the longest outputs until the file fits; then the message; a floor keeps the first
  // lines (the diagnosis) of every test.
  while (text.size() >= limit && output_cap > 200) {
    output_cap /= 2;
    text = render(output_cap, message_cap);
  }
  while (text.size() >= limit && message_cap > 200) {
    message_cap /= 2;
    text = render(output_cap, message_cap);
  }
  if (text.size() >= limit) {
    // Pathological (thousands of tests): keep the score and the verdict, drop the tests' outputs.
    output_cap = 0;
    text = render(0, 200);
  }
  return text;
}

}  // namespace scanlab::grader
