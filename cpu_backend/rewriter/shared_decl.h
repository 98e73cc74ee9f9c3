// Rewrites one `__shared__` declaration (static or `extern` dynamic) into the shared_slot /
// dynamic_shared form the CPU runtime provides (inside a function body), or into the
// namespace_shared_array / dynamic_shared_array views (at namespace scope).
#pragma once

#include <cstddef>
#include <string>

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

// `shared` is the index of a `__shared__` code token. At namespace scope (valid CUDA: every kernel
// of the file sees the variable) arrays become per-block views; a scalar there is an error.
SharedRewrite rewrite_shared(const TokenStream& ts, std::size_t shared, bool at_namespace_scope = false);

}  // namespace scanlab::rewriter
