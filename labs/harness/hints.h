// What a failure's pattern suggests, in one or two sentences a student can act on.
#pragma once

#include <string>

#include "lab_spec.h"
#include "verify.h"

namespace scanlab::harness {

// For a detector report of the CPU backend ("divergent barrier", "hang", ...).
std::string hint_for_detector(const std::string& kind);
// For a CUDA error returned by a launch or a synchronisation.
std::string hint_for_cuda_error(const std::string& error_name);
// For damage to a guard zone of output, input or workspace.
std::string hint_for_guard(const std::string& buffer, bool before);
// For a wrong output, from where the mismatches lie.
std::string hint_for_output(const output_check& check, const lab_spec& spec);
// For an output that differs between schedules.
std::string hint_for_race(std::size_t index, const lab_spec& spec);
// For a second call that went wrong after a first one that was right.
std::string hint_for_second_call();

}  // namespace scanlab::harness
