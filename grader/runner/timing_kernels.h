// The trusted kernels around every timed call (GPU runner only, see timing.cpp): a fresh input
// made on the device from a seed the student's code has not seen, and a check of the whole output
// against the lab's contract. Neither is timed.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

namespace scanlab::grader::timing {

// The lab's contract, as core::lab_spec states it: whole-array or sectioned, inclusive or exclusive.
struct scan_contract {
  bool exclusive = false;
  std::uint64_t section = 0;  // 0: one scan over the whole array
};

// What the check found. first_bad: the lowest index whose output breaks the contract (~0 when
// none); sum: a checksum of every output element (order-free, so the same for any correct scan of
// the same input: the grader compares it with the reference's, see grader/src/score/timing_report.h).
struct check_words {
  unsigned long long first_bad;
  unsigned long long sum;
};

// in[i] = a small integer in [-8, 8] from (seed, i): every partial sum of up to 2^30 of them is an
// integer below 2^24 in magnitude in practice (a random walk), so sums are exact in float.
void fill_input(float* in, std::uint64_t n, std::uint64_t seed, cudaStream_t stream);

// Element i of that input, on the host (for the message about a wrong output).
float input_element(std::uint64_t seed, std::uint64_t i);

// Resets *words, then checks out against the input of `seed`, recomputed (not read back: a call
// that rewrote its input must not pass): out[s] == in[s] (exclusive: 0) at each section start s,
// out[i] == out[i-1] + in[i] (exclusive: + in[i-1]) elsewhere, exact.
void check_output(std::uint64_t seed, const float* out, std::uint64_t n, scan_contract contract, check_words* words,
                  cudaStream_t stream);

}  // namespace scanlab::grader::timing
