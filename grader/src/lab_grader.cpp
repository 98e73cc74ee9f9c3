#include "lab_grader.h"

#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "build_stage.h"
#include "case_server.h"
#include "checks.h"
#include "gpu_check.h"
#include "../runner/runner_exit.h"
#include "harness/edge_sizes.h"
#include "harness/inputs.h"
#include "harness/verify.h"
#include "mapped_file.h"
#include "sandbox.h"
#include "trace.h"

namespace scanlab::grader {

namespace fs = std::filesystem;
using harness::data_kind;

namespace {

// Files removed when the scope ends, however it ends (a case's and a timing's gigabyte inputs and
// outputs: labs graded at once would otherwise fill the disk or the tmpfs).
struct removed_on_exit {
  std::vector<std::string> paths;
  ~removed_on_exit() {
    std::error_code ec;
    for (const std::string& p : paths) fs::remove(p, ec);
  }
};

constexpr std::size_t guard_bytes = 4096;
constexpr std::uint32_t output_poison_bits = 0x7fbadbadu;

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a * 0x9e3779b97f4a7c15ull + b + 0x632be59bd9b4e019ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

struct grading_case {
  std::string group;  // edge | random | large | race | progress | memory
  std::uint64_t n = 0;
  data_kind data = data_kind::small_integers;
  std::string why;
  std::vector<std::string> env;  // schedule of this run
  std::string backend;           // runner backend (cpu, cpu-asan, gpu)
  std::vector<std::string> wrapper;  // compute-sanitizer ... (GPU)
  int data_key = -1;                 // runs with the same key get the same input (-1: the case's own)
  // Run only when the CPU backend's schedule runs could not run (see the sanitizer cases below).
  bool unless_cpu_schedules_ran = false;
  int calls = 2;  // calls of scan() on the same input (the second on what the first left behind)
};

// The outcome of one case: passed, or the first failure with its diagnosis.
struct case_outcome {
  bool passed = true;
  std::string diagnosis, headline;
  std::vector<std::string> details;
  std::vector<float> output;  // call 1's output (race comparison)
  long long launches = -1;    // kernels call 1 launched (-1: unknown, as on a GPU)
  std::uint64_t n = 0;
  int call = 0;               // the call of scan() that failed (0: before any, or unknown)
  bool killed = false;        // killed at the wall-time limit
  std::string barrier_note;   // a divergent barrier the run went on past, as a GPU would
  std::string order_note;     // right only under another thread order: a race, the race test's finding
  std::string cannot_grade;   // the CPU backend rejected a feature at run time (why, for the report)
  bool served = false;        // ran in a case server (case_server.h), not a process of its own
};

const char* call_name(int call) { return call == 2 ? "second" : "first"; }

std::string describe(const grading_case& c) {
  std::string s = fmt::format("n = {} ({}, {})", c.n, c.why, harness::data_kind_name(c.data));
  for (const std::string& e : c.env)
    if (e.rfind("SCANLAB_", 0) == 0 && e.find("WATCHDOG") == std::string::npos && e.find("DIVERGENT") == std::string::npos)
      s += " " + e;
  return s;
}

std::map<std::string, std::string> parse_status(const std::string& path, std::vector<std::string>& messages) {
  std::map<std::string, std::string> s;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    // "call 1 cuda cudaSuccess", "call 1 detector hang", "call 1 message ...", "finished"
    std::istringstream words(line);
    std::string a, b, c;
    words >> a >> b >> c;
    std::string rest;
    std::getline(words, rest);
    if (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);
    if (a == "call" && c == "message") {
      std::replace(rest.begin(), rest.end(), '\x1f', '\n');
      messages.push_back(rest);
    } else if (a == "call") {
      s[a + " " + b + " " + c] = rest;
    } else {
      s[a] = b;
    }
  }
  return s;
}

std::string detector_diagnosis(const std::string& kind) {
  if (kind.find("barrier") != std::string::npos) return "divergent_barrier";
  if (kind.find("deadlock") != std::string::npos) return "deadlock";
  if (kind.find("hang") != std::string::npos) return "hang";
  if (kind.find("out of bounds") != std::string::npos || kind.find("guard") != std::string::npos) return "out_of_bounds";
  return "detector";
}

std::string show(float v) {
  if (std::isnan(v)) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    return fmt::format("NaN (0x{:08x}{})", bits, bits == output_poison_bits ? ": never written" : "");
  }
  return fmt::format("{:.9g}", v);
}

class lab_runner {
 public:
  explicit lab_runner(const lab_job& job) : job_(job), spec_(job.lab->spec) {
    spec_.backend = job.backend == "gpu" ? "gpu" : "cpu";
    std::mt19937_64 rng(mix(job.seed, 77));
    guard_.resize(6 * guard_bytes);  // one zone per side of each buffer (output, input, workspace)
    for (auto& b : guard_) {
      b = static_cast<unsigned char>(rng());
      if (b == 0 || b == 0xff) b = 0x5a;
    }
  }

  // Runs a case; a failure with a non-empty workspace is run once more (one call) with the
  // workspace zeroed: passing then means the code relies on memory it must initialise itself.
  case_outcome run(const grading_case& c, const std::string& object, int index, bool skip_retry = false) {
    case_outcome o = run_once(c, object, index, false, servable(c));
    // Only a pass counts from a server; anything else is decided by a process of its own, so that
    // verdicts, messages and crash reports are what a fresh process gives. A hang is not run again:
    // it was killed at the same limit, and a second wait would only double the cost of a hang.
    // A server is only trusted while its cases pass: after any failure (a launch the watchdog ended,
    // a corrupted heap, a sticky CUDA error) the next case starts a new one.
    if (o.served && !o.passed) {
      servers_.clear();
      if (o.diagnosis != "hang") o = run_once(c, object, index, false, false);
    }
    static const std::set<std::string> retry = {"crash", "hang", "wrong_output", "out_of_bounds", "cuda_error",
                                                "output_never_written"};
    // Only a failure of the first call: a second call that goes wrong is already stale_workspace
    // (or a hang there), and with one call the retry would pass for the wrong reason.
    if (!o.passed && workspace_used_ && retry.count(o.diagnosis) > 0 && o.call <= 1 && !skip_retry) {
      const case_outcome zeroed = run_once(c, object, index, true);
      if (zeroed.passed) {
        o.details.insert(o.details.begin(), o.headline);
        o.diagnosis = "dirty_workspace";
        o.headline = "relies on a zeroed workspace: right when the workspace arrives zeroed, not when it arrives "
                     "dirty (reset the counters and flags you use in the workspace at every call of scan())";
      }
    }
    return o;
  }

  // The largest n this lab's cases use (the server's output file limit).
  void set_largest_n(std::uint64_t n) { largest_n_ = n; }

  ~lab_runner() {
    std::error_code ec;
    if (!memory_dir_.empty()) fs::remove_all(memory_dir_, ec);
  }

  // Where a case of n elements keeps its input and raw output: a private folder in /dev/shm for
  // n >= 2^20 when /dev/shm is a tmpfs with room for eight such cases at once, else the lab's work
  // folder.
  std::string data_dir(std::uint64_t n) {
    if (n < (1u << 20)) return job_.work_dir;
    struct statfs fs_info{};
    struct statvfs space{};
    const std::uint64_t needed = 8 * (n * 4 * 5 + (64u << 20));
    if (statfs("/dev/shm", &fs_info) != 0 || fs_info.f_type != TMPFS_MAGIC || statvfs("/dev/shm", &space) != 0 ||
        static_cast<std::uint64_t>(space.f_bavail) * space.f_frsize < needed)
      return job_.work_dir;
    if (memory_dir_.empty()) {
      const std::string dir = fmt::format("/dev/shm/scanlab-{}-{}", getpid(), fs::path(job_.work_dir).filename().string());
      if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return job_.work_dir;
      memory_dir_ = dir;
    }
    return memory_dir_;
  }

