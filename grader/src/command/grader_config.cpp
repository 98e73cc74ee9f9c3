#include "command/grader_config.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace scanlab::grader {

bool grader_config::has_backend(const std::string& b) const {
  return std::find(backends.begin(), backends.end(), b) != backends.end();
}

std::string find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return "";
  std::istringstream dirs(path);
  for (std::string d; std::getline(dirs, d, ':');)
    if (!d.empty() && ::access((d + "/" + program).c_str(), X_OK) == 0) return d + "/" + program;
  return "";
}

std::string executable_dir() {
  char buffer[4096];
  const ssize_t got = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  if (got <= 0) return ".";
  std::string path(buffer, static_cast<std::size_t>(got));
  return path.substr(0, path.rfind('/'));
}

bool load_config(grader_config& c, std::string& error) {
  const std::string path = executable_dir() + "/scanlab-grader.json";
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path + " (it is written by the CMake build next to bin/scanlab)";
    return false;
  }
  try {
    const nlohmann::json j = nlohmann::json::parse(in);
    c.source_dir = j.at("source_dir");
    c.bin_dir = j.at("bin_dir");
    c.cxx = j.at("cxx");
    c.rewriter = j.at("rewriter");
    c.cpu_include = j.at("cpu_include");
    c.common_include = j.at("common_include");
    c.cccl_include = j.value("cccl_include", "");
    c.cpu_link_flag = j.value("cpu_link_flag", "");
    // The build that wrote this file found gold; a grader copied to another machine may not.
    if (c.cpu_link_flag == "-fuse-ld=gold" && find_on_path("ld.gold").empty() && access("/usr/bin/ld.gold", X_OK) != 0)
      c.cpu_link_flag.clear();
    c.cpu_access_check_flags = j.value("cpu_access_check_flags", std::vector<std::string>{});
    c.cpu_alignment_check_flags = j.value("cpu_alignment_check_flags", std::vector<std::string>{});
    c.cpu_cxx_flags = j.value("cpu_cxx_flags", std::vector<std::string>{});
    c.rewriter_flags = j.value("rewriter_flags", std::vector<std::string>{});
    c.nvcc = j.at("nvcc");
    c.cuda_architectures = j.at("cuda_architectures");
    c.backends = j.at("backends").get<std::vector<std::string>>();
  } catch (const std::exception& e) {
    error = path + ": " + e.what();
    return false;
  }
  return true;
}

}  // namespace scanlab::grader
