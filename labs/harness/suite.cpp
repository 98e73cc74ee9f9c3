#include "suite.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "crash_report.h"
#include "dataset_case.h"
#include "trace_case.h"
#include "scanlab/backend.h"
#include "scanlab/core/lab_registry.h"

namespace scanlab::harness {

namespace {

// This executable, relative to the working directory when it lies below it (shorter to retype).
std::string executable_path(const char* argv0) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) self = fs::absolute(argv0, ec);
  const fs::path cwd = fs::current_path(ec);
  if (!ec) {
    const fs::path rel = self.lexically_relative(cwd);
    if (!rel.empty() && *rel.begin() != "..") {
      const std::string s = rel.string();
      return shell_quote(s.find('/') == std::string::npos ? "./" + s : s);
    }
  }
  return shell_quote(self.string());
}

}  // namespace

std::vector<case_def> select_cases(const core::lab_spec& spec, const suite_options& options) {
  if (options.dataset) return {*options.dataset};
  if (!options.n) return make_cases(spec, options.seed);
  case_def c;
  c.kind = options.schedules ? case_kind::schedules : case_kind::normal;
  c.n = *options.n;
  c.seed = options.seed;
  c.data = options.data;
  c.why = "replay";
  return {c};
}

suite_result run_suite(const core::lab_spec& spec, const scan_functions& functions, const suite_options& options,
                       std::FILE* out) {
  const auto t0 = std::chrono::steady_clock::now();
  reporter report(out, options.color, options.quiet);
  runner_context ctx;
  ctx.spec = spec;
  ctx.functions = functions;
  ctx.executable = options.executable;
  ctx.env = schedule_settings::from_environment();
  ctx.diagnose_races = options.diagnose_races;
  // --access-checks, where the kernels carry the checks' instrumentation (asking turns them on).
  ctx.check_every_case = options.access_checks && backend::set_access_checks(true);

  // The harness prints the CPU backend's reports itself, with the case they belong to.
  backend::set_print_reports(false);
  backend::set_access_checks(false);  // only the replays of small failing cases are checked
  // A scan must not wait for a block that has not started (lab 8's lesson): blocks one at a time,
  // so that any such wait is a deadlock at every size, not only past what a GPU holds at once.
  // (SCANLAB_RESIDENT_BLOCKS, set, wins: with SCANLAB_INTERLEAVE_BLOCKS it puts many tiles in flight.)
  if (std::getenv("SCANLAB_RESIDENT_BLOCKS") == nullptr) backend::set_resident_blocks(1);
  const std::vector<case_def> cases = select_cases(spec, options);
  report.header(spec, backend::device_description(), cases.size());
  if (out == stdout) install_crash_reporter();

  suite_result result;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string description = describe(cases[i], spec);
    report.case_started(i, cases.size(), description, replay_command(spec, cases[i], ctx.executable, ctx.env),
                        functions.workspace_bytes(static_cast<unsigned>(cases[i].n)) > 0);
    case_result r = run_case(ctx, cases[i]);
    report.case_finished(i, cases.size(), description, r);
    switch (r.status) {
      case case_status::passed: ++result.counts.passed; break;
      case case_status::failed: ++result.counts.failed; break;
      case case_status::skipped: ++result.counts.skipped; break;
    }
    const bool lost = r.context_lost, timed_out = r.timed_out;
    result.results.push_back(std::move(r));
    if (lost) {
      result.counts.not_run = cases.size() - i - 1;
      report.not_run(result.counts.not_run, timed_out ? "a kernel is still running; this process must end"
                                                      : "the CUDA context is lost after the error above "
                                                        "(replay the cases one by one)");
      break;
    }
  }
  backend::set_print_reports(true);
  report.summary(spec, result.counts, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  return result;
}

