#include "checked_deref.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace scanlab::rewriter {
namespace {

bool one_of(std::string_view s, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), s) != set.end();
}

bool is_identifier(const TokenStream& ts, std::size_t i) { return ts[i].kind == TokenKind::identifier; }

// Names that look like identifiers to the lexer but cannot start the operands handled here.
bool is_keyword(std::string_view s) {
  return one_of(s, {"sizeof", "alignof", "new", "delete", "decltype", "typeid", "noexcept", "operator", "template",
                    "typename", "co_await", "true", "false", "nullptr", "const", "volatile", "return", "else",
                    "do", "case", "struct", "class", "enum", "union", "auto", "int", "float", "double", "char",
                    "unsigned", "signed", "long", "short", "bool", "void"});
}

bool is_prefix_operator(std::string_view s) { return one_of(s, {"*", "&", "-", "+", "!", "~", "++", "--"}); }

// `(T *)`: only names, `::`, template brackets and `*`/`&`, ending with `*`. `(a * b)` ends with
// a name, and `(a *)` is no expression, so nothing else has this shape.
bool is_pointer_cast(const TokenStream& ts, std::size_t open, std::size_t close) {
  const Region code = ts.code_region();
  std::size_t last = npos;
  bool named = false;
  for (std::size_t t = ts.next(code, open + 1); t != npos && t < close; t = ts.next(code, t + 1)) {
    if (is_identifier(ts, t)) {
      named = true;
    } else if (!one_of(ts.str(t), {"::", "*", "&", "<", ">", ","})) {
      return false;
    }
    last = t;
  }
  return named && last != npos && ts.is(last, "*");
}

bool starts_operand(const TokenStream& ts, std::size_t t) {
  if (t == npos) return false;
  const std::string_view s = ts.str(t);
  return (is_identifier(ts, t) && !one_of(s, {"const", "volatile"})) || ts[t].kind == TokenKind::number ||
         s == "(" || s == "::" || is_prefix_operator(s);
}

// One past the last token of the cast-expression starting at t, or npos when its shape is not
// one this pass is sure of.
std::size_t operand_end(const TokenStream& ts, std::size_t t) {
  const Region code = ts.code_region();
  if (t == npos) return npos;
  const std::string_view s = ts.str(t);
  std::size_t end;
  if (is_prefix_operator(s)) return operand_end(ts, ts.next(code, t + 1));
  if (s == "(") {
    const std::size_t close = ts.match_forward(code, t);
    if (close == npos) return npos;
    const std::size_t after = ts.next(code, close + 1);
    if (is_pointer_cast(ts, t, close) && starts_operand(ts, after)) return operand_end(ts, after);  // (T*)x
    end = close + 1;
  } else if (one_of(s, {"static_cast", "reinterpret_cast", "const_cast", "dynamic_cast"})) {
    const std::size_t open_angle = ts.next(code, t + 1);
    if (open_angle == npos || !ts.is(open_angle, "<")) return npos;
    const std::size_t close_angle = ts.match_angle_forward(code, open_angle, ts.size());
    const std::size_t paren = close_angle == npos ? npos : ts.next(code, close_angle + 1);
    if (paren == npos || !ts.is(paren, "(")) return npos;
    const std::size_t close = ts.match_forward(code, paren);
    if (close == npos) return npos;
    end = close + 1;
  } else if (s == "this") {
    end = t + 1;
  } else if ((is_identifier(ts, t) && !is_keyword(s)) || s == "::") {
    // A name, qualified or not: a::b::c (not a template-id: `<` could be a comparison).
    std::size_t last = s == "::" ? ts.next(code, t + 1) : t;
    if (last == npos || !is_identifier(ts, last) || is_keyword(ts.str(last))) return npos;
    for (;;) {
      const std::size_t colons = ts.next(code, last + 1);
      if (colons == npos || !ts.is(colons, "::")) break;
      const std::size_t name = ts.next(code, colons + 1);
      if (name == npos || !is_identifier(ts, name) || is_keyword(ts.str(name))) return npos;
      last = name;
    }
    end = last + 1;
    const std::size_t n = ts.next(code, end);
    if (n != npos && ts.is(n, "<")) return npos;
  } else {
    return npos;
  }
  // Postfix operators bind tighter than `*`: subscripts, calls, member accesses, ++ and --.
  for (;;) {
    const std::size_t n = ts.next(code, end);
    if (n == npos) break;
    const std::string_view p = ts.str(n);
    if (p == "[" || p == "(") {
      const std::size_t close = ts.match_forward(code, n);
      if (close == npos) return npos;
      end = close + 1;
    } else if (p == "." || p == "->") {
      const std::size_t member = ts.next(code, n + 1);
      if (member == npos || !is_identifier(ts, member) || is_keyword(ts.str(member))) return npos;
      end = member + 1;
      const std::size_t after = ts.next(code, end);
      if (after != npos && ts.is(after, "<")) return npos;  // a member template
    } else if (p == "++" || p == "--") {
      end = n + 1;
    } else {
      break;
    }
  }
  return end;
}

