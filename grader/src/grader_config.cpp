#include "grader_config.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>

#include <nlohmann/json.hpp>

namespace scanlab::grader {

bool grader_config::has_backend(const std::string& b) const {
  return std::find(backends.begin(), backends.end(), b) != backends.end();
}

namespace {
bool linker_available(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string dirs = std::string(path ? path : "") + ":/usr/bin:/usr/local/bin";
  for (std::size_t start = 0; start <= dirs.size();) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const std::string dir = dirs.substr(start, end - start);
    start = end + 1;
    if (!dir.empty() && access((dir + "/" + name).c_str(), X_OK) == 0) return true;
  }
  return false;
}
}  // namespace

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
    if (c.cpu_link_flag == "-fuse-ld=gold" && !linker_available("ld.gold")) c.cpu_link_flag.clear();
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
