#include "batch/batch_resume.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "util/content_hash.h"
#include "report/result_json.h"
#include "scanlab/core/lab_registry.h"

namespace scanlab::grader {

namespace fs = std::filesystem;

namespace {

bool read_file(const fs::path& path, std::string& bytes) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::ostringstream s;
  s << f.rdbuf();
  bytes = s.str();
  return true;
}

}  // namespace

std::string submission_fingerprint(const std::string& dir, const fingerprint_inputs& in) {
  sha256 h;
  h.add_field("scanlab batch fingerprint 1");
  h.add_field(in.backend);
  h.add_field(std::to_string(in.seed));
  h.add_field(in.rubric_text);
  for (int id : in.lab_ids) {
    const core::lab_entry* lab = core::find_lab(id);
    if (!lab) continue;
    h.add_field(lab->spec.name);
    std::string bytes;
    const fs::path file = fs::path(dir) / lab->spec.name / "scan.cu";
    std::error_code ec;
    if (fs::is_regular_file(file, ec) && read_file(file, bytes)) {
      h.add_field("present");
      h.add_field(bytes);
    } else {
      h.add_field(fs::exists(file, ec) ? "unreadable" : "absent");
    }
  }
  std::set<std::string> folders;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_directory()) folders.insert(e.path().filename().string());
  for (const std::string& f : folders) h.add_field("folder " + f);
  return h.hex();
}

nlohmann::json graded_from(const std::string& dir, const fingerprint_inputs& in) {
  nlohmann::json files = nlohmann::json::object();
  for (int id : in.lab_ids) {
    const core::lab_entry* lab = core::find_lab(id);
    if (!lab) continue;
    std::string bytes;
    const fs::path file = fs::path(dir) / lab->spec.name / "scan.cu";
    std::error_code ec;
    files[lab->spec.name] = fs::is_regular_file(file, ec) && read_file(file, bytes) ? sha256().add(bytes).hex() : "absent";
  }
  return {{"rubric", sha256().add(in.rubric_text).hex()},
          {"seed", std::to_string(in.seed)},
          {"backend", in.backend},
          {"files", files}};
}

bool load_current_result(const std::string& out_dir, const std::string& name, const std::string& fingerprint,
                         submission_result& result) {
  std::string text;
  if (!read_file(fs::path(out_dir) / (name + ".json"), text)) return false;
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("extra_data")) return false;
  const nlohmann::json& extra = j["extra_data"];
  if (!extra.is_object() || extra.value("fingerprint", "") != fingerprint || !extra.contains("result")) return false;
  return result_from_json(extra["result"], result);
}

bool lock_output_folder(const std::string& out_dir, std::string& error) {
  const std::string path = (fs::path(out_dir) / ".scanlab-lock").string();
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = fmt::format("cannot open {}", path);
    return false;
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    error = fmt::format("another scanlab grade --batch is writing {} (it holds {}); wait for it to end", out_dir, path);
    return false;
  }
  return true;  // the descriptor stays open: the lock lasts as long as this process
}

void remove_stale_temporaries(const std::string& out_dir) {
  static const std::regex temporary(R"(.*\.tmp[0-9]+$)");
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(out_dir, ec))
    if (e.is_regular_file() && std::regex_match(e.path().filename().string(), temporary)) fs::remove(e.path(), ec);
}

bool batch_seed(const std::string& out_dir, std::uint64_t& seed, std::string& error) {
  const fs::path file = fs::path(out_dir) / ".scanlab-seed";
  std::string text;
  if (read_file(file, text)) {
    try {
      seed = std::stoull(text);
      return true;
    } catch (const std::exception&) {
      error = fmt::format("{} does not hold a seed (a number); remove it to start afresh", file.string());
      return false;
    }
  }
  seed = std::random_device{}() * 0x100000000ull + std::random_device{}();
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  std::ofstream f(file, std::ios::trunc);
  f << seed << "\n";
  if (!f) {
    error = fmt::format("cannot write {}", file.string());
    return false;
  }
  return true;
}

}  // namespace scanlab::grader
