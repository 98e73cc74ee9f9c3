// scanlab-dataset: writes a dataset (input.npy, expected.npy, meta.json) for a lab, or with --all
// the lab's standard set. The format and how to use a dataset: datasets/README.md.
#include <filesystem>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "scanlab/core/dataset_format.h"
#include "generate.h"
#include "scanlab/core/inputs.h"
#include "scanlab/core/lab_registry.h"

namespace {

namespace fs = std::filesystem;
using namespace scanlab;

// The student's CPU check next to this executable, as the user can type it from here.
std::string check_command(const core::lab_spec& lab, const std::string& dir) {
  std::error_code ec;
  fs::path check = fs::read_symlink("/proc/self/exe", ec).parent_path() / (lab.name + "-check-student-cpu");
  if (ec) check = lab.name + "-check-student-cpu";
  const fs::path relative = check.lexically_relative(fs::current_path(ec));
  if (!ec && !relative.empty() && *relative.begin() != "..") check = relative;
  return fmt::format("{} --dataset {}", check.string(), dir);
}

// The largest small-integers dataset of a standard set (it comes first, sizes increasing).
std::string example_subdir(const std::vector<datasets::standard_entry>& set) {
  std::string subdir;
  for (const auto& entry : set)
    if (entry.what.distribution == core::data_kind::small_integers) subdir = entry.subdir;
  return subdir;
}

void list_labs() {
  for (const core::lab_entry& entry : core::known_labs()) {
    const core::lab_spec& lab = entry.spec;
    fmt::print("{:>2}  {:<20} {}{}\n", lab.id, lab.name, core::output_kind_name(lab.output),
               lab.section_size != 0 ? fmt::format(" (sections of {})", lab.section_size) : "");
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string lab_text, dist = "small-integers", out;
  std::uint64_t n = 0, seed = 1;
  bool all = false, list = false, quiet = false;

  std::vector<std::string> dist_names;
  for (core::data_kind kind : core::all_data_kinds()) dist_names.emplace_back(core::distribution_name(kind));

  CLI::App app{"Writes a scanlab dataset: DIR/input.npy (float32), DIR/expected.npy (the fp64 reference scan) and "
               "DIR/meta.json. Check a scan on it with <lab>-check-<variant>-<backend> --dataset DIR."};
  app.add_option("--lab", lab_text, "the lab: its number or name (--list-labs shows them)");
  auto* n_option = app.add_option("--n", n, "number of elements")->check(CLI::Range(0ull, 0xffffffffull));
  auto* dist_option = app.add_option("--dist", dist, fmt::format("distribution: {}", fmt::join(dist_names, ", ")))
                          ->check(CLI::IsMember(dist_names))
                          ->capture_default_str();
  app.add_option("--seed", seed, "seed: the same seed writes the same bytes")->capture_default_str();
  app.add_option("--out", out, "output directory (created; files in it are replaced)");
  app.add_flag("--all", all, "write the lab's standard set: every distribution at every edge size, in OUT/<dist>-<n>/")
      ->excludes(n_option)
      ->excludes(dist_option);
  app.add_flag("--list-labs", list, "list the labs and exit");
  app.add_flag("--quiet,-q", quiet, "print nothing but errors");
  CLI11_PARSE(app, argc, argv);

  if (list) {
    list_labs();
    return 0;
  }
  if (lab_text.empty() || out.empty() || (!all && !*n_option)) {
    fmt::print(stderr, "scanlab-dataset: needs --lab, --out and either --n or --all (see --help)\n");
    return 2;
  }
  const core::lab_entry* entry = core::find_lab(lab_text);
  if (!entry) {
    fmt::print(stderr, "scanlab-dataset: there is no lab '{}'. The labs:\n", lab_text);
    list_labs();
    return 2;
  }
  const core::lab_spec& lab = entry->spec;

  try {
    if (!all) {
      datasets::request r{lab, n, {}, seed};
      core::parse_data_kind(dist.c_str(), r.distribution);
      datasets::write_dataset(out, r);
      if (!quiet)
        fmt::print("wrote {} for lab {} ({}): n = {}, {}, seed {}\nrun a scan on it: {}\n", out, lab.id, lab.name, n,
                   dist, seed, check_command(lab, out));
      return 0;
    }
    const auto set = datasets::standard_set(lab, seed);
    for (const auto& item : set) datasets::write_dataset(datasets::file_in(out, item.subdir.c_str()), item.what);
    if (!quiet)
      fmt::print("wrote {} datasets for lab {} ({}) into {}/<distribution>-<n>/, seed {}\nrun a scan on one: {}\n",
                 set.size(), lab.id, lab.name, out, seed,
                 check_command(lab, datasets::file_in(out, example_subdir(set).c_str())));
  } catch (const datasets::error& e) {
    fmt::print(stderr, "scanlab-dataset: {}\n", e.what());
    return 1;
  }
  return 0;
}
