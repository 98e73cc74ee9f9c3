// scanlab-runner-<backend>: the only process in which a student's code runs during grading.
//
// The grader compiles the student's scan.cu into a shared object and starts this runner in a
// sandboxed child (time and resource limits, its own process group). The runner loads the object,
// calls scan() on the input the grader generated, and writes the *raw* device buffers - output,
// input and workspace, each with the guard zones around it - to the file the grader named. The
// grader alone decides whether they are right: it knows the guard pattern, the input and the
// reference, none of which the student's code can reach before the call. What the runner writes
// to the status file (CUDA errors, the CPU backend's detector reports) can only add failures.
//
//   correctness: runner --so scan.so --n N --input in.bin --guard guard.bin --output out.bin
//                       --status status.txt [--calls 2] [--zero-workspace]
//   performance: runner --so scan.so --reference ref.so --n N --input in.bin --time --status out.txt
//                (GPU: CUDA events owned by the runner, L2 flush, median over repeats)
//   probe:       runner --probe   (is a device usable? prints what it found)
//   device check: runner --check-device   (a memset and a synchronize: after a run was killed at its
//                limit, the grader asks whether the GPU is free again; it runs under a short limit)
//
// Exit status: 0 done (the grader reads the files), 3 misuse or an unusable submission, 4 no
// usable device: the machine cannot grade, which says nothing about the submission.
#include <dlfcn.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "runner_exit.h"
#include "scanlab/backend.h"
#if defined(SCANLAB_BACKEND_CPU)
#include "scanlab/cpu/control.h"  // launch statistics
#endif

namespace {

using workspace_bytes_fn = std::size_t (*)(unsigned);
using scan_fn = void (*)(const float*, float*, unsigned, void*);
// The C++ names of `std::size_t scan_workspace_bytes(unsigned)` and
// `void scan(const float*, float*, unsigned, void*)`.
constexpr const char* workspace_symbol = "_Z20scan_workspace_bytesj";
constexpr const char* scan_symbol = "_Z4scanPKfPfjPv";

struct options {
  std::string so, reference, input, guard, output, status;
  unsigned long long n = 0;
  int calls = 2;
  bool time = false;
  bool zero_workspace = false;  // diagnosis only: does it pass when the workspace arrives zeroed?
};

[[noreturn]] void die(const char* what, const char* detail = "") {
  std::fprintf(stderr, "scanlab-runner: %s%s\n", what, detail);
  std::exit(scanlab::grader::runner_exit_misuse);
}

// No device (no GPU, no driver, a driver too old for the runtime): the machine's fault, exit 4.
[[noreturn]] void no_device(const char* what, cudaError_t err) {
  std::fprintf(stderr, "scanlab-runner: no usable device: %s (%s: %s)\n", what, cudaGetErrorName(err),
               cudaGetErrorString(err));
  std::exit(scanlab::grader::runner_exit_no_device);
}

// Errors that mean the device, not the submission, is missing.
bool device_missing(cudaError_t err) {
#if defined(SCANLAB_BACKEND_CPU)
  return err == cudaErrorNoDevice || err == cudaErrorInitializationError;
#else
  return err == cudaErrorNoDevice || err == cudaErrorInsufficientDriver || err == cudaErrorInitializationError ||
         err == cudaErrorDevicesUnavailable || err == cudaErrorSystemDriverMismatch ||
         err == cudaErrorCompatNotSupportedOnDevice || err == cudaErrorSystemNotReady;
#endif
}

// Before any student code runs: a device must be there.
void require_device() {
  int count = 0;
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess) no_device("cudaGetDeviceCount failed", err);
  if (count == 0) no_device("cudaGetDeviceCount found no device", cudaErrorNoDevice);
}

std::uint64_t launches_so_far() {
#if defined(SCANLAB_BACKEND_CPU)
  return scanlab::cpu::stats().launches;
#else
  return 0;
#endif
}

