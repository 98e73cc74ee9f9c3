// scanlab: the course's command. `scanlab grade` is the autograder (grade_command.h); any other
// `scanlab X` runs the executable scanlab-X next to this one (git-style), so that separately built
// tools (scanlab-bench, scanlab-release, ...) appear as subcommands.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "command/grade_command.h"
#include "command/grade_options.h"
#include "command/grader_config.h"
#include "platforms/handoff.h"

namespace fs = std::filesystem;
using namespace scanlab::grader;

namespace {

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

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && argv[1][0] != '-' && std::string(argv[1]) != "grade") dispatch(argv[1], argc, argv);
  std::string extra;
  for (const std::string& c : external_commands()) extra += " " + c;
  grade_options options;
  const int rc = parse_grade_options(
      argc, argv, "Other commands (scanlab-<name> next to this executable):" + (extra.empty() ? std::string(" none") : extra),
      options);
  if (rc >= 0) return rc;
  guard_inherited_descriptors(handoff_descriptor(options.results_path) >= 0 ||
                              handoff_descriptor(options.prairielearn_path) >= 0 ||
                              handoff_descriptor(options.markdown_path) >= 0 || handoff_descriptor(options.junit_path) >= 0);
  return grade_command(options);
}