  // The lab's timing on the GPU: in the server that ran its correctness cases, whose CUDA context
  // is made (on a loaded GPU machine a context took 1-4 s: the driver makes them one at a time), or
  // in a process of its own (`argv`) when no server takes it. Its time limit covers the timed calls.
  sandbox_result run_timing(const std::vector<std::string>& argv, const std::string& object,
                            const std::string& reference, std::uint64_t n, const std::string& input,
                            const std::string& status, const sandbox_limits& limits) {
    grading_case c;
    c.backend = "gpu";
    c.group = "edge";
    if (servable(c)) {
      const trace_span span(tracing() ? fmt::format("serve-time {} n={}", status, n) : "");
      sandbox_result served = server_for(c, run_env(c.env))
                                  .run_case(fmt::format("time\t{}\t{}\t{}\t{}\t{}", object, reference, n, input, status),
                                            limits.wall_seconds);
      if (served.started) return served;
    }
    return run_sandboxed(argv, {}, limits, job_.work_dir);
  }

 private:
  // The environment of a case's run (and the key of its server).
  static std::vector<std::string> run_env(std::vector<std::string> env) {
    env.push_back("ASAN_OPTIONS=detect_leaks=0:exitcode=86:abort_on_error=0");
    return env;
  }

  // Correctness cases on the build's backend go to a server (case_server.h); detector runs with
  // their own schedules, AddressSanitizer and compute-sanitizer runs keep a process each.
  // SCANLAB_NO_CASE_SERVER=1: a process per case, as before (to compare the two).
  static bool servable(const grading_case& c) {
    static const bool off = std::getenv("SCANLAB_NO_CASE_SERVER") != nullptr;
    return !off && c.wrapper.empty() && (c.backend == "cpu" || c.backend == "gpu") &&
           (c.group == "edge" || c.group == "random" || c.group == "large");
  }

  // The limits a run's size sets: its output file (six buffers' worth with guards, for n elements)
  // and, on the plain CPU backend, its address space (not under ASan or CUDA).
  static sandbox_limits size_limits(const std::string& backend, std::uint64_t n) {
    sandbox_limits limits;
    limits.file_size = n * 4 * 6 + 64 * guard_bytes + (16u << 20);
    if (backend == "cpu") limits.address_space = std::size_t(64) << 30;
    return limits;
  }

  case_server& server_for(const grading_case& c, const std::vector<std::string>& env) {
    std::string key = c.backend;
    for (const std::string& e : env) key += "\n" + e;
    std::unique_ptr<case_server>& s = servers_[key];
    if (!s) {
      const sandbox_limits limits = size_limits(c.backend, largest_n_);
      s = std::make_unique<case_server>(std::vector<std::string>{job_.config->runner(c.backend), "--serve"}, env,
                                        limits, job_.work_dir);
    }
    return *s;
  }

  case_outcome run_once(const grading_case& c, const std::string& object, int index, bool zero_workspace,
                        bool use_server = false) {
    case_outcome o;
    calls_ = zero_workspace ? 1 : c.calls;
    const std::uint64_t seed = mix(job_.seed, static_cast<std::uint64_t>(c.data_key >= 0 ? c.data_key : index) + 1000);
    const std::string stem = fmt::format("{}/case{}", job_.work_dir, index);
    // The case's big files go as soon as it is judged: a lab's largest cases write gigabytes, and
    // labs graded at once would otherwise fill the disk before their folders are removed.
    // The input and the raw output of a large case live in memory when the machine has room
    // (a tmpfs /dev/shm): a disk shared by labs graded at once made a 2^27 case take 25 s.
    const std::string data = fmt::format("{}/case{}", data_dir(c.n), index);
    const removed_on_exit cleanup{{data + ".in", data + ".out", stem + ".so"}};
    std::optional<trace_span> preparing(std::in_place, tracing() ? fmt::format("input {} n={}", stem, c.n) : "");
    // Generated into the file's mapping, which the check reads as well (see mapped_file.h).
    const mapped_file input_file = mapped_file::create(data + ".in", c.n * 4);
    harness::fill_input(reinterpret_cast<float*>(input_file.data()), c.n, seed, c.data);
    const float* const input = reinterpret_cast<const float*>(input_file.data());
    write(stem + ".guard", guard_.data(), guard_.size());  // six zones
    preparing.reset();
    fs::remove(data + ".out");
    fs::remove(stem + ".status");
    std::vector<std::string> argv = c.wrapper;
    argv.insert(argv.end(), {job_.config->runner(c.backend), "--so", object, "--n", std::to_string(c.n), "--input",
                             data + ".in", "--guard", stem + ".guard", "--output", data + ".out", "--status",
                             stem + ".status", "--calls", std::to_string(calls_)});
    if (zero_workspace) argv.push_back("--zero-workspace");
    o.n = c.n;
    const std::vector<std::string> env = run_env(c.env);
    sandbox_limits limits = size_limits(c.backend, c.n);
    limits.wall_seconds = job_.rubric.time_limit_s * (c.backend == "cpu-asan" || !c.wrapper.empty() ? 3 : 1);
    limits.cpu_seconds = limits.wall_seconds * 2;
    const sandbox_result s = [&] {
      // No lock here: a GPU runner takes the GPU's timing lock itself, shared, around its GPU work
      // only (under compute-sanitizer as well), so a timing waits for kernels, not for disk writes.
      if (use_server) {
        // A fresh copy of the object per case: its static and __device__ variables start anew.
        const std::string copy = stem + ".so";
        std::error_code ec;
        fs::copy_file(object, copy, fs::copy_options::overwrite_existing, ec);
        const trace_span span(tracing() ? fmt::format("serve {} n={}", stem, c.n) : "");
        sandbox_result served =
            ec ? sandbox_result{}
               : server_for(c, env).run_case(fmt::format("{}\t{}\t0\t{}\t{}\t{}\t{}\t{}", c.n, calls_, copy,
                                                         data + ".in", stem + ".guard", data + ".out", stem + ".status"),
                                             limits.wall_seconds);
        if (served.started) {
          o.served = true;
          return served;
        }
      }
      return run_sandboxed(argv, env, limits, job_.work_dir);
    }();
    std::vector<std::string> messages;
    auto status = parse_status(stem + ".status", messages);
    workspace_used_ = std::atoll(status["workspace"].c_str()) > 0;
    if (const std::string l = status["call 1 launches"]; !l.empty()) o.launches = std::atoll(l.c_str());

    auto fail = [&](std::string diagnosis, std::string headline) {
      o.passed = false;
      o.diagnosis = std::move(diagnosis);
      o.headline = std::move(headline);
    };
    // 1. What the process did.
    const std::string err = truncate_text(s.err, s.err_bytes, 2000);
    if (s.exited && s.exit_code == runner_exit_no_device) {
      // The machine, not the submission: grading stops (see grade_lab).
      fail("no_device", "the runner found no usable device");
      o.details.push_back(err);
      return o;
    }
    // The call that was running: the runner writes "call N start" before and "call N done" after
    // each, unbuffered, so the status file says where a killed run was.
    int running = 0;
    for (int call = 1; call <= 2; ++call)
      if (status.count(fmt::format("call {} start", call)) && !status.count(fmt::format("call {} done", call)))
        running = call;
    if (s.timed_out) {
      o.killed = true;
      o.call = running;
      fail("hang", running > 0 ? fmt::format("hang in the {} call of scan() (n = {}): it did not finish within {:.0f} s "
                                             "and was killed",
                                             call_name(running), c.n, limits.wall_seconds)
                               : fmt::format("hang before scan() was called (n = {}): the run did not finish within "
                                             "{:.0f} s and was killed",
                                             c.n, limits.wall_seconds));
      o.details.push_back(running == 2
                              ? "the first call finished, the second did not: something the first call left behind "
                                "(a counter or flag in a __device__ variable or in the workspace that is not reset) "
                                "makes the second wait for ever"
                              : "a kernel that never ends: a wait for a flag or block that never comes, or an endless loop");
      if (s.unreaped) o.details.push_back("the killed process had not ended a few seconds after SIGKILL");
    } else if (s.exited && s.exit_code == 86) {
      fail("out_of_bounds", "out-of-bounds access (AddressSanitizer)");
      o.details.push_back(asan_summary(s.err));
    } else if (!c.wrapper.empty() && s.exited && s.exit_code != 0) {
      fail(sanitizer_diagnosis(c), fmt::format("compute-sanitizer {} reported errors", c.why));
      o.details.push_back(truncate_text(s.out, s.out_bytes, 1500));
    } else if (s.signal != 0) {
      fail("crash", fmt::format("crashed: {}", s.describe()));
      if (!err.empty()) o.details.push_back(err);
    } else if (!s.exited || s.exit_code != 0) {
      fail(s.exit_code == runner_exit_misuse ? "runner_error" : "crash",
           fmt::format("the run ended abnormally ({})", s.describe()));
      if (!err.empty()) o.details.push_back(err);
    }
    // 2. What the backend reported (diagnostics; they can only fail a case).
    const bool continues_barriers =
        std::find(c.env.begin(), c.env.end(), "SCANLAB_DIVERGENT_BARRIERS=continue") != c.env.end();
    for (int call = 1; call <= 2 && o.passed; ++call) {
      const std::string detector = status[fmt::format("call {} detector", call)];
      const std::string cuda = status[fmt::format("call {} cuda", call)];
      if (!detector.empty() && continues_barriers && detector_diagnosis(detector) == "divergent_barrier" &&
          (cuda.empty() || cuda == "cudaSuccess")) {
        // Run past, as a GPU does: the output decides this case; the barrier test gets the finding.
        if (o.barrier_note.empty()) {
          o.barrier_note = fmt::format("{} (call {} of scan(), n = {}; the run went on past it, as a GPU does)",
                                       detector, call, c.n);
          for (const auto& m : messages) o.barrier_note += "\n     " + m;
        }
        continue;
      }
      if (!detector.empty()) {
        o.call = call;
        if (detector_diagnosis(detector) == "hang")
          fail("hang", fmt::format("hang in the {} call of scan() (n = {}): {}", call_name(call), c.n, detector));
        else
          fail(detector_diagnosis(detector), fmt::format("{} (call {} of scan())", detector, call));
        for (const auto& m : messages) o.details.push_back(m);
      } else if (!cuda.empty() && cuda != "cudaSuccess") {
        o.call = call;
        const backend_rejection rejected = c.backend.rfind("cpu", 0) == 0
                                               ? find_backend_rejection(s.err, job_.lab->spec.name + "/scan.cu")
                                               : backend_rejection{};
        if (rejected.found) {
          // The CPU backend left this feature out: no verdict about the code here.
          o.cannot_grade = describe_rejection(rejected, job_.lab->spec.name + "/scan.cu");
          fail("cannot_grade", o.cannot_grade);
        } else if (cuda == "cudaErrorLaunchTimeout") {
          fail("hang", fmt::format("hang in the {} call of scan() (n = {}): {}", call_name(call), c.n, cuda));
        } else {
          fail(cuda == "cudaErrorIllegalAddress" ? "out_of_bounds" : "cuda_error",
               fmt::format("CUDA error in call {} of scan(): {}", call, cuda));
        }
      }
    }
    // Reports name the temporary copy: show the student's path instead.
    const std::string temp_source = job_.work_dir + "/scan.cu";
    const std::string display = job_.lab->spec.name + "/scan.cu";
    for (std::string& d : o.details)
      for (std::size_t p; (p = d.find(temp_source)) != std::string::npos;) d.replace(p, temp_source.size(), display);
    if (!o.passed) return o;
    // 3. The raw buffers, checked here.
    const trace_span checking(tracing() ? fmt::format("check {} n={}", stem, c.n) : "");
    check_raw(c, input, data + ".out", status, o);
    if (o.passed && s.out_bytes + s.err_bytes > (1u << 20))
      o.details.push_back(fmt::format("note: the run printed {} bytes (kept the first {})", s.out_bytes + s.err_bytes,
                                      limits.keep_output * 2));
    return o;
  }

