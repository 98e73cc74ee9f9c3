#include "command/grade_command.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "batch/batch.h"
#include "batch/batch_resume.h"
#include "command/grader_config.h"
#include "run/jail.h"
#include "build/object_cache.h"
#include "platforms/prairielearn.h"
#include "batch/progress.h"
#include "report/reports.h"
#include "plan/rubric.h"
#include "run/sandbox.h"
#include "scanlab/core/lab_registry.h"

namespace scanlab::grader {

namespace fs = std::filesystem;

namespace {

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

// The jail of every process that runs student code (jail.h), or --no-jail; 0 when grading may go
// on. A machine that cannot jail stops grading with what fixes it: never a silent downgrade.
int set_up_jail(const grade_options& o, const grader_config& config) {
  jail_settings s;
  s.enabled = !o.no_jail;
  const char* given = std::getenv("SCANLAB_BWRAP");
  s.bwrap = given != nullptr && *given != '\0' ? given : find_on_path("bwrap");
  // Folders with what no student may read or change, wherever they are.
  s.private_paths = {config.source_dir, config.bin_dir, fs::path(o.rubric_path).parent_path().string(),
                     object_cache::instance().root()};
  for (const std::string& p : {o.batch_dir, o.out_dir, o.submission, o.figures_dir})
    if (!p.empty()) s.private_paths.push_back(fs::absolute(p).string());
  if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/') s.private_paths.push_back(home);
  std::erase_if(s.private_paths, [](const std::string& p) { return p.empty() || p == "/"; });
  set_jail(s);
  if (!s.enabled) {
    std::fprintf(stderr, "scanlab: --no-jail: student code runs with this user's rights (every report says so)\n");
    return 0;
  }
  if (const std::string why = jail_problem(); !why.empty()) {
    std::fprintf(stderr, "scanlab: cannot grade here: %s\n", why.c_str());
    return exit_cannot;
  }
  return 0;
}

// Every lab when none is named; 0 when each named one exists, else the exit status.
int check_labs(std::vector<int>& lab_ids) {
  if (lab_ids.empty())
    for (const auto& l : core::known_labs()) lab_ids.push_back(l.spec.id);
  for (int id : lab_ids)
    if (!core::find_lab(id)) {
      std::string known;
      for (const auto& l : core::known_labs()) known += fmt::format(" {}", l.spec.id);
      std::fprintf(stderr, "scanlab: there is no lab %d (labs:%s)\n", id, known.c_str());
      return exit_misuse;
    }
  return 0;
}

// Resolves "auto"; 0 when this build and machine can grade on the backend, else the exit status.
int choose_backend(const grader_config& config, std::string& backend) {
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
  return 0;
}

// Seed: given, hidden (from the environment: never printed), or fresh; the text reports show.
bool choose_seed(grade_options& o, std::string& seed_text) {
  std::string error;
  if (o.seed_given) {
    seed_text = std::to_string(o.seed);
  } else if (const char* hidden = std::getenv("SCANLAB_GRADER_SEED"); hidden != nullptr && *hidden != '\0') {
    o.seed = std::hash<std::string>{}(hidden);
    seed_text = "hidden";
  } else if (!o.batch_dir.empty() && !o.out_dir.empty()) {
    // A batch keeps its seed in its output folder, so that a re-run can resume it.
    if (!batch_seed(o.out_dir, o.seed, error)) {
      std::fprintf(stderr, "scanlab: %s\n", error.c_str());
      return false;
    }
    seed_text = std::to_string(o.seed);
  } else {
    o.seed = std::random_device{}() * 0x100000000ull + std::random_device{}();
    seed_text = std::to_string(o.seed);
  }
  return true;
}

// Every subfolder of a batch, in order.
bool list_batch(const grade_options& o, std::vector<std::string>& dirs) {
  if (!o.submission.empty()) {
    std::fprintf(stderr, "scanlab: give either --submission or --batch, not both\n");
    return false;
  }
  if (o.out_dir.empty()) {
    std::fprintf(stderr, "scanlab: --batch needs --out DIR (one result per submission and summary.csv)\n");
    return false;
  }
  std::error_code ec;
  if (!fs::is_directory(o.batch_dir, ec)) {
    std::fprintf(stderr, "scanlab: --batch %s: not a folder\n", o.batch_dir.c_str());
    return false;
  }
  for (const auto& e : fs::directory_iterator(o.batch_dir, ec))
    if (e.is_directory()) dirs.push_back(fs::absolute(e.path()).string());
  std::sort(dirs.begin(), dirs.end());
  if (dirs.empty()) {
    std::fprintf(stderr, "scanlab: --batch %s has no submission folders\n", o.batch_dir.c_str());
    return false;
  }
  return true;
}

// The submission folders to grade (one without --batch).
bool list_submissions(grade_options& o, const grader_config& config, std::vector<std::string>& dirs) {
  if (!o.batch_dir.empty()) return list_batch(o, dirs);
  if (o.submission.empty()) o.submission = config.source_dir + "/labs";
  std::error_code ec;
  if (!fs::is_directory(o.submission, ec)) {
    std::fprintf(stderr, "scanlab: --submission %s: not a folder\n", o.submission.c_str());
    return false;
  }
  dirs.push_back(fs::absolute(o.submission).lexically_normal().string());
  return true;
}

std::string file_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream text;
  text << f.rdbuf();
  return text.str();
}

// A batch's submissions, those done before (a result in --out graded from the same files, rubric,
// seed, backend and labs: not graded again unless --regrade) and those to grade.
struct batch_state {
  std::vector<std::optional<submission_result>> done;
  std::vector<std::string> fingerprints;
  std::vector<nlohmann::json> graded_from;
  std::vector<std::size_t> to_grade;
};

bool resume_batch(const grade_options& o, const std::vector<std::string>& dirs, batch_state& state) {
  fingerprint_inputs in;
  in.lab_ids = o.lab_ids;
  in.seed = o.seed;
  in.backend = o.backend;
  in.rubric_text = file_text(o.rubric_path);
  std::error_code ec;
  fs::create_directories(o.out_dir, ec);
  if (std::string error; !lock_output_folder(o.out_dir, error)) {
    std::fprintf(stderr, "scanlab: %s\n", error.c_str());
    return false;
  }
  remove_stale_temporaries(o.out_dir);
  std::size_t skipped = 0;
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    state.fingerprints[i] = submission_fingerprint(dirs[i], in);
    state.graded_from[i] = graded_from(dirs[i], in);
    submission_result previous;
    if (!o.regrade && load_current_result(o.out_dir, fs::path(dirs[i]).filename().string(), state.fingerprints[i], previous)) {
      state.done[i] = std::move(previous);
      ++skipped;
    } else {
      state.to_grade.push_back(i);
    }
  }
  std::fprintf(stderr, "scanlab: %zu submissions: %zu skipped (result in %s is current%s), %zu to grade\n", dirs.size(),
               skipped, o.out_dir.c_str(), skipped > 0 ? "; --regrade grades them again" : "", state.to_grade.size());
  return true;
}

