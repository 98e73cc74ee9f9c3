// Makefile-style depfiles for the build system (CMake add_custom_command(DEPFILE), Ninja).
#include "rewriter.h"

namespace scanlab::rewriter {
namespace {

// Make syntax: a space would split the path, '#' would start a comment, '$' a variable.
std::string escape_make_path(const std::string& path) {
  std::string out;
  for (char c : path) {
    if (c == ' ' || c == '#') out += '\\';
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

}  // namespace

std::string make_depfile(const std::string& target, const std::string& input,
                         const std::vector<std::string>& dependencies) {
  std::string out = escape_make_path(target) + ": " + escape_make_path(input);
  for (const std::string& dep : dependencies) out += " " + escape_make_path(dep);
  return out + "\n";
}

}  // namespace scanlab::rewriter
