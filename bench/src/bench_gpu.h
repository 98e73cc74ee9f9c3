// The GPU benchmark's pieces: what an implementation is, the device-side data and checks, and
// the timing loop. Host code (the .cpp files) and nvcc-compiled code (the .cu files) share it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace scanlab::bench {

constexpr unsigned max_elements = 1u << 30;

// What an implementation's output must be (each lab's own, from the lab registry).
enum class output_kind { copy, inclusive, inclusive_sections, exclusive_sections };
const char* output_kind_name(output_kind kind);

using workspace_fn = std::size_t (*)(unsigned n);
using run_fn = void (*)(const float* input, float* output, unsigned n, void* workspace);

struct implementation {
  std::string name;      // "cub", "lab3-solution", "lb-early-128x32", ...
  std::string group;     // baseline | solution | advanced | student | variant
  int lab = 0;           // 0: not a lab's code
  output_kind output = output_kind::inclusive;
  unsigned section = 0;  // for *_sections
  std::uint64_t max_n = max_elements;
  workspace_fn workspace = nullptr;
  run_fn run = nullptr;
};

void add_baselines(std::vector<implementation>& out);
std::string cub_version();  // of the CUB baseline: "3.5.0 (its CCCL's folder)" or "3.0.1 (the CUDA toolkit's)"
void add_toolkit_cub(std::vector<implementation>& out);  // "cub-toolkit" (gpu_cub_toolkit.cu)
std::string toolkit_cub_version();
void add_labs(std::vector<implementation>& out);       // generated from the lab registry (bench/CMakeLists.txt)
// Lab `lab`'s code as an implementation "lab<id>-<variant>", with the lab's output, section and
// largest n from scanlab::core's lab registry.
implementation lab_implementation(int lab, const std::string& variant, const std::string& group, workspace_fn workspace,
                                  run_fn run);
// The look-back research's variants (research/lookback/src/lookback_registry.cpp, built with
// -DSCANLAB_BUILD_RESEARCH=ON; else no_research.cpp: none).
void add_lookback_variants(std::vector<implementation>& out);
// Everything this build can time: the baselines, every lab's code, the research's variants.
std::vector<implementation> all_implementations();
const char* lookback_description(const std::string& name);  // "" for other names

// Device-side input and exact check. The input is small integers (-8..8) from a hash of the index,
// so every scan of it is exact in float while partial sums stay below 2^24 (they reach about
// 10^5 at 2^30); the reference is an integer scan on the device (CUB, int64), so checking a 2^30
// output costs milliseconds, not a host pass over 4 GiB.
class device_data {
 public:
  explicit device_data(std::uint64_t capacity);  // elements; allocates input, output, reference
  ~device_data();
  device_data(const device_data&) = delete;
  device_data& operator=(const device_data&) = delete;

  // Fills input[0, n) and the reference for it (for every n the previous fill is reused if n fits).
  void prepare(unsigned n, std::uint32_t seed);
  const float* input() const { return input_; }
  float* output() { return output_; }
  // Poisons output[0, n) (NaN) so that an implementation that writes nothing cannot pass.
  void poison_output(unsigned n);
  struct check_result {
    std::uint64_t wrong = 0;
    std::uint64_t first = 0;   // first wrong index (valid if wrong > 0)
    double expected = 0;
    float got = 0;
  };
  check_result check(unsigned n, output_kind kind, unsigned section);

 private:
  float* input_ = nullptr;
  float* output_ = nullptr;
  long long* reference_ = nullptr;  // inclusive integer scan of the input
  unsigned long long* counters_ = nullptr;
  void* cub_temp_ = nullptr;
  std::size_t cub_temp_bytes_ = 0;
  std::uint64_t capacity_ = 0;
  unsigned prepared_n_ = 0;
  std::uint32_t prepared_seed_ = 0;
};

// Evicts the L2 cache by writing a buffer of twice its size (a memset on the stream).
class l2_flusher {
 public:
  l2_flusher();
  ~l2_flusher();
  void flush();
  std::size_t l2_bytes() const { return l2_bytes_; }

 private:
  void* buffer_ = nullptr;
  std::size_t bytes_ = 0;
  std::size_t l2_bytes_ = 0;
};

// The determinism check: an implementation run `runs` times on the same random float input
// (values in [-0.5, 0.5), where the grouping of the additions changes the rounding), each output's
// bits hashed on the device (gpu_determinism.cu). `distinct` 1: the same bits in every run.
class determinism_probe {
 public:
  explicit determinism_probe(std::uint64_t capacity);  // elements
  ~determinism_probe();
  determinism_probe(const determinism_probe&) = delete;
  determinism_probe& operator=(const determinism_probe&) = delete;
  struct result {
    int runs = 0;       // 0: not checked (n = 0, or fewer than 2 runs asked for)
    int distinct = 0;   // different outputs among the runs
    unsigned long long first_hash = 0;
    bool hung = false;  // a call did not finish within hang_seconds
  };
  result run(const implementation& impl, float* output, unsigned n, void* workspace, int runs, double hang_seconds);

 private:
  float* input_ = nullptr;
  unsigned long long* hash_ = nullptr;
};

// Waits for everything enqueued so far, up to `seconds`; false when it did not finish (a kernel
// that hangs: the process must end, a CUDA context cannot be recovered from it).
bool finish_within(double seconds);

// Time per call (seconds) of `reps` calls, each after an L2 flush when `flush` is set, measured
// with CUDA events around each call; enqueued back to back, synchronised once.
// Empty when the calls did not finish within `hang_seconds`.
std::vector<double> time_calls(const implementation& impl, const float* in, float* out, unsigned n, void* workspace,
                               int reps, l2_flusher* flush, double hang_seconds);

// Time per call (seconds) of `reps` isolated calls: before each, the L2 flush (when `flush` is
// set) and a full synchronisation, so the GPU is idle when the call is enqueued; then events
// around the call and a wait for it. This is the latency a program sees when it calls scan()
// once: launch overheads count, and a scan of two launches pays twice. Empty on a hang.
std::vector<double> time_isolated_calls(const implementation& impl, const float* in, float* out, unsigned n,
                                        void* workspace, int reps, l2_flusher* flush, double hang_seconds);

// The last CUDA error (and clears it), as text; empty when none.
std::string take_cuda_error();

}  // namespace scanlab::bench