  static std::string asan_summary(const std::string& err) {
    std::istringstream in(err);
    std::string out;
    for (std::string line; std::getline(in, line);)
      if (line.find("ERROR: AddressSanitizer") != std::string::npos || line.find("SUMMARY") != std::string::npos ||
          (line.find(" #") != std::string::npos && line.find("scan.cu") != std::string::npos))
        out += line + "\n";
    return out.empty() ? err.substr(0, 1500) : out;
  }

  static std::string sanitizer_diagnosis(const grading_case& c) {
    if (c.why == "racecheck") return "race";
    if (c.why == "synccheck") return "divergent_barrier";
    return "out_of_bounds";
  }

  static void write(const std::string& path, const void* data, std::size_t bytes) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
  }

  // Zone z: 0/1 before/after the output, 2/3 the input, 4/5 the workspace.
  const unsigned char* pattern(int z) const { return guard_.data() + z * guard_bytes; }
  bool guard_intact(const unsigned char* g, int z) const { return std::memcmp(g, pattern(z), guard_bytes) == 0; }
  // The first byte of a guard zone that differs from the pattern (guard_bytes when none).
  std::size_t first_damage(const unsigned char* g, int z) const {
    std::size_t k = 0;
    while (k < guard_bytes && g[k] == pattern(z)[k]) ++k;
    return k;
  }
  // The element a damaged byte belongs to, as the student would index the buffer: negative before
  // it, n and up past its end. `before`: the guard zone in front of the buffer.
  static long long element_of(std::size_t byte, bool before, std::uint64_t n) {
    return before ? -static_cast<long long>((guard_bytes - byte + 3) / 4) : static_cast<long long>(n + byte / 4);
  }
  // The last damaged byte of the zone in front (closest to the buffer's first element).
  std::size_t last_damage(const unsigned char* g, int z) const {
    std::size_t k = guard_bytes;
    while (k > 0 && g[k - 1] == pattern(z)[k - 1]) --k;
    return k == 0 ? guard_bytes : k - 1;
  }

  // The runner's raw output, one record per call (runner_main.cpp's call_record): the output, the
  // input and the workspace, each between its guard zones; "call K layout out=... in=..." in the
  // status file says whether the record holds the output's elements ("same": equal to the first
  // call's) and the input's ("same": unchanged).
  void check_raw(const grading_case& c, const float* input, const std::string& path,
                 std::map<std::string, std::string>& status, case_outcome& o) {
    const std::size_t bytes = c.n * 4;
    static_assert(guard_bytes % sizeof(float) == 0, "the output must start on a float");
    mapped_file file;
    try {
      file = mapped_file::read(path);
    } catch (const std::exception&) {
      // No file: as a record cut short, below.
    }
    std::size_t at = 0;
    harness::output_check first_check;
    for (int call = 1; call <= calls_; ++call) {
      const std::string layout = status[fmt::format("call {} layout", call)];
      const bool output_elements = layout.find("out=same") == std::string::npos;
      const bool input_elements = layout.find("in=full") != std::string::npos;
      const std::size_t record =
          6 * guard_bytes + (output_elements ? bytes : 0) + (input_elements ? bytes : 0);
      if (layout.empty() || at + record > file.size() || (!output_elements && call == 1)) {
        o.passed = false;
        o.diagnosis = "crash";
        o.headline = fmt::format("call {} of scan() produced no output (the run ended early)", call);
        return;
      }
      const unsigned char* const raw = file.data() + at;
      at += record;
      const unsigned char* out = raw;  // its guard zone in front
      const unsigned char* out_end = out + guard_bytes + (output_elements ? bytes : 0);
      const unsigned char* in = out_end + guard_bytes;
      const unsigned char* in_end = in + guard_bytes + (input_elements ? bytes : 0);
      const unsigned char* ws = in_end + guard_bytes;
      // Guard zones: any write outside [0, n) of a buffer, at every n (n = 0 included: then every
      // write to the output or the input is outside).
      const char* which = nullptr;
      std::string where;
      auto zone = [&](const unsigned char* g, int z, const char* buffer, const char* text) {
        if (which || guard_intact(g, z)) return;
        which = text;
        if (std::string(buffer) == "workspace") return;
        const bool before = z % 2 == 0;
        const long long at = element_of(before ? last_damage(g, z) : first_damage(g, z), before, c.n);
        where = fmt::format(": {}[{}] with n = {}", buffer, at, c.n);
      };
      zone(out, 0, "output", "before the output");
      zone(out_end, 1, "output", "past the end of the output");
      zone(in, 2, "input", "before the input");
      zone(in_end, 3, "input", "past the end of the input");
      zone(ws, 4, "workspace", "before the workspace");
      zone(ws + guard_bytes, 5, "workspace", "past the end of the workspace");
      if (which) {
        o.passed = false;
        o.call = call;
        o.diagnosis = "out_of_bounds";
        o.headline = fmt::format("wrote {}{} (guard zone damaged, call {} of scan())", which, where, call);
        return;
      }
      if (input_elements && std::memcmp(in + guard_bytes, input, bytes) != 0) {
        std::size_t k = 0;
        while (std::memcmp(in + guard_bytes + 4 * k, &input[k], 4) == 0) ++k;
        float now;
        std::memcpy(&now, in + guard_bytes + 4 * k, 4);
        o.passed = false;
        o.call = call;
        o.diagnosis = "modifies_input";
        o.headline = "scan() modified its input (it is read-only)";
        o.details.push_back(fmt::format("input[{}] was {} and is now {} (n = {}, call {} of scan())", k, show(input[k]),
                                        show(now), c.n, call));
        return;
      }
      // A later call whose output equals the first call's byte for byte (the runner left its
      // elements out) is right: a wrong first call ended the check. No second pass of the checker.
      if (!output_elements) continue;
      const float* output = reinterpret_cast<const float*>(out + guard_bytes);
      harness::output_checker checker(spec_, c.n, c.data);
      checker.check(output, input, 0, c.n);
      const harness::output_check& r = checker.result();
      if (call == 1) {
        if (c.group == "race") o.output.assign(output, output + c.n);  // compared across schedules
        first_check = r;
      }
      if (!r.ok()) {
        o.passed = false;
        o.call = call;
        if (call == 2 && first_check.ok()) {
          o.diagnosis = "stale_workspace";
          o.headline = "wrong output in the second call of scan() (the first was right): the workspace the first "
                       "call left behind changed the result";
        } else if (r.all_never_written()) {
          o.diagnosis = "output_never_written";
          o.headline = "output never written";
        } else if (r.workspace_fill > 0) {
          o.diagnosis = "dirty_workspace";
          o.headline = "wrong output: values from the workspace's initial contents (it arrives dirty, not zeroed)";
        } else {
          o.diagnosis = "wrong_output";
          o.headline = call == 1 ? "wrong output" : "wrong output in the second call";
        }
        const unsigned S = spec_.check_section();
        o.details.push_back(fmt::format("first mismatch at index {} (section {}, element {}): expected {:.9g}, got {}",
                                        r.first, r.first / S, r.first % S, r.expected, show(r.got)));
        o.details.push_back(fmt::format("{} of {} elements wrong{}", r.wrong, c.n,
                                        r.never_written ? fmt::format(", {} never written", r.never_written) : ""));
        return;
      }
    }
  }

  const lab_job& job_;
  harness::lab_spec spec_;
  std::vector<unsigned char> guard_;
  int calls_ = 2;
  bool workspace_used_ = false;
  std::uint64_t largest_n_ = 1 << 20;
  std::map<std::string, std::unique_ptr<case_server>> servers_;  // by backend and environment
  std::string memory_dir_;  // see data_dir
};

