// Tracks whether the scan is inside a function (or lambda) body, where __shared__ is legal,
// or at namespace/class scope, where the CPU backend cannot support it.
#pragma once

#include <cstddef>
#include <vector>

#include "token_stream.h"

namespace scanlab::rewriter {

enum class ScopeKind {
  function_body,  // function, lambda, and every block nested inside them
  declarations,   // namespace, extern "C" { }
  class_body,     // struct/class/union/enum bodies
};

// Heuristic classification of the '{' at `brace` (a code token) opened at namespace or class
// scope, from the declaration head before it.
ScopeKind classify_brace(const TokenStream& ts, std::size_t brace);
// The same for a brace whose declaration head is read only within `code` (a #define body).
ScopeKind classify_brace(const TokenStream& ts, std::size_t brace, const Region& code);

// Does the '{' at `brace`, inside a function body, open a lambda's body or a local class rather
// than a statement block?
bool opens_nested_callable(const TokenStream& ts, std::size_t brace);
bool opens_nested_callable(const TokenStream& ts, std::size_t brace, const Region& code);

class ScopeTracker {
 public:
  void open(const TokenStream& ts, std::size_t brace);
  // A brace in a #define body: its declaration head is read only within `code`, that body.
  void open(const TokenStream& ts, std::size_t brace, const Region& code);
  void close();
  bool in_function_body() const;
  // Inside the body of a function defined at namespace or class scope (not of a lambda or local
  // class defined in it): a `return` here is that function's, whose declaration head is function_head().
  bool in_function_own_body() const { return in_outer_function() && nested_depth_ == 0; }
  const std::vector<std::size_t>& function_head() const { return function_head_; }
  // Inside the body of a __global__ function (a launch there is dynamic parallelism).
  bool in_kernel_body() const { return function_is_kernel_ && in_outer_function(); }
  // Inside a kernel's body but not in a lambda or local class defined there: a `return` here
  // ends the CUDA thread.
  bool in_kernel_own_body() const { return in_kernel_body() && nested_depth_ == 0; }
  // Closes the innermost scope; true when that was the body of a non-template kernel defined at
  // namespace scope, whose declaration head is then kernel_head().
  bool close_ends_namespace_kernel();
  const std::vector<std::size_t>& kernel_head() const { return function_head_; }

 private:
  bool in_outer_function() const { return function_depth_ > 0 && stack_.size() >= function_depth_; }

  std::vector<ScopeKind> stack_;
  std::size_t function_depth_ = 0;  // stack size once the outermost function body opened; 0 if none
  std::size_t nested_depth_ = 0;    // stack size once a lambda or local class in it opened; 0 if none
  bool function_is_kernel_ = false;
  bool kernel_at_namespace_scope_ = false;
  std::vector<std::size_t> function_head_;
};

}  // namespace scanlab::rewriter
