// Where this build keeps what grading compiles against and runs: read from
// bin/scanlab-grader.json, which CMake writes next to bin/scanlab.
#pragma once

#include <string>
#include <vector>

namespace scanlab::grader {

struct grader_config {
  std::string source_dir, bin_dir, cxx, rewriter, cpu_include, common_include, nvcc, cuda_architectures;
  std::string cccl_include;  // libcu++ for CPU-backend builds (cmake/ScanlabCccl.cmake); empty if none
  std::string cpu_link_flag;  // e.g. -fuse-ld=gold: a faster linker for CPU-backend objects, if any
  std::vector<std::string> backends;
  bool has_backend(const std::string& b) const;
  std::string runner(const std::string& backend) const { return bin_dir + "/scanlab-runner-" + backend; }
};

// The directory of the running executable.
std::string executable_dir();
// Loads the configuration; on failure prints why and returns false.
// The full path of a program on PATH ("" when absent): execve does not search PATH.
std::string find_on_path(const std::string& program);

bool load_config(grader_config& config, std::string& error);

}  // namespace scanlab::grader
