// Rewrites the text of one file (the .cu itself or an inlined .cuh), recursing into the .cuh
// headers it includes. State shared by the whole output lives in Session.
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "rewriter.h"

namespace scanlab::rewriter {

struct Session {
  const Options& options;
  std::set<std::string> pragma_once_files;  // identities of headers that said #pragma once
  std::vector<std::string> include_stack;   // identities of the files being rewritten
  std::vector<std::string> dependencies;    // inlined headers, in order of first inclusion
  std::vector<Diagnostic> errors;
  std::vector<Diagnostic> warnings;
};

struct UnitInfo {
  std::string diagnostic_path;          // how diagnostics name the file
  std::filesystem::path absolute_path;  // how #line names it; its directory anchors includes
  std::string identity;                 // file_identity(), for #pragma once
  bool is_header = false;               // an inlined .cuh (its #pragma once is dropped)
};

// The rewritten text of `source`, without the prologue. Errors go to session.errors.
std::string rewrite_unit(Session& session, std::string_view source, const UnitInfo& unit);

}  // namespace scanlab::rewriter
