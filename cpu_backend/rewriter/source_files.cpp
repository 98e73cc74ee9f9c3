#include "source_files.h"

#include <fstream>
#include <sstream>
#include <system_error>

namespace scanlab::rewriter {

namespace fs = std::filesystem;

std::optional<std::string> read_text_file(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

fs::path display_absolute(const fs::path& path) {
  std::error_code ec;
  fs::path absolute = fs::absolute(path, ec);
  return (ec ? path : absolute).lexically_normal();
}

std::string file_identity(const fs::path& path) {
  std::error_code ec;
  fs::path canonical = fs::weakly_canonical(path, ec);
  return (ec ? display_absolute(path) : canonical).string();
}

std::optional<fs::path> find_include(const std::string& spelled, const fs::path& including_dir,
                                     const std::vector<std::string>& include_dirs) {
  std::error_code ec;
  const fs::path relative(spelled);
  if (relative.is_absolute()) {
    if (fs::is_regular_file(relative, ec)) return relative;
    return std::nullopt;
  }
  if (fs::is_regular_file(including_dir / relative, ec)) return including_dir / relative;
  for (const std::string& dir : include_dirs)
    if (fs::is_regular_file(fs::path(dir) / relative, ec)) return fs::path(dir) / relative;
  return std::nullopt;
}

std::string escape_for_string_literal(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out;
}

std::string line_directive(int line, const fs::path& file) {
  return "#line " + std::to_string(line) + " \"" + escape_for_string_literal(file.string()) + "\"";
}

}  // namespace scanlab::rewriter
