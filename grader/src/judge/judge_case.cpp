#include "judge/judge_case.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include <fmt/format.h>

#include "../runner/runner_exit.h"
#include "build/checks.h"
#include "util/mapped_file.h"
#include "scanlab/core/guards.h"
#include "scanlab/core/verify.h"
#include "util/trace.h"

namespace scanlab::grader {

namespace {

constexpr std::size_t guard_bytes = guard_zones::zone_bytes;
static_assert(guard_bytes % sizeof(float) == 0, "the output must start on a float");

// The exit status of a runner whose AddressSanitizer found an error (ASAN_OPTIONS, case_run.cpp).
constexpr int asan_exit_code = 86;

const char* call_name(int call) { return call == 2 ? "second" : "first"; }

std::string value(const std::map<std::string, std::string>& status, const std::string& key) {
  const auto it = status.find(key);
  return it == status.end() ? "" : it->second;
}

std::string detector_diagnosis(const std::string& kind) {
  if (kind.find("barrier") != std::string::npos) return "divergent_barrier";
  if (kind.find("deadlock") != std::string::npos) return "deadlock";
  if (kind.find("hang") != std::string::npos) return "hang";
  if (kind.find("out of bounds") != std::string::npos || kind.find("guard") != std::string::npos) return "out_of_bounds";
  if (kind.find("misaligned") != std::string::npos) return "misaligned_address";
  return "detector";
}

std::string asan_summary(const std::string& err) {
  std::istringstream in(err);
  std::string out;
  for (std::string line; std::getline(in, line);)
    if (line.find("ERROR: AddressSanitizer") != std::string::npos || line.find("SUMMARY") != std::string::npos ||
        (line.find(" #") != std::string::npos && line.find("scan.cu") != std::string::npos))
      out += line + "\n";
  return out.empty() ? err.substr(0, 1500) : out;
}

// memcheck's "Access to 0x... is misaligned" is the CPU backend's misaligned_address.
std::string sanitizer_diagnosis(const grading_case& c, const std::string& out) {
  if (c.why == "racecheck") return "race";
  if (c.why == "synccheck") return "divergent_barrier";
  if (out.find(" is misaligned") != std::string::npos) return "misaligned_address";
  return "out_of_bounds";
}

// The call that was running: the runner writes "call N start" before and "call N done" after
// each, unbuffered, so the status file says where a killed run was (0: none).
int running_call(const std::map<std::string, std::string>& status) {
  int running = 0;
  for (int call = 1; call <= 2; ++call)
    if (status.count(fmt::format("call {} start", call)) && !status.count(fmt::format("call {} done", call)))
      running = call;
  return running;
}

void judge_timeout(const grading_case& c, const run_record& r, case_outcome& o) {
  const int running = running_call(r.status);
  o.killed = true;
  o.call = running;
  o.fail("hang", running > 0 ? fmt::format("hang in the {} call of scan() (n = {}): it did not finish within {:.0f} s "
                                           "and was killed",
                                           call_name(running), c.n, r.wall_seconds)
                             : fmt::format("hang before scan() was called (n = {}): the run did not finish within "
                                           "{:.0f} s and was killed",
                                           c.n, r.wall_seconds));
  o.details.push_back(running == 2
                          ? "the first call finished, the second did not: something the first call left behind "
                            "(a counter or flag in a __device__ variable or in the workspace that is not reset) "
                            "makes the second wait for ever"
                          : "a kernel that never ends: a wait for a flag or block that never comes, or an endless loop");
  if (r.process.unreaped) o.details.push_back("the killed process had not ended a few seconds after SIGKILL");
}

// 1. How the process ended. False when judging stops here: the machine, not the submission.
bool judge_process(const grading_case& c, const run_record& r, case_outcome& o) {
  const sandbox_result& s = r.process;
  const std::string err = truncate_text(s.err, s.err_bytes, 2000);
  if (s.exited && s.exit_code == runner_exit_no_device) {
    o.fail("no_device", "the runner found no usable device");  // grading stops (see run_lab.cpp)
    o.details.push_back(err);
    return false;
  }
  if (s.timed_out) {
    judge_timeout(c, r, o);
  } else if (s.exited && s.exit_code == asan_exit_code) {
    o.fail("out_of_bounds", "out-of-bounds access (AddressSanitizer)");
    o.details.push_back(asan_summary(s.err));
  } else if (!c.wrapper.empty() && s.exited && s.exit_code != 0) {
    o.fail(sanitizer_diagnosis(c, s.out), fmt::format("compute-sanitizer {} reported errors", c.why));
    o.details.push_back(truncate_text(s.out, s.out_bytes, 1500));
  } else if (s.signal != 0) {
    o.fail("crash", fmt::format("crashed: {}", s.describe()));
    if (!err.empty()) o.details.push_back(err);
  } else if (!s.exited || s.exit_code != 0) {
    o.fail(s.exit_code == runner_exit_misuse ? "runner_error" : "crash",
           fmt::format("the run ended abnormally ({})", s.describe()));
    if (!err.empty()) o.details.push_back(err);
  }
  return true;
}

void judge_cuda_error(const grading_case& c, const run_record& r, const judge_context& ctx, int call,
                      const std::string& cuda, case_outcome& o) {
  o.call = call;
  const backend_rejection rejected =
      c.backend.rfind("cpu", 0) == 0 ? find_backend_rejection(r.process.err, ctx.display) : backend_rejection{};
  if (rejected.found) {
    // The CPU backend left this feature out: no verdict about the code here.
    o.cannot_grade = describe_rejection(rejected, ctx.display);
    o.fail("cannot_grade", o.cannot_grade);
  } else if (cuda == "cudaErrorLaunchTimeout") {
    o.fail("hang", fmt::format("hang in the {} call of scan() (n = {}): {}", call_name(call), c.n, cuda));
  } else {
    o.fail(cuda == "cudaErrorIllegalAddress"      ? "out_of_bounds"
           : cuda == "cudaErrorMisalignedAddress" ? "misaligned_address"
                                                  : "cuda_error",
           fmt::format("CUDA error in call {} of scan(): {}", call, cuda));
  }
}

// 2. What the backend reported (diagnostics; they can only fail a case).
void judge_reports(const grading_case& c, const run_record& r, const judge_context& ctx, case_outcome& o) {
  const bool continues_barriers =
      std::find(c.env.begin(), c.env.end(), "SCANLAB_DIVERGENT_BARRIERS=continue") != c.env.end();
  for (int call = 1; call <= 2 && o.passed; ++call) {
    const std::string detector = value(r.status, fmt::format("call {} detector", call));
    const std::string cuda = value(r.status, fmt::format("call {} cuda", call));
    if (!detector.empty() && continues_barriers && detector_diagnosis(detector) == "divergent_barrier" &&
        (cuda.empty() || cuda == "cudaSuccess")) {
      // Run past, as a GPU does: the output decides this case; the barrier test gets the finding.
      if (o.barrier_note.empty()) {
        o.barrier_note = fmt::format("{} (call {} of scan(), n = {}; the run went on past it, as a GPU does)",
                                     detector, call, c.n);
        for (const auto& m : r.messages) o.barrier_note += "\n     " + m;
      }
      continue;
    }
    if (!detector.empty()) {
      o.call = call;
      if (detector_diagnosis(detector) == "hang")
        o.fail("hang", fmt::format("hang in the {} call of scan() (n = {}): {}", call_name(call), c.n, detector));
      else
        o.fail(detector_diagnosis(detector), fmt::format("{} (call {} of scan())", detector, call));
      for (const auto& m : r.messages) o.details.push_back(m);
    } else if (!cuda.empty() && cuda != "cudaSuccess") {
      judge_cuda_error(c, r, ctx, call, cuda, o);
    }
  }
}

// 2b. An output computed on the host and copied in: the CPU backend's runner says which call left
// a page of the output holding only what a cudaMemcpy from host memory (or a cudaMemset) wrote.
// n = 0 and 1 may rightly be done without a kernel, as the launch count's check allows; a call
// that launched nothing at all is that check's (no_kernel, run_lab.cpp).
void judge_host_copied(const grading_case& c, const run_record& r, const judge_context& ctx, case_outcome& o) {
  if (c.n < 2 || o.launches == 0) return;
  for (int call = 1; call <= 2 && o.passed; ++call) {
    const std::string copied = value(r.status, fmt::format("call {} host_copied", call));
    if (copied.empty()) continue;
    std::size_t first = 0, elements = 0;
    std::istringstream(copied) >> first >> elements;
    o.call = call;
    o.fail("host_computed_output",
           fmt::format("the output was computed on the host and copied in: lab {} asks for a kernel", ctx.spec->id));
    o.details.push_back(fmt::format(
        "after the {} call of scan() (n = {}), {} of the {} output elements (from output[{}] on) hold what host code "
        "copied in with cudaMemcpy (or set with cudaMemset), and no kernel wrote them: compute the scan in a kernel "
        "that writes the output",
        call_name(call), c.n, elements, c.n, first));
  }
}

// One call's record in the runner's raw output (runner_main.cpp's call_record): the output, the
// input and the workspace, each between its guard zones. The output's and the input's elements
// are left out where "call K layout" says they are the first call's ("out=same") or unchanged.
struct call_record {
  const unsigned char* zone[guard_zones::zones] = {};
  const unsigned char* output = nullptr;  // its elements (nullptr: equal to the first call's)
  const unsigned char* input = nullptr;   // its elements (nullptr: unchanged)
};

call_record split_record(const unsigned char* raw, std::size_t bytes, bool output_elements, bool input_elements) {
  call_record r;
  r.zone[0] = raw;
  r.output = output_elements ? raw + guard_bytes : nullptr;
  r.zone[1] = raw + guard_bytes + (output_elements ? bytes : 0);
  r.zone[2] = r.zone[1] + guard_bytes;
  r.input = input_elements ? r.zone[2] + guard_bytes : nullptr;
  r.zone[3] = r.zone[2] + guard_bytes + (input_elements ? bytes : 0);
  r.zone[4] = r.zone[3] + guard_bytes;
  r.zone[5] = r.zone[4] + guard_bytes;
  return r;
}

// Guard zones: any write outside [0, n) of a buffer, at every n (n = 0 included: then every
// write to the output or the input is outside). "" when every zone is intact.
std::string guard_damage(const call_record& r, const guard_zones& guards, std::uint64_t n) {
  static const char* const buffers[] = {"output", "output", "input", "input", "workspace", "workspace"};
  static const char* const places[] = {"before the output", "past the end of the output", "before the input",
                                       "past the end of the input", "before the workspace",
                                       "past the end of the workspace"};
  for (int z = 0; z < guard_zones::zones; ++z) {
    if (guards.intact(r.zone[z], z)) continue;
    if (std::string(buffers[z]) == "workspace") return places[z];
    const bool before = z % 2 == 0;
    const std::size_t byte = before ? guards.last_damage(r.zone[z], z) : guards.first_damage(r.zone[z], z);
    return fmt::format("{}: {}[{}] with n = {}", places[z], buffers[z], guard_zones::element_of(byte, before, n), n);
  }
  return "";
}

void judge_modified_input(const unsigned char* now_bytes, const float* input, std::uint64_t n, int call,
                          case_outcome& o) {
  std::size_t k = 0;
  while (std::memcmp(now_bytes + 4 * k, &input[k], 4) == 0) ++k;
  float now;
  std::memcpy(&now, now_bytes + 4 * k, 4);
  o.fail("modifies_input", "scan() modified its input (it is read-only)");
  o.call = call;
  o.details.push_back(fmt::format("input[{}] was {} and is now {} (n = {}, call {} of scan())", k, show_value(input[k]),
                                  show_value(now), n, call));
}

void judge_wrong_output(const core::output_check& r, const core::output_check& first, const core::lab_spec& spec,
                        std::uint64_t n, int call, bool has_workspace, case_outcome& o) {
  o.passed = false;
  o.call = call;
  if (call == 2 && first.ok() && !has_workspace) {
    // Nothing carried over from the first call: the same input gave two results.
    o.diagnosis = "wrong_output";
    o.headline = "wrong output in the second call of scan(), though the first was right and there is no workspace: "
                 "the result changes from run to run (a race, or a read of memory no thread wrote)";
  } else if (call == 2 && first.ok()) {
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
  const unsigned S = spec.check_section();
  o.details.push_back(fmt::format("first mismatch at index {} (section {}, element {}): expected {:.9g}, got {}",
                                  r.first, r.first / S, r.first % S, r.expected, show_value(r.got)));
  o.details.push_back(fmt::format("{} of {} elements wrong{}", r.wrong, n,
                                  r.never_written ? fmt::format(", {} never written", r.never_written) : ""));
}

// 3. The raw buffers, one record per call, checked here.
void judge_buffers(const grading_case& c, const run_record& rec, const judge_context& ctx, case_outcome& o) {
  const std::size_t bytes = c.n * 4;
  mapped_file file;
  try {
    file = mapped_file::read(rec.output_path);
  } catch (const std::exception&) {
    // No file: as a record cut short, below.
  }
  std::size_t at = 0;
  core::output_check first_check;
  for (int call = 1; call <= rec.calls; ++call) {
    const std::string layout = value(rec.status, fmt::format("call {} layout", call));
    const bool output_elements = layout.find("out=same") == std::string::npos;
    const bool input_elements = layout.find("in=full") != std::string::npos;
    const std::size_t size = 6 * guard_bytes + (output_elements ? bytes : 0) + (input_elements ? bytes : 0);
    if (layout.empty() || at + size > file.size() || (!output_elements && call == 1)) {
      o.fail("crash", fmt::format("call {} of scan() produced no output (the run ended early)", call));
      return;
    }
    const call_record r = split_record(file.data() + at, bytes, output_elements, input_elements);
    at += size;
    if (const std::string damage = guard_damage(r, *ctx.guards, c.n); !damage.empty()) {
      o.fail("out_of_bounds", fmt::format("wrote {} (guard zone damaged, call {} of scan())", damage, call));
      o.call = call;
      return;
    }
    if (r.input && std::memcmp(r.input, rec.input, bytes) != 0) return judge_modified_input(r.input, rec.input, c.n, call, o);
    // A later call whose output equals the first call's byte for byte (the runner left its
    // elements out) is right: a wrong first call ended the check. No second pass of the checker.
    if (!r.output) continue;
    const float* output = reinterpret_cast<const float*>(r.output);
    core::output_checker checker(*ctx.spec, c.n, c.data);
    checker.check(output, rec.input, 0, c.n);
    if (call == 1) {
      if (c.group == "race") o.output.assign(output, output + c.n);  // compared across schedules
      first_check = checker.result();
    }
    if (!checker.result().ok())
      return judge_wrong_output(checker.result(), first_check, *ctx.spec, c.n, call,
                                std::atoll(value(rec.status, "workspace").c_str()) > 0, o);
  }
}

}  // namespace

std::string show_value(float v) {
  if (std::isnan(v)) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    return fmt::format("NaN (0x{:08x}{})", bits, bits == core::output_poison_bits ? ": never written" : "");
  }
  return fmt::format("{:.9g}", v);
}

namespace {

case_outcome judge_run_without_findings(const grading_case& c, run_record& r, const judge_context& ctx) {
  case_outcome o;
  o.n = c.n;
  if (const std::string l = value(r.status, "call 1 launches"); !l.empty()) o.launches = std::atoll(l.c_str());
  if (!judge_process(c, r, o)) return o;
  judge_reports(c, r, ctx, o);
  judge_host_copied(c, r, ctx, o);
  // Reports name the temporary copy: show the student's path instead.
  for (std::string& d : o.details) show_student_path(d, ctx.temp_source, ctx.display);
  if (!o.passed) return o;
  {
    const trace_span checking(tracing() ? fmt::format("check {} n={}", r.output_path, c.n) : "");
    judge_buffers(c, r, ctx, o);
  }
  if (o.passed && r.process.out_bytes + r.process.err_bytes > (1u << 20))
    o.details.push_back(fmt::format("note: the run printed {} bytes (kept the first {})",
                                    r.process.out_bytes + r.process.err_bytes, r.keep_output * 2));
  return o;
}

}  // namespace

void add_access_findings(const std::vector<std::string>& findings, std::vector<std::string>& details) {
  if (findings.empty()) return;
  details.push_back("the access checks found:");
  for (const std::string& f : findings)
    for (std::size_t start = 0; start < f.size();) {
      const std::size_t end = std::min(f.find('\n', start), f.size());
      details.push_back("  " + f.substr(start, end - start));
      start = end + 1;
    }
}

case_outcome judge_run(const grading_case& c, run_record& r, const judge_context& ctx) {
  case_outcome o = judge_run_without_findings(c, r, ctx);
  for (const access_finding_text& f : r.findings) {
    std::string text = f.report;
    show_student_path(text, ctx.temp_source, ctx.display);
    o.access_findings.push_back(std::move(text));
  }
  if (!o.passed) add_access_findings(o.access_findings, o.details);
  return o;
}

}  // namespace scanlab::grader