// Score of a group of cases: the share that passed.
test_result group_test(const std::string& lab_label, const std::string& kind, const std::string& title, double points,
                       const std::vector<std::pair<std::string, case_outcome>>& cases) {
  test_result t;
  t.name = fmt::format("{}: {}", lab_label, title);
  t.kind = kind;
  t.max_score = points;
  std::size_t passed = 0;
  std::string failures;
  for (const auto& [what, o] : cases) {
    if (o.passed) {
      ++passed;
      continue;
    }
    if (t.diagnosis.empty()) t.diagnosis = o.diagnosis;
    failures += fmt::format("FAIL {}: {}\n", what, o.headline);
    for (const std::string& d : o.details) failures += "     " + d + "\n";
  }
  t.passed = passed == cases.size();
  t.score = cases.empty() ? 0 : points * static_cast<double>(passed) / static_cast<double>(cases.size());
  t.output = fmt::format("{} of {} cases passed\n{}", passed, cases.size(), failures);
  return t;
}

}  // namespace

// One grade whatever the backend: a GPU runs the threads of a block in lockstep warps and usually
// hides a missing __syncthreads() between a read and a write, so its correctness cases pass and
// only racecheck sees the race. The CPU backend's forward thread order shows such a race as a wrong
// output. So a correctness case that is wrong in that order runs again in the reverse and random
// thread orders (same input): if one of them is right, the case passes as it would on a GPU, and
// the race test carries the defect (order_note).
case_outcome rerun_in_other_thread_orders(lab_runner& runner, const grading_case& c, const std::string& object,
                                          int index, case_outcome first) {
  for (const char* order : {"reverse", "random"}) {
    grading_case again = c;
    again.env.push_back(std::string("SCANLAB_THREAD_ORDER=") + order);
    case_outcome o = runner.run(again, object, index, false);
    if (o.passed) {
      o.order_note = fmt::format(
          "data race: n = {} gives a wrong output with threads in forward order ({}) and the right one in {} order; "
          "the correctness tests count it as right, as a GPU that hides the race would",
          c.n, first.headline, order);
      return o;
    }
  }
  return first;
}

