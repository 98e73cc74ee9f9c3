// Tracks whether the scan is inside a function (or lambda) body, where __shared__ is legal,
// or at namespace/class scope, where the CPU backend cannot support it.
#pragma once

#include <cstddef>
#include <vector>

#include "token_stream.h"

namespace scanlab::rewriter {

enum class ScopeKind {
  function_body,  // function, lambda, and every block nested inside them
  declarations,   // namespace, extern "C" { }, struct/class/union/enum bodies
};

// Heuristic classification of the '{' at `brace` (a code token) opened at namespace or class
// scope, from the declaration head before it.
ScopeKind classify_brace(const TokenStream& ts, std::size_t brace);

class ScopeTracker {
 public:
  void open(const TokenStream& ts, std::size_t brace);
  void close();
  bool in_function_body() const;

 private:
  std::vector<ScopeKind> stack_;
};

}  // namespace scanlab::rewriter
