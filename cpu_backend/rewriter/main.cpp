// scanlab-cu2cpp INPUT.cu -o OUTPUT.cpp [--depfile OUT.d] [-I dir]... [--check-alignment]
// Rewrites a CUDA source for the CPU backend. Exit status: 0 on success (warnings, as nvcc's, are
// reported as "file:line:col: warning: message"), 1 on rewrite errors (reported as
// "file:line:col: error: message"), 2 on bad usage or I/O failure.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rewriter.h"

namespace {

namespace fs = std::filesystem;
namespace rw = scanlab::rewriter;

constexpr const char* kUsage =
    "usage: scanlab-cu2cpp INPUT.cu -o OUTPUT.cpp [--depfile OUT.d] [-I dir]... [--check-alignment]\n";

struct CommandLine {
  std::string input;
  std::string output;
  std::string depfile;
  rw::Options options;
};

// Accepts both "-o X" and "-oX", "--depfile X" and "--depfile=X", "-I X" and "-IX".
std::optional<CommandLine> parse_command_line(int argc, char** argv) {
  CommandLine cl;
  cl.options.device_arithmetic = true;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    auto value = [&](std::string_view flag) -> std::optional<std::string> {
      if (arg == flag) {
        if (i + 1 >= argc) return std::nullopt;
        return std::string(argv[++i]);
      }
      std::string_view rest = arg.substr(flag.size());
      if (!rest.empty() && rest.front() == '=' && flag.starts_with("--")) rest.remove_prefix(1);
      return std::string(rest);
    };
    std::optional<std::string> v;
    if (arg == "--check-alignment") {
      cl.options.check_alignment = true;
    } else if (arg.starts_with("--depfile")) {
      if (!(v = value("--depfile"))) return std::nullopt;
      cl.depfile = *v;
    } else if (arg.starts_with("-o")) {
      if (!(v = value("-o"))) return std::nullopt;
      cl.output = *v;
    } else if (arg.starts_with("-I")) {
      if (!(v = value("-I"))) return std::nullopt;
      cl.options.include_dirs.push_back(*v);
    } else if (arg.starts_with("-") || !cl.input.empty()) {
      std::cerr << "scanlab-cu2cpp: unexpected argument '" << arg << "'\n";
      return std::nullopt;
    } else {
      cl.input = std::string(arg);
    }
  }
  if (cl.input.empty() || cl.output.empty()) return std::nullopt;
  return cl;
}

bool write_file(const std::string& path, const std::string& text) {
  std::error_code ec;
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty()) fs::create_directories(parent, ec);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) std::cerr << "scanlab-cu2cpp: cannot write '" << path << "'\n";
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  const std::optional<CommandLine> cl = parse_command_line(argc, argv);
  if (!cl) {
    std::cerr << kUsage;
    return 2;
  }

  const rw::Result result = rw::rewrite_file(cl->input, cl->options);
  for (const rw::Diagnostic& d : result.warnings) std::cerr << rw::format_diagnostic(d) << '\n';
  for (const rw::Diagnostic& d : result.errors) std::cerr << rw::format_diagnostic(d) << '\n';
  if (!result.ok()) return 1;

  if (!write_file(cl->output, result.text)) return 2;
  if (!cl->depfile.empty()) {
    const std::string input = fs::absolute(cl->input).lexically_normal().string();
    if (!write_file(cl->depfile, rw::make_depfile(cl->output, input, result.dependencies)))
      return 2;
  }
  return 0;
}
