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
#include <fstream>
#include <optional>
#include <sstream>
#include <random>
#include <set>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "batch.h"
#include "batch_resume.h"
#include "grader_config.h"
#include "labs_registry.h"
#include "prairielearn.h"
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
  std::string submission, backend = "auto", rubric_path, results_path, junit_path, markdown_path, batch_dir, out_dir,
      prairielearn_path;
  std::vector<int> lab_ids;
  std::uint64_t seed = 0;
  unsigned jobs = std::max(1u, static_cast<unsigned>(sysconf(_SC_NPROCESSORS_ONLN)));
  bool no_colour = false, regrade = false, markdown_each = false, junit_each = false;
  grade->add_option("--submission", submission, "folder laid out like labs/ (default: the repository's labs/)");
  grade->add_option("--lab", lab_ids, "grade only these labs (repeatable; default: all)");
  grade->add_option("--backend", backend, "auto, gpu or cpu")->check(CLI::IsMember({"auto", "gpu", "cpu"}));
  auto* seed_option = grade->add_option("--seed", seed, "base seed (default: $SCANLAB_GRADER_SEED, else a fresh one)");
  grade->add_option("--rubric", rubric_path, "rubric file (default: grader/rubric.json)");
  grade->add_option("--results", results_path, "Gradescope results.json to write");
  grade->add_option("--junit", junit_path, "JUnit XML to write");
  grade->add_option("--markdown", markdown_path, "Markdown summary to write");
  grade->add_option("--prairielearn", prairielearn_path, "PrairieLearn external-grader results.json to write");
  grade->add_option("--jobs,-j", jobs, "labs graded at once (default: the number of cores)")->check(CLI::Range(1u, 1024u));
  grade->add_option("--batch", batch_dir, "grade every subfolder of DIR as one submission");
  grade->add_option("--out", out_dir, "with --batch: folder for <submission>.json and summary.csv");
  grade->add_flag("--regrade", regrade, "with --batch: grade every submission, even those whose result in --out is current");
  grade->add_flag("--markdown-each", markdown_each, "with --batch: also OUT/<submission>.md as each one finishes");
  grade->add_flag("--junit-each", junit_each, "with --batch: also OUT/<submission>.junit.xml as each one finishes");
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
  } else if (!batch_dir.empty() && !out_dir.empty()) {
    // A batch keeps its seed in its output folder, so that a re-run can resume it.
    if (!batch_seed(out_dir, seed, error)) {
      std::fprintf(stderr, "scanlab: %s\n", error.c_str());
      return exit_misuse;
    }
    seed_text = std::to_string(seed);
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

  // A batch resumes: a submission whose result in --out was graded from the same files, rubric,
  // seed, backend and labs is not graded again (unless --regrade).
  std::vector<std::optional<submission_result>> done(dirs.size());
  std::vector<std::string> fingerprints(dirs.size());
  std::vector<std::size_t> to_grade;
  if (!batch_dir.empty()) {
    fingerprint_inputs in;
    in.labs = &labs;
    in.lab_ids = lab_ids;
    in.seed = seed;
    in.backend = backend;
    {
      std::ifstream f(rubric_path, std::ios::binary);
      std::ostringstream text;
      text << f.rdbuf();
      in.rubric_text = text.str();
    }
    std::error_code ec;
    fs::create_directories(out_dir, ec);
    if (!lock_output_folder(out_dir, error)) {
      std::fprintf(stderr, "scanlab: %s\n", error.c_str());
      return exit_misuse;
    }
    remove_stale_temporaries(out_dir);
    std::size_t skipped = 0;
    for (std::size_t i = 0; i < dirs.size(); ++i) {
      fingerprints[i] = submission_fingerprint(dirs[i], in);
      submission_result previous;
      if (!regrade && load_current_result(out_dir, fs::path(dirs[i]).filename().string(), fingerprints[i], previous)) {
        done[i] = std::move(previous);
        ++skipped;
      } else {
        to_grade.push_back(i);
      }
    }
    std::fprintf(stderr, "scanlab: %zu submissions: %zu skipped (result in %s is current%s), %zu to grade\n",
                 dirs.size(), skipped, out_dir.c_str(), skipped > 0 ? "; --regrade grades them again" : "",
                 to_grade.size());
  } else {
    to_grade.push_back(0);
  }

  // Written after each submission: its own files, then summary.csv of every result so far.
  bool written = true;
  std::string infrastructure;
  auto csv_of_done = [&] {
    std::vector<submission_result> rows;
    for (const auto& d : done)
      if (d) rows.push_back(*d);
    return csv_summary(rows);
  };
  std::vector<std::string> grade_dirs;
  for (std::size_t i : to_grade) grade_dirs.push_back(dirs[i]);

  progress_line progress;
  grading_request request;
  request.config = &config;
  request.labs = &labs;
  request.rules = &rules;
  request.lab_ids = lab_ids;
  request.backend = backend;
  request.seed = seed;
  request.seed_text = seed_text;
  // GPU too: builds, CPU-backend runs and correctness runs overlap; each measurement holds the
  // device's lock alone (gpu_lock.h, taken by the runners), so timings never share the GPU.
  request.jobs = jobs;
  request.progress = &progress;
  if (!batch_dir.empty())
    request.on_submission_done = [&](std::size_t k, const submission_result& r) {
      const std::size_t i = to_grade[k];
      for (const auto& lab : r.labs)
        if (!lab.infrastructure_error.empty()) {
          // A device that vanished: no result for this submission (a re-run grades it).
          if (infrastructure.empty()) infrastructure = fmt::format("{}: {}", r.name, lab.infrastructure_error);
          return;
        }
      const std::string stem = out_dir + "/" + r.name;
      written &= write_atomically(stem + ".json", gradescope_json(r, fingerprints[i]));
      if (markdown_each) written &= write_atomically(stem + ".md", markdown_summary({r}));
      if (junit_each) written &= write_atomically(stem + ".junit.xml", junit_xml({r}));
      done[i] = r;
      written &= write_atomically(out_dir + "/summary.csv", csv_of_done());
      progress.clear();
      std::printf("%-40s %7.2f / %.2f  (%.1f s)%s\n", r.name.c_str(), r.score(), r.max_score(), r.seconds,
                  review_reasons(r).empty() ? "" : "  needs review");
      std::fflush(stdout);
    };
  std::vector<submission_result> graded;
  if (!grade_dirs.empty()) graded = grade_submissions(request, grade_dirs);
  if (batch_dir.empty())
    for (const auto& lab : graded[0].labs)
      if (!lab.infrastructure_error.empty() && infrastructure.empty())
        infrastructure = fmt::format("{}: {}", graded[0].name, lab.infrastructure_error);

  // A device that vanished while grading: no grade at all rather than zeros the student did not earn.
  if (!infrastructure.empty()) {
    std::fprintf(stderr,
                 "scanlab: this machine could not grade: %s\nNo results were written (exit status %d): this is the "
                 "machine's problem, not the submission's.\n",
                 infrastructure.c_str(), exit_no_device);
    return exit_no_device;
  }

  std::vector<submission_result> results;
  if (batch_dir.empty()) {
    results = std::move(graded);
    std::fputs(terminal_table(results[0], isatty(1) && !no_colour).c_str(), stdout);
  } else {
    for (auto& d : done)
      if (d) results.push_back(std::move(*d));
    written &= write_atomically(out_dir + "/summary.csv", csv_summary(results));
  }
  if (results.empty()) return written ? 0 : exit_misuse;
  if (!results_path.empty()) written &= write_atomically(results_path, gradescope_json(results[0]));
  if (!prairielearn_path.empty()) {
    // SCANLAB_PRAIRIELEARN_LIMIT (bytes) lowers PrairieLearn's 1 MB limit, for tests of the cutting.
    std::size_t limit = 1000 * 1000;
    if (const char* v = std::getenv("SCANLAB_PRAIRIELEARN_LIMIT"); v != nullptr && std::atol(v) > 0)
      limit = std::min<std::size_t>(limit, static_cast<std::size_t>(std::atol(v)));
    written &= write_atomically(prairielearn_path, prairielearn_json(results[0], limit));
  }
  if (!junit_path.empty()) written &= write_atomically(junit_path, junit_xml(results));
  if (!markdown_path.empty()) written &= write_atomically(markdown_path, markdown_summary(results));
  return written ? 0 : exit_misuse;
}
