// Rewrites one `__shared__` declaration (static or `extern` dynamic) into the shared_slot /
// dynamic_shared form the CPU runtime provides (inside a function body), or into the
// namespace_shared_array / dynamic_shared_array views (at namespace scope).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "launch_parser.h"
#include "token_stream.h"

namespace scanlab::rewriter {

struct SharedRewrite {
  bool ok = false;
  TokenRange replaced{};  // the whole declaration, through its ';'
  std::string text;       // its replacement: one line, then as many newlines as it spanned
  std::size_t error_token = 0;
  std::string error;
  std::size_t resume = 0;  // token to continue scanning from
};

// A `__shared__` in a #define body: the body's tokens (after the macro's name and parameters), the
// parameters' names, and whether the declaration is guarded to a function body (one at the body's
// top level, whose scope only the macro's expansion decides).
struct MacroBody {
  Region body{};
  std::vector<std::string> parameters;
  bool function_body_guard = false;
};

// `shared` is the index of a `__shared__` code token. At namespace scope (valid CUDA: every kernel
// of the file sees the variable) arrays become per-block views; a scalar there is an error.
// With `macro`, the token is in that #define body: the declaration must end there, the variable's
// name may be a macro parameter, and the replacement keeps the directive's line splices.
SharedRewrite rewrite_shared(const TokenStream& ts, std::size_t shared, bool at_namespace_scope = false,
                             const MacroBody* macro = nullptr);

}  // namespace scanlab::rewriter
