#include "case_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "crash_report.h"
#include "device_buffer.h"
#include "hints.h"
#include "scanlab/backend.h"
#include "scanlab/core/guards.h"
#include "scanlab/core/inputs.h"

namespace scanlab::harness {

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

std::string cuda_error_text(cudaError_t e) {
  return fmt::format("{} ({})", cudaGetErrorName(e), cudaGetErrorString(e));
}

std::string mib(std::size_t bytes) { return fmt::format("{:.0f} MiB", bytes / 1048576.0); }

// A float as the report shows it: integers plainly, NaNs with their bits (which say where they
// came from).
std::string show(float v) {
  if (std::isnan(v)) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    const char* origin = bits == core::output_poison_bits       ? ": never written"
                         : bits == core::cpu_shared_poison_bits ? ": unwritten shared memory"
                         : bits == core::workspace_fill_bits    ? ": the workspace's fill"
                                                                : "";
    return fmt::format("NaN (0x{:08x}{})", bits, origin);
  }
  return fmt::format("{:.9g}", v);
}

constexpr const char* second_call_note =
    "in the second call of scan(), on the workspace the first call (which was right) left behind";

void fail(case_result& r, std::string headline, std::string hint, int call = 0) {
  r.status = case_status::failed;
  r.headline = std::move(headline);
  r.hint = std::move(hint);
  r.failed_call = call;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

struct case_buffers {
  guarded_buffer input, output, workspace;
  std::size_t workspace_bytes = 0;
};

// The three buffers of a case, input uploaded. False (and r filled) when that fails.
bool prepare(const runner_context& ctx, const case_def& c, const std::vector<float>& input, case_buffers& b,
             case_result& r) {
  const std::size_t bytes = c.n * sizeof(float);
  b.workspace_bytes = ctx.functions.workspace_bytes(static_cast<unsigned>(c.n));
  struct {
    guarded_buffer* buffer;
    std::size_t bytes;
    const char* name;
    guard_tag tag;
  } all[] = {{&b.input, bytes, "input", guard_tag::input},
             {&b.output, bytes, "output", guard_tag::output},
             {&b.workspace, b.workspace_bytes, "workspace", guard_tag::workspace}};
  for (auto& a : all) {
    if (cudaError_t e = a.buffer->allocate(a.bytes, a.tag); e != cudaSuccess) {
      cudaGetLastError();
      if (e == cudaErrorMemoryAllocation) {
        r.status = case_status::skipped;
        r.headline = fmt::format("skipped: cudaMalloc of {} for the {} failed", mib(a.bytes), a.name);
      } else {
        fail(r, fmt::format("could not allocate the {} ({}): {}", a.name, mib(a.bytes), cuda_error_text(e)),
             "the device is not usable: check it with nvidia-smi");
        r.context_lost = true;
      }
      return false;
    }
  }
  set_crash_buffers(b.input.base(), b.output.base(), b.workspace.base(), bytes, b.workspace_bytes,
                    guarded_buffer::guard_bytes);
  if (cudaError_t e = upload(b.input.data(), input.data(), bytes); e != cudaSuccess) {
    fail(r, "could not copy the input to the device: " + cuda_error_text(e), "the device is not usable");
    r.context_lost = true;
    return false;
  }
  return true;
}

// Output poisoned, workspace filled with 0xff bytes (never zero: it must be treated as garbage).
bool poison(const runner_context&, const case_def& c, case_buffers& b, bool workspace_too, case_result& r) {
  cudaError_t e = fill_words(b.output.data(), core::output_poison_bits, c.n);
  backend::forget_writers(b.output.data(), c.n * sizeof(float));  // the poison is ours, not host data of theirs
  if (e == cudaSuccess && workspace_too && b.workspace_bytes > 0)
    e = cudaMemset(b.workspace.data(), core::workspace_fill_byte, b.workspace_bytes);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    fail(r, "could not prepare the buffers: " + cuda_error_text(e), hint_for_cuda_error(cudaGetErrorName(e)));
    return false;
  }
  return true;
}

