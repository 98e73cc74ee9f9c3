// What a failure's pattern suggests, in one or two sentences a student can act on.
#pragma once

#include <cstdint>
#include <string>

#include "scanlab/core/lab_spec.h"
#include "scanlab/core/verify.h"

namespace scanlab::harness {

// For a detector report of the CPU backend ("divergent barrier", "hang", ...).
// n: the case's size (the invalid-launch hint depends on whether it was 0).
std::string hint_for_detector(const std::string& kind, std::uint64_t n = 0);
// For a CUDA error returned by a launch or a synchronisation.
std::string hint_for_cuda_error(const std::string& error_name, std::uint64_t n = 0);
// For damage to a guard zone of output, input or workspace.
std::string hint_for_guard(const std::string& buffer, bool before);
// For a wrong output, from where the mismatches lie.
std::string hint_for_output(const core::output_check& check, const core::lab_spec& spec);
// For an output that differs between schedules.
std::string hint_for_race(std::size_t index, const core::lab_spec& spec);
// The output differs when only the blocks' order changes (schedule differential, CPU backend).
std::string hint_for_block_order(std::size_t index, const core::lab_spec& spec);
// For a second call that went wrong after a first one that was right; `what` says how it went
// wrong ("was wrong", "wrote outside the workspace", "crashed", ...).
std::string hint_for_second_call(const std::string& what = "was wrong");
// The second call wrong, the first right, and no workspace to carry anything over.
std::string hint_for_changing_result();
// For a process that crashed (CPU backend) in call `call` of scan() (0: outside scan()), with or
// without a workspace (filled with 0xff bytes before the first call).
std::string hint_for_crash(int call, bool has_workspace);
// Host code read or wrote device memory (the CPU backend stops it, as a GPU would crash).
std::string hint_for_host_access();

}  // namespace scanlab::harness