// A batch writes each submission's files as soon as it is graded, then summary.csv of every
// result so far. A device that vanished leaves no result (a re-run grades it) and stops the batch
// with exit status 4 at the end.
class batch_writer {
 public:
  batch_writer(const grade_options& o, batch_state& state, progress_line& progress)
      : o_(o), state_(state), progress_(progress) {}
  void operator()(std::size_t k, const submission_result& r) {
    const std::size_t i = state_.to_grade[k];
    for (const auto& lab : r.labs)
      if (!lab.infrastructure_error.empty()) {
        if (infrastructure.empty()) infrastructure = fmt::format("{}: {}", r.name, lab.infrastructure_error);
        return;
      }
    const std::string stem = o_.out_dir + "/" + r.name;
    written &= write_atomically(stem + ".json", gradescope_json(r, state_.fingerprints[i], state_.graded_from[i]));
    if (o_.markdown_each) written &= write_atomically(stem + ".md", markdown_summary({r}));
    if (o_.junit_each) written &= write_atomically(stem + ".junit.xml", junit_xml({r}));
    state_.done[i] = r;
    std::vector<submission_result> rows;
    for (const auto& d : state_.done)
      if (d) rows.push_back(*d);
    written &= write_atomically(o_.out_dir + "/summary.csv", csv_summary(rows));
    progress_.clear();
    std::printf("%-40s %7.2f / %.2f  (%.1f s)%s\n", r.name.c_str(), r.score(), r.max_score(), r.seconds,
                review_reasons(r).empty() ? "" : "  needs review");
    std::fflush(stdout);
  }
  bool written = true;
  std::string infrastructure;

 private:
  const grade_options& o_;
  batch_state& state_;
  progress_line& progress_;
};

// The reports asked for, of the first result (the whole batch for JUnit and Markdown).
bool write_reports(const grade_options& o, const std::vector<submission_result>& results) {
  bool written = true;
  if (!o.results_path.empty()) written &= write_atomically(o.results_path, gradescope_json(results[0]));
  if (!o.prairielearn_path.empty()) {
    // SCANLAB_PRAIRIELEARN_LIMIT (bytes) lowers PrairieLearn's 1 MB limit, for tests of the cutting.
    std::size_t limit = 1000 * 1000;
    if (const char* v = std::getenv("SCANLAB_PRAIRIELEARN_LIMIT"); v != nullptr && std::atol(v) > 0)
      limit = std::min<std::size_t>(limit, static_cast<std::size_t>(std::atol(v)));
    written &= write_atomically(o.prairielearn_path, prairielearn_json(results[0], limit));
  }
  if (!o.junit_path.empty()) written &= write_atomically(o.junit_path, junit_xml(results));
  if (!o.markdown_path.empty()) written &= write_atomically(o.markdown_path, markdown_summary(results));
  return written;
}

