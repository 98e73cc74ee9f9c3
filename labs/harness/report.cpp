#include "report.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "crash_report.h"
#include "hints.h"

#if defined(__SANITIZE_ADDRESS__)
#define SCANLAB_HARNESS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SCANLAB_HARNESS_ASAN 1
#endif
#endif
#ifdef SCANLAB_HARNESS_ASAN
#include <sanitizer/asan_interface.h>
#endif
#ifdef SCANLAB_BACKEND_CPU
#include <cuda_runtime.h>

#include "scanlab/cpu/control.h"
#include "scanlab/cpu/launch.h"
#endif

namespace scanlab::harness {

// ---- crash reports ------------------------------------------------------------------------------

namespace {

struct crash_state {
  std::atomic<bool> armed{false};
  std::atomic<int> phase{0};
  std::string prefix, replay;
  bool has_workspace = false;
  std::string text[3];  // prepared per phase: a signal handler must not allocate
  std::string host_access_text[3];  // the same, when host code touched device memory
  struct buffer {
    const char* name;
    const unsigned char* base;
    std::size_t bytes;
  } buffers[3] = {{"input", nullptr, 0}, {"output", nullptr, 0}, {"workspace", nullptr, 0}};
  std::size_t guard_bytes = 0;
};
crash_state crash;

std::string crash_headline(int phase) {
  return phase == 0 ? "the process crashed between the calls of scan(), while the harness checked the buffers"
                    : fmt::format("the process crashed in call {} of scan(){}", phase,
                                  phase == 2 ? " (the first call was right)" : "");
}

// Host code read or wrote memory from cudaMalloc (the CPU backend's report below names the line).
std::string host_access_headline(int phase) {
  return phase == 0 ? "host code touched device memory between the calls of scan() (the line is named below)"
                    : fmt::format("host code touched device memory in call {} of scan() (the line is named below)",
                                  phase);
}

std::string crash_text(const std::string& headline, const std::string& hint) {
  std::string t = crash.prefix + "FAILED: " + headline + "\n";
  t += "        hint: " + hint + "\n";
  if (!crash.replay.empty()) t += "        replay: " + crash.replay + "\n";
  return t;
}

void write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = write(fd, data, size);
    if (n <= 0) return;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

#if defined(SCANLAB_BACKEND_CPU) && !defined(SCANLAB_HARNESS_ASAN)
struct sigaction previous_actions[3];
constexpr int crash_signals[3] = {SIGSEGV, SIGBUS, SIGFPE};

void on_crash(int sig, siginfo_t* info, void* context) {
  // The backend's own bookkeeping (a kernel's first write to a page the host wrote): no crash.
  if (sig == SIGSEGV && scanlab::cpu::resolve_device_memory_fault(info != nullptr ? info->si_addr : nullptr)) return;
  if (crash.armed.exchange(false)) {
    const int phase = crash.phase.load();
    const bool host_access =
        sig == SIGSEGV && scanlab::cpu::host_touched_device_memory(info != nullptr ? info->si_addr : nullptr);
    const std::string& t = (host_access ? crash.host_access_text : crash.text)[phase < 0 || phase > 2 ? 0 : phase];
    write_all(1, t.data(), t.size());
  }
  // Then the CPU backend's report (kernel, block, thread) and the default action.
  for (int k = 0; k < 3; ++k) {
    if (crash_signals[k] != sig) continue;
    sigaction(sig, &previous_actions[k], nullptr);
    if (previous_actions[k].sa_flags & SA_SIGINFO) {
      if (previous_actions[k].sa_sigaction != nullptr) previous_actions[k].sa_sigaction(sig, info, context);
    } else if (previous_actions[k].sa_handler != SIG_DFL && previous_actions[k].sa_handler != SIG_IGN) {
      previous_actions[k].sa_handler(sig);
    }
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

void harness_no_op_kernel() {}
#endif

#ifdef SCANLAB_HARNESS_ASAN
// "on address 0x..." and "READ of size 4" / "WRITE of size 4" from AddressSanitizer's report.
void on_asan_report(const char* report) {
  if (!crash.armed.exchange(false)) return;
  const int phase = crash.phase.load();
  std::string headline = crash_headline(phase) + " (AddressSanitizer's report above names the line)";
  std::string hint = hint_for_crash(phase, crash.has_workspace);
  const char* at = std::strstr(report, "on address 0x");
  const bool segv = std::strstr(report, "SEGV") != nullptr;
  if (at != nullptr && !segv) {
    const auto address = static_cast<std::uintptr_t>(std::strtoull(at + std::strlen("on address "), nullptr, 16));
    const bool write = std::strstr(report, "WRITE of size") != nullptr;
    for (const auto& b : crash.buffers) {
      if (b.base == nullptr) continue;
      const auto base = reinterpret_cast<std::uintptr_t>(b.base);
      const std::uintptr_t payload = base + crash.guard_bytes, end = payload + b.bytes;
      if (address < base || address >= end + crash.guard_bytes || (address >= payload && address < end)) continue;
      const bool before = address < payload;
      const std::string name = b.name;
      std::string where;
      if (name == "workspace")
        where = before ? fmt::format("{} bytes before the start of the workspace", payload - address)
                       : fmt::format("byte {} of the workspace, {} bytes long", address - payload, b.bytes);
      else
        where = before ? fmt::format("{}[-{}], before its start", name, (payload - address + 3) / 4)
                       : fmt::format("{}[{}], past its end (n = {})", name, (address - payload) / 4, b.bytes / 4);
      headline = fmt::format("out of bounds {} of {}, in call {} of scan() (AddressSanitizer's report above "
                             "names the line)",
                             write ? "write" : "read", where, phase);
      if (phase == 0) headline = fmt::format("out of bounds {} of {}", write ? "write" : "read", where);
      if (write)
        hint = hint_for_guard(name, before);
      else if (before)
        hint = fmt::format("a read just before the start of {}: a negative index (t - stride without t >= stride, "
                           "or i - 1 at i = 0)",
                           name);
      else if (name == "workspace")
        hint = "a read past the end of the workspace: make scan_workspace_bytes(n) cover everything scan() reads "
               "there";
      else
        hint = fmt::format("a read past the end of {}: guard every load with i < n (load 0 beyond n); on a GPU "
                           "it usually goes unnoticed, or reads another buffer's data",
                           name);
      if (phase == 2) hint = hint_for_second_call(write ? "wrote out of bounds" : "read out of bounds");
      break;
    }
  }
  const std::string t = crash_text(headline, hint);
  write_all(1, t.data(), t.size());
}
#endif

}  // namespace

void install_crash_reporter() {
  static bool installed = false;
  if (installed) return;
  installed = true;
#if defined(SCANLAB_HARNESS_ASAN)
  __asan_set_error_report_callback(on_asan_report);
#elif defined(SCANLAB_BACKEND_CPU)
  // The backend installs its handlers at its first launch: launch once, then go in front of them.
  scanlab::cpu::launch(scanlab::cpu::launch_site{"harness_no_op_kernel", __FILE__, __LINE__},
                       scanlab::cpu::launch_config(dim3(1), dim3(1)),
                       reinterpret_cast<const void*>(&harness_no_op_kernel), [] { harness_no_op_kernel(); });
  cudaDeviceSynchronize();
  cudaGetLastError();
  struct sigaction action {};
  action.sa_sigaction = on_crash;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (int k = 0; k < 3; ++k) sigaction(crash_signals[k], &action, &previous_actions[k]);
#endif
}

void arm_crash_report(const std::string& prefix, const std::string& replay, bool has_workspace) {
  crash.armed.store(false);
  crash.prefix = prefix;
  crash.replay = replay;
  crash.has_workspace = has_workspace;
  for (int phase = 0; phase < 3; ++phase) {
    crash.text[phase] = crash_text(crash_headline(phase), hint_for_crash(phase, has_workspace));
    crash.host_access_text[phase] = crash_text(host_access_headline(phase), hint_for_host_access());
  }
  crash.phase.store(0);
  for (auto& b : crash.buffers) b.base = nullptr;
  crash.armed.store(true);
}

void disarm_crash_report() { crash.armed.store(false); }

void set_crash_phase(int call) { crash.phase.store(call); }

void set_crash_buffers(const unsigned char* input, const unsigned char* output, const unsigned char* workspace,
                       std::size_t payload_bytes, std::size_t workspace_bytes, std::size_t guard_bytes) {
  crash.buffers[0] = {"input", input, payload_bytes};
  crash.buffers[1] = {"output", output, payload_bytes};
  crash.buffers[2] = {"workspace", workspace, workspace_bytes};
  crash.guard_bytes = guard_bytes;
}

// ---- the report ---------------------------------------------------------------------------------

namespace {
constexpr int red = 31, green = 32, yellow = 33, cyan = 36;

std::string output_description(const core::lab_spec& spec) {
  switch (spec.output) {
    case core::output_kind::inclusive: return "inclusive scan of the whole array";
    case core::output_kind::inclusive_sections: return fmt::format("inclusive scan of each {}-element section", spec.section_size);
    case core::output_kind::exclusive_sections: return fmt::format("exclusive scan of each {}-element section", spec.section_size);
  }
  return "";
}
}  // namespace

std::string reporter::paint(const std::string& text, int ansi_color, bool bold) const {
  if (!color_) return text;
  return fmt::format("\x1b[{}{}m{}\x1b[0m", bold ? "1;" : "", ansi_color, text);
}

void reporter::header(const core::lab_spec& spec, const std::string& device, std::size_t cases) {
  if (out_ == nullptr || quiet_) return;
  fmt::print(out_, "{} ({}) on the {} backend: {}\n", paint(spec.name, cyan, true), spec.variant, spec.backend, device);
  fmt::print(out_, "  checks the {}, {} case{}\n", output_description(spec), cases, cases == 1 ? "" : "s");
  std::fflush(out_);
}

void reporter::case_started(std::size_t index, std::size_t total, const std::string& description,
                            const std::string& replay, bool has_workspace) {
  if (out_ == nullptr) return;
  const int width = static_cast<int>(fmt::formatted_size("{}", total));
  const std::string line = fmt::format("  [{:>{}}/{}] {} ... ", index + 1, width, total, description);
  // Should the process die in this case, the crash handler prints the case's report: after the
  // line printed here, or (quiet) with the line.
  if (out_ == stdout) arm_crash_report(quiet_ ? line : "", replay, has_workspace);
  if (quiet_) return;
  // Printed before the case runs, so a crash shows which case it was.
  fmt::print(out_, "{}", line);
  std::fflush(out_);
}

void reporter::case_finished(std::size_t index, std::size_t total, const std::string& description,
                             const case_result& r) {
  disarm_crash_report();
  if (out_ == nullptr) return;
  if (quiet_ && r.status != case_status::failed) return;
  const int width = static_cast<int>(fmt::formatted_size("{}", total));
  if (quiet_) fmt::print(out_, "  [{:>{}}/{}] {} ... ", index + 1, width, total, description);
  switch (r.status) {
    case case_status::passed: fmt::print(out_, "{} ({:.2f} s)\n", paint("passed", green), r.seconds); break;
    case case_status::skipped: fmt::print(out_, "{}\n", paint(r.headline, yellow)); break;
    case case_status::failed: {
      failures_.push_back({index, r.def.n, description, r.replay});
      const failed_case_record record = record_of(index, r);
      const std::string key = failure_key(record);
      const auto same = std::find_if(records_.begin(), records_.end(),
                                     [&](const failed_case_record& earlier) { return failure_key(earlier) == key; });
      if (same != records_.end()) {
        // The same cause as a case above: one line (its first detail says where, at this size).
        fmt::print(out_, "{}: {}{} (same {} as case {})\n", paint("FAILED", red, true), r.headline,
                   r.details.empty() ? "" : ": " + r.details.front(), record.finding ? "finding" : "kind",
                   same->index + 1);
        records_.push_back(record);
        break;
      }
      records_.push_back(record);
      fmt::print(out_, "{}: {}\n", paint("FAILED", red, true), r.headline);
      for (const std::string& line : r.details) fmt::print(out_, "        {}\n", line);
      if (!r.hint.empty()) fmt::print(out_, "        {} {}\n", paint("hint:", yellow, true), r.hint);
      if (!r.replay.empty()) fmt::print(out_, "        {} {}\n", paint("replay:", cyan), r.replay);
      break;
    }
  }
  std::fflush(out_);
}

// "17 of 19 cases: wrong output, first at n = 2 (case 3)", a line per cause (failure_groups.h)
// with its hint, then the smallest failing case's replay command: the place to start.
void reporter::print_failure_groups(std::size_t total) {
  if (failures_.empty()) return;
  fmt::print(out_, "  {}\n", paint("what failed:", red, true));
  for (const failure_group& g : group_failures(records_)) {
    const group_text text = describe_group(g, records_, total);
    fmt::print(out_, "    {}\n", text.headline);
    for (const std::string& note : text.notes) fmt::print(out_, "      {}\n", note);
    if (!text.hint.empty()) fmt::print(out_, "      {} {}\n", paint("hint:", yellow), text.hint);
  }
  const failed_case& smallest = *std::min_element(
      failures_.begin(), failures_.end(), [](const failed_case& a, const failed_case& b) { return a.n < b.n; });
  if (smallest.replay.empty()) return;
  fmt::print(out_, "  {} {}:\n    {}\n", paint("start with the smallest failing case,", cyan, true),
             smallest.description, smallest.replay);
}

void reporter::not_run(std::size_t count, const std::string& why) {
  if (out_ == nullptr || count == 0) return;
  fmt::print(out_, "  {} {} case{} not run: {}\n", paint("!", red, true), count, count == 1 ? "" : "s", why);
}

std::string summary_line(const core::lab_spec& spec, const suite_counts& counts) {
  std::string line = fmt::format("lab{} ({} backend, {}): {}/{} cases passed", spec.id, spec.backend, spec.variant,
                                 counts.passed, counts.run() + counts.not_run);
  if (counts.skipped > 0) line += fmt::format(", {} skipped (not enough memory)", counts.skipped);
  return line;
}

void reporter::summary(const core::lab_spec& spec, const suite_counts& counts, double seconds) {
  if (out_ == nullptr) return;
  const bool ok = counts.failed == 0 && counts.not_run == 0;
  const std::string line = summary_line(spec, counts);
  if (!quiet_) fmt::print(out_, "  ({:.1f} s in all)\n", seconds);
  print_failure_groups(counts.run() + counts.not_run);
  fmt::print(out_, "{}\n", paint(line, ok ? green : red, true));
  std::fflush(out_);
}

}  // namespace scanlab::harness