std::vector<unsigned char> read_file(const std::string& path) {
  std::vector<unsigned char> data;
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) die("cannot read ", path.c_str());
  unsigned char buffer[1 << 16];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, f)) > 0;) data.insert(data.end(), buffer, buffer + got);
  std::fclose(f);
  return data;
}

struct entry_points {
  workspace_bytes_fn workspace = nullptr;
  scan_fn scan = nullptr;
};

entry_points load(const std::string& path) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) die("cannot load the submission: ", dlerror());
  entry_points e;
  e.workspace = reinterpret_cast<workspace_bytes_fn>(dlsym(handle, workspace_symbol));
  e.scan = reinterpret_cast<scan_fn>(dlsym(handle, scan_symbol));
  if (!e.workspace || !e.scan) die("the submission lacks scan() or scan_workspace_bytes() with the lab's signature");
  return e;
}

// One cudaMalloc of guard + payload + guard, guards filled with the grader's patterns. The guard
// file holds six zones, one per side of each buffer (output, input, workspace), each its own random
// bytes: with a single pattern, a value copied from one buffer's guard into another's (input[0]
// into output[0] at n = 0) would leave the damaged zone looking intact.
constexpr int guard_zones = 6;
struct guarded {
  unsigned char* base = nullptr;
  std::size_t payload = 0, guard = 0;
  void* data() const { return base + guard; }
};

guarded allocate(std::size_t payload, const std::vector<unsigned char>& patterns, int buffer) {
  guarded g;
  g.payload = payload;
  g.guard = patterns.size() / guard_zones;
  const unsigned char* before = patterns.data() + (2 * buffer) * g.guard;
  const unsigned char* after = patterns.data() + (2 * buffer + 1) * g.guard;
  if (const cudaError_t err = cudaMalloc(&g.base, payload + 2 * g.guard); err != cudaSuccess) {
    if (device_missing(err)) no_device("cudaMalloc failed", err);
    die("cudaMalloc failed");
  }
  cudaMemcpy(g.base, before, g.guard, cudaMemcpyHostToDevice);
  cudaMemcpy(g.base + g.guard + payload, after, g.guard, cudaMemcpyHostToDevice);
  return g;
}

// Appends bytes [offset, offset + count) of a device allocation to the raw output.
void dump(FILE* out, const unsigned char* device, std::size_t count) {
  std::vector<unsigned char> host(std::min<std::size_t>(count, 1 << 24));
  for (std::size_t done = 0; done < count;) {
    const std::size_t piece = std::min(host.size(), count - done);
    if (cudaMemcpy(host.data(), device + done, piece, cudaMemcpyDeviceToHost) != cudaSuccess)
      std::memset(host.data(), 0, piece);
    std::fwrite(host.data(), 1, piece, out);
    done += piece;
  }
}

void fill_output_poison(void* device, std::size_t n) {
  std::vector<std::uint32_t> poison(std::min<std::size_t>(n, 1 << 22), 0x7fbadbadu);
  for (std::size_t done = 0; done < n;) {
    const std::size_t piece = std::min(poison.size(), n - done);
    cudaMemcpy(static_cast<std::uint32_t*>(device) + done, poison.data(), piece * 4, cudaMemcpyHostToDevice);
    done += piece;
  }
}

