#include "bare_return.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace scanlab::rewriter {
namespace {

// Words that take a parenthesized group in a declaration head without being the function's name.
bool takes_group(std::string_view s) {
  static constexpr std::array<std::string_view, 11> words = {
      "__attribute__", "__launch_bounds__", "__align__", "alignas", "decltype", "__declspec",
      "noexcept",      "throw",             "requires",  "sizeof",  "alignof"};
  return std::find(words.begin(), words.end(), s) != words.end();
}

// Words of a head that say nothing about the return type.
bool is_specifier(std::string_view s) {
  static constexpr std::array<std::string_view, 13> words = {
      "__device__", "__forceinline__", "__noinline__", "__inline__", "inline",   "static",  "extern",
      "constexpr",  "consteval",       "virtual",      "friend",     "explicit", "typename"};
  return std::find(words.begin(), words.end(), s) != words.end();
}

bool has_word(const TokenStream& ts, const std::vector<std::size_t>& head, std::string_view word) {
  return std::any_of(head.begin(), head.end(), [&](std::size_t t) { return ts.is(t, word); });
}

// Position in `head` of token index `token` (head is sorted).
std::size_t position_of(const std::vector<std::size_t>& head, std::size_t token) {
  return static_cast<std::size_t>(std::lower_bound(head.begin(), head.end(), token) - head.begin());
}

// Position in `head` just past the bracket group (or template argument list) opening at position k.
std::size_t past_group(const TokenStream& ts, const std::vector<std::size_t>& head, std::size_t k) {
  const Region code = ts.region_of(head[k]);
  const std::size_t close = ts.is(head[k], "<") ? ts.match_angle_forward(code, head[k], head.back() + 1)
                                                : ts.match_forward(code, head[k]);
  return close == npos ? head.size() : position_of(head, close) + 1;
}

struct Declarator {
  std::size_t name = npos;        // position in head of the function's (unqualified) name
  std::size_t type_begin = 0;     // positions [type_begin, name_begin) hold the return type and specifiers
  std::size_t name_begin = npos;  // where the name's qualification (A::B::) starts
  std::size_t params_end = npos;  // position just past the parameter list's ')'
};

// The function's name: the word before the first '(' that is not an attribute's or a specifier's.
Declarator find_declarator(const TokenStream& ts, const std::vector<std::size_t>& head) {
  Declarator d;
  std::size_t k = 0;
  if (k + 1 < head.size() && ts.is(head[k], "template") && ts.is(head[k + 1], "<")) k = past_group(ts, head, k + 1);
  d.type_begin = k;
  for (; k < head.size(); ++k) {
    if (!ts.is(head[k], "(")) continue;
    if (k == 0) return d;
    const std::string_view before = ts.str(head[k - 1]);
    const bool operator_name = k >= 2 && ts.is(head[k - 2], "operator");
    if (ts[head[k - 1]].kind == TokenKind::identifier && !takes_group(before)) {
      d.name = k - 1;
    } else if (operator_name) {
      d.name = k - 2;
    } else {
      k = past_group(ts, head, k) - 1;
      continue;
    }
    d.params_end = past_group(ts, head, k);
    d.name_begin = d.name;
    while (d.name_begin >= 2 && ts.is(head[d.name_begin - 1], "::") &&
           ts[head[d.name_begin - 2]].kind == TokenKind::identifier)
      d.name_begin -= 2;
    return d;
  }
  return d;
}

// The return type's own words: the head before the name, less specifiers, attributes and `[[...]]`.
std::vector<std::string_view> return_type_words(const TokenStream& ts, const std::vector<std::size_t>& head,
                                                const Declarator& d) {
  std::vector<std::string_view> words;
  for (std::size_t k = d.type_begin; k < d.name_begin;) {
    const std::string_view s = ts.str(head[k]);
    if ((takes_group(s) && k + 1 < d.name_begin && ts.is(head[k + 1], "(")) ||
        (s == "[" && k + 1 < d.name_begin && ts.is(head[k + 1], "["))) {
      k = past_group(ts, head, takes_group(s) ? k + 1 : k);
    } else {
      if (!is_specifier(s)) words.push_back(s);
      ++k;
    }
  }
  return words;
}

bool returns_void(const TokenStream& ts, const std::vector<std::size_t>& head, const Declarator& d) {
  const std::vector<std::string_view> type = return_type_words(ts, head, d);
  if (type.empty()) return true;  // a constructor or destructor
  const bool deduced = std::find(type.begin(), type.end(), "auto") != type.end();
  if (!deduced) return type.size() == 1 && type[0] == "void";
  // `auto f() -> T`: T decides; plain `auto` deduces void from `return;`.
  for (std::size_t k = d.params_end; k < head.size(); ++k)
    if (ts.is(head[k], "->")) return k + 2 == head.size() && ts.is(head[k + 1], "void");
  return true;
}

}  // namespace

BareReturnRule bare_return_rule(const TokenStream& ts, const std::vector<std::size_t>& head) {
  BareReturnRule rule;
  const Declarator d = find_declarator(ts, head);
  if (d.name == npos) return rule;
  const bool qualified = d.name_begin != d.name;
  rule.function = ts.str(head[d.name]) == "operator" ? "operator" : std::string(ts.str(head[d.name]));
  if (rule.function == "main" && !qualified && !has_word(ts, head, "__device__")) {
    rule.kind = BareReturn::returns_zero;
  } else if (has_word(ts, head, "__device__") && !has_word(ts, head, "__host__") && !has_word(ts, head, "__global__") &&
             !returns_void(ts, head, d)) {
    rule.kind = BareReturn::unspecified_value;
  }
  return rule;
}

std::string bare_return_warning(const std::string& function) {
  return "non-void function \"" + function + "\" should return a value (nvcc's warning #117-D)";
}

}  // namespace scanlab::rewriter
