#include "report/result_json.h"

namespace scanlab::grader {

nlohmann::json result_to_json(const submission_result& r) {
  nlohmann::json labs = nlohmann::json::array();
  for (const auto& lab : r.labs) {
    nlohmann::json tests = nlohmann::json::array();
    for (const auto& t : lab.tests)
      tests.push_back({{"name", t.name}, {"kind", t.kind}, {"score", t.score}, {"max_score", t.max_score},
                       {"passed", t.passed}, {"graded", t.graded}, {"diagnosis", t.diagnosis}, {"output", t.output}});
    nlohmann::json l = {{"id", lab.id},       {"name", lab.name},           {"tests", tests},
                        {"notes", lab.notes}, {"cannot_grade", lab.cannot_grade}, {"seconds", lab.seconds}};
    if (lab.throughput_gelems) l["throughput_gelems"] = *lab.throughput_gelems;
    labs.push_back(l);
  }
  return {{"submission", r.name}, {"dir", r.dir},           {"backend", r.backend}, {"seed", r.seed_text},
          {"messages", r.messages}, {"seconds", r.seconds}, {"labs", labs}};
}

bool result_from_json(const nlohmann::json& j, submission_result& r) {
  try {
    r = submission_result{};
    r.name = j.at("submission").get<std::string>();
    r.dir = j.value("dir", "");
    r.backend = j.at("backend").get<std::string>();
    r.seed_text = j.at("seed").get<std::string>();
    r.messages = j.value("messages", std::vector<std::string>{});
    r.seconds = j.value("seconds", 0.0);
    for (const auto& l : j.at("labs")) {
      lab_result lab;
      lab.id = l.at("id").get<int>();
      lab.name = l.at("name").get<std::string>();
      lab.notes = l.value("notes", std::vector<std::string>{});
      lab.cannot_grade = l.value("cannot_grade", "");
      lab.seconds = l.value("seconds", 0.0);
      if (l.contains("throughput_gelems")) lab.throughput_gelems = l["throughput_gelems"].get<double>();
      for (const auto& t : l.at("tests")) {
        test_result x;
        x.name = t.at("name").get<std::string>();
        x.kind = t.value("kind", "");
        x.score = t.at("score").get<double>();
        x.max_score = t.at("max_score").get<double>();
        x.passed = t.value("passed", false);
        x.graded = t.value("graded", true);
        x.diagnosis = t.value("diagnosis", "");
        x.output = t.value("output", "");
        lab.tests.push_back(std::move(x));
      }
      r.labs.push_back(std::move(lab));
    }
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

}  // namespace scanlab::grader
