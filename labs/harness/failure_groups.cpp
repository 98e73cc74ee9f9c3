#include "failure_groups.h"

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace scanlab::harness {

namespace {

// A failure's kind without its numbers: "only the last element, output[30], is wrong" and
// "... output[1022] ..." are the same bug at two sizes.
std::string without_numbers(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(text[i]))) {
      out += '#';
      while (i + 1 < text.size() && (std::isdigit(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '.')) ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

failure_symptom symptom_of(const case_result& r) {
  if (r.race) return r.race->blocks ? failure_symptom::other : failure_symptom::thread_order;
  // A race leaves no element unwritten: an unwritten one is a store that did not happen.
  if (!r.output || r.output->never_written > 0) return failure_symptom::other;
  return r.failed_call == 2 ? failure_symptom::changing_result : failure_symptom::wrong_values;
}

// "31", "3089 (schedules)", "4101 (blocks reverse)": the size, and the schedule where it is not
// the one normal cases run under.
std::string size_label(const case_def& c) {
  switch (c.kind) {
    case case_kind::normal: return std::to_string(c.n);
    case case_kind::schedules: return fmt::format("{} (schedules)", c.n);
    case case_kind::block_order: return fmt::format("{} (blocks {})", c.n, backend::order_name(c.block_order));
  }
  return std::to_string(c.n);
}

const char* symptom_words(failure_symptom s) {
  switch (s) {
    case failure_symptom::wrong_values: return "wrong values";
    case failure_symptom::thread_order: return "an output that depends on the thread order";
    case failure_symptom::changing_result: return "a second call that differs from the first";
    case failure_symptom::other: break;
  }
  return "";
}

// Rule 2 of failure_groups.h: may this case, which has no finding, join `finding`'s group?
bool explained_by(const failed_case_record& r, const case_finding& finding) {
  return !r.finding && !r.access_checked && r.symptom != failure_symptom::other && finding.explains_wrong_values();
}

// The one finding every finding of the run is, or none when there are none or several.
std::optional<case_finding> single_finding(const std::vector<failed_case_record>& records) {
  std::optional<case_finding> one;
  for (const failed_case_record& r : records) {
    if (!r.finding) continue;
    if (one && one->identity != r.finding->identity) return std::nullopt;
    one = r.finding;
  }
  return one;
}

// The sizes of `members`, smallest first, each once: "31, 32, 3089 (schedules)".
std::string sizes_of(std::vector<std::size_t> members, const std::vector<failed_case_record>& records) {
  std::stable_sort(members.begin(), members.end(),
                   [&](std::size_t a, std::size_t b) { return records[a].n < records[b].n; });
  std::vector<std::string> seen;
  for (std::size_t m : members)
    if (std::find(seen.begin(), seen.end(), records[m].size) == seen.end()) seen.push_back(records[m].size);
  return fmt::format("{}", fmt::join(seen, ", "));
}

// "also seen, where the access checks did not run, as wrong values at n = 262144; ...".
std::string also_seen_note(const failure_group& g, const std::vector<failed_case_record>& records) {
  std::map<failure_symptom, std::vector<std::size_t>> by_symptom;
  for (std::size_t m : g.absorbed) by_symptom[records[m].symptom].push_back(m);
  std::vector<std::string> parts;
  for (const auto& [symptom, members] : by_symptom)
    parts.push_back(fmt::format("{} at n = {}", symptom_words(symptom), sizes_of(members, records)));
  return fmt::format("also seen, where the access checks did not run, as {}", fmt::join(parts, "; "));
}

}  // namespace

failed_case_record record_of(std::size_t index, const case_result& r) {
  failed_case_record record;
  record.index = index;
  record.n = r.def.n;
  record.size = size_label(r.def);
  record.headline = r.headline;
  record.hint = r.hint;
  record.finding = r.finding;
  record.symptom = symptom_of(r);
  record.access_checked = r.access_checked;
  return record;
}

std::string failure_key(const failed_case_record& record) {
  if (record.finding) return "finding: " + record.finding->identity;
  return without_numbers(record.headline) + "\n" + without_numbers(record.hint);
}

std::vector<failure_group> group_failures(const std::vector<failed_case_record>& records) {
  const std::optional<case_finding> only = single_finding(records);
  std::vector<failure_group> groups;
  std::vector<std::string> keys;  // one per group
  for (std::size_t k = 0; k < records.size(); ++k) {
    const failed_case_record& r = records[k];
    const bool absorbed = only && explained_by(r, *only);
    const std::string key = absorbed ? "finding: " + only->identity : failure_key(r);
    auto at = std::find(keys.begin(), keys.end(), key);
    if (at == keys.end()) {
      keys.push_back(key);
      groups.push_back({});
      groups.back().lead = k;
      at = keys.end() - 1;
    }
    failure_group& g = groups[static_cast<std::size_t>(at - keys.begin())];
    g.members.push_back(k);
    if (absorbed) g.absorbed.push_back(k);
    g.by_finding = g.by_finding || r.finding.has_value();
    // A finding's group is named by its smallest case that has the finding (the first to replay).
    const failed_case_record& lead = records[g.lead];
    if (r.finding && (!lead.finding || r.n < lead.n)) g.lead = k;
  }
  return groups;
}

group_text describe_group(const failure_group& g, const std::vector<failed_case_record>& records,
                          std::size_t total_cases) {
  const failed_case_record& lead = records[g.lead];
  const std::size_t count = g.members.size();
  group_text text;
  text.headline = fmt::format("{} of {} case{}: {}, {} n = {} (case {})", count, total_cases, total_cases == 1 ? "" : "s",
                              g.by_finding ? lead.finding->summary : lead.headline, count == 1 ? "at" : "first at",
                              lead.n, lead.index + 1);
  text.hint = g.by_finding ? lead.finding->hint : lead.hint;
  if (!g.by_finding) return text;
  std::vector<std::size_t> named;
  for (std::size_t m : g.members)
    if (records[m].finding) named.push_back(m);
  if (count > 1) text.notes.push_back(fmt::format("found at n = {}", sizes_of(named, records)));
  if (!g.absorbed.empty()) text.notes.push_back(also_seen_note(g, records));
  return text;
}

}  // namespace scanlab::harness