int correctness(const options& o) {
  require_device();
  const entry_points e = load(o.so);
  const std::vector<unsigned char> input = read_file(o.input);
  const std::vector<unsigned char> pattern = read_file(o.guard);
  if (input.size() != o.n * sizeof(float)) die("input file has the wrong size");
  if (pattern.empty() || pattern.size() % guard_zones != 0) die("the guard file must hold six equal zones");
  FILE* status = std::fopen(o.status.c_str(), "w");
  FILE* out = std::fopen(o.output.c_str(), "wb");
  if (!status || !out) die("cannot write the result files");
  std::setvbuf(status, nullptr, _IONBF, 0);

  const unsigned n = static_cast<unsigned>(o.n);
  const std::size_t bytes = o.n * sizeof(float);
  const std::size_t ws_bytes = e.workspace(n);
  std::fprintf(status, "workspace %zu\n", ws_bytes);
  guarded outbuf = allocate(bytes, pattern, 0), in = allocate(bytes, pattern, 1), ws = allocate(ws_bytes, pattern, 2);
  cudaMemcpy(in.data(), input.data(), bytes, cudaMemcpyHostToDevice);
  // A workspace arrives dirty: 0xff bytes, never zero.
  if (ws_bytes > 0) cudaMemset(ws.data(), o.zero_workspace ? 0 : 0xff, ws_bytes);

  for (int call = 1; call <= o.calls; ++call) {
    fill_output_poison(outbuf.data(), o.n);
    cudaDeviceSynchronize();
    cudaGetLastError();
    scanlab::backend::take_report();
    std::fprintf(status, "call %d start\n", call);
    const std::uint64_t launches_before = launches_so_far();
    e.scan(static_cast<const float*>(in.data()), static_cast<float*>(outbuf.data()), n, ws.data());
    const cudaError_t launch = cudaGetLastError();
    const cudaError_t sync = cudaDeviceSynchronize();
    const cudaError_t last = cudaGetLastError();
    const scanlab::backend::detector_report report = scanlab::backend::take_report();
    cudaError_t err = launch != cudaSuccess ? launch : sync != cudaSuccess ? sync : last;
    std::fprintf(status, "call %d cuda %s\n", call, cudaGetErrorName(err));
    // Kernels this call launched (the CPU backend counts them; a GPU build does not know).
    if (scanlab::backend::is_cpu())
      std::fprintf(status, "call %d launches %llu\n", call,
                   static_cast<unsigned long long>(launches_so_far() - launches_before));
    if (!report.kind.empty()) {
      std::fprintf(status, "call %d detector %s\n", call, report.kind.c_str());
      std::string message = report.message;
      std::replace(message.begin(), message.end(), '\n', '\x1f');
      std::fprintf(status, "call %d message %s\n", call, message.c_str());
    }
    dump(out, outbuf.base, bytes + 2 * outbuf.guard);
    dump(out, in.base, bytes + 2 * in.guard);
    dump(out, ws.base, ws.guard);
    dump(out, ws.base + ws.guard + ws_bytes, ws.guard);
    std::fflush(out);
    std::fprintf(status, "call %d done\n", call);
    if (err != cudaSuccess) break;  // a sticky error on a GPU: nothing later can run
  }
  std::fclose(out);
  std::fprintf(status, "finished\n");
  std::fclose(status);
  return 0;
}

// Median of a sample.
float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.f : v[v.size() / 2];
}

