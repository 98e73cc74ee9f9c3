#include "run/case_run.h"

#include <algorithm>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include <fmt/format.h>

#include "judge/judge_case.h"
#include "util/mapped_file.h"
#include "util/removed_on_exit.h"
#include "util/memory_folder.h"
#include "run/runner_status.h"
#include "scanlab/core/inputs.h"
#include "util/trace.h"

namespace scanlab::grader {

namespace fs = std::filesystem;

namespace {

void write_file(const std::string& path, const void* data, std::size_t bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
}

// The environment of a case's run (and the key of its server). AddressSanitizer's exit status 86
// is how the judge tells its reports from other failures.
std::vector<std::string> run_env(std::vector<std::string> env) {
  env.push_back("ASAN_OPTIONS=detect_leaks=0:exitcode=86:abort_on_error=0");
  return env;
}

// Correctness cases on the build's backend go to a server (case_server.h); detector runs with
// their own schedules, AddressSanitizer and compute-sanitizer runs keep a process each.
// SCANLAB_NO_CASE_SERVER=1: a process per case, as before (to compare the two).
bool servable(const grading_case& c) {
  static const bool off = std::getenv("SCANLAB_NO_CASE_SERVER") != nullptr;
  return !off && c.wrapper.empty() && (c.backend == "cpu" || c.backend == "gpu") &&
         (c.group == "edge" || c.group == "random" || c.group == "large");
}

// The limits a run's size sets: its output file (six buffers' worth with guards, for n elements)
// and, on the plain CPU backend, its address space (not under ASan or CUDA).
sandbox_limits size_limits(const std::string& backend, std::uint64_t n) {
  sandbox_limits limits;
  limits.file_size = n * 4 * 6 + 64 * guard_zones::zone_bytes + (16u << 20);
  if (backend == "cpu") limits.address_space = std::size_t(64) << 30;
  return limits;
}

}  // namespace

// The same case through the lab's own check (labs/harness): the same input generator, the same
// two calls, the schedule from the same environment variables.
std::string local_replay(const core::lab_spec& spec, const grading_case& c, std::uint64_t seed) {
  std::string env;
  for (const std::string& e : c.env)
    if (e.rfind("SCANLAB_THREAD_ORDER=", 0) == 0 || e.rfind("SCANLAB_BLOCK_ORDER=", 0) == 0 ||
        e.rfind("SCANLAB_SEED=", 0) == 0)
      env += e + " ";
  std::string args = fmt::format("--n {} --seed {}", c.n, seed);
  if (c.data != core::data_kind::small_integers) args += fmt::format(" --data {}", core::data_kind_name(c.data));
  return fmt::format("replay locally: {}make lab{} BACKEND={} CHECK_ARGS='{}'", env, spec.id,
                     c.backend.empty() ? "cpu" : c.backend, args);
}

// A case's files: its input (generated into the file's mapping, which the judge reads as well,
// see mapped_file.h), the guard patterns, and where the runner writes. The big ones go as soon as
// the case is judged: a lab's largest cases write gigabytes.
struct lab_runner::case_files {
  std::string stem, data;  // <work>/case<i>; <data_dir(n)>/case<i> for the input and raw output
  removed_on_exit cleanup;
  mapped_file input;
};

lab_runner::lab_runner(const lab_job& job, const core::lab_spec& spec)
    : job_(job), spec_(spec), guards_(mix(job.seed, 77)) {}

lab_runner::~lab_runner() {
  std::error_code ec;
  if (!memory_dir_.empty()) fs::remove_all(memory_dir_, ec);
}

case_outcome lab_runner::run(const grading_case& c, const std::string& object, int index, bool skip_retry) {
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
                                              "misaligned_address", "output_never_written"};
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

std::string lab_runner::data_dir(std::uint64_t n) {
  if (n < (1u << 20)) return job_.work_dir;
  if (!memory_folder_has_room(8 * (n * 4 * 5 + (64u << 20)))) return job_.work_dir;
  if (memory_dir_.empty()) {
    const std::string dir = fmt::format("/dev/shm/scanlab-{}-{}", getpid(), fs::path(job_.work_dir).filename().string());
    if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return job_.work_dir;
    memory_dir_ = dir;
  }
  return memory_dir_;
}

sandbox_result lab_runner::run_timing(const std::string& line, double wall_seconds, protocol_log& log) {
  grading_case c;
  c.backend = "gpu";
  c.group = "edge";
  const trace_span span(tracing() ? fmt::format("serve-time {}", line.substr(0, line.find('\t', 5))) : "");
  for (int attempt = 0; attempt < 2; ++attempt) {
    log.lines.clear();
    sandbox_result served = server_for(c, run_env(c.env)).run_case(line, wall_seconds, &log);
    if (served.started) return served;
    servers_.clear();
  }
  return sandbox_result{};
}

case_server& lab_runner::server_for(const grading_case& c, const std::vector<std::string>& env) {
  std::string key = c.backend;
  for (const std::string& e : env) key += "\n" + e;
  std::unique_ptr<case_server>& s = servers_[key];
  if (!s) {
    const sandbox_limits limits = jailed(size_limits(c.backend, largest_n_), c.backend);
    s = std::make_unique<case_server>(std::vector<std::string>{job_.config->runner(c.backend), "--serve"}, env, limits,
                                      job_.work_dir);
  }
  return *s;
}

sandbox_limits lab_runner::case_limits(const grading_case& c) {
  sandbox_limits limits = size_limits(c.backend, c.n);
  limits.wall_seconds = job_.rubric.time_limit_s * (c.backend == "cpu-asan" || !c.wrapper.empty() ? 3 : 1);
  limits.cpu_seconds = limits.wall_seconds * 2;
  return jailed(limits, c.backend);
}

std::shared_ptr<jail_view> lab_jail_view(const lab_job& job, bool gpu) {
  auto view = std::make_shared<jail_view>();
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(job.config->bin_dir, ec))
    if (e.path().filename().string().rfind("scanlab-runner-", 0) == 0) view->read_only.push_back(e.path().string());
  view->writable.push_back(job.work_dir);
  view->hidden.push_back(job.work_dir + "/reference");  // performance.cpp builds the reference there
  view->gpu = gpu;
  return view;
}

