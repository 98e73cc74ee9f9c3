// `return;` in a function that returns a value. nvcc's front end accepts it with warning #117-D
// (non-void function "f" should return a value) wherever its own output then compiles:
//   * in main, which it writes out as `return 0;` (C++ main returns 0 when it runs off its end);
//   * in a __device__ function, whose host copy it leaves out (on the GPU the value is unspecified).
// In any other function the host compiler gets `return;` as written and refuses it, so nvcc's build
// fails there, and the CPU backend's too (the statement is left alone).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "token_stream.h"

namespace scanlab::rewriter {

enum class BareReturn {
  as_written,         // a void function's, or one the host compiler must refuse as nvcc's does
  returns_zero,       // main's: `return 0;`
  unspecified_value,  // a __device__ function's: a value of the return type (zero), since any will do
};

struct BareReturnRule {
  BareReturn kind = BareReturn::as_written;
  std::string function;  // the function's name, for the warning
};

// What a `return;` in the body of the function declared by `head` (its declaration's significant
// tokens, as ScopeTracker::function_head gives them) becomes.
BareReturnRule bare_return_rule(const TokenStream& ts, const std::vector<std::size_t>& head);

// nvcc's warning, as its front end words it.
std::string bare_return_warning(const std::string& function);

}  // namespace scanlab::rewriter