// After an error on a GPU, is the context still usable? (Sticky errors repeat forever.)
bool context_usable() {
  cudaGetLastError();
  return cudaDeviceSynchronize() == cudaSuccess && cudaGetLastError() == cudaSuccess;
}

// One call of scan(), synchronised, with every error and detector report turned into a failure.
bool invoke(const runner_context& ctx, const case_def& c, case_buffers& b, int call, case_result& r) {
  cudaGetLastError();
  backend::take_report();
  cudaEvent_t done = nullptr;
  const bool gpu = !ctx.spec.is_cpu();
  if (gpu) cudaEventCreate(&done);

  const auto t0 = clock_type::now();
  set_crash_phase(call);
  ctx.functions.scan(static_cast<const float*>(b.input.data()), static_cast<float*>(b.output.data()),
                     static_cast<unsigned>(c.n), b.workspace.data());
  const cudaError_t launch = cudaGetLastError();

  if (gpu && done != nullptr) {
    // A kernel that never finishes would block cudaDeviceSynchronize forever: poll instead.
    cudaEventRecord(done);
    while (cudaEventQuery(done) == cudaErrorNotReady) {
      if (seconds_since(t0) > ctx.spec.time_limit_s) {
        fail(r, fmt::format("call {} of scan() did not finish within {} s", call, ctx.spec.time_limit_s),
             "a kernel that never ends: a wait for a flag or block that never comes (in a chained scan, "
             "take the section number from an atomicAdd ticket, not blockIdx.x), or an endless loop",
             call);
        r.timed_out = true;
        r.context_lost = true;
        return false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    cudaEventDestroy(done);
  }
  const cudaError_t sync = cudaDeviceSynchronize();
  const cudaError_t last = cudaGetLastError();
  set_crash_phase(0);

  const backend::detector_report report = backend::take_report();
  if (!report.kind.empty()) {
    fail(r, report.kind, hint_for_detector(report.kind, c.n), call);
    r.detector_kind = report.kind;
    r.details = lines_of(report.message);
    if (call == 2) {
      r.details.push_back(second_call_note);
      r.hint += "; " + hint_for_second_call("failed");
    }
    r.finding = detector_finding(report.kind, report.message, r.hint);
    return false;
  }
  for (cudaError_t e : {launch, sync, last}) {
    if (e == cudaSuccess) continue;
    fail(r, fmt::format("CUDA error in call {} of scan(): {}", call, cuda_error_text(e)),
         hint_for_cuda_error(cudaGetErrorName(e), c.n), call);
    if (call == 2) r.hint += "; " + hint_for_second_call("failed");
    if (gpu && !context_usable()) r.context_lost = true;
    return false;
  }
  return true;
}

// Guards of all three buffers, then the input's contents.
bool check_buffers(const case_def& c, case_buffers& b, const std::vector<float>& input, int call, case_result& r) {
  const std::pair<const guarded_buffer*, const char*> all[] = {
      {&b.output, "output"}, {&b.input, "input"}, {&b.workspace, "workspace"}};
  for (auto [buffer, name] : all) {
    std::optional<guarded_buffer::damage> damage;
    if (cudaError_t e = buffer->check_guards(damage); e != cudaSuccess) {
      fail(r, "could not read the guard zones back: " + cuda_error_text(e), hint_for_cuda_error(cudaGetErrorName(e)),
           call);
      return false;
    }
    if (!damage) continue;
    if (call == 2) {
      // The first call left these guards intact: what changed is the state the first call left behind.
      fail(r, fmt::format("wrote outside the {} in the second call of scan() (guard zone damaged; the first call "
                          "was right)",
                          name),
           hint_for_second_call(fmt::format("wrote outside the {}", name)), call);
    } else {
      fail(r, fmt::format("wrote outside the {} (guard zone damaged)", name), hint_for_guard(name, damage->before),
           call);
    }
    if (damage->before)
      r.details.push_back(fmt::format("a byte {} before the start of {} was overwritten (element -{})",
                                      damage->distance, name, (damage->distance + 3) / 4));
    else
      r.details.push_back(fmt::format("a byte {} past the end of {} ({} bytes) was overwritten{}", damage->distance,
                                      name, buffer->bytes(),
                                      std::string(name) == "workspace"
                                          ? ""
                                          : fmt::format(" (element {})", c.n + damage->distance / 4)));
    return false;
  }

  std::size_t first_changed = c.n;
  float was = 0, now = 0;
  cudaError_t e = for_each_chunk(static_cast<const float*>(b.input.data()), c.n,
                                 [&](const float* chunk, std::size_t first, std::size_t count) {
                                   if (first_changed != c.n) return;
                                   if (std::memcmp(chunk, input.data() + first, count * sizeof(float)) == 0) return;
                                   for (std::size_t k = 0; k < count; ++k)
                                     if (std::memcmp(&chunk[k], &input[first + k], sizeof(float)) != 0) {
                                       first_changed = first + k;
                                       was = input[first + k];
                                       now = chunk[k];
                                       return;
                                     }
                                 });
  if (e != cudaSuccess) {
    fail(r, "could not read the input back: " + cuda_error_text(e), hint_for_cuda_error(cudaGetErrorName(e)), call);
    return false;
  }
  if (first_changed != c.n) {
    fail(r, call == 2 ? "scan() modified its input in the second call (the first call left it intact)"
                      : "scan() modified its input",
         "the input is read-only: scan into shared memory or the output, never into input", call);
    r.details.push_back(fmt::format("input[{}] was {} and is now {}", first_changed, show(was), show(now)));
    return false;
  }
  return true;
}

// An output computed on the host and copied in (the CPU backend knows who wrote device memory;
// a GPU finds nothing): the lab asks for a kernel. n = 0 and 1 may rightly need none.
bool check_kernel_wrote_output(const runner_context& ctx, const case_def& c, case_buffers& b, int call,
                               case_result& r) {
  if (c.n < 2) return true;
  const backend::host_copied_output copied = backend::find_host_copied(static_cast<const float*>(b.output.data()), c.n);
  if (!copied.found) return true;
  fail(r, fmt::format("the output was computed on the host and copied in: lab {} asks for a kernel", ctx.spec.id),
       "compute the scan in a kernel that writes the output: cudaMemcpy moves data, and a kernel that runs beside "
       "a host loop does not make the loop's result the kernel's",
       call);
  r.details.push_back(fmt::format("after call {} of scan(), {} of the {} output elements (from output[{}] on) hold "
                                  "what host code copied in with cudaMemcpy (or set with cudaMemset); no kernel "
                                  "wrote them",
                                  call, copied.elements, c.n, copied.first));
  return false;
}

std::vector<float> download_output(const case_def& c, case_buffers& b) {
  std::vector<float> out(c.n);
  download(out.data(), b.output.data(), c.n * sizeof(float));
  return out;
}

// A dataset case's first mismatches side by side, so the diff against expected.npy is visible
// without numpy.
void add_diff_table(const core::output_check& check, case_result& r) {
  if (check.first_mismatches.empty()) return;
  r.details.push_back(fmt::format("{:>10}  {:>14}  {:>16}  {}", "index", "input", "expected", "got"));
  for (const core::mismatch& m : check.first_mismatches)
    r.details.push_back(fmt::format("{:>10}  {:>14}  {:>16}  {}", m.index, show(m.input), fmt::format("{:.10g}", m.expected),
                                    show(m.got)));
  if (check.wrong > check.first_mismatches.size())
    r.details.push_back(fmt::format("{:>10}  ({} more)", "...", check.wrong - check.first_mismatches.size()));
}

void describe_mismatch(const runner_context& ctx, const case_def& c, const core::output_check& check, int call,
                       case_result& r) {
  const unsigned S = ctx.spec.check_section();
  if (check.all_never_written()) {
    // In the second call, after a right first one, the kernel ran before: what changed is state it kept.
    fail(r, call == 1 ? "output never written" : "output never written in the second call",
         call == 1 ? hint_for_output(check, ctx.spec) : hint_for_second_call("wrote no output at all"), call);
    r.details.push_back(c.n == 1 ? std::string("the one element still holds the poison the harness wrote before the call")
                                 : fmt::format("all {} elements still hold the poison the harness wrote before the call", c.n));
    if (c.given) add_diff_table(check, r);
    r.output = check;
    return;
  }
  fail(r, call == 1 ? "wrong output" : "wrong output in the second call", hint_for_output(check, ctx.spec), call);
  const char* section_word = ctx.spec.section_size != 0 ? "section" : "1024-element piece";
  r.details.push_back(fmt::format("first mismatch at index {} ({} {}, element {} of it): expected {}, got {}",
                                  check.first, section_word, check.first / S, check.first % S,
                                  fmt::format("{:.9g}", check.expected), show(check.got)));
  std::string counts = fmt::format("{} of {} elements wrong", check.wrong, c.n);
  if (check.never_written > 0) counts += fmt::format(", {} never written", check.never_written);
  if (check.nan > check.never_written) counts += fmt::format(", {} NaN", check.nan);
  if (check.wrong > 1) counts += fmt::format("; the last at index {}", check.last);
  r.details.push_back(counts);
  if (check.tolerance > 0)
    r.details.push_back(fmt::format("{}: the allowed rounding error there is {:.3g}",
                                    core::integer_valued(c.data) ? "sums past 2^23, no longer exact in float" : "float data",
                                    check.tolerance));
  if (c.given) add_diff_table(check, r);
  r.output = check;
}

// Runs the case under forward, reverse and random orders (CPU). `first_output` gets the output of
// the first schedule; `problem` the first failure any schedule hit.
std::optional<schedule_difference> differential(const runner_context& ctx, const case_def& c, case_buffers& b,
                                                std::vector<float>& first_output, case_result& problem) {
  bool first = true;
  backend::set_watchdog_seconds(core::short_watchdog_seconds);
  auto run = [&](const std::string& schedule) -> std::vector<float> {
    // Once a schedule has failed (a hang, a crash), that failure is the report: the runs that would
    // only attribute the difference are skipped (each could cost another watchdog period).
    if (!first && problem.status == case_status::failed) return first_output;
    case_result attempt;
    attempt.def = c;
    std::vector<float> out;
    if (poison(ctx, c, b, true, attempt) && invoke(ctx, c, b, 1, attempt)) out = download_output(c, b);
    else out.assign(c.n, 0.0f);
    if (attempt.status == case_status::failed && problem.status != case_status::failed) {
      problem = attempt;
      problem.details.insert(problem.details.begin(), fmt::format("under the schedule: {}", schedule));
    }
    if (first) first_output = out;
    first = false;
    return out;
  };
  auto race = scanlab::compare_schedules(run, c.seed);
  ctx.env.apply();
  return race;
}

void add_race(const runner_context& ctx, const case_def& c, const schedule_difference& d, case_result& r) {
  r.race = d;
  r.hint = d.blocks ? hint_for_block_order(d.index, ctx.spec) : hint_for_race(d.index, ctx.spec);
  r.details.push_back(fmt::format("the output differs between schedules at index {} (section {}): {} under {}, "
                                  "{} under {}",
                                  d.index, d.index / ctx.spec.check_section(), show(d.first_value), d.first_schedule,
                                  show(d.second_value), d.second_schedule));
  r.details.push_back(fmt::format("to see the second one: {} {} --n {} --seed {}",
                                  schedule_environment(d.second_threads, d.second_blocks, c.seed), ctx.executable,
                                  c.n, c.seed));
}

// The cases the access checks run on: small ones, on the CPU backend.
bool checkable(const runner_context& ctx, const case_def& c) {
  return ctx.spec.is_cpu() && c.n > 0 && c.n <= core::access_checked_max_n;
}

// The findings' reports under the case, and a hint from the first race (else the first finding).
void describe_findings(const std::vector<backend::access_finding>& findings, const std::string& how, case_result& r) {
  if (findings.empty()) return;
  r.details.push_back(fmt::format("the access checks ({}) found:", how));
  for (const backend::access_finding& f : findings)
    for (const std::string& line : lines_of(f.report)) r.details.push_back("  " + line);
  // A race first: a read of never-written memory is often its consequence (read before the write).
  auto is_race = [](const backend::access_finding& f) { return f.summary.rfind("race", 0) == 0; };
  const auto race = std::find_if(findings.begin(), findings.end(), is_race);
  const backend::access_finding& first = race != findings.end() ? *race : findings.front();
  r.hint = is_race(first) ? "the output depends on the order threads run in: a " + first.summary +
                                ": put a __syncthreads() between the two accesses, or give the step a buffer to "
                                "write that no thread reads in it (double buffering)"
                          : first.summary +
                                ": every element a thread reads must be written first (load 0 where i >= n), and a "
                                "__syncthreads() must separate the writes from the reads";
  r.finding = access_check_finding(first.summary, r.hint);
}

// CPU, small failing cases: the case once more under the forward schedule with the access checks
// on, so that the report names the race or the uninitialised read (variable, lines, threads,
// barriers) instead of only its symptom. One run; the checks cost a few times an unchecked run.
void add_access_findings(const runner_context& ctx, const case_def& c, case_buffers& b, case_result& r) {
  if (!checkable(ctx, c) || r.status != case_status::failed) return;
  if (!backend::set_access_checks(true)) return;
  r.access_checked = true;
  backend::take_access_findings();
  backend::set_schedule(backend::order::forward, backend::order::forward, c.seed);
  case_result attempt;
  attempt.def = c;
  if (poison(ctx, c, b, true, attempt)) invoke(ctx, c, b, 1, attempt);
  backend::set_access_checks(false);
  ctx.env.apply();
  describe_findings(backend::take_access_findings(), "the same case, threads and blocks in forward order", r);
}

void run_schedules_case(const runner_context& ctx, const case_def& c, const std::vector<float>& input,
                        case_buffers& b, case_result& r) {
  std::vector<float> first_output;
  case_result problem;
  const auto race = differential(ctx, c, b, first_output, problem);
  if (problem.status == case_status::failed) {
    problem.def = r.def;
    problem.replay = r.replay;
    r = problem;
    return;
  }
  if (!check_buffers(c, b, input, 1, r)) return;
  const core::output_check check = core::check_output(ctx.spec, input, first_output, c.data);
  if (!check.ok()) {
    describe_mismatch(ctx, c, check, 1, r);
    if (race) add_race(ctx, c, *race, r);
    add_access_findings(ctx, c, b, r);
    return;
  }
  if (race) {
    fail(r, race->blocks ? "the output depends on the order blocks run in" : "race: the output depends on the schedule",
         "", 1);
    add_race(ctx, c, *race, r);
    add_access_findings(ctx, c, b, r);
  }
}

}  // namespace

case_result run_case(const runner_context& ctx, const case_def& c) {
  const auto t0 = clock_type::now();
  case_result r;
  r.def = c;
  r.replay = replay_command(ctx.spec, c, ctx.executable, ctx.env);
  const bool gpu = !ctx.spec.is_cpu();

  // Does it fit? Input, output, workspace and guards on the device; the input on the host.
  const std::size_t bytes = c.n * sizeof(float);
  const std::size_t workspace = ctx.functions.workspace_bytes(static_cast<unsigned>(c.n));
  const std::size_t device_need = 2 * bytes + workspace + 6 * guarded_buffer::guard_bytes;
  if (gpu) {
    if (auto free_bytes = free_device_memory(); free_bytes && device_need + (std::size_t(256) << 20) > *free_bytes) {
      r.status = case_status::skipped;
      r.headline = fmt::format("skipped: needs {} of device memory, {} free", mib(device_need), mib(*free_bytes));
      return r;
    }
  }
  const std::size_t host_need = bytes + (std::size_t(64) << 20) + (gpu ? 0 : device_need);
  if (auto avail = available_host_memory(); avail && host_need + (std::size_t(512) << 20) > *avail) {
    r.status = case_status::skipped;
    r.headline = fmt::format("skipped: needs {} of host memory, {} available", mib(host_need), mib(*avail));
    return r;
  }

  std::vector<float> generated;
  if (!c.given) generated = core::make_input(c.n, c.seed, c.data);
  const std::vector<float>& input = c.given ? c.given->input : generated;
  case_buffers b;
  if (!prepare(ctx, c, input, b, r)) {
    r.seconds = seconds_since(t0);
    return r;
  }

  if (c.kind == case_kind::schedules) {
    run_schedules_case(ctx, c, input, b, r);
    r.seconds = seconds_since(t0);
    return r;
  }

  if (c.kind == case_kind::block_order) {
    backend::set_schedule(backend::order::forward, c.block_order, c.seed);
    backend::set_watchdog_seconds(core::short_watchdog_seconds);
  } else {
    ctx.env.apply();
  }

  // --access-checks: the first call of every small case runs with the access checks.
  const bool check_first_call = ctx.check_every_case && checkable(ctx, c);
  std::vector<backend::access_finding> findings;
  // Two calls in a row: the second finds the workspace as the first left it.
  for (int call = 1; call <= 2; ++call) {
    if (!poison(ctx, c, b, call == 1, r)) break;
    if (call == 1 && check_first_call) {
      backend::take_access_findings();
      backend::set_access_checks(true);
    }
    const bool called = invoke(ctx, c, b, call, r);
    if (call == 1 && check_first_call) {
      backend::set_access_checks(false);
      findings = backend::take_access_findings();
      r.access_checked = true;
    }
    if (!called) break;
    if (!check_buffers(c, b, input, call, r)) break;
    if (!check_kernel_wrote_output(ctx, c, b, call, r)) break;
    core::output_checker checker(ctx.spec, c.n, c.data);
    cudaError_t e = for_each_chunk(static_cast<const float*>(b.output.data()), c.n,
                                   [&](const float* chunk, std::size_t first, std::size_t count) {
                                     checker.check(chunk, input.data() + first, first, count,
                                                   c.given ? c.given->expected.data() + first : nullptr);
                                   });
    if (e != cudaSuccess) {
      fail(r, "could not read the output back: " + cuda_error_text(e), hint_for_cuda_error(cudaGetErrorName(e)),
           call);
      break;
    }
    if (checker.result().ok()) continue;
    describe_mismatch(ctx, c, checker.result(), call, r);
    if (call == 2 && !checker.result().all_never_written())
      r.hint = b.workspace_bytes > 0 ? hint_for_second_call() : hint_for_changing_result();
    // A wrong result on the CPU backend: is it a race? (Small sizes only: three more runs.)
    if (!gpu && ctx.diagnose_races && call == 1 && !checker.result().all_never_written() &&
        c.n <= (std::uint64_t(1) << 17) && c.kind == case_kind::normal) {
      std::vector<float> ignored;
      case_result problem;
      if (auto race = differential(ctx, c, b, ignored, problem)) add_race(ctx, c, *race, r);
      if (!check_first_call) add_access_findings(ctx, c, b, r);
    }
    break;
  }
  if (check_first_call && !findings.empty()) {
    if (r.status != case_status::failed)
      fail(r, "the access checks found a race or an uninitialised read (the output was right this time)", "", 1);
    describe_findings(findings, "first call", r);
  }
  ctx.env.apply();
  r.seconds = seconds_since(t0);
  return r;
}

}  // namespace scanlab::harness