// The `,` at `comma` separates expressions (call arguments, an initializer list), not the
// declarators of one declaration (`float *a, *b;`, `for (int *p = a, *q = b; ...)`).
bool comma_separates_expressions(const TokenStream& ts, std::size_t comma) {
  const Region code = ts.code_region();
  for (std::size_t j = ts.prev(code, comma - 1); j != npos; j = j == 0 ? npos : ts.prev(code, j - 1)) {
    const std::string_view s = ts.str(j);
    if (s == ")" || s == "]" || s == "}") {
      j = ts.match_backward(code, j);
      if (j == npos) return false;
    } else if (s == "(") {
      const std::size_t before = j == 0 ? npos : ts.prev(code, j - 1);
      return before == npos || !ts.is(before, "for");
    } else if (s == "{") {
      // An initializer list's brace follows `=`, a name, `(`, `,` or `return`; a block's does not.
      const std::size_t before = j == 0 ? npos : ts.prev(code, j - 1);
      return before != npos && (one_of(ts.str(before), {"=", "(", ",", "return"}) ||
                                (is_identifier(ts, before) && !one_of(ts.str(before), {"else", "do"})));
    } else if (s == ";" || s == "[") {
      return false;  // the statement's own level, or a lambda's captures
    }
  }
  return false;
}

// Does an operand start right after the token p (it cannot end an operand or a type)?
bool operand_follows(const TokenStream& ts, std::size_t p, const std::vector<std::size_t>& unary_stars) {
  const Region code = ts.code_region();
  if (p == npos) return false;
  const std::string_view s = ts.str(p);
  if (s == ")") {  // the end of `if (...)`, `while (...)`, `for (...)`: a statement starts
    const std::size_t open = ts.match_backward(code, p);
    const std::size_t keyword = open == npos || open == 0 ? npos : ts.prev(code, open - 1);
    return keyword != npos && one_of(ts.str(keyword), {"if", "while", "for", "switch"});
  }
  if (s == "*") return std::find(unary_stars.begin(), unary_stars.end(), p) != unary_stars.end();
  if (s == ",") return comma_separates_expressions(ts, p);
  if (s == "[") {  // a subscript's bracket follows an operand; a lambda's captures do not
    const std::size_t before = p == 0 ? npos : ts.prev(code, p - 1);
    return before != npos && (ts.is(before, ")") || ts.is(before, "]") ||
                              (is_identifier(ts, before) && !is_keyword(ts.str(before))));
  }
  if (is_identifier(ts, p)) return one_of(s, {"return", "else", "do", "throw", "co_return", "co_yield"});
  return one_of(s, {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "==", "!=", "<=", ">=", "&&", "||",
                    "!", "~", "-", "+", "/", "%", "^", "|", "&", "<", "?", ":", "(", "{", ";"});
}

bool star_is_unary(const TokenStream& ts, std::size_t star, const std::vector<std::size_t>& unary_stars) {
  return star != 0 && operand_follows(ts, ts.prev(ts.code_region(), star - 1), unary_stars);
}

}  // namespace

DerefOperand find_deref_operand(const TokenStream& ts, std::size_t star, const std::vector<std::size_t>& unary_stars) {
  if (!star_is_unary(ts, star, unary_stars)) return {};
  const Region code = ts.code_region();
  const std::size_t first = ts.next(code, star + 1);
  const std::size_t end = operand_end(ts, first);
  if (end == npos) return {true, npos};
  // `(*name)`: a declarator of a pointer to function (`void (*fp)(int)`) looks the same as the
  // call through it; leave both.
  const std::size_t before = star == 0 ? npos : ts.prev(code, star - 1);
  const std::size_t after = ts.next(code, end);
  if (before != npos && ts.is(before, "(") && after != npos && ts.is(after, ")") && is_identifier(ts, first) &&
      ts.next(code, first + 1) == after)
    return {true, npos};
  return {true, end};
}

TokenRange find_subscript_base(const TokenStream& ts, std::size_t bracket,
                               const std::vector<std::size_t>& unary_stars) {
  const Region code = ts.code_region();
  const TokenRange none{npos, npos};
  const std::size_t inside = ts.next(code, bracket + 1);
  if (bracket == 0 || inside == npos || ts.is(inside, "[") || ts.is(inside, "]")) return none;  // [[attr]], new T[]
  const std::size_t last = ts.prev(code, bracket - 1);
  if (last == npos) return none;
  std::size_t first;
  if (is_identifier(ts, last) && !is_keyword(ts.str(last))) {
    first = last;  // p[i]
  } else if (ts.is(last, ")")) {
    const std::size_t open = ts.match_backward(code, last);
    const std::size_t before = open == npos || open == 0 ? npos : ts.prev(code, open - 1);
    if (open == npos) return none;
    if (before != npos && ts.is(before, ">")) {  // reinterpret_cast<T*>(x)[i]
      const std::size_t angle = ts.match_angle_backward(code, before);
      const std::size_t cast = angle == npos || angle == 0 ? npos : ts.prev(code, angle - 1);
      if (cast == npos || !one_of(ts.str(cast), {"static_cast", "reinterpret_cast", "const_cast"})) return none;
      first = cast;
    } else if (before != npos && (is_identifier(ts, before) || ts.is(before, ")") || ts.is(before, "]"))) {
      return none;  // a call's result, f(x)[i]: left alone
    } else {
      first = open;  // (p + k)[i]
    }
  } else {
    return none;
  }
  // The base must stand where an operand starts (not a declarator, `int a[4]`, nor a member,
  // `s.p[i]`), and the element must be accessed, not only addressed (`&p[i]`).
  const std::size_t before = first == 0 ? npos : ts.prev(code, first - 1);
  if (!operand_follows(ts, before, unary_stars)) return none;
  if (ts.is(before, "&") && (before == 0 || operand_follows(ts, ts.prev(code, before - 1), unary_stars))) return none;
  return {first, last + 1};
}

}  // namespace scanlab::rewriter
