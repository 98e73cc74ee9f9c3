// The data of the GPU MODE-style check (gpumode.cpp): the method of GPU MODE's public prefix-sum
// task, so that our times compare with its leaderboard. Inputs are standard normal floats, drawn
// afresh for every timed call; the reference is a float64 scan of the same floats; an output
// passes when |out - ref| <= tol + tol * |ref| for every element, tol = 1e-5 * sqrt(n).
#pragma once

#include <cstdint>
#include <cstring>

namespace scanlab::bench {

class gpumode_data {
 public:
  explicit gpumode_data(std::uint64_t capacity);  // elements
  ~gpumode_data();
  gpumode_data(const gpumode_data&) = delete;
  gpumode_data& operator=(const gpumode_data&) = delete;

  // New normal inputs in input()[0, n) from `seed`, and their float64 reference scan.
  void draw(std::uint64_t n, std::uint64_t seed);
  const float* input() const { return input_; }
  float* output() { return output_; }
  static double tolerance(std::uint64_t n);

  struct verdict {
    std::uint64_t wrong = 0;  // elements out of tolerance
    std::uint64_t first = 0;  // the first of them (valid if wrong > 0)
    double expected = 0;
    float got = 0;
    double max_error = 0;     // the largest |out - ref| of the finite outputs
  };
  verdict check(std::uint64_t n);  // output()[0, n) against the reference of the last draw

 private:
  float* input_ = nullptr;
  float* output_ = nullptr;
  double* wide_ = nullptr;       // the inputs as float64
  double* reference_ = nullptr;  // their inclusive scan
  unsigned long long* counters_ = nullptr;
  void* cub_temp_ = nullptr;
  std::size_t cub_bytes_ = 0;
  std::uint64_t capacity_ = 0;
};

}  // namespace scanlab::bench
