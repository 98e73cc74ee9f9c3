// Host entry points of buggy_kernels.cu: kernels with the bugs the CPU backend must catch, each
// next to a correct twin that must pass. Every function returns the device's output and the
// error the launch ended with.
#pragma once

#include <vector>

#include <cuda_runtime.h>

namespace buggy {

struct run_result {
  std::vector<float> output;
  cudaError_t error = cudaSuccess;
};

// Kogge-Stone scan of one 1024-element section per block: in place without a temporary
// (a read-after-write race between steps), or with the temporary and two barriers (correct).
run_result kogge_stone(const std::vector<float>& in, bool racy);
// A scan whose __syncthreads sits inside `if (i < n)` (divergent when n is not a multiple of
// the block size), or an early `return` before a barrier; `correct` keeps all threads alive.
enum class barrier_variant { correct, inside_if, after_return };
run_result barrier_in_branch(const std::vector<float>& in, barrier_variant v);
// Reads shared memory that no thread wrote.
run_result uninitialized_shared_read(unsigned n);
// Writes one element past the end of the output (the tail bug), or in bounds.
run_result tail_write(unsigned n, bool past_end);
// Writes one element past the end of a __shared__ array.
run_result shared_overflow(bool past_end);
// A chained single-pass scan whose block waits for the flag of blockIdx.x - 1.
run_result chained_on_block_index(const std::vector<float>& in);
// Blocks 1.. spin on a plain (not volatile) flag that nothing sets: a hang only the watchdog ends.
run_result spin_on_unset_flag(const std::vector<float>& in);
// Half of each warp returns before a full-mask __shfl_sync.
run_result shuffle_after_partial_return();
// One float4 load per thread from input + offset: offset 1 is misaligned (a GPU faults), 0 is not.
run_result misaligned_vector_load(unsigned offset);
// The same kind of read in host code, where x86 allows it: returns the sum, reports nothing.
float host_misaligned_read();
// Passes a host pointer to a kernel.
run_result host_pointer_argument();
// A cuda::barrier initialised for two arrivals; thread 0 arrives and waits, every other thread
// returns: no thread can complete the phase.
run_result barrier_missing_arrival();

}  // namespace buggy