lab_result grade_lab(const lab_job& job) {
  const auto t0 = std::chrono::steady_clock::now();
  const harness::lab_spec& base = job.lab->spec;
  const trace_span span(tracing() ? "lab " + job.work_dir : "");
  const lab_rubric& rb = job.rubric;
  const double w = rb.weight;
  lab_result result;
  result.id = base.id;
  result.name = base.name;
  const std::string label = fmt::format("lab {}", base.id);
  const bool gpu = job.backend == "gpu";
  // A GPU runs a divergent barrier or a chain on blockIdx.x without a visible fault (its blocks
  // start in index order, its threads in lockstep), so on a GPU the CPU backend's schedule runs
  // are graded too whenever this build has the CPU runner.
  const bool cpu_schedules = !gpu || (rb.cpu_detectors && job.config->has_backend("cpu"));
  const bool hybrid = gpu && cpu_schedules;
  const std::string display = base.name + "/scan.cu";
  std::error_code ec;
  fs::create_directories(job.work_dir, ec);

  struct planned {
    std::string kind, title;
    double points;
  };
  std::vector<planned> plan = {{"edge", "edge sizes", rb.edge_points * w},
                               {"random", "random sizes and float data", rb.random_points * w},
                               {"large", "largest sizes", rb.large_points * w},
                               {"race", hybrid ? "races (CPU schedule differential, else compute-sanitizer racecheck)"
                                        : gpu  ? "races (compute-sanitizer racecheck)"
                                               : "races (schedule differential)",
                                rb.race_points * w},
                               {"barrier", hybrid ? "divergent barriers, deadlocks and hangs (CPU backend, else synccheck)"
                                           : gpu  ? "barriers (compute-sanitizer synccheck) and hangs"
                                                  : "divergent barriers, deadlocks and hangs",
                                rb.barrier_points * w},
                               {"memory", gpu ? "memory safety (guard zones, compute-sanitizer memcheck)"
                                              : "memory safety (guard zones, AddressSanitizer)",
                                rb.memory_points * w}};
  if (rb.progress_points > 0)
    plan.push_back({"progress", hybrid ? "forward progress (no hang; CPU backend: reverse and random block order)"
                                : gpu  ? "forward progress (needs the CPU backend's block orders)"
                                       : "forward progress (reverse and random block order)",
                    rb.progress_points * w});

  auto zero_all = [&](const std::string& diagnosis, const std::string& message) {
    for (const planned& p : plan) {
      test_result t;
      t.name = fmt::format("{}: {}", label, p.title);
      t.kind = p.kind;
      t.max_score = p.points;
      t.score = 0;
      t.passed = false;
      t.diagnosis = diagnosis;
      t.output = message;
      result.tests.push_back(t);
    }
    test_result perf;
    perf.name = fmt::format("{}: performance", label);
    perf.kind = "performance";
    perf.max_score = gpu || !rb.cpu_performance_withheld ? rb.performance_points * w : 0;
    perf.graded = gpu;
    perf.passed = false;
    perf.diagnosis = diagnosis;
    perf.output = message;
    result.tests.push_back(perf);
  };

  // "Cannot grade this here": every test listed with 0 of 0, the reason on the lab (reports mark it
  // for instructor review). Never the student's compile error, never a zero.
  auto cannot_grade = [&](const std::string& why) {
    result.tests.clear();
    result.cannot_grade = why;
    for (const planned& p : plan) {
      test_result t;
      t.name = fmt::format("{}: {}", label, p.title);
      t.kind = p.kind;
      t.graded = false;
      t.passed = false;
      t.diagnosis = "cannot_grade";
      t.output = "not run: " + why;
      result.tests.push_back(t);
    }
    test_result perf;
    perf.name = fmt::format("{}: performance", label);
    perf.kind = "performance";
    perf.graded = false;
    perf.passed = false;
    perf.diagnosis = "cannot_grade";
    perf.output = "not run: " + why;
    result.tests.push_back(perf);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };

  // A GPU that an earlier killed run left busy: check it again before any of this lab's runs.
  if (gpu && gpu_suspect()) {
    const device_check d = check_gpu_after_kill(*job.config);
    if (!d.free) {
      cannot_grade(fmt::format("{}; this lab was not run (grade it again on a free GPU)", d.detail));
      return result;
    }
    result.notes.push_back(fmt::format("{}: {}", label, d.detail));
  }

  // --- build ---------------------------------------------------------------------------------
  if (job.progress) job.progress(fmt::format("{}: building", label));
  const std::string source = job.submission_dir + "/" + base.name + "/scan.cu";
  const build_result build = build_submission(*job.config, base, source, gpu ? "gpu" : "cpu", job.work_dir, display);
  if (!build.ok) {
    // The CPU backend's named rejections (a feature it leaves out, a limit of its own) are not the
    // student's compile errors: nvcc builds the file, so it must be graded on a GPU.
    if (!gpu && build.diagnosis == "compile_error")
      if (const backend_rejection r = find_backend_rejection(build.message, display); r.found) {
        cannot_grade(describe_rejection(r, display));
        return result;
      }
    zero_all(build.diagnosis, build.message);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
  }

  // --- cases -----------------------------------------------------------------------------------
  harness::lab_spec spec = base;
  spec.backend = gpu ? "gpu" : "cpu";
  const std::uint64_t S = spec.check_section();
  const std::uint64_t B = std::max<std::uint64_t>(spec.block_elements(), 1);
  const std::uint64_t big = std::max(S, B);
  const std::uint64_t cap = gpu ? (rb.gpu_max_n ? rb.gpu_max_n : std::min<std::uint64_t>(spec.max_n, 1ull << 27))
                                : (rb.cpu_max_n ? rb.cpu_max_n : spec.cpu_max_n);
  const std::string runner_backend = gpu ? "gpu" : "cpu";
  std::vector<grading_case> cases;
  std::set<std::uint64_t> seen;
  auto add = [&](const std::string& group, std::uint64_t n, data_kind data, std::string why,
                 std::vector<std::string> env = {}, std::string backend = "", std::vector<std::string> wrapper = {}) {
    if (n > cap && group != "memory") return;
    grading_case c;
    c.group = group;
    c.n = n;
    c.data = data;
    c.why = std::move(why);
    c.env = std::move(env);
    c.backend = backend.empty() ? runner_backend : backend;
    c.wrapper = std::move(wrapper);
    cases.push_back(c);
  };
  const auto ints = data_kind::small_integers;
  // One grade whatever the backend: correctness cases run the way a GPU runs them, so on the CPU
  // backend a divergent __syncthreads() is released as a GPU releases it (the output decides the
  // case) and only the barrier test carries the finding. The detector runs keep the strict policy.
  const std::vector<std::string> correctness_env =
      gpu ? std::vector<std::string>{} : std::vector<std::string>{"SCANLAB_DIVERGENT_BARRIERS=continue"};
  for (const harness::named_size& s : harness::edge_sizes(spec))
    if (seen.insert(s.n).second) add("edge", s.n, ints, s.why, correctness_env);
  std::mt19937_64 rng(mix(job.seed, 5));
  const std::uint64_t few = std::min(cap, 4 * big);
  for (int k = 0; k < 2 && few > 2; ++k)
    add("random", std::uniform_int_distribution<std::uint64_t>(2, few)(rng), ints, "random", correctness_env);
  const std::uint64_t many = std::min(cap, 64 * big);
  if (many > few) add("random", std::uniform_int_distribution<std::uint64_t>(few, many)(rng), ints, "random", correctness_env);
  add("random", std::min(cap, 2 * S + 1), data_kind::uniform_floats, "2S+1", correctness_env);
  add("large", cap, ints, gpu ? "largest" : "cpu_max_n", correctness_env);
  // The CPU backend's largest case calls scan() once: what a second call checks (state the first
  // left behind) shows at every size with two blocks or more, which every other case covers, and
  // there it was a quarter of a grading's run time (measured on 2 cores).
  if (!gpu && !cases.empty() && cases.back().group == "large") cases.back().calls = 1;
  add("large", std::min<std::uint64_t>(cap, gpu ? (1ull << 24) : (1ull << 16) + 3), data_kind::uniform_floats,
      "large floats", correctness_env);

  const std::uint64_t multi = std::min(cap, 3 * big + 17);
  const std::uint64_t chained = std::min(cap, 4 * big + 5);
  std::vector<std::size_t> race_runs;
  if (cpu_schedules) {
    const std::string seed_env = fmt::format("SCANLAB_SEED={}", mix(job.seed, 9) % 1000000);
    const std::string why = hybrid ? "CPU backend, schedule differential" : "schedule differential";
    for (const char* order : {"forward", "reverse", "random"})
    {
      add("race", multi, ints, why,
          {std::string("SCANLAB_THREAD_ORDER=") + order, std::string("SCANLAB_BLOCK_ORDER=") + order, seed_env,
           "SCANLAB_WATCHDOG_SECONDS=2"},
          "cpu");
      if (!cases.empty() && cases.back().group == "race") cases.back().data_key = 100000;  // one input for all orders
    }
    if (rb.progress_points > 0)
      for (const char* order : {"reverse", "random"})
        add("progress", chained, ints, hybrid ? "CPU backend, several blocks" : "several blocks",
            {"SCANLAB_THREAD_ORDER=forward", std::string("SCANLAB_BLOCK_ORDER=") + order, seed_env,
             "SCANLAB_WATCHDOG_SECONDS=2"},
            "cpu");
  }
  if (!gpu) {
    if (job.config->has_backend("cpu-asan")) {
      add("memory", 33, ints, "warp + 1, AddressSanitizer", correctness_env, "cpu-asan");
      add("memory", 2 * big + 1, ints, "2 blocks + 1, AddressSanitizer", correctness_env, "cpu-asan");
    }
  } else if (const std::string sanitizer = rb.sanitizers ? find_on_path("compute-sanitizer") : "";
             !sanitizer.empty()) {
    // racecheck and synccheck answer what the CPU backend's schedule runs answer for the race and
    // barrier tests; where those ran, the tests are theirs alone, so that a submission gets the
    // same race and barrier points on a GPU as on the CPU backend (a hazard racecheck reports and
    // no thread order shows would otherwise cost points on a GPU only), and the lab is spared two
    // CUDA contexts (measured on an H100). Where the CPU backend cannot run the file
    // (or the build has no CPU backend) they run instead; sanitizers_with_cpu_detectors runs both.
    for (const char* tool : {"memcheck", "racecheck", "synccheck"}) {
      const std::string group = std::string(tool) == "memcheck" ? "memory" : std::string(tool) == "racecheck" ? "race" : "barrier";
      add(group, std::min<std::uint64_t>(2 * big + 1, cap), ints, tool, {}, "gpu",
          {sanitizer, "--tool", tool, "--error-exitcode", "1", "--print-limit", "10"});
      cases.back().unless_cpu_schedules_ran = group != "memory" && hybrid && !rb.sanitizers_with_cpu_detectors;
    }
  }

  // Runs on another backend than the build's (cpu-asan; cpu when grading on a GPU) need their own
  // object, built once, when the first such case comes.
  std::map<std::string, std::string> objects = {{runner_backend, build.object}};
  std::map<std::string, std::vector<std::pair<std::string, case_outcome>>> by_group;
  std::vector<case_outcome> race_outcomes;
  lab_runner runner(job);
  std::uint64_t largest = 1;
  for (const grading_case& c : cases) largest = std::max(largest, c.n);
  runner.set_largest_n(largest);
  // The orders a case's schedule sets ("" where it sets none).
  auto order_of = [](const grading_case& c, const std::string& what) -> std::string {
    const std::string key = "SCANLAB_" + what + "_ORDER=";
    for (const std::string& e : c.env)
      if (e.rfind(key, 0) == 0) return e.substr(key.size());
    return "";
  };
  bool forward_blocks_finish = false;  // a multi-block run in index order (forward threads) ended
  // Hangs cost a time limit each (on a GPU, with the retry and compute-sanitizer, more): after
  // `hang_budget` correctness cases hung, this lab's remaining correctness and sanitizer runs are
  // failed without running, so a hanging submission is graded in bounded time. The CPU backend's
  // schedule runs still run: their watchdog ends them in seconds, and they name the defect.
  constexpr int hang_budget = 2;
  int correctness_hangs = 0;
  bool other_orders_may_help = true;  // see rerun_in_other_thread_orders
  std::string gpu_busy;          // set when a device check after a killed GPU run failed
  std::string cpu_build_failed;  // GPU grader: why the CPU backend's build (for its detectors) failed
  auto is_correctness = [](const grading_case& c) { return c.group == "edge" || c.group == "random" || c.group == "large"; };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const grading_case& c = cases[i];
    if (job.progress) job.progress(fmt::format("{}: case {}/{}", label, i + 1, cases.size()));
    if (!objects.count(c.backend)) {
      const build_result b = build_submission(*job.config, base, source, c.backend, job.work_dir + "/" + c.backend, display);
      objects[c.backend] = b.ok ? b.object : "";
      if (!b.ok && gpu && c.backend == "cpu") {
        // nvcc built this file and the CPU backend did not: the backend's limit, never the student's
        // error. Its detector runs are listed as not run, with this reason.
        const backend_rejection r = find_backend_rejection(b.message, display);
        cpu_build_failed = r.found ? describe_rejection(r, display)
                                   : fmt::format("the CPU backend could not build {} (nvcc did):\n{}", display, b.message);
      }
    }
    const std::string& object = objects[c.backend];
    if (object.empty()) continue;  // that flavour did not build: its tests are listed as not run
    if (c.unless_cpu_schedules_ran && objects.count("cpu") && !objects["cpu"].empty()) continue;
    const bool strict_schedule = std::any_of(c.env.begin(), c.env.end(), [](const std::string& e) {
      return e.rfind("SCANLAB_WATCHDOG_SECONDS=", 0) == 0;
    });
    if ((correctness_hangs >= hang_budget && !strict_schedule) || (!gpu_busy.empty() && c.backend == "gpu")) {
      case_outcome skipped;
      skipped.passed = false;
      skipped.n = c.n;
      skipped.diagnosis = "not_run";
      skipped.headline = !gpu_busy.empty() && c.backend == "gpu"
                             ? "not run: " + gpu_busy
                             : fmt::format("not run: {} cases of this lab already hung (killed or stopped at the time "
                                           "limit); its remaining runs are skipped so that grading ends in bounded time",
                                           correctness_hangs);
      if (c.group != "race") by_group[c.group].push_back({describe(c), skipped});
      continue;
    }
    case_outcome o = runner.run(c, object, static_cast<int>(i), correctness_hangs + 1 >= hang_budget);
    if (!gpu && is_correctness(c) && !o.passed && o.diagnosis == "wrong_output" && other_orders_may_help) {
      o = rerun_in_other_thread_orders(runner, c, object, static_cast<int>(i), std::move(o));
      // Wrong in every order: not a race. Later wrong outputs are not run again (bounded time).
      other_orders_may_help = o.passed;
    }
    if (is_correctness(c) && o.diagnosis == "hang") ++correctness_hangs;
    if (o.killed && c.backend == "gpu") {
      // A kernel killed mid-spin: is the GPU free again before anything else runs on it?
      const device_check d = check_gpu_after_kill(*job.config);
      if (!d.free) gpu_busy = d.detail;
      o.details.push_back(d.detail);
    }
    if (!o.cannot_grade.empty()) {
      if (!gpu) {
        cannot_grade(o.cannot_grade);
        return result;
      }
      if (cpu_build_failed.empty()) cpu_build_failed = o.cannot_grade;
      objects[c.backend] = "";  // the CPU backend cannot run it: its other runs would say the same
      continue;
    }
    if (o.diagnosis == "no_device") {
      // The machine cannot run the code: no verdict about the submission at all.
      result.tests.clear();
      result.infrastructure_error =
          fmt::format("{}: the {} runner found no usable device{}", label, c.backend,
                      o.details.empty() || o.details[0].empty() ? std::string() : ":\n" + o.details[0]);
      result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      return result;
    }
    // A right output with no kernel launched: the scan ran on the host (the CPU backend counts
    // launches; n = 0 and 1 may rightly launch nothing).
    if (o.passed && o.launches == 0 && c.n >= 2) {
      zero_all("no_kernel",
               fmt::format("{}: scan() launched no kernel for n = {}, yet its output was right: it computed the scan "
                           "on the host. The lab asks for the scan in kernels of your own, so it scores zero.",
                           display, c.n));
      result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      return result;
    }
    // Blocks that wait on each other: the same kernel, threads in the same (forward) order, ends
    // when blocks run in index order and hangs when they run in another. That is a deadlock between
    // blocks (a chain on blockIdx.x), not an endless loop.
    const std::string threads = order_of(c, "THREAD"), blocks = order_of(c, "BLOCK");
    if (threads == "forward" && blocks == "forward" && c.n > big && o.diagnosis != "hang" && o.diagnosis != "deadlock")
      forward_blocks_finish = true;
    if (!o.passed && o.diagnosis == "hang" && forward_blocks_finish && threads == "forward" && !blocks.empty() &&
        blocks != "forward") {
      o.details.insert(o.details.begin(), o.headline);
      o.diagnosis = "deadlock";
      o.headline = fmt::format(
          "deadlock: blocks wait on each other. Dispatched in {} order, a block waits for one that has not started "
          "(in index order the same kernel finishes)",
          blocks);
    }
    if (c.group == "race" && c.wrapper.empty()) race_outcomes.push_back(o);
    if (c.group == "race" && !c.wrapper.empty()) by_group["race_sanitizer"].push_back({describe(c), o});
    std::vector<float>().swap(o.output);
    if (c.group != "race") by_group[c.group].push_back({describe(c), o});
  }
  // Race: every schedule right, and all outputs bit-identical (compared here, not in the child).
  if (!race_outcomes.empty()) {
    case_outcome verdict;
    for (std::size_t k = 0; k < race_outcomes.size() && verdict.passed; ++k)
      if (!race_outcomes[k].passed) verdict = race_outcomes[k];
    if (verdict.passed || verdict.diagnosis == "wrong_output") {
      const char* names[] = {"forward", "reverse", "random"};
      for (std::size_t k = 1; k < race_outcomes.size(); ++k) {
        const auto& a = race_outcomes[0].output;
        const auto& b = race_outcomes[k].output;
        if (a.size() != b.size() || a.empty()) continue;
        for (std::size_t i = 0; i < a.size(); ++i)
          if (std::memcmp(&a[i], &b[i], 4) != 0) {
            verdict.passed = false;
            verdict.diagnosis = "race";
            verdict.headline = fmt::format("data race: the {} and {} thread orders give different outputs", names[0], names[k]);
            verdict.details = {fmt::format("first difference at index {}: {} vs {}", i, show(a[i]), show(b[i])),
                               "a thread reads shared memory another thread writes in the same step: separate the "
                               "read and the write with __syncthreads() (or a second buffer)"};
            break;
          }
        if (!verdict.passed) break;
      }
    }
    // Only a difference between orders is a race; other failures of these runs belong to other tests.
    if (!verdict.passed && verdict.diagnosis != "race") {
      if (verdict.diagnosis == "divergent_barrier" || verdict.diagnosis == "deadlock" || verdict.diagnosis == "hang" ||
          verdict.diagnosis == "out_of_bounds")
        by_group["schedule_failures"].push_back({fmt::format("n = {} under another thread order", multi), verdict});
      verdict = case_outcome{};
    }
    by_group["race"].push_back({fmt::format("n = {} under forward, reverse and random thread orders", multi), verdict});
  }
  // A correctness case that was right only under another thread order is a race, whatever the
  // race test's own runs showed.
  if (auto& race = by_group["race"]; std::all_of(race.begin(), race.end(), [](const auto& r) { return r.second.passed; })) {
    const std::pair<std::string, case_outcome>* right_in_other_order = nullptr;
    for (const char* group : {"edge", "random", "large"})
      for (const auto& entry : by_group[group])
        if (!right_in_other_order && !entry.second.order_note.empty()) right_in_other_order = &entry;
    if (right_in_other_order) {
      case_outcome found;
      found.passed = false;
      found.diagnosis = "race";
      found.headline = right_in_other_order->second.order_note;
      found.details = {"a thread reads shared memory another thread writes in the same step: separate the read "
                       "and the write with __syncthreads() (or a second buffer)"};
      race.push_back({right_in_other_order->first, found});
    }
  }
  // racecheck: only a reported race counts here (a wrong output under it is the correctness tests').
  for (auto& [what, o] : by_group["race_sanitizer"]) {
    if (!o.passed && o.diagnosis != "race") o = case_outcome{};
    by_group["race"].push_back({what, std::move(o)});
  }
  by_group.erase("race_sanitizer");
  // Barrier test: no case anywhere hit a divergent barrier, a deadlock or a hang. The synccheck
  // runs' other failures (a wrong output under it) are the correctness tests' business.
  for (auto& [what, o] : by_group["barrier"])
    if (!o.passed && o.diagnosis != "divergent_barrier" && o.diagnosis != "deadlock" && o.diagnosis != "hang")
      o = case_outcome{};
  {
    std::vector<std::pair<std::string, case_outcome>> hits;
    for (const auto& [group, list] : by_group)
      for (const auto& [what, o] : list)
        if (!o.passed && (o.diagnosis == "divergent_barrier" || o.diagnosis == "deadlock" || o.diagnosis == "hang"))
          hits.push_back({what, o});
    // A divergent barrier a correctness run went on past (as a GPU does) is this test's finding.
    for (const auto& [group, list] : by_group)
      for (const auto& [what, o] : list)
        if (hits.empty() && !o.barrier_note.empty()) {
          case_outcome found;
          found.passed = false;
          found.diagnosis = "divergent_barrier";
          found.headline = o.barrier_note;
          hits.push_back({what, found});
        }
    if (hits.empty()) hits.push_back({"every case of this lab", case_outcome{}});
    else hits.resize(1);
    by_group["barrier"].insert(by_group["barrier"].end(), hits.begin(), hits.end());
  }
  // Forward progress is tested only by the CPU backend's block orders. A GPU starts blocks in
  // about index order, so a scan chained on blockIdx.x finishes there every time (it got full
  // marks from a GPU-only grader on an H100): without the CPU
  // backend the test is listed as not run, never passed. A hang on the GPU is still a failure of
  // the barrier-and-hang test.
  // Memory test: guard zones of every case, plus the sanitizer runs (whose other failures, like a
  // wrong output, are the correctness tests' business).
  for (auto& [what, o] : by_group["memory"])
    if (!o.passed && o.diagnosis != "out_of_bounds" && o.diagnosis != "crash") o = case_outcome{};
  {
    for (const auto& [group, list] : by_group) {
      if (group == "memory") continue;
      for (const auto& [what, o] : list)
        if (!o.passed && o.diagnosis == "out_of_bounds") {
          by_group["memory"].push_back({what, o});
          goto memory_done;
        }
    }
    by_group["memory"].push_back({"guard zones of every case", case_outcome{}});
  memory_done:;
  }

  // Detector tests certify correct code: they give points only when every correctness case passed
  // (a stub that writes nothing has no race), but name what they found either way.
  bool correct = true;
  bool some_n_passed = false;  // a case with n > 0 passed: n = 0 alone proves nothing (a stub passes it)
  for (const char* group : {"edge", "random", "large"})
    for (const auto& [what, o] : by_group[group]) {
      correct = correct && o.passed;
      some_n_passed = some_n_passed || (o.passed && o.n > 0);
    }
  // A data race is scored as a wrong output, on both backends alike: whether it shows in one run
  // is timing (on an H100 the race submission was right at small n and wrong at the largest; the
  // CPU backend's forward order shows it at every n), so only the race finding itself, which the
  // CPU schedule differential makes the same on both, decides. Correctness points go, and with
  // them the other detectors' (they certify correct code).
  const bool race_found = std::any_of(by_group["race"].begin(), by_group["race"].end(), [](const auto& r) {
    return !r.second.passed && r.second.diagnosis == "race";
  });
  if (race_found) correct = false;
  bool clean = correct;  // every test passed: the condition for performance points
  for (const planned& p : plan) {
    auto& list = by_group[p.kind];
    test_result t = group_test(label, p.kind, p.title, p.points, list);
    if (race_found && !list.empty() && (p.kind == "edge" || p.kind == "random" || p.kind == "large")) {
      t.score = 0;
      t.passed = false;
      if (t.diagnosis.empty()) t.diagnosis = "race";
      t.output = "no points: the race test found a data race, so the output depends on timing (a GPU may give the "
                 "right answer in one run and a wrong one in the next); fix the race first\n" + t.output;
    }
    if (list.empty()) {
      // Nothing could check this (no compute-sanitizer on PATH, no ASan build): withheld, not given.
      t.max_score = 0;
      t.score = 0;
      t.graded = false;
      if (!cpu_build_failed.empty() && (p.kind == "race" || p.kind == "barrier" || p.kind == "progress"))
        t.output = "not run: the CPU backend's schedule runs did not run: " + cpu_build_failed;
      else if (p.kind == "progress")
        t.output = "not run: a GPU starts blocks in about index order, so it cannot show whether the scan "
                   "makes progress in any other; that takes the CPU backend's reverse and random block "
                   "orders (build the grader with Boost.Context, e.g. libboost-context-dev)";
      else
        t.output = gpu ? "not run: compute-sanitizer is not on PATH" : "not run in this build";
      result.tests.push_back(t);
      continue;
    }
    const bool detector = p.kind != "edge" && p.kind != "random" && p.kind != "large";
    if (!detector && !some_n_passed && t.score > 0) {
      // An untouched stub writes nothing and passes n = 0: that earns nothing.
      t.score = 0;
      t.passed = false;
      t.output = "no points: no case with n > 0 passed (n = 0 alone earns nothing: a scan that writes nothing passes it)\n" + t.output;
    }
    if (!cpu_build_failed.empty() && (p.kind == "race" || p.kind == "barrier" || p.kind == "progress"))
      t.output = fmt::format("the CPU backend's schedule runs did not run: {}\n{}", cpu_build_failed, t.output);
    // A detector finding is a defect whatever the other runs say: all or nothing.
    if (detector && !t.passed) t.score = 0;
    if (detector && !correct && t.score > 0) {
      t.score = 0;
      t.passed = false;
      if (t.diagnosis.empty()) t.diagnosis = "not_correct";
      t.output = "no points while correctness cases fail\n" + t.output;
    }
    if (!t.passed) clean = false;
    result.tests.push_back(t);
  }
  if (!cpu_build_failed.empty())
    result.notes.push_back(fmt::format("{}: graded on the GPU only; {}", label, cpu_build_failed));
  if (!gpu_busy.empty()) result.notes.push_back(fmt::format("{}: {}", label, gpu_busy));

  // --- performance -------------------------------------------------------------------------------
  test_result perf;
  perf.name = fmt::format("{}: performance", label);
  perf.kind = "performance";
  if (!gpu) {
    perf.graded = false;
    perf.max_score = rb.cpu_performance_withheld ? 0 : rb.performance_points * w;
    perf.output = "not graded on the CPU backend (timings on a CPU say nothing about a GPU)";
  } else {
    perf.max_score = rb.performance_points * w;
    if (!clean) {
      perf.passed = false;
      perf.diagnosis = "not_correct";
      perf.output = "no performance points: the correctness or detector tests failed";
    } else {
      if (job.progress) job.progress(fmt::format("{}: timing", label));
      const build_result ref = build_submission(*job.config, base, job.reference_source, "gpu", job.work_dir + "/reference",
                                                "reference " + display);
      const std::uint64_t n = std::min<std::uint64_t>(rb.performance_n, spec.max_n);
      const std::string stem = job.work_dir + "/perf";
      const std::string input_path = runner.data_dir(n) + "/perf.in";
      {
        const mapped_file input = mapped_file::create(input_path, n * 4);
        harness::fill_input(reinterpret_cast<float*>(input.data()), n, mix(job.seed, 31), data_kind::small_integers);
      }
      const removed_on_exit remove_after_timing{{input_path}};
      sandbox_limits limits;
      limits.wall_seconds = std::max(60.0, rb.time_limit_s * 3);
      // The runner takes the GPU's lock itself: shared for its uploads, exclusive for the measurement.
      const sandbox_result s =
          ref.ok ? runner.run_timing({job.config->runner("gpu"), "--so", build.object, "--reference", ref.object, "--n",
                                      std::to_string(n), "--input", input_path, "--time", "--status", stem + ".status"},
                                     build.object, ref.object, n, input_path, stem + ".status", limits)
                 : sandbox_result{};
      std::vector<std::string> messages;
      auto st = parse_status(stem + ".status", messages);
      const double copy_ms = std::atof(st["copy_ms"].c_str()), student_ms = std::atof(st["student_ms"].c_str()),
                   ref_ms = std::atof(st["reference_ms"].c_str());
      if (s.exited && s.exit_code == runner_exit_no_device) {
        result.tests.clear();
        result.infrastructure_error = fmt::format("{}: the timed run found no usable device:\n{}", label,
                                                  truncate_text(s.err, s.err_bytes, 2000));
        return result;
      }
      performance_inputs in;
      in.student_ms = student_ms;
      in.reference_ms = ref_ms;
      in.copy_ms = copy_ms;
      in.full_at = rb.full_at;
      in.zero_at = rb.zero_at;
      in.max_of_copy = rb.max_of_copy;
      in.points = perf.max_score;
      const performance_verdict v = score_performance(in);
      if (!ref.ok || !s.ok() || st.count("finished") == 0 || v.diagnosis == "performance_run_failed") {
        perf.passed = false;
        perf.diagnosis = "performance_run_failed";
        perf.output = fmt::format("the timed run failed ({}){}", s.describe(), ref.ok ? "" : ": " + ref.message);
      } else {
        perf.score = v.score;
        perf.passed = v.passed;
        perf.diagnosis = v.diagnosis;
        result.throughput_gelems = static_cast<double>(n) / (student_ms * 1e6);
        perf.output = fmt::format(
            "n = {}: {:.3f} ms ({:.2f} G elements/s); {:.0f}% of the reference solution ({:.3f} ms), {:.0f}% of a "
            "device copy ({:.3f} ms); full points at {:.0f}% of the reference, none at {:.0f}%; median of {} runs",
            n, student_ms, *result.throughput_gelems, 100 * v.of_reference, ref_ms, 100 * v.of_copy, copy_ms,
            100 * rb.full_at, 100 * rb.zero_at, st["repeats"]);
        if (!v.problem.empty()) {
          perf.output = v.problem + "\n" + perf.output;
          result.throughput_gelems.reset();  // no leaderboard entry from a forged time
        }
      }
    }
  }
  result.tests.push_back(perf);
  if (fs::is_directory(job.submission_dir + "/" + base.name)) {
    std::vector<std::string> extra;
    for (const auto& e : fs::directory_iterator(job.submission_dir + "/" + base.name, ec)) {
      const std::string f = e.path().filename().string();
      if (f != "scan.cu" && f != "lab.h" && f != "README.md") extra.push_back(f);
    }
    std::sort(extra.begin(), extra.end());
    if (!extra.empty())
      result.notes.push_back(fmt::format("{}: only scan.cu is graded; ignored: {}", base.name, fmt::join(extra, ", ")));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

}  // namespace scanlab::grader
