// Every lab's stub (labs/<name>/scan.cu as handed out) fails its check cleanly on one backend
// (SCANLAB_STUB_BACKEND: cpu, or gpu, whose tests exit with 77 -- skipped -- without a GPU): the
// check executable ends with status 1, n = 0 passes (nothing to write) and every other case
// reports "output never written" - no crash, hang or sanitizer report, and no case lost.
//
// SCANLAB_STUB_CHECKS lists the student checks as "<lab id>=<executable>|<lab id>=<executable>...".
#include <sys/wait.h>

#include <array>
#include <cstdlib>
#include <cstdio>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "scanlab_catch.hpp"

#ifndef SCANLAB_STUB_CHECKS
#error "SCANLAB_STUB_CHECKS: the student check executables, see tests/labs/CMakeLists.txt"
#endif
#ifndef SCANLAB_STUB_BACKEND
#define SCANLAB_STUB_BACKEND "cpu"
#endif

namespace {

struct stub_check {
  std::string lab;  // "lab3"
  std::string executable;
};

std::vector<stub_check> parse_stub_checks(const std::string& list) {
  std::vector<stub_check> checks;
  std::stringstream in(list);
  std::string item;
  while (std::getline(in, item, '|')) {
    const auto eq = item.find('=');
    if (eq != std::string::npos) checks.push_back({"lab" + item.substr(0, eq), item.substr(eq + 1)});
  }
  return checks;
}

const std::vector<stub_check>& stub_checks() {
  static const std::vector<stub_check> checks = parse_stub_checks(SCANLAB_STUB_CHECKS);
  return checks;
}

struct run_result {
  int status = -1;  // exit status, or -1 when the process did not exit normally
  std::string output;
};

run_result run(const std::string& executable) {
  run_result r;
  // The default schedule, whatever the calling shell asks for.
  const std::string command = "env -u SCANLAB_THREAD_ORDER -u SCANLAB_BLOCK_ORDER -u SCANLAB_SEED "
                              "-u SCANLAB_WATCHDOG_SECONDS '" + executable + "' --color never 2>&1";
  std::FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buffer;
  std::size_t got;
  while ((got = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.output.append(buffer.data(), got);
  const int wait_status = pclose(pipe);
  if (wait_status != -1 && WIFEXITED(wait_status)) r.status = WEXITSTATUS(wait_status);
  return r;
}

void check_stub(const stub_check& stub) {
  const run_result r = run(stub.executable);
  INFO("$ " << stub.executable << "\n" << r.output);
  CHECK(r.status == 1);

  // "  checks the inclusive scan of each 1024-element section, 19 cases"
  const std::size_t header = r.output.find("\n  checks the ");
  REQUIRE(header != std::string::npos);
  const std::size_t header_end = r.output.find('\n', header + 1);
  const std::string header_line = r.output.substr(header + 1, header_end - header - 1);
  const std::size_t count_at = header_line.rfind(", ");
  REQUIRE(count_at != std::string::npos);
  const int cases = std::atoi(header_line.c_str() + count_at + 2);
  CHECK(cases > 1);

  // "  [ 2/19] n = 1 (one element, integers, seed 1002) ... FAILED: output never written", and for a
  // later case of the same kind one line: "... FAILED: output never written: <where> (same kind as case 3)"
  int seen = 0;
  std::istringstream lines(r.output);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t close = line.find("] "), dots = line.find(" ... ");
    if (line.rfind("  [", 0) != 0 || close == std::string::npos || dots == std::string::npos || dots < close) continue;
    ++seen;
    const std::string description = line.substr(close + 2, dots - close - 2), outcome = line.substr(dots + 5);
    INFO(line);
    if (description.rfind("n = 0 ", 0) == 0)
      CHECK(outcome.rfind("passed", 0) == 0);
    else if (outcome != "FAILED: output never written")
      CHECK((outcome.rfind("FAILED: output never written: ", 0) == 0 &&
             outcome.find(" (same kind as case ") != std::string::npos));
  }
  CHECK(seen == cases);
  // The end of the report: the failures grouped by kind, then the smallest failing case to replay.
  CHECK(r.output.find("what failed:\n") != std::string::npos);
  CHECK(r.output.find(" cases: output never written, first at n = ") != std::string::npos);
  CHECK(r.output.find("start with the smallest failing case, n = 1 (one element") != std::string::npos);
  CHECK(r.output.find("(" SCANLAB_STUB_BACKEND " backend, student): 1/" + std::to_string(cases) + " cases passed\n") !=
        std::string::npos);
}

// Catch2 runs plain functions: one per lab, by its index in SCANLAB_STUB_CHECKS.
constexpr std::size_t max_labs = 32;

template <std::size_t I>
void check_stub_at() {
  check_stub(stub_checks().at(I));
}

template <std::size_t... I>
constexpr std::array<void (*)(), sizeof...(I)> stub_functions(std::index_sequence<I...>) {
  return {&check_stub_at<I>...};
}

const bool registered = [] {
  constexpr auto functions = stub_functions(std::make_index_sequence<max_labs>());
  const auto& checks = stub_checks();
  for (std::size_t i = 0; i < checks.size() && i < max_labs; ++i)
    REGISTER_TEST_CASE(functions[i], checks[i].lab + " stub: every case but n = 0 reports output never written",
                       "[stubs][" + checks[i].lab + "][" SCANLAB_STUB_BACKEND "]");
  return true;
}();

}  // namespace
