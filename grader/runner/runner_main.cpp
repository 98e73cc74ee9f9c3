// scanlab-runner-<backend>: the only process in which a student's code runs during grading.
//
// The grader compiles the student's scan.cu into a shared object and starts this runner in a
// sandboxed child (time and resource limits, its own process group). The runner loads the object,
// calls scan() on the input the grader generated, and writes the *raw* device buffers - output,
// input and workspace, each with the guard zones around it - to the file the grader named (leaving
// out only elements that repeat, byte for byte, what the grader already has: see call_record). The
// grader alone decides whether they are right: it knows the guard pattern, the input and the
// reference, none of which the student's code can reach before the call. What the runner writes
// to the status file (CUDA errors, the CPU backend's detector reports) can only add failures.
//
//   correctness: runner --so scan.so --n N --input in.bin --guard guard.bin --output out.bin
//                       --status status.txt [--calls 2] [--zero-workspace]
//   server:      runner --serve   (many correctness cases in one process, and on a GPU the
//                performance test's timed runs: see serve() and timing.h)
//   probe:       runner --probe   (is a device usable? prints what it found)
//   device check: runner --check-device   (a memset and a synchronize: after a run was killed at its
//                limit, the grader asks whether the GPU is free again; it runs under a short limit)
//
// Exit status: 0 done (the grader reads the files), 3 misuse or an unusable submission, 4 no
// usable device: the machine cannot grade, which says nothing about the submission.
#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "run/gpu_lock.h"
#include "run/guard_zones.h"
#include "util/mapped_file.h"
#include "util/trace.h"
#include "runner_exit.h"
#include "scanlab/backend.h"
#include "scanlab/core/guards.h"
#include "scanlab/core/lab_registry.h"
#include "trace_case.h"
#if defined(SCANLAB_BACKEND_CPU)
#include "scanlab/cpu/control.h"  // launch statistics
#else
#include "timing.h"  // the performance test's timed runs
#endif

namespace {

using scanlab::grader::gpu_lock;
using workspace_bytes_fn = std::size_t (*)(unsigned);
using scan_fn = void (*)(const float*, float*, unsigned, void*);
// The C++ names of `std::size_t scan_workspace_bytes(unsigned)` and
// `void scan(const float*, float*, unsigned, void*)`.
constexpr const char* workspace_symbol = "_Z20scan_workspace_bytesj";
constexpr const char* scan_symbol = "_Z4scanPKfPfjPv";

struct options {
  std::string so, input, guard, output, status;
  unsigned long long n = 0;
  int calls = 2;
  bool zero_workspace = false;  // diagnosis only: does it pass when the workspace arrives zeroed?
  std::string trace, lab;       // --trace FILE --lab N: write the access trace of one call instead
};

// With SCANLAB_GRADER_TRACE set (the grader's opt-in timing trace, grader/src/util/trace.h), each phase
// of a run is a line "runner <phase> n=<n>" in the same file: where a run's time goes (a CUDA
// context, loading the module, the calls, writing the buffers).
class phase_clock {
 public:
  explicit phase_clock(unsigned long long n) : n_(n) {}
  void done(const char* phase) {
    if (scanlab::grader::tracing())
      scanlab::grader::trace_step(last_, "runner " + std::string(phase) + " n=" + std::to_string(n_));
    last_ = std::chrono::steady_clock::now();
  }

