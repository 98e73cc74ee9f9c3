// Unit tests of the sweep of killed graders' scratch folders (grader/src/run/stale_scratch.h): it
// removes a folder only when its owner file names a process of this pid namespace that is gone.
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "scanlab_catch.hpp"
#include "run/stale_scratch.h"

using namespace scanlab::grader;
namespace fs = std::filesystem;

namespace {

fs::path fresh_parent() {
  std::random_device rd;
  const fs::path p = fs::temp_directory_path() /
                     ("scanlab-test-scratch-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

// A pid that belonged to a process of this namespace and is free now: a child that has exited.
long dead_pid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}

std::string this_namespace() { return fs::read_symlink("/proc/self/ns/pid").string(); }

void owned_folder(const fs::path& folder, const std::string& owner_text) {
  fs::create_directories(folder / "3-lab1-naive");
  std::ofstream(folder / "3-lab1-naive" / "case0.status") << "partial results";
  if (!owner_text.empty()) std::ofstream(folder / "owner") << owner_text << '\n';
}

}  // namespace

TEST_CASE("the scratch sweep removes only folders of graders that are gone", "[grader][scratch]") {
  if (!fs::exists("/proc/self/ns/pid")) {
    WARN("no /proc/self/ns/pid here: the sweep leaves every folder alone");
    return;
  }
  const fs::path parent = fresh_parent();
  const std::string ns = this_namespace();
  const long gone = dead_pid();
  owned_folder(parent / "scanlab-grade-dead-1", std::to_string(gone) + " " + ns);
  owned_folder(parent / "scanlab-grade-alive-1", std::to_string(::getppid()) + " " + ns);
  owned_folder(parent / "scanlab-grade-mine-1", std::to_string(::getpid()) + " " + ns);
  owned_folder(parent / "scanlab-grade-other-namespace-1", std::to_string(gone) + " pid:[1]");
  owned_folder(parent / "scanlab-grade-no-owner-1", "");
  owned_folder(parent / "not-a-grader-folder", std::to_string(gone) + " " + ns);

  CHECK(remove_stale_scratch(parent.string()) == 1);
  CHECK_FALSE(fs::exists(parent / "scanlab-grade-dead-1"));
  CHECK(fs::exists(parent / "scanlab-grade-alive-1" / "3-lab1-naive" / "case0.status"));
  CHECK(fs::exists(parent / "scanlab-grade-mine-1" / "3-lab1-naive" / "case0.status"));
  CHECK(fs::exists(parent / "scanlab-grade-other-namespace-1"));
  CHECK(fs::exists(parent / "scanlab-grade-no-owner-1"));
  CHECK(fs::exists(parent / "not-a-grader-folder"));
  fs::remove_all(parent);
}

TEST_CASE("a claimed scratch folder names this process and survives the sweep", "[grader][scratch]") {
  if (!fs::exists("/proc/self/ns/pid")) {
    WARN("no /proc/self/ns/pid here: the sweep leaves every folder alone");
    return;
  }
  const fs::path parent = fresh_parent();
  const std::string folder = scratch_folder(parent.string(), 1515);
  CHECK(folder == (parent / ("scanlab-grade-" + std::to_string(::getpid()) + "-1515")).string());
  claim_scratch_folder(folder);
  std::ifstream owner(fs::path(folder) / "owner");
  long pid = 0;
  std::string ns;
  owner >> pid >> ns;
  CHECK(pid == ::getpid());
  CHECK(ns == this_namespace());
  CHECK(remove_stale_scratch(parent.string()) == 0);
  CHECK(fs::exists(folder));
  fs::remove_all(parent);
}
