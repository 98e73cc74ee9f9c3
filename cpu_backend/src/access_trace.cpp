#include "access_trace.h"

#include <cstdio>
#include <cstring>
#include <map>

#include "shared_arena.h"
#include "source_lines.h"

namespace scanlab::cpu::detail {

namespace {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    if (static_cast<unsigned char>(ch) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", ch);
      out += buf;
      continue;
    }
    out += ch;
  }
  return out + "\"";
}

}  // namespace

void access_trace::launch_begin(const std::string& kernel) {
  kernels_.push_back(kernel);
  launch_ = static_cast<unsigned>(kernels_.size() - 1);
  blocks_seen_ = 0;
  block_traced_ = false;
}

void access_trace::block_begin(unsigned linear_block) {
  block_ = linear_block;
  interval_ = 0;
  block_traced_ = blocks_seen_++ < traced_blocks;
}

void access_trace::interval_end(const char* file, int line) {
  if (!block_traced_) return;
  intervals_.push_back({launch_, block_, interval_, file != nullptr ? file_line(file, line) : ""});
  // What each shared variable holds now: the cells' labels in the figure.
  for (const shared_arena::variable& v : this_arena().variables()) {
    snapshot s{launch_, block_, interval_, v.name, v.element_bytes != 0 ? v.element_bytes : 4, {}};
    const std::size_t words = std::min(v.bytes / 4, snapshot_elements * (s.element_bytes / 4 == 0 ? 1 : s.element_bytes / 4));
    s.words.resize(words);
    std::memcpy(s.words.data(), this_arena().base() + v.offset, words * 4);
    snapshots_.push_back(std::move(s));
  }
  ++interval_;
}

void access_trace::access(bool shared, const shared_arena::variable* variable, const void* global_base,
                          std::size_t element, std::uint32_t thread, bool write, bool atomic, const void* pc) {
  if (!recording()) {
    cut_ = cut_ || block_traced_;
    return;
  }
  events_.push_back({launch_, block_, interval_, thread, write, atomic, shared,
                     shared && variable != nullptr ? variable->name : std::string(), global_base, element, pc});
}

std::string access_trace::take_json() {
  // One addr2line run for every distinct code address.
  std::map<const void*, std::string> lines;
  for (const event& e : events_) lines.emplace(e.pc, "");
  std::vector<const void*> pcs;
  for (const auto& [pc, _] : lines) pcs.push_back(pc);
  const std::vector<source_line> found = describe_code_addresses(pcs);
  std::map<std::string, std::string> code;  // "scan.cu:27" -> its text
  for (std::size_t i = 0; i < pcs.size(); ++i) {
    lines[pcs[i]] = where(found[i]);
    if (found[i].line > 0) code[where(found[i])] = found[i].code;
  }

  std::string j = "{\n\"kernels\": [";
  for (std::size_t k = 0; k < kernels_.size(); ++k) j += (k ? ", " : "") + json_string(kernels_[k]);
  j += "],\n\"cut\": " + std::string(cut_ ? "true" : "false") + ",\n\"intervals\": [";
  for (std::size_t k = 0; k < intervals_.size(); ++k) {
    const interval_info& i = intervals_[k];
    j += std::string(k ? ",\n " : "\n ") + "[" + std::to_string(i.launch) + ", " + std::to_string(i.block) + ", " +
         std::to_string(i.interval) + ", " + json_string(i.closed_by) + "]";
  }
  j += "],\n\"events\": [";
  for (std::size_t k = 0; k < events_.size(); ++k) {
    const event& e = events_[k];
    char base[32];
    std::snprintf(base, sizeof base, "%p", e.global_base);
    j += std::string(k ? ",\n " : "\n ") + "[" + std::to_string(e.launch) + ", " + std::to_string(e.block) + ", " +
         std::to_string(e.interval) + ", " + std::to_string(e.thread) + ", \"" + (e.write ? "w" : "r") + "\", " +
         (e.atomic ? "1" : "0") + ", " + json_string(e.shared ? "shared:" + e.variable : std::string("global:") + base) +
         ", " + std::to_string(e.element) + ", " + json_string(lines[e.pc]) + "]";
  }
  j += "],\n\"snapshots\": [";
  for (std::size_t k = 0; k < snapshots_.size(); ++k) {
    const snapshot& s = snapshots_[k];
    j += std::string(k ? ",\n " : "\n ") + "{\"launch\": " + std::to_string(s.launch) +
         ", \"block\": " + std::to_string(s.block) + ", \"interval\": " + std::to_string(s.interval) +
         ", \"variable\": " + json_string(s.variable) + ", \"element_bytes\": " + std::to_string(s.element_bytes) +
         ", \"words\": [";
    for (std::size_t w = 0; w < s.words.size(); ++w) j += (w ? "," : "") + std::to_string(s.words[w]);
    j += "]}";
  }
  j += "],\n\"code\": {";
  bool first = true;
  for (const auto& [where_, text] : code) {
    j += std::string(first ? "\n " : ",\n ") + json_string(where_) + ": " + json_string(text);
    first = false;
  }
  j += "}\n}\n";
  kernels_.clear();
  events_.clear();
  snapshots_.clear();
  intervals_.clear();
  cut_ = false;
  return j;
}

}  // namespace scanlab::cpu::detail
