// Rewrites one `__shared__` declaration (static or `extern` dynamic) found inside a function
// body into the shared_slot / dynamic_shared form the CPU runtime provides.
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

// `shared` is the index of a `__shared__` code token.
SharedRewrite rewrite_shared(const TokenStream& ts, std::size_t shared);

}  // namespace scanlab::rewriter
