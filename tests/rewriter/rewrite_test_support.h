// Shared helpers for the rewriter tests: rewrite a snippet and get the text after the prologue,
// collect formatted errors, and build throwaway source trees for the .cuh inlining tests.
#pragma once

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

#include "rewriter.h"
#include "scanlab_catch.hpp"

namespace rewriter_test {

namespace fs = std::filesystem;
namespace rw = scanlab::rewriter;

// Every snippet pretends to come from this file, so expected outputs can spell the path.
inline const std::string kSnippetPath = "/src/kernel.cu";
inline const std::string kSnippetPrologue =
    "#include <scanlab/cpu/prelude.h>\n#line 1 \"/src/kernel.cu\"\n";

inline std::string joined_errors(const rw::Result& result) {
  std::string out;
  for (const rw::Diagnostic& d : result.errors) out += rw::format_diagnostic(d) + "\n";
  return out;
}

// The rewritten snippet without its two-line prologue; the test fails on any rewrite error.
inline std::string rewritten(std::string_view source, const rw::Options& options = {}) {
  const rw::Result result = rw::rewrite_source(source, kSnippetPath, options);
  INFO(joined_errors(result));
  REQUIRE(result.errors.empty());
  REQUIRE(result.text.substr(0, kSnippetPrologue.size()) == kSnippetPrologue);
  return result.text.substr(kSnippetPrologue.size());
}

// The rewrite errors of a snippet, formatted as the CLI prints them.
inline std::vector<std::string> rewrite_errors(std::string_view source) {
  const rw::Result result = rw::rewrite_source(source, kSnippetPath, {});
  std::vector<std::string> out;
  for (const rw::Diagnostic& d : result.errors) out.push_back(rw::format_diagnostic(d));
  return out;
}

inline long newline_count(std::string_view text) {
  return static_cast<long>(std::count(text.begin(), text.end(), '\n'));
}

// A fresh directory under the system temp dir, deleted with everything in it at scope exit.
class TempTree {
 public:
  TempTree() {
    static std::atomic<int> counter{0};
    root_ = fs::temp_directory_path() /
            ("scanlab_rewriter_test_" + std::to_string(::getpid()) + "_" +
             std::to_string(counter++));
    root_ = root_.lexically_normal();
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  ~TempTree() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;

  // Writes `text` to root/relative (creating directories) and returns the absolute path.
  std::string write(const std::string& relative, std::string_view text) const {
    const fs::path path = root_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }
  std::string path(const std::string& relative) const { return (root_ / relative).string(); }

 private:
  fs::path root_;
};

}  // namespace rewriter_test