 private:
  unsigned long long n_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
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

scanlab::grader::mapped_file map_file(const std::string& path) {
  try {
    return scanlab::grader::mapped_file::read(path);
  } catch (const std::exception& e) {
    die(e.what());
  }
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
// file holds six zones (src/run/guard_zones.h), one per side of each buffer (output, input, workspace),
// each its own random bytes: with a single pattern, a value copied from one buffer's guard into
// another's (input[0] into output[0] at n = 0) would leave the damaged zone looking intact.
constexpr int zone_count = scanlab::grader::guard_zones::zones;
struct guarded {
  unsigned char* base = nullptr;
  std::size_t payload = 0, guard = 0;
  void* data() const { return base + guard; }
};

guarded allocate(std::size_t payload, const std::vector<unsigned char>& patterns, int buffer) {
  guarded g;
  g.payload = payload;
  g.guard = patterns.size() / zone_count;
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

// Copies `count` bytes of a device allocation to host memory (zeros when the copy fails: a sticky
// error, which the status file reports and which fails the case before its buffers are read).
void download(unsigned char* host, const unsigned char* device, std::size_t count) {
  if (count > 0 && cudaMemcpy(host, device, count, cudaMemcpyDeviceToHost) != cudaSuccess) std::memset(host, 0, count);
}

// What one call's raw output record holds (grader/src/judge/judge_case.cpp reads it): in order,
//   output: guard, [its n elements], guard;  input: guard, [its n elements], guard;
//   workspace: guard, guard.
// The elements are left out where they repeat what the grader has: an input the call did not
// change ("in=same"), an output equal byte for byte to the first call's ("out=same", calls 2 and
// up). That is lossless, and it spares a 2^27 case three gigabytes of copies (see mapped_file.h).
struct call_record {
  bool output_elements = true;
  bool input_elements = false;
};

// Host copies of one call's buffers, kept from case to case by a server (see reusable_buffer).
struct host_copies {
  scanlab::grader::reusable_buffer first_output, later_output, input;
};

// GPU work runs under the device's timing lock, shared (src/run/gpu_lock.h): a timing elsewhere waits
// for it, and it waits for a timing. The CPU backend has nothing to protect.
gpu_lock::mode lock_mode(gpu_lock::mode on_gpu) {
  return scanlab::backend::is_cpu() ? gpu_lock::mode::none : on_gpu;
}

void fill_output_poison(void* device, std::size_t n) {
  std::vector<std::uint32_t> poison(std::min<std::size_t>(n, 1 << 22), scanlab::core::output_poison_bits);
  for (std::size_t done = 0; done < n;) {
    const std::size_t piece = std::min(poison.size(), n - done);
    cudaMemcpy(static_cast<std::uint32_t*>(device) + done, poison.data(), piece * 4, cudaMemcpyHostToDevice);
    done += piece;
  }
}

void tell(FILE* protocol, const char* word) {
  if (!protocol) return;
  std::fprintf(protocol, "%s\n", word);
  std::fflush(protocol);
}

// Returns 1 when a call ended in a CUDA error or a detector report (the status file says which),
// else 0.
// protocol: a server's reply channel (--serve), told "call" and "returned" around each call of
// scan(), where the grader's hang limit applies; nullptr for a run of its own.
bool access_checks_requested() {
  const char* v = std::getenv("SCANLAB_ACCESS_CHECKS");
  return v != nullptr && std::strcmp(v, "on") == 0;
}

int correctness(const options& o, FILE* protocol = nullptr) {
  phase_clock clock(o.n);
  require_device();
  cudaFree(nullptr);  // the context, here rather than in the first allocation (for the trace)
  clock.done("context");
  const entry_points e = load(o.so);
  clock.done("load");
  const scanlab::grader::mapped_file input = map_file(o.input);
  const std::vector<unsigned char> pattern = read_file(o.guard);
  if (input.size() != o.n * sizeof(float)) die("input file has the wrong size");
  if (pattern.empty() || pattern.size() % zone_count != 0) die("the guard file must hold six equal zones");
  FILE* status = std::fopen(o.status.c_str(), "w");
  FILE* out = std::fopen(o.output.c_str(), "wb");
  if (!status || !out) die("cannot write the result files");
  std::setvbuf(status, nullptr, _IONBF, 0);

  const unsigned n = static_cast<unsigned>(o.n);
  const std::size_t bytes = o.n * sizeof(float);
  const std::size_t ws_bytes = e.workspace(n);
  std::fprintf(status, "workspace %zu\n", ws_bytes);
  std::optional<gpu_lock> on_gpu(std::in_place, lock_mode(gpu_lock::mode::shared));
  static host_copies host;  // a server's cases share them
  guarded outbuf = allocate(bytes, pattern, 0), in = allocate(bytes, pattern, 1), ws = allocate(ws_bytes, pattern, 2);
  cudaMemcpy(in.data(), input.data(), bytes, cudaMemcpyHostToDevice);
  // A workspace arrives dirty: every byte core::workspace_fill_byte, never zero.
  if (ws_bytes > 0) cudaMemset(ws.data(), o.zero_workspace ? 0 : scanlab::core::workspace_fill_byte, ws_bytes);
  clock.done("allocate-upload");

  cudaError_t last_error = cudaSuccess;
  for (int call = 1; call <= o.calls; ++call) {
    if (!on_gpu) on_gpu.emplace(lock_mode(gpu_lock::mode::shared));
    fill_output_poison(outbuf.data(), o.n);
    // The poison is the runner's, not an output the student's host code copied in.
    scanlab::backend::forget_writers(outbuf.data(), bytes);
    cudaDeviceSynchronize();
    cudaGetLastError();
    scanlab::backend::take_report();
    // A checked object (the grader's re-run of a small failing case, SCANLAB_ACCESS_CHECKS=on): the
    // first call runs with the access checks, whose findings name the race or uninitialised read.
    const bool checked = call == 1 && access_checks_requested() && scanlab::backend::set_access_checks(true);
    std::fprintf(status, "call %d start\n", call);
    const std::uint64_t launches_before = launches_so_far();
    tell(protocol, "call");
    e.scan(static_cast<const float*>(in.data()), static_cast<float*>(outbuf.data()), n, ws.data());
    const cudaError_t launch = cudaGetLastError();
    const cudaError_t sync = cudaDeviceSynchronize();
    const cudaError_t last = cudaGetLastError();
    tell(protocol, "returned");
    const scanlab::backend::detector_report report = scanlab::backend::take_report();
    if (checked) {
      scanlab::backend::set_access_checks(false);
      for (scanlab::backend::access_finding& f : scanlab::backend::take_access_findings()) {
        std::replace(f.report.begin(), f.report.end(), '\n', '\x1f');
        std::fprintf(status, "call %d finding %s\x1e%s\n", call, f.summary.c_str(), f.report.c_str());
      }
    }
    clock.done(call == 1 ? "call1" : "call2");
    cudaError_t err = launch != cudaSuccess ? launch : sync != cudaSuccess ? sync : last;
    std::fprintf(status, "call %d cuda %s\n", call, cudaGetErrorName(err));
    // Kernels this call launched (the CPU backend counts them; a GPU build does not know).
    if (scanlab::backend::is_cpu())
      std::fprintf(status, "call %d launches %llu\n", call,
                   static_cast<unsigned long long>(launches_so_far() - launches_before));
    // A page of the output that only the host wrote (a cudaMemcpy from host memory, a cudaMemset):
    // the scan was computed on the host and copied in. The CPU backend knows; a GPU finds nothing.
    if (const auto copied = scanlab::backend::find_host_copied(static_cast<const float*>(outbuf.data()), o.n);
        copied.found)
      std::fprintf(status, "call %d host_copied %zu %zu\n", call, copied.first, copied.elements);
    if (!report.kind.empty()) {
      last_error = err != cudaSuccess ? err : cudaErrorUnknown;  // a server stops here (see serve())
      std::fprintf(status, "call %d detector %s\n", call, report.kind.c_str());
      std::string message = report.message;
      std::replace(message.begin(), message.end(), '\n', '\x1f');
      std::fprintf(status, "call %d message %s\n", call, message.c_str());
    }
    // The raw buffers to host memory under the lock; the file is written after it is released
    // (writing a gigabyte is no reason to keep a timing waiting).
    const std::size_t zone = bytes + 2 * outbuf.guard;
    unsigned char* const first_out_host = host.first_output.get(zone);  // call 1 writes it, later calls compare
    unsigned char* const out_host = call == 1 ? first_out_host : host.later_output.get(zone);
    unsigned char* const in_host = host.input.get(zone);
    std::vector<unsigned char> ws_guards(2 * ws.guard);
    download(out_host, outbuf.base, zone);
    download(in_host, in.base, zone);
    download(ws_guards.data(), ws.base, ws.guard);
    download(ws_guards.data() + ws.guard, ws.base + ws.guard + ws_bytes, ws.guard);
    clock.done("dump");
    on_gpu.reset();
    call_record record;
    record.input_elements = bytes > 0 && std::memcmp(in_host + in.guard, input.data(), bytes) != 0;
    record.output_elements = call == 1 || bytes == 0 ||
                             std::memcmp(out_host + outbuf.guard, first_out_host + outbuf.guard, bytes) != 0;
    std::fprintf(status, "call %d layout out=%s in=%s\n", call, record.output_elements ? "full" : "same",
                 record.input_elements ? "full" : "same");
    auto put = [&](const unsigned char* from, std::size_t count) { std::fwrite(from, 1, count, out); };
    put(out_host, outbuf.guard);
    if (record.output_elements) put(out_host + outbuf.guard, bytes);
    put(out_host + outbuf.guard + bytes, outbuf.guard);
    put(in_host, in.guard);
    if (record.input_elements) put(in_host + in.guard, bytes);
    put(in_host + in.guard + bytes, in.guard);
    put(ws_guards.data(), ws_guards.size());
    std::fflush(out);
    clock.done("write");
    std::fprintf(status, "call %d done\n", call);
    if (err != cudaSuccess) {
      last_error = err;
      break;  // a sticky error on a GPU: nothing later can run
    }
  }
  // A server (--serve) goes on with other cases in this context: give the memory back.
  for (const guarded* g : {&outbuf, &in, &ws}) cudaFree(g->base);
  on_gpu.reset();
  std::fclose(out);
  std::fprintf(status, "finished\n");
  std::fclose(status);
  return last_error == cudaSuccess ? 0 : 1;
}

// --serve: one process, many correctness cases (a CUDA context costs 0.2 s, and on a GPU the driver
// creates contexts one at a time, so a process per case made a lab's 16 cases wait on each other
// across the whole machine). The grader writes one case per line on stdin, tab-separated:
//   n, calls, zero workspace (0/1), object, input, guard, output, status
// or, on a GPU, a timed run of the performance test (timing.h: the student's object after its
// lab's correctness cases, in the same context; the reference and the copy in a server that loads
// no student's object):
//   "time", object, n, exclusive (0/1), section
//   "baseline", reference object, n, exclusive (0/1), section, warm-up calls, seeds (comma-separated)
// and reads "ready" (the device is up), then for each case "begin", "call" and "returned" around
// each call of scan() (a timed run: around all its calls, "timed" between warm-up and timed calls;
// the grader's hang limit runs between them) and "done", from stdout. The object is
// a fresh copy of the submission for every case, so each case starts with its own static and
// __device__ variables, as a process of its own would. The student's prints go to stderr. After a
// case that ended in a CUDA error or a detector report the server exits: on a GPU that context can
// run nothing more, and on the CPU backend a launch its watchdog ended leaves fibers behind.
int serve() {
  const int protocol = dup(1);
  dup2(2, 1);
  FILE* reply = fdopen(protocol, "w");
  if (!reply) die("cannot open the reply channel");
  require_device();
  cudaFree(nullptr);
  tell(reply, "ready");
  char line[16384];
  while (std::fgets(line, sizeof line, stdin)) {
    std::vector<std::string> fields;
    std::string field;
    for (const char* p = line; *p && *p != '\n'; ++p) {
      if (*p == '\t') {
        fields.push_back(field);
        field.clear();
      } else {
        field += *p;
      }
    }
    fields.push_back(field);
    tell(reply, "begin");  // the grader knows the case reached a live server
    options o;
    if (fields[0] == "time" || fields[0] == "baseline") {
#if defined(SCANLAB_BACKEND_CPU)
      die("--serve: timed runs need the GPU runner");
#else
      scanlab::grader::timing::request r;
      if (!scanlab::grader::timing::parse_request(fields, r)) die("--serve: a malformed timing line");
      // The seeds of a student's timed calls come on stdin, after "call" and "timed".
      const bool failed = (fields[0] == "time" ? scanlab::grader::timing::time_student(r, reply, stdin)
                                               : scanlab::grader::timing::time_baseline(r, reply)) != 0;
      tell(reply, "done");
      if (failed) return 0;
      continue;
#endif
    }
    if (fields.size() != 8) die("--serve: a case line needs 8 tab-separated fields");
    o.n = std::strtoull(fields[0].c_str(), nullptr, 10);
    o.calls = std::atoi(fields[1].c_str());
    o.zero_workspace = fields[2] == "1";
    o.so = fields[3];
    o.input = fields[4];
    o.guard = fields[5];
    o.output = fields[6];
    o.status = fields[7];
    const bool failed = correctness(o, reply) != 0;
    tell(reply, "done");
    if (failed) return 0;
  }
  return 0;
}

// --trace FILE --lab N --so OBJECT --n N: one call of scan() on input 2^i with the access trace on
// (the object built with the access instrumentation), written as the lab checks' --trace writes it
// (labs/harness/trace_case.cpp), for `scanlab grade --figures`.
int trace(const options& o) {
  const scanlab::core::lab_entry* lab = scanlab::core::find_lab(o.lab);
  if (lab == nullptr || o.so.empty()) die("--trace needs --lab and --so");
  scanlab::core::lab_spec spec = lab->spec;
  spec.variant = "submission";
  spec.backend = scanlab::backend::is_cpu() ? "cpu" : "gpu";
  const entry_points e = load(o.so);
  return scanlab::harness::write_trace(spec, {e.workspace, e.scan}, o.n, o.trace);
}

}  // namespace

int main(int argc, char** argv) {
  // As the labs' checks run blocks (labs/harness/suite.cpp): one at a time, so that a scan that
  // waits for a block that has not started hangs at every size (SCANLAB_RESIDENT_BLOCKS, set, wins).
  if (std::getenv("SCANLAB_RESIDENT_BLOCKS") == nullptr) scanlab::backend::set_resident_blocks(1);
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) die("missing value after ", a.c_str());
      return argv[++i];
    };
    if (a == "--so") o.so = value();
    else if (a == "--input") o.input = value();
    else if (a == "--guard") o.guard = value();
    else if (a == "--output") o.output = value();
    else if (a == "--status") o.status = value();
    else if (a == "--n") o.n = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--calls") o.calls = std::atoi(value().c_str());
    else if (a == "--zero-workspace") o.zero_workspace = true;
    else if (a == "--trace") o.trace = value();
    else if (a == "--lab") o.lab = value();
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
    else if (a == "--serve") {
      return serve();
    }
    else if (a == "--probe") {
      require_device();
      std::printf("%s\n", scanlab::backend::device_description().c_str());
      return 0;
    }
    else die("unknown option ", a.c_str());
  }
  if (!o.trace.empty()) return trace(o);
  if (o.so.empty() || o.input.empty() || o.status.empty()) die("usage: see the comment at the top of runner_main.cpp");
  correctness(o);  // a CUDA error is in the status file; the process itself did its job
  return 0;
}
