#include "kernel_expression.h"

#include <array>
#include <string_view>

namespace scanlab::rewriter {
namespace {

// Words followed by a parenthesized group that is not an expression of its own: `if (c) (*fp)<<<...>>>`
// does not call `if (c)`.
bool takes_parenthesized_group(std::string_view s) {
  static constexpr std::array<std::string_view, 14> words = {
      "if",       "while",  "for",    "switch",        "catch",   "sizeof",  "alignof",
      "decltype", "noexcept", "typeid", "static_assert", "alignas", "defined", "__attribute__"};
  for (std::string_view w : words)
    if (s == w) return true;
  return false;
}

// Words an expression may follow, which are no operand themselves: `return (*fp)<<<...>>>()`.
bool precedes_expression(std::string_view s) {
  static constexpr std::array<std::string_view, 11> words = {
      "return", "case", "else", "do", "new", "delete", "throw", "co_return", "co_await", "co_yield", "goto"};
  for (std::string_view w : words)
    if (s == w) return true;
  return false;
}

bool is_statement_keyword(std::string_view s) { return takes_parenthesized_group(s) || precedes_expression(s); }

bool is_name_token(const TokenStream& ts, std::size_t i) {
  return ts[i].kind == TokenKind::identifier && !is_statement_keyword(ts.str(i));
}

// First token of the (qualified, templated) name ending at `last`: `name`, `a::b::name`, `::name`,
// `name<T, N>`, `ns::name<T>::inner`, `ns::template name<T>`, `pre##name` inside macros.
std::size_t name_start(const TokenStream& ts, const Region& r, std::size_t last) {
  std::size_t j = last;
  for (;;) {
    if (ts.is(j, ">")) {
      const std::size_t lt = ts.match_angle_backward(r, j);
      if (lt == npos) return npos;
      j = ts.prev(r, lt - 1);
    }
    if (j == npos || !is_name_token(ts, j)) return npos;
    std::size_t first = j;
    std::size_t sep = ts.prev(r, j - 1);
    if (sep != npos && ts.is(sep, "template")) {
      const std::size_t before = ts.prev(r, sep - 1);
      if (before == npos || !ts.is(before, "::")) return first;
      first = sep;
      sep = before;
    }
    const bool scope = sep != npos && ts.is(sep, "::");
    const bool paste = sep != npos && ts.is(sep, "##");
    if (!scope && !paste) return first;
    const std::size_t before = ts.prev(r, sep - 1);
    const bool continues = before != npos && (ts[before].kind == TokenKind::identifier ||
                                              (scope && ts.is(before, ">")));
    if (!continues) return scope ? sep : first;  // a leading "::" names the global namespace
    j = before;
  }
}

// The token before a member name, when it is a member access: the '.' or '->' (or the one before
// `template` in `s.template k<T>`); npos otherwise.
std::size_t member_access_before(const TokenStream& ts, const Region& r, std::size_t first) {
  std::size_t before = ts.prev(r, first - 1);
  if (before != npos && ts.is(before, "template")) before = ts.prev(r, before - 1);
  if (before != npos && (ts.is(before, ".") || ts.is(before, "->"))) return before;
  return npos;
}

}  // namespace

// Walks backwards over postfix operators: `]` and a call's `)` step over their group to the operand
// they apply to, a member name steps over its '.' or '->'; the walk ends at a name or at a
// parenthesized expression that nothing before continues.
std::size_t kernel_expression_start(const TokenStream& ts, const Region& r, std::size_t last) {
  std::size_t j = last;
  for (;;) {
    if (ts.is(j, ")") || ts.is(j, "]")) {
      const bool subscript = ts.is(j, "]");
      const std::size_t open = ts.match_backward(r, j);
      if (open == npos) return npos;
      const std::size_t before = open == 0 ? npos : ts.prev(r, open - 1);
      const bool operand_before = before != npos && (is_name_token(ts, before) || ts.is(before, ")") ||
                                                     ts.is(before, "]") || ts.is(before, ">"));
      // A call or subscript applies to the expression before it, if that is one (`if (c)` is not).
      if (operand_before && kernel_expression_start(ts, r, before) != npos) {
        j = before;
        continue;
      }
      if (subscript) return npos;  // `[` starting an operand: a lambda or an attribute, not a kernel
      // A parenthesized expression; the group of `if (c)`, `sizeof(x)` and the like is not one.
      if (before != npos && ts[before].kind == TokenKind::identifier && takes_parenthesized_group(ts.str(before)))
        return npos;
      return open;
    }
    const std::size_t first = name_start(ts, r, j);
    if (first == npos) return npos;
    const std::size_t access = member_access_before(ts, r, first);
    if (access == npos) return first;
    if (access == 0) return npos;
    j = ts.prev(r, access - 1);
    if (j == npos) return npos;
  }
}

bool kernel_is_name(const TokenStream& ts, const Region& r, TokenRange kernel) {
  std::size_t first = ts.next(r, kernel.begin);
  std::size_t last = ts.prev(r, kernel.end - 1);
  // (k), ((ns::k<T>)): the parentheses around a name change nothing.
  while (first != npos && last != npos && first < last && ts.is(first, "(") && ts.match_forward(r, first) == last) {
    first = ts.next(r, first + 1);
    last = ts.prev(r, last - 1);
  }
  if (first == npos || last == npos || first > last) return false;
  return name_start(ts, r, last) == first;
}

}  // namespace scanlab::rewriter
