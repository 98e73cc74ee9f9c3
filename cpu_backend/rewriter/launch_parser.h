// Recognizes the pieces of a CUDA kernel launch `KERNEL<<<CONFIG>>>(ARGS)` around a "<<<".
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "token_stream.h"

namespace scanlab::rewriter {

struct TokenRange {
  std::size_t begin;
  std::size_t end;  // exclusive
};

struct LaunchSite {
  TokenRange kernel;               // the kernel expression, first to last significant token
  std::size_t open_angles;         // first '<' of "<<<"
  std::size_t close_angles;        // first '>' of ">>>"
  std::vector<TokenRange> config;  // 1 to 4 arguments, split at top-level commas
  std::size_t open_paren;          // '(' of the kernel arguments
  std::size_t close_paren;         // matching ')'
  std::vector<TokenRange> args;    // the kernel arguments, split at top-level commas (one empty
                                   // range when there are none)
};

struct LaunchParse {
  bool ok = false;
  LaunchSite site{};
  std::string error;  // why not, when !ok; reported at the "<<<"
};

// True when tokens i, i+1, i+2 are '<' with nothing between them.
bool is_triple_angle(const TokenStream& ts, std::size_t i, std::string_view angle);

// Parses the launch whose "<<<" starts at token `open`, without leaving region `r`.
LaunchParse parse_launch(const TokenStream& ts, const Region& r, std::size_t open);

}  // namespace scanlab::rewriter
