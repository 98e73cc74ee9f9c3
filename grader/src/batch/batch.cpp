#include "batch/batch.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "command/lab_grader.h"
#include "util/memory_folder.h"
#include "run/jail.h"
#include "run/stale_scratch.h"
#include "scanlab/core/lab_registry.h"

namespace scanlab::grader {

namespace fs = std::filesystem;

namespace {

// Labs folders in a submission that the registry does not know: one message each.
std::vector<std::string> unknown_folders(const std::string& dir) {
  std::vector<std::string> messages;
  std::error_code ec;
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_directory() && e.path().filename().string().rfind("lab", 0) == 0) names.insert(e.path().filename().string());
  for (const std::string& n : names)
    if (!core::find_lab_by_name(n) && n != "harness")
      messages.push_back(fmt::format("{}/{}: no such lab (the labs are named as in labs/labs.json, e.g. lab1-naive); ignored",
                                     fs::path(dir).filename().string(), n));
  return messages;
}

// Where the labs' work folders go: $TMPDIR when set; else /dev/shm when it has 4 GB free; else
// /tmp.
std::string scratch_parent() {
  if (const char* t = std::getenv("TMPDIR"); t != nullptr && *t != '\0') return t;
  if (memory_folder_has_room(std::uint64_t(4) << 30)) return "/dev/shm";
  return fs::temp_directory_path().string();
}

// One lab of one submission. work_prefix: its scratch folder's path up to the lab's name;
// figure_prefix: "" for one submission, "<name>-" in a batch (--figures' file names).
lab_job make_job(const grading_request& req, int lab_id, const std::string& dir, const std::string& work_prefix,
                 const std::string& figure_prefix) {
  const core::lab_entry* lab = core::find_lab(lab_id);
  lab_job job;
  job.config = req.config;
  job.lab = lab;
  job.rubric = req.rules->for_lab(lab->spec.id);
  job.submission_dir = dir;
  job.backend = req.backend;
  job.seed = req.seed ^ (0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(lab->spec.id));
  job.work_dir = work_prefix + lab->spec.name;
  job.reference_source = req.config->source_dir + "/solutions/" + lab->spec.name + "/scan.cu";
  if (!req.figures_dir.empty())
    job.figure = fmt::format("{}/{}lab{}-trace.html", req.figures_dir, figure_prefix, lab->spec.id);
  return job;
}

}  // namespace

std::vector<submission_result> grade_submissions(const grading_request& req, const std::vector<std::string>& dirs) {
  std::vector<submission_result> results(dirs.size());
  struct unit {
    std::size_t submission;
    std::size_t lab;
  };
  std::vector<unit> units;
  for (std::size_t s = 0; s < dirs.size(); ++s) {
    submission_result& r = results[s];
    r.dir = dirs[s];
    r.name = fs::path(dirs[s]).filename().string();
    if (r.name.empty()) r.name = fs::path(dirs[s]).parent_path().filename().string();
    r.backend = req.backend;
    r.seed_text = req.seed_text;
    r.messages = unknown_folders(dirs[s]);
    if (!jail().enabled)
      r.messages.push_back("graded without the jail (--no-jail): the submission's code ran with the grader's rights, "
                           "so it could read and change whatever the grading user can");
    r.labs.resize(req.lab_ids.size());
    for (std::size_t l = 0; l < req.lab_ids.size(); ++l) units.push_back({s, l});
  }
  const std::string parent = scratch_parent();
  remove_stale_scratch(parent);
  const std::string scratch_root = scratch_folder(parent, static_cast<unsigned>(req.seed % 100000));
  claim_scratch_folder(scratch_root);
  std::atomic<std::size_t> next{0}, done{0};
  std::vector<double> started(dirs.size(), 0), finished(dirs.size(), 0);
  std::vector<std::size_t> labs_left(dirs.size(), req.lab_ids.size());
  std::mutex mutex, done_mutex;
  const auto t0 = std::chrono::steady_clock::now();
  auto now = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  for (auto& s : started) s = -1;

  auto worker = [&] {
    for (std::size_t k; (k = next++) < units.size();) {
      const unit u = units[k];
      {
        std::lock_guard lock(mutex);
        if (started[u.submission] < 0) started[u.submission] = now();
      }
      lab_job job = make_job(req, req.lab_ids[u.lab], dirs[u.submission],
                             fmt::format("{}/{}-", scratch_root, u.submission),
                             dirs.size() > 1 ? results[u.submission].name + "-" : "");
      const std::string who = dirs.size() > 1 ? results[u.submission].name + " " : "";
      if (req.progress)
        job.progress = [&, who](const std::string& what) {
          req.progress->update(fmt::format("[{}/{}] {}{}", done.load(), units.size(), who, what));
        };
      lab_result r = grade_lab(job);
      std::error_code ec;
      fs::remove_all(job.work_dir, ec);
      bool submission_done = false;
      {
        std::lock_guard lock(mutex);
        results[u.submission].labs[u.lab] = std::move(r);
        finished[u.submission] = now();
        ++done;
        submission_done = --labs_left[u.submission] == 0;
        if (submission_done)
          results[u.submission].seconds = finished[u.submission] - std::max(0.0, started[u.submission]);
      }
      // No other worker touches a finished submission's result, so it is read without the lock.
      if (submission_done && req.on_submission_done) {
        std::lock_guard lock(done_mutex);
        req.on_submission_done(u.submission, results[u.submission]);
      }
    }
  };
  std::vector<std::thread> threads;
  const unsigned n = std::max(1u, std::min<unsigned>(req.jobs, static_cast<unsigned>(units.size())));
  for (unsigned i = 0; i < n; ++i) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  std::error_code ec;
  fs::remove_all(scratch_root, ec);
  for (std::size_t s = 0; s < dirs.size(); ++s) results[s].seconds = finished[s] - std::max(0.0, started[s]);
  if (req.progress) req.progress->clear();
  return results;
}

}  // namespace scanlab::grader
