// scanlab: the course's command. `scanlab grade` is the autograder; any other `scanlab X` runs
// the executable scanlab-X next to this one (git-style), so that separately built tools
// (scanlab-bench, scanlab-release, ...) appear as subcommands.
//
// Exit codes: 0 grading completed (whatever the score); 2 misuse (bad option, unknown lab, a
// submission folder that does not exist, a rubric that does not parse); 3 this build cannot grade
// as asked (no runner for the backend, configuration missing); 4 this machine cannot grade as
// asked (`--backend gpu` and no usable GPU): no grade is written, since nothing was the
// submission's fault.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <set>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "batch.h"
#include "grader_config.h"
#include "labs_registry.h"
#include "progress.h"
#include "reports.h"
#include "rubric.h"
#include "sandbox.h"

namespace fs = std::filesystem;
using namespace scanlab::grader;

namespace {

constexpr int exit_misuse = 2;
constexpr int exit_cannot = 3;
constexpr int exit_no_device = 4;

// Commands provided by scanlab-* executables next to this one.
std::vector<std::string> external_commands() {
  std::set<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(executable_dir(), ec)) {
    const std::string f = e.path().filename().string();
    if (f.rfind("scanlab-", 0) == 0 && f.find('.') == std::string::npos && f.rfind("scanlab-runner", 0) != 0 &&
        ::access(e.path().c_str(), X_OK) == 0)
      names.insert(f.substr(8));
  }
  return {names.begin(), names.end()};
}

[[noreturn]] void dispatch(const std::string& command, int argc, char** argv) {
  const std::string path = executable_dir() + "/scanlab-" + command;
  if (::access(path.c_str(), X_OK) != 0) {
    std::string known = "grade";
    for (const std::string& c : external_commands()) known += ", " + c;
    std::fprintf(stderr, "scanlab: '%s' is not a scanlab command (there is no %s).\nCommands: %s. See scanlab --help.\n",
                 command.c_str(), path.c_str(), known.c_str());
    std::exit(exit_misuse);
  }
  std::vector<char*> args = {const_cast<char*>(path.c_str())};
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  execv(path.c_str(), args.data());
  std::perror(("scanlab: cannot run " + path).c_str());
  std::exit(exit_cannot);
}