int performance(const options& o) {
  require_device();
  const entry_points student = load(o.so);
  const entry_points reference = load(o.reference);
  const std::vector<unsigned char> input = read_file(o.input);
  FILE* status = std::fopen(o.status.c_str(), "w");
  if (!status) die("cannot write the status file");
  const unsigned n = static_cast<unsigned>(o.n);
  const std::size_t bytes = o.n * sizeof(float);
  if (input.size() != bytes) die("input file has the wrong size");

  int l2 = 0;
  cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0);
  std::fprintf(status, "l2_bytes %d\n", l2);
  // Fresh inputs for every repeat: a few different arrays, rotated (uploads are not timed).
  constexpr int variants = 3;
  float* inputs[variants];
  for (int k = 0; k < variants; ++k) {
    if (cudaMalloc(&inputs[k], bytes) != cudaSuccess) die("cudaMalloc failed");
    std::vector<float> shifted(o.n);
    std::memcpy(shifted.data(), input.data(), bytes);
    if (k > 0) std::rotate(shifted.begin(), shifted.begin() + (o.n * k / variants), shifted.end());
    cudaMemcpy(inputs[k], shifted.data(), bytes, cudaMemcpyHostToDevice);
  }
  float* output = nullptr;
  void* ws_student = nullptr;
  void* ws_reference = nullptr;
  void* flush = nullptr;
  cudaMalloc(&output, bytes);
  cudaMalloc(&ws_student, std::max<std::size_t>(student.workspace(n), 1));
  cudaMalloc(&ws_reference, std::max<std::size_t>(reference.workspace(n), 1));
  // Where the arrays are not several times the L2, each timed call starts with a flushed L2.
  const bool flush_l2 = bytes * 2 < static_cast<std::size_t>(l2) * 4;
  const std::size_t flush_bytes = static_cast<std::size_t>(l2) * 2;
  if (flush_l2) cudaMalloc(&flush, flush_bytes);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);

  auto time_one = [&](int which, int k) -> float {
    if (flush_l2) cudaMemset(flush, k, flush_bytes);
    cudaEventRecord(start);
    if (which == 0) cudaMemcpyAsync(output, inputs[k % variants], bytes, cudaMemcpyDeviceToDevice);
    else if (which == 1) student.scan(inputs[k % variants], output, n, ws_student);
    else reference.scan(inputs[k % variants], output, n, ws_reference);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    return ms;
  };
  for (int w = 0; w < 3; ++w)
    for (int which = 0; which < 3; ++which) time_one(which, w);  // warm-up
  std::vector<float> samples[3];
  for (int round = 0; round < 200; ++round) {
    for (int which = 0; which < 3; ++which) samples[which].push_back(time_one(which, round));
    if (round >= 10) {
      // Stop once every median is stable: the middle half lies within 5% of it.
      bool stable = true;
      for (auto& s : samples) {
        std::vector<float> v = s;
        std::sort(v.begin(), v.end());
        const float q1 = v[v.size() / 4], q3 = v[v.size() * 3 / 4], m = v[v.size() / 2];
        if (m <= 0 || (q3 - q1) / m > 0.05f) stable = false;
      }
      if (stable) break;
    }
  }
  const cudaError_t err = cudaDeviceSynchronize();
  std::fprintf(status, "cuda %s\n", cudaGetErrorName(err));
  std::fprintf(status, "repeats %zu\n", samples[0].size());
  std::fprintf(status, "copy_ms %.6f\nstudent_ms %.6f\nreference_ms %.6f\n", median(samples[0]), median(samples[1]),
               median(samples[2]));
  std::fprintf(status, "finished\n");
  std::fclose(status);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) die("missing value after ", a.c_str());
      return argv[++i];
    };
    if (a == "--so") o.so = value();
    else if (a == "--reference") o.reference = value();
    else if (a == "--input") o.input = value();
    else if (a == "--guard") o.guard = value();
    else if (a == "--output") o.output = value();
    else if (a == "--status") o.status = value();
    else if (a == "--n") o.n = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--calls") o.calls = std::atoi(value().c_str());
    else if (a == "--time") o.time = true;
    else if (a == "--zero-workspace") o.zero_workspace = true;
    else if (a == "--check-device") {
      require_device();
      void* word = nullptr;
      cudaError_t err = cudaMalloc(&word, 4);
      if (err == cudaSuccess) err = cudaMemset(word, 0, 4);
      if (err == cudaSuccess) err = cudaDeviceSynchronize();
      if (err != cudaSuccess) no_device("the device check (cudaMalloc, cudaMemset, cudaDeviceSynchronize) failed", err);
      cudaFree(word);
      std::printf("free: %s\n", scanlab::backend::device_description().c_str());
      return 0;
    }
    else if (a == "--probe") {
      require_device();
      std::printf("%s\n", scanlab::backend::device_description().c_str());
      return 0;
    }
    else die("unknown option ", a.c_str());
  }
  if (o.so.empty() || o.input.empty() || o.status.empty()) die("usage: see the comment at the top of runner_main.cpp");
  return o.time ? performance(o) : correctness(o);
}
