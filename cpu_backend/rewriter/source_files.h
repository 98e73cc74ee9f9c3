// File-system helpers for the rewriter: reading sources, finding quoted .cuh includes, and
// spelling paths for #line directives.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scanlab::rewriter {

std::optional<std::string> read_text_file(const std::filesystem::path& path);

// Absolute and lexically normalized, but with symlinks kept, so #line shows the path the user
// knows.
std::filesystem::path display_absolute(const std::filesystem::path& path);

// Identity of a file for #pragma once: the same file reached through different spellings or
// symlinks gets the same key.
std::string file_identity(const std::filesystem::path& path);

// Resolves `#include "spelled"`: next to the including file first, then in each include dir.
std::optional<std::filesystem::path> find_include(const std::string& spelled,
                                                  const std::filesystem::path& including_dir,
                                                  const std::vector<std::string>& include_dirs);

// `text` as the body of a C string literal: backslashes and double quotes escaped.
std::string escape_for_string_literal(std::string_view text);

// `#line N "path"` for an absolute path.
std::string line_directive(int line, const std::filesystem::path& file);

}  // namespace scanlab::rewriter