// Asks the GPU runner whether it finds a usable device (the runner links the CUDA runtime the
// submissions will use; the grader does not). Empty when it does, else why not.
std::string gpu_problem(const grader_config& config) {
  sandbox_limits limits;
  limits.wall_seconds = 120;  // a first CUDA initialisation can take a while
  const sandbox_result r = run_sandboxed({config.runner("gpu"), "--probe"}, {}, limits);
  if (r.ok()) return "";
  std::string why = r.err.empty() ? r.out : r.err;
  while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
  return why.empty() ? "the GPU runner's probe failed (" + r.describe() + ")" : why;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && argv[1][0] != '-' && std::string(argv[1]) != "grade") dispatch(argv[1], argc, argv);

  CLI::App app{"scanlab: grade parallel-scan labs (and run scanlab-* tools as subcommands)"};
  app.require_subcommand(1);
  std::string extra;
  for (const std::string& c : external_commands()) extra += " " + c;
  app.footer("Other commands (scanlab-<name> next to this executable):" + (extra.empty() ? std::string(" none") : extra));
  auto* grade = app.add_subcommand("grade", "grade a submission (a folder laid out like labs/) or a batch of them");
  std::string submission, backend = "auto", rubric_path, results_path, junit_path, markdown_path, batch_dir, out_dir;
  std::vector<int> lab_ids;
  std::uint64_t seed = 0;
  unsigned jobs = std::max(1u, static_cast<unsigned>(sysconf(_SC_NPROCESSORS_ONLN)));
  bool no_colour = false;
  grade->add_option("--submission", submission, "folder laid out like labs/ (default: the repository's labs/)");
  grade->add_option("--lab", lab_ids, "grade only these labs (repeatable; default: all)");
  grade->add_option("--backend", backend, "auto, gpu or cpu")->check(CLI::IsMember({"auto", "gpu", "cpu"}));
  auto* seed_option = grade->add_option("--seed", seed, "base seed (default: $SCANLAB_GRADER_SEED, else a fresh one)");
  grade->add_option("--rubric", rubric_path, "rubric file (default: grader/rubric.json)");
  grade->add_option("--results", results_path, "Gradescope results.json to write");
  grade->add_option("--junit", junit_path, "JUnit XML to write");
  grade->add_option("--markdown", markdown_path, "Markdown summary to write");
  grade->add_option("--jobs,-j", jobs, "labs graded at once (default: the number of cores)")->check(CLI::Range(1u, 1024u));
  grade->add_option("--batch", batch_dir, "grade every subfolder of DIR as one submission");
  grade->add_option("--out", out_dir, "with --batch: folder for <submission>.json and summary.csv");
  grade->add_flag("--no-colour,--no-color", no_colour, "no colour in the terminal table");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : exit_misuse;
  }

  grader_config config;
  std::string error;
  if (!load_config(config, error)) {
    std::fprintf(stderr, "scanlab: %s\n", error.c_str());
    return exit_cannot;
  }
  std::vector<lab_entry> labs;
  if (!load_labs(config.source_dir + "/labs/labs.json", labs, error)) {
    std::fprintf(stderr, "scanlab: %s\n", error.c_str());
    return exit_cannot;
  }
  if (lab_ids.empty())
    for (const auto& l : labs) lab_ids.push_back(l.spec.id);
  for (int id : lab_ids)
    if (!find_lab(labs, id)) {
      std::string known;
      for (const auto& l : labs) known += fmt::format(" {}", l.spec.id);
      std::fprintf(stderr, "scanlab: there is no lab %d (labs:%s)\n", id, known.c_str());
      return exit_misuse;
    }
  rubric rules;
  if (rubric_path.empty()) rubric_path = config.source_dir + "/grader/rubric.json";
  if (!load_rubric(rubric_path, rules, error)) {
    std::fprintf(stderr, "scanlab: %s\n", error.c_str());
    return exit_misuse;
  }

  // Backend.
  const bool asked_gpu = backend == "gpu";
  if (backend == "auto")
    backend = config.has_backend("gpu") && fs::exists(config.runner("gpu")) && gpu_problem(config).empty() ? "gpu" : "cpu";
  if (!config.has_backend(backend) || !fs::exists(config.runner(backend))) {
    std::fprintf(stderr, "scanlab: this build has no %s backend (built: %s)\n", backend.c_str(),
                 fmt::format("{}", fmt::join(config.backends, ", ")).c_str());
    return exit_cannot;
  }
  if (asked_gpu)
    if (const std::string why = gpu_problem(config); !why.empty()) {
      std::fprintf(stderr,
                   "scanlab: --backend gpu, but this machine has no usable GPU: %s\n"
                   "Nothing was graded (exit status %d): this is the machine's problem, not the submission's. Grade "
                   "on a machine with a GPU, or with --backend cpu.\n",
                   why.c_str(), exit_no_device);
      return exit_no_device;
    }

  // Seed: given, hidden (from the environment: never printed), or fresh.
  std::string seed_text;
  if (seed_option->count() > 0) {
    seed_text = std::to_string(seed);
  } else if (const char* hidden = std::getenv("SCANLAB_GRADER_SEED"); hidden != nullptr && *hidden != '\0') {
    seed = std::hash<std::string>{}(hidden);
    seed_text = "hidden";
  } else {
    seed = std::random_device{}() * 0x100000000ull + std::random_device{}();
    seed_text = std::to_string(seed);
  }

  // Submissions.
  std::vector<std::string> dirs;
  if (!batch_dir.empty()) {
    if (!submission.empty()) {
      std::fprintf(stderr, "scanlab: give either --submission or --batch, not both\n");
      return exit_misuse;
    }
    if (out_dir.empty()) {
      std::fprintf(stderr, "scanlab: --batch needs --out DIR (one result per submission and summary.csv)\n");
      return exit_misuse;
    }
    std::error_code ec;
    if (!fs::is_directory(batch_dir, ec)) {
      std::fprintf(stderr, "scanlab: --batch %s: not a folder\n", batch_dir.c_str());
      return exit_misuse;
    }
    for (const auto& e : fs::directory_iterator(batch_dir, ec))
      if (e.is_directory()) dirs.push_back(fs::absolute(e.path()).string());
    std::sort(dirs.begin(), dirs.end());
    if (dirs.empty()) {
      std::fprintf(stderr, "scanlab: --batch %s has no submission folders\n", batch_dir.c_str());
      return exit_misuse;
    }
  } else {
    if (submission.empty()) submission = config.source_dir + "/labs";
    std::error_code ec;
    if (!fs::is_directory(submission, ec)) {
      std::fprintf(stderr, "scanlab: --submission %s: not a folder\n", submission.c_str());
      return exit_misuse;
    }
    dirs.push_back(fs::absolute(submission).lexically_normal().string());
  }

  progress_line progress;
  grading_request request;
  request.config = &config;
  request.labs = &labs;
  request.rules = &rules;
  request.lab_ids = lab_ids;
  request.backend = backend;
  request.seed = seed;
  request.seed_text = seed_text;
  request.jobs = backend == "gpu" ? 1 : jobs;  // GPU: one at a time, timings must not share the device
  if (backend == "gpu" && grade->count("--jobs") > 0) request.jobs = jobs;
  request.progress = &progress;
  const std::vector<submission_result> results = grade_submissions(request, dirs);

  // A device that vanished while grading: no grade at all rather than zeros the student did not earn.
  std::string infrastructure;
  for (const auto& r : results)
    for (const auto& lab : r.labs)
      if (!lab.infrastructure_error.empty() && infrastructure.empty())
        infrastructure = fmt::format("{}: {}", r.name, lab.infrastructure_error);
  if (!infrastructure.empty()) {
    std::fprintf(stderr,
                 "scanlab: this machine could not grade: %s\nNo results were written (exit status %d): this is the "
                 "machine's problem, not the submission's.\n",
                 infrastructure.c_str(), exit_no_device);
    return exit_no_device;
  }

  bool written = true;
  if (batch_dir.empty()) {
    std::fputs(terminal_table(results[0], isatty(1) && !no_colour).c_str(), stdout);
    if (!results_path.empty()) written &= write_atomically(results_path, gradescope_json(results[0]));
  } else {
    for (const auto& r : results) {
      written &= write_atomically(out_dir + "/" + r.name + ".json", gradescope_json(r));
      std::printf("%-40s %7.2f / %.2f  (%.1f s)\n", r.name.c_str(), r.score(), r.max_score(), r.seconds);
    }
    written &= write_atomically(out_dir + "/summary.csv", csv_summary(results));
    if (!results_path.empty()) written &= write_atomically(results_path, gradescope_json(results[0]));
  }
  if (!junit_path.empty()) written &= write_atomically(junit_path, junit_xml(results));
  if (!markdown_path.empty()) written &= write_atomically(markdown_path, markdown_summary(results));
  return written ? 0 : exit_misuse;
}
