// End to end: a realistic Kogge-Stone scan lab, rewritten and compared with a reviewed golden
// file, plus the line-for-line invariant every rewrite must keep.
#include <fstream>
#include <sstream>

#include "rewrite_test_support.h"

namespace rw = scanlab::rewriter;

namespace {

std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(SCANLAB_REWRITER_FIXTURE_DIR) + "/" + name, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The golden file's #line names this path, so it does not depend on the checkout location.
const std::string kLabPath = "/scanlab/labs/kogge_stone.cu";

}  // namespace

TEST_CASE("the Kogge-Stone lab rewrites to the golden output", "[roundtrip]") {
  const rw::Result result = rw::rewrite_source(read_fixture("kogge_stone.cu"), kLabPath, {});
  INFO(rewriter_test::joined_errors(result));
  REQUIRE(result.errors.empty());
  CHECK(result.text == read_fixture("kogge_stone.expected.cpp"));
}

TEST_CASE("the Kogge-Stone lab keeps every line on its line number", "[roundtrip][lines]") {
  const std::string source = read_fixture("kogge_stone.cu");
  const std::vector<std::string> in = lines_of(source);
  const std::vector<std::string> out = lines_of(rw::rewrite_source(source, kLabPath, {}).text);
  REQUIRE(out.size() == in.size() + 2);  // the prologue's two lines, nothing else
  for (std::size_t i = 0; i < in.size(); ++i) {
    const bool rewritten_line = in[i].find("<<<") != std::string::npos ||
                                in[i].find(">>>") != std::string::npos ||
                                in[i].find("__shared__") != std::string::npos ||
                                out[i + 2].find("SCANLAB_REGISTER_KERNEL") != std::string::npos;
    if (rewritten_line) continue;
    INFO("line " << i + 1);
    CHECK(out[i + 2] == in[i]);
  }
}
