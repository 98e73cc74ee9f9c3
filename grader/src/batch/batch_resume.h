// What lets a batch resume: each result carries a fingerprint of what it was graded from (the
// graded files of the submission, the rubric, the seed, the backend, the labs), and a re-run
// skips a submission whose result in the output folder has the same fingerprint.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report/results.h"

namespace scanlab::grader {

struct fingerprint_inputs {
  std::vector<int> lab_ids;
  std::string rubric_text;  // the rubric file's bytes
  std::uint64_t seed = 0;
  std::string backend;
};

// SHA-256 (hex) over the inputs and, for each graded lab, whether <dir>/<lab name>/scan.cu
// exists and its bytes (the only file a lab grades), plus the names of the submission's lab
// folders (an unknown one is reported).
std::string submission_fingerprint(const std::string& dir, const fingerprint_inputs& in);

// What the result was graded from, for a person (the class report's regrade view says why a score
// changed): {"rubric": SHA-256, "seed", "backend", "files": {lab name: SHA-256 of its scan.cu, or
// "absent"}}. The fingerprint above is the same inputs folded into one hash.
nlohmann::json graded_from(const std::string& dir, const fingerprint_inputs& in);

// The result in <out>/<name>.json when it was written with this fingerprint; false otherwise
// (absent, unreadable, graded from something else).
bool load_current_result(const std::string& out_dir, const std::string& name, const std::string& fingerprint,
                         submission_result& result);

// One batch at a time per output folder: an advisory lock on <out>/.scanlab-lock, held until the
// process ends (the kernel drops it on any exit, SIGKILL included). False when another batch
// holds it.
bool lock_output_folder(const std::string& out_dir, std::string& error);

// Removes temporary files a killed run left in the output folder (<file>.tmp<pid>).
void remove_stale_temporaries(const std::string& out_dir);

// A batch without --seed or $SCANLAB_GRADER_SEED keeps its seed in <out>/.scanlab-seed, so that
// a re-run grades with the same inputs (and can skip what is done). Creates it when absent.
bool batch_seed(const std::string& out_dir, std::uint64_t& seed, std::string& error);

}  // namespace scanlab::grader