sandbox_limits lab_runner::jailed(sandbox_limits limits, const std::string& backend) {
  auto view = lab_jail_view(job_, backend == "gpu");
  // The data folder of the largest case, made now: a server started earlier must see it.
  if (const std::string data = data_dir(largest_n_); data != job_.work_dir) view->writable.push_back(data);
  // What the writable folders may hold in all: the lab's builds and object copies, and a few
  // cases' buffers of the largest size (a submission writing files in a loop fills /dev/shm for
  // every other grading otherwise).
  limits.scratch = view->writable;
  limits.scratch_bytes = (std::uint64_t(1) << 30) + 64 * largest_n_ * sizeof(float);
  limits.jail = std::move(view);
  return limits;
}

// No lock here: a GPU runner takes the GPU's timing lock itself, shared, around its GPU work only
// (under compute-sanitizer as well), so a timing waits for kernels, not for disk writes.
sandbox_result lab_runner::launch(const grading_case& c, const std::string& object, const case_files& files,
                                  bool zero_workspace, bool use_server, const sandbox_limits& limits, bool& served) {
  const std::vector<std::string> env = run_env(c.env);
  const std::string& stem = files.stem;
  const std::string& data = files.data;
  if (use_server) {
    // A fresh copy of the object per case: its static and __device__ variables start anew.
    const std::string copy = stem + ".so";
    std::error_code ec;
    fs::copy_file(object, copy, fs::copy_options::overwrite_existing, ec);
    const trace_span span(tracing() ? fmt::format("serve {} n={}", stem, c.n) : "");
    sandbox_result s =
        ec ? sandbox_result{}
           : server_for(c, env).run_case(fmt::format("{}\t{}\t0\t{}\t{}\t{}\t{}\t{}", c.n, calls_, copy, data + ".in",
                                                     stem + ".guard", data + ".out", stem + ".status"),
                                         limits.wall_seconds);
    if (s.started) {
      served = true;
      return s;
    }
  }
  std::vector<std::string> argv = c.wrapper;
  argv.insert(argv.end(), {job_.config->runner(c.backend), "--so", object, "--n", std::to_string(c.n), "--input",
                           data + ".in", "--guard", stem + ".guard", "--output", data + ".out", "--status",
                           stem + ".status", "--calls", std::to_string(calls_)});
  if (zero_workspace) argv.push_back("--zero-workspace");
  return run_sandboxed(argv, env, limits, job_.work_dir);
}

case_outcome lab_runner::run_once(const grading_case& c, const std::string& object, int index, bool zero_workspace,
                                  bool use_server) {
  calls_ = zero_workspace ? 1 : c.calls;
  const std::uint64_t seed = mix(job_.seed, static_cast<std::uint64_t>(c.data_key >= 0 ? c.data_key : index) + 1000);
  case_files files;
  files.stem = fmt::format("{}/case{}", job_.work_dir, index);
  // The input and the raw output of a large case live in memory when the machine has room (a
  // tmpfs /dev/shm): a disk shared by labs graded at once made a 2^27 case take 25 s.
  files.data = fmt::format("{}/case{}", data_dir(c.n), index);
  files.cleanup.paths = {files.data + ".in", files.data + ".out", files.stem + ".so"};
  {
    const trace_span preparing(tracing() ? fmt::format("input {} n={}", files.stem, c.n) : "");
    files.input = mapped_file::create(files.data + ".in", c.n * 4);
    core::fill_input(reinterpret_cast<float*>(files.input.data()), c.n, seed, c.data);
    write_file(files.stem + ".guard", guards_.bytes().data(), guards_.bytes().size());
  }
  fs::remove(files.data + ".out");
  fs::remove(files.stem + ".status");
  const sandbox_limits limits = case_limits(c);
  bool served = false;
  run_record record;
  record.process = launch(c, object, files, zero_workspace, use_server, limits, served);
  record.status = parse_status(files.stem + ".status", record.messages, &record.findings);
  record.input = reinterpret_cast<const float*>(files.input.data());
  record.output_path = files.data + ".out";
  record.calls = calls_;
  record.wall_seconds = limits.wall_seconds;
  record.keep_output = limits.keep_output;
  workspace_used_ = std::atoll(record.status["workspace"].c_str()) > 0;
  const judge_context context{&spec_, &guards_, job_.work_dir + "/scan.cu", spec_.name + "/scan.cu"};
  case_outcome o = judge_run(c, record, context);
  o.served = served;
  o.replay = local_replay(spec_, c, seed);
  if (!o.passed) {
    // Before the access checks' findings, which can be long: the table shows the first lines.
    auto findings = std::find(o.details.begin(), o.details.end(), "the access checks found:");
    o.details.insert(findings, o.replay);
  }
  return o;
}

}  // namespace scanlab::grader
