#include "scope_tracker.h"

#include <algorithm>
#include <string_view>

namespace scanlab::rewriter {
namespace {

// Significant code tokens of the declaration head before `brace`: everything back to the
// previous ';', '{' or '}' (bracketed groups are stepped over whole). A brace in a #define body
// looks only within `code`, that body.
std::vector<std::size_t> declaration_head(const TokenStream& ts, std::size_t brace, const Region& code) {
  std::size_t start = brace;
  std::size_t j = ts.prev(code, brace - 1);
  while (j != npos) {
    const std::string_view s = ts.str(j);
    if (s == ";" || s == "{" || s == "}" || s == "(" || s == "[") break;
    if (s == ")" || s == "]") {
      const std::size_t m = ts.match_backward(code, j);
      if (m == npos) break;
      j = m;
    }
    start = j;
    j = ts.prev(code, j - 1);
  }
  std::vector<std::size_t> head;
  for (std::size_t i = start; i < brace; ++i)
    if (!ts.skipped(code, i)) head.push_back(i);
  return head;
}

// Index into `head` of the first element after token `last`.
std::size_t after_token(const std::vector<std::size_t>& head, std::size_t last) {
  return static_cast<std::size_t>(std::upper_bound(head.begin(), head.end(), last) - head.begin());
}

// Position in `head` of the first token that says what kind of entity is declared, past
// template headers, attributes, typedef, export and access specifiers.
std::size_t skip_prefixes(const TokenStream& ts, const std::vector<std::size_t>& head,
                          std::size_t brace, const Region& code) {
  std::size_t k = 0;
  while (k < head.size()) {
    const std::string_view s = ts.str(head[k]);
    if (s == "template" && k + 1 < head.size() && ts.is(head[k + 1], "<")) {
      const std::size_t gt = ts.match_angle_forward(code, head[k + 1], brace);
      if (gt == npos) return k;
      k = after_token(head, gt);
    } else if (s == "[" && k + 1 < head.size() && ts.is(head[k + 1], "[")) {
      const std::size_t close = ts.match_forward(code, head[k]);
      if (close == npos) return k;
      k = after_token(head, close);
    } else if (s == "typedef" || s == "export") {
      ++k;
    } else if ((s == "public" || s == "private" || s == "protected") && k + 1 < head.size() &&
               ts.is(head[k + 1], ":")) {
      k += 2;
    } else {
      return k;
    }
  }
  return k;
}

// Does a class head contain a call-like "(...)" that betrays a function returning a class type
// (`struct S make() {`)? Parentheses of __align__, alignas and friends do not count.
bool has_function_parameters(const TokenStream& ts, const std::vector<std::size_t>& head,
                             std::size_t k, const Region& code) {
  for (; k < head.size(); ++k) {
    if (!ts.is(head[k], "(")) continue;
    const std::string_view before = k > 0 ? ts.str(head[k - 1]) : std::string_view{};
    if (before != "__align__" && before != "alignas" && before != "__attribute__" &&
        before != "__declspec" && before != "decltype" && before != "sizeof" && before != "alignof")
      return true;
    const std::size_t close = ts.match_forward(code, head[k]);
    if (close == npos) return false;
    k = after_token(head, close) - 1;
  }
  return false;
}

}  // namespace

ScopeKind classify_brace(const TokenStream& ts, std::size_t brace) { return classify_brace(ts, brace, ts.region_of(brace)); }

ScopeKind classify_brace(const TokenStream& ts, std::size_t brace, const Region& code) {
  const std::vector<std::size_t> head = declaration_head(ts, brace, code);
  const std::size_t k = skip_prefixes(ts, head, brace, code);
  if (k >= head.size()) return ScopeKind::function_body;
  const std::string_view first = ts.str(head[k]);
  const bool has_next = k + 1 < head.size();
  if (first == "namespace") return ScopeKind::declarations;
  if (first == "inline" && has_next && ts.is(head[k + 1], "namespace"))
    return ScopeKind::declarations;
  if (first == "extern" && head.size() == k + 2 && ts[head[k + 1]].kind == TokenKind::string)
    return ScopeKind::declarations;  // extern "C" { ... }
  if (first == "struct" || first == "class" || first == "union" || first == "enum")
    return has_function_parameters(ts, head, k + 1, code) ? ScopeKind::function_body
                                                    : ScopeKind::class_body;
  return ScopeKind::function_body;
}

bool opens_nested_callable(const TokenStream& ts, std::size_t brace) {
  return opens_nested_callable(ts, brace, ts.region_of(brace));
}

bool opens_nested_callable(const TokenStream& ts, std::size_t brace, const Region& code) {
  const std::vector<std::size_t> head = declaration_head(ts, brace, code);
  for (std::size_t k = 0; k < head.size(); ++k) {
    const std::string_view s = ts.str(head[k]);
    if (s == "struct" || s == "class" || s == "union") return true;
    if (s != "[") continue;
    // A lambda's introducer follows an operator, a '(' or ',' or the statement's start; a
    // subscript follows what it indexes (a name, a literal, ')' or ']'); `[[` is an attribute.
    if (k + 1 < head.size() && ts.is(head[k + 1], "[")) continue;
    if (k == 0) return true;
    const Token& before = ts[head[k - 1]];
    const std::string_view b = ts.str(head[k - 1]);
    const bool indexes = before.kind == TokenKind::identifier || before.kind == TokenKind::number ||
                         before.kind == TokenKind::string || b == ")" || b == "]";
    if (!indexes || b == "return") return true;
  }
  return false;
}

void ScopeTracker::open(const TokenStream& ts, std::size_t brace) { open(ts, brace, ts.region_of(brace)); }

void ScopeTracker::open(const TokenStream& ts, std::size_t brace, const Region& code) {
  if (in_function_body()) {
    stack_.push_back(ScopeKind::function_body);
    if (in_outer_function() && nested_depth_ == 0 && opens_nested_callable(ts, brace, code)) nested_depth_ = stack_.size();
    return;
  }
  const bool at_namespace_scope =
      std::all_of(stack_.begin(), stack_.end(), [](ScopeKind k) { return k == ScopeKind::declarations; });
  stack_.push_back(classify_brace(ts, brace, code));
  if (stack_.back() == ScopeKind::function_body) {  // a function's body (or an initializer's braces)
    std::vector<std::size_t> head = declaration_head(ts, brace, code);
    const bool is_kernel = std::any_of(head.begin(), head.end(), [&](std::size_t t) { return ts.is(t, "__global__"); });
    const bool is_template = std::any_of(head.begin(), head.end(), [&](std::size_t t) { return ts.is(t, "template"); });
    function_depth_ = stack_.size();
    function_is_kernel_ = is_kernel;
    kernel_at_namespace_scope_ = is_kernel && at_namespace_scope && !is_template;
    function_head_ = std::move(head);
  }
}

void ScopeTracker::close() { close_ends_namespace_kernel(); }

bool ScopeTracker::close_ends_namespace_kernel() {
  if (!stack_.empty()) stack_.pop_back();
  if (nested_depth_ > stack_.size()) nested_depth_ = 0;
  if (function_depth_ == 0 || stack_.size() >= function_depth_) return false;
  function_depth_ = 0;
  const bool was_kernel = function_is_kernel_;
  function_is_kernel_ = false;
  return was_kernel && kernel_at_namespace_scope_;
}

bool ScopeTracker::in_function_body() const {
  return !stack_.empty() && stack_.back() == ScopeKind::function_body;
}

}  // namespace scanlab::rewriter