int check_main(const core::lab_spec& spec, const scan_functions& functions, int argc, char** argv) {
  suite_options options;
  std::string data = "integers";
  std::string color = "auto";
  std::uint64_t n = 0;
  CLI::App app{fmt::format("Checks {} ({}) on the {} backend.", spec.name, spec.variant, spec.backend)};
  auto* n_option = app.add_option("--n", n, "run one case of this size (a replay)")->check(CLI::Range(0ull, 0xffffffffull));
  app.add_option("--seed", options.seed, "with --n: the case's seed; without: the base seed of the whole suite");
  app.add_option("--data", data, "with --n: integers (default), floats, mixed-magnitudes, alternating-signs or ones")
      ->check(CLI::IsMember(core::data_kind_names()));
  auto* schedules_flag =
      app.add_flag("--schedules", options.schedules, "with --n: run the schedule differential (CPU backend)");
  std::string dataset_dir;
  app.add_option("--dataset", dataset_dir,
                 "run the scan on a dataset directory made by scanlab-dataset and compare with its expected.npy")
      ->excludes(n_option)
      ->excludes(schedules_flag);
  app.add_flag("--access-checks", options.access_checks,
               "CPU backend: run every case of at most 8192 elements with the access checks (a race or an "
               "uninitialised shared read fails the case even when the output is right)");
  std::string trace_path;
  app.add_option("--trace", trace_path,
                 "with --n (at most 24): run scan() once on the CPU backend and write its access trace, as JSON, "
                 "to this file (what `scanlab trace` draws)")
      ->needs(n_option);
  app.add_flag("--quiet,-q", options.quiet, "print only failures and the summary");
  app.add_flag("--list", options.list, "list the cases and their replay commands, run nothing");
  app.add_option("--color", color, "auto (when stdout is a terminal), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (!trace_path.empty()) return write_trace(spec, functions, n, trace_path);
  if (*n_option) options.n = n;
  core::parse_data_kind(data.c_str(), options.data);
  options.color = color == "always" || (color == "auto" && isatty(STDOUT_FILENO));
  options.executable = executable_path(argv[0]);
  if (options.schedules && !spec.is_cpu()) {
    std::fprintf(stderr, "--schedules needs the CPU backend: a GPU chooses its own schedule\n");
    return 2;
  }
  if (!dataset_dir.empty()) {
    try {
      options.dataset = dataset_case(spec, dataset_dir);
    } catch (const dataset_error& e) {
      std::fprintf(stderr, "scanlab: %s\n", e.what());
      return 2;
    }
    if (auto note = reference_disagreement(spec, *options.dataset)) fmt::print("note: {}\n", *note);
  }

  if (options.list) {
    const schedule_settings env = schedule_settings::from_environment();
    for (const case_def& c : select_cases(spec, options))
      fmt::print("{}\n    {}\n", describe(c, spec), replay_command(spec, c, options.executable, env));
    return 0;
  }

  if (!backend::device_available()) {
    fmt::print("SKIPPED: {} ({}) needs a GPU and none is usable here ({}).\n"
               "Check the lab on the CPU backend instead: make lab{}{} BACKEND=cpu\n",
               spec.name, spec.variant, backend::device_description(), spec.id,
               spec.variant == "student" ? "" : "-solution");
    return 77;
  }

  const suite_result result = run_suite(spec, functions, options, stdout);
  if (!result.results.empty() && result.results.back().timed_out) {
    // A kernel still runs: tearing the CUDA context down would wait for it.
    std::fflush(stdout);
    std::_Exit(1);
  }
  return result.all_passed() ? 0 : 1;
}

core::lab_spec spec_of(const check_identity& check) {
  const core::lab_entry* lab = core::find_lab(check.lab_id);
  if (lab == nullptr) {
    std::fprintf(stderr, "scanlab: lab %d is not in the lab registry (labs/labs.json)\n", check.lab_id);
    std::exit(2);
  }
  core::lab_spec spec = lab->spec;
  spec.variant = check.variant;
  spec.backend = check.backend;
  return spec;
}

int check_main(const check_identity& check, const scan_functions& functions, int argc, char** argv) {
  return check_main(spec_of(check), functions, argc, argv);
}

}  // namespace scanlab::harness
