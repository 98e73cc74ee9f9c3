// Where this build keeps what grading compiles against and runs: read from
// bin/scanlab-grader.json, which CMake writes next to bin/scanlab.
#pragma once

#include <string>
#include <vector>

namespace scanlab::grader {

// The CPU backend's object built with the access checks' instrumentation: only for re-running a
// small failing case, so that its report names the race or the uninitialised read (a checked
// object runs memory-bound kernels up to 3x slower, so passing submissions never pay for it).
inline const std::string checked_backend = "cpu-checked";

struct grader_config {
  std::string source_dir, bin_dir, cxx, rewriter, cpu_include, common_include, nvcc, cuda_architectures;
  std::string cccl_include;  // libcu++ for CPU-backend builds (cmake/ScanlabCccl.cmake); empty if none
  std::string cpu_link_flag;  // e.g. -fuse-ld=gold: a faster linker for CPU-backend objects, if any
  // The `cpu` flavour's access instrumentation (the access checks name races by variable and line).
  std::vector<std::string> cpu_access_check_flags;
  // The alignment checks alone (a float4 off its 16-byte boundary fails as on a GPU): cheap, so the
  // plain CPU build has them too.
  std::vector<std::string> cpu_alignment_check_flags;
  // The build's own C++ flags (CMAKE_CXX_FLAGS: -stdlib=libc++ and the like), for every CPU
  // compile and link of a submission: it must match the runtime it is linked with.
  std::vector<std::string> cpu_cxx_flags;
  // What the build passes the rewriter (--check-alignment under clang: cmake/ScanlabCudaTargets.cmake).
  std::vector<std::string> rewriter_flags;
  std::vector<std::string> backends;
  bool has_backend(const std::string& b) const;
  // The checked object (checked_backend) runs in the plain CPU runner, which answers its hooks.
  std::string runner(const std::string& backend) const {
    return bin_dir + "/scanlab-runner-" + (backend == checked_backend ? std::string("cpu") : backend);
  }
};

// The directory of the running executable.
std::string executable_dir();
// Loads the configuration; on failure prints why and returns false.
// The full path of a program on PATH ("" when absent): execve does not search PATH.
std::string find_on_path(const std::string& program);

bool load_config(grader_config& config, std::string& error);

}  // namespace scanlab::grader
