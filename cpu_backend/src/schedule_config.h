// The process-wide schedule and statistics of the CPU backend (see scanlab/cpu/control.h).
#pragma once

#include "scanlab/cpu/control.h"
#include "scanlab/cpu/types.h"

namespace scanlab::cpu::detail {

void count_launch();
void restart_schedule_sequence();
void count_block();
// For cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes).
cudaError_t set_max_dynamic_shared(const void* kernel, std::size_t bytes);

}  // namespace scanlab::cpu::detail