// A device that vanished while grading: no grade at all rather than zeros the student did not earn.
int no_device(const std::string& infrastructure) {
  std::fprintf(stderr,
               "scanlab: this machine could not grade: %s\nNo results were written (exit status %d): this is the "
               "machine's problem, not the submission's.\n",
               infrastructure.c_str(), exit_no_device);
  return exit_no_device;
}

// OUT/report, the class report (bin/scanlab-report, where this tree has it), after every batch.
// It is our own code reading the results, outside the jail; a report that fails costs no result,
// so it only warns.
void write_class_report(const grade_options& o) {
  const std::string tool = executable_dir() + "/scanlab-report";
  if (::access(tool.c_str(), X_OK) != 0) return;
  std::vector<std::string> args = {tool, o.out_dir, "--batch", o.batch_dir, "--rubric", o.rubric_path, "--quiet"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    execv(tool.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    std::fprintf(stderr, "scanlab: the class report was not written (the results are complete): run `scanlab report %s` "
                         "to see why\n", o.out_dir.c_str());
  else
    std::fprintf(stderr, "scanlab: class report: %s/report/index.html\n", o.out_dir.c_str());
}

// Grades the submissions and writes what was asked for; the exit status.
int grade_and_report(const grade_options& o, const grading_request& base, const std::vector<std::string>& dirs,
                     batch_state& state) {
  const bool batch = !o.batch_dir.empty();
  progress_line progress;
  batch_writer writer(o, state, progress);
  grading_request request = base;
  request.progress = &progress;
  if (batch) request.on_submission_done = std::ref(writer);
  std::vector<std::string> grade_dirs;
  for (std::size_t i : state.to_grade) grade_dirs.push_back(dirs[i]);
  std::vector<submission_result> graded;
  if (!grade_dirs.empty()) graded = grade_submissions(request, grade_dirs);
  if (!batch)
    for (const auto& lab : graded[0].labs)
      if (!lab.infrastructure_error.empty() && writer.infrastructure.empty())
        writer.infrastructure = fmt::format("{}: {}", graded[0].name, lab.infrastructure_error);
  if (!writer.infrastructure.empty()) return no_device(writer.infrastructure);

  std::vector<submission_result> results;
  if (!batch) {
    results = std::move(graded);
    std::fputs(terminal_table(results[0], isatty(1) && !o.no_colour, terminal_width()).c_str(), stdout);
  } else {
    for (auto& d : state.done)
      if (d) results.push_back(std::move(*d));
    writer.written &= write_atomically(o.out_dir + "/summary.csv", csv_summary(results));
  }
  if (results.empty()) return writer.written ? 0 : exit_misuse;
  const bool reports_written = write_reports(o, results);
  if (batch && !o.no_class_report) write_class_report(o);
  return writer.written && reports_written ? 0 : exit_misuse;
}

}  // namespace

int grade_command(grade_options& o) {
  grader_config config;
  std::string error;
  if (!load_config(config, error)) {
    std::fprintf(stderr, "scanlab: %s\n", error.c_str());
    return exit_cannot;
  }
  if (const int rc = check_labs(o.lab_ids); rc != 0) return rc;
  rubric rules;
  if (o.rubric_path.empty()) o.rubric_path = config.source_dir + "/grader/rubric.json";
  if (!load_rubric(o.rubric_path, rules, error)) {
    std::fprintf(stderr, "scanlab: %s\n", error.c_str());
    return exit_misuse;
  }
  if (const int rc = set_up_jail(o, config); rc != 0) return rc;
  if (const int rc = choose_backend(config, o.backend); rc != 0) return rc;
  std::string seed_text;
  std::vector<std::string> dirs;
  if (!choose_seed(o, seed_text) || !list_submissions(o, config, dirs)) return exit_misuse;
  batch_state state;
  state.done.resize(dirs.size());
  state.fingerprints.resize(dirs.size());
  state.graded_from.resize(dirs.size());
  if (o.batch_dir.empty()) state.to_grade.push_back(0);
  else if (!resume_batch(o, dirs, state)) return exit_misuse;

  grading_request request;
  request.config = &config;
  request.rules = &rules;
  request.lab_ids = o.lab_ids;
  request.backend = o.backend;
  request.seed = o.seed;
  request.seed_text = seed_text;
  // GPU too: builds, CPU-backend runs and correctness runs overlap; each measurement holds the
  // device's lock alone (gpu_lock.h, taken by the runners), so timings never share the GPU.
  request.jobs = o.jobs;
  request.figures_dir = o.figures_dir;
  return grade_and_report(o, request, dirs, state);
}

}  // namespace scanlab::grader
