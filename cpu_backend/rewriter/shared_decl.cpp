#include "shared_decl.h"

#include <algorithm>
#include <vector>

namespace scanlab::rewriter {
namespace {

using Tokens = std::vector<std::size_t>;

struct Declarator {
  Tokens prefix;  // type (first declarator) or pointer operators (later ones) before the name
  std::size_t name = npos;
  Tokens dims;  // zero or more [expr] groups
};

struct Declaration {
  bool is_extern = false;
  std::string alignment;  // the n of __align__(n), if present
  std::vector<Declarator> declarators;
};

struct Failure {
  std::size_t token;
  std::string message;
};

bool is_pointer_operator(std::string_view s) { return s == "*" || s == "&" || s == "&&"; }

// First token of the declaration statement containing `shared`: the scan stops at the previous
// statement boundary, label colon, or directive line.
std::size_t statement_start(const TokenStream& ts, std::size_t shared) {
  std::size_t start = shared;
  for (std::size_t j = shared - 1; j != npos; --j) {
    if (!is_significant(ts[j])) continue;
    const std::string_view s = ts.str(j);
    if (ts[j].directive >= 0 || s == ";" || s == "{" || s == "}" || s == ":") break;
    start = j;
  }
  return start;
}

// Index of the ';' ending the declaration, or a failure.
std::size_t statement_end(const TokenStream& ts, std::size_t shared, Failure& failure) {
  int depth = 0;
  for (std::size_t i = shared + 1; i < ts.size(); ++i) {
    if (!is_significant(ts[i])) continue;
    if (ts[i].directive >= 0) {
      failure = {i, "preprocessor directives inside a __shared__ declaration are not supported"};
      return npos;
    }
    const std::string_view s = ts.str(i);
    if (is_open_bracket(s)) ++depth;
    if (is_close_bracket(s) && --depth < 0) break;
    if (s == ";" && depth == 0) return i;
  }
  failure = {shared, "expected ';' at the end of the __shared__ declaration"};
  return npos;
}

// Removes __shared__, static, extern and __align__(n) / alignas(n) from the specifiers,
// remembering the last two. Returns the tokens left, in order.
Tokens strip_specifiers(const TokenStream& ts, std::size_t start, std::size_t end,
                        Declaration& decl) {
  const Region code = ts.code_region();
  Tokens kept;
  for (std::size_t i = ts.next(code, start); i != npos && i < end; i = ts.next(code, i + 1)) {
    const std::string_view s = ts.str(i);
    if (s == "__shared__" || s == "static") continue;
    if (s == "extern") {
      decl.is_extern = true;
      continue;
    }
    const std::size_t paren = ts.next(code, i + 1);
    if ((s == "__align__" || s == "alignas") && ts.is(paren, "(")) {
      const std::size_t close = ts.match_forward(code, paren);
      Tokens inside;
      for (std::size_t k = ts.next(code, paren + 1); k < close; k = ts.next(code, k + 1))
        inside.push_back(k);
      decl.alignment = ts.collapsed(inside);
      i = close;
      continue;
    }
    kept.push_back(i);
  }
  return kept;
}

// Splits the remaining tokens into declarators at top-level commas, rejecting initializers.
bool split_declarators(const TokenStream& ts, const Tokens& rest, std::size_t end,
                       std::vector<Tokens>& parts, Failure& failure) {
  const Region code = ts.code_region();
  parts.emplace_back();
  for (std::size_t k = 0; k < rest.size(); ++k) {
    const std::size_t i = rest[k];
    const std::string_view s = ts.str(i);
    const std::string_view before = k > 0 ? ts.str(rest[k - 1]) : std::string_view{};
    std::size_t group_end = npos;  // last token of a group that is copied whole
    if (s == "=" || s == "{" ||
        (s == "(" && before != "decltype" && before != "__typeof__" && before != "typeof")) {
      failure = {i, "__shared__ variables cannot have initializers"};
      return false;
    }
    if (s == "(" || s == "[") group_end = ts.match_forward(code, i);
    if (s == "<" && k > 0 && ts[rest[k - 1]].kind == TokenKind::identifier)
      group_end = ts.match_angle_forward(code, i, end);  // template arguments may hold commas
    if (s == ",") {
      parts.emplace_back();
      continue;
    }
    parts.back().push_back(i);
    if (group_end == npos || group_end >= end) continue;
    while (k + 1 < rest.size() && rest[k + 1] <= group_end) parts.back().push_back(rest[++k]);
  }
  return true;
}

// Splits one declarator's tokens into prefix, name and [dims].
bool parse_declarator(const TokenStream& ts, const Tokens& part, Declarator& d, Failure& failure) {
  const Region code = ts.code_region();
  std::size_t name_pos = part.size();  // position in `part` of the name
  while (name_pos > 0 && ts.is(part[name_pos - 1], "]")) {
    const std::size_t open = ts.match_backward(code, part[name_pos - 1]);
    if (open == npos) break;  // unbalanced: reported below as unparsable
    while (name_pos > 0 && part[name_pos - 1] >= open) --name_pos;
  }
  if (name_pos == 0 || ts[part[name_pos - 1]].kind != TokenKind::identifier) {
    failure = {part.empty() ? failure.token : part.front(),
               "cannot parse this __shared__ declaration"};
    return false;
  }
  --name_pos;
  d.prefix.assign(part.begin(), part.begin() + static_cast<long>(name_pos));
  d.name = part[name_pos];
  d.dims.assign(part.begin() + static_cast<long>(name_pos) + 1, part.end());
  return true;
}

// The type shared by all declarators: the first declarator's type without its trailing
// pointer operators (`float *a, b[4]` declares b as float[4]).
Tokens base_type(const TokenStream& ts, const Tokens& first_prefix) {
  std::size_t cut = first_prefix.size();
  for (std::size_t k = first_prefix.size(); k > 0; --k) {
    const std::string_view s = ts.str(first_prefix[k - 1]);
    if (is_pointer_operator(s)) {
      cut = k - 1;
    } else if (s != "const" && s != "volatile" && s != "__restrict__" && s != "__restrict") {
      break;
    }
  }
  return Tokens(first_prefix.begin(), first_prefix.begin() + static_cast<long>(cut));
}

std::string static_shared(const TokenStream& ts, const std::string& type, const Declarator& d,
                          const std::string& alignment) {
  const std::string name(ts.str(d.name));
  const std::string slot = "scanlab_shared_slot_" + name;
  std::string args = type + ts.collapsed(d.dims);
  if (!alignment.empty()) args += ", " + alignment;
  return "static thread_local ::scanlab::cpu::shared_slot " + slot + "; auto& " + name + " = " +
         slot + ".get<" + args + ">(\"" + name + "\", __FILE__, __LINE__);";
}

std::string dynamic_shared(const TokenStream& ts, const std::string& type, const Declarator& d) {
  return type + "* const " + std::string(ts.str(d.name)) + " = ::scanlab::cpu::dynamic_shared<" +
         type + ">();";
}

// At namespace scope a reference cannot be bound per block, so the name becomes an object that
// finds this block's storage on every use (thread_local: each OS thread runs its own blocks).
std::string namespace_static_shared(const TokenStream& ts, const std::string& type, const Declarator& d,
                                    const std::string& alignment) {
  const std::string name(ts.str(d.name));
  std::string args = type + ts.collapsed(d.dims);
  if (!alignment.empty()) args += ", " + alignment;
  return "static thread_local ::scanlab::cpu::namespace_shared_array<" + args + "> " + name + "(\"" + name +
         "\", __FILE__, __LINE__);";
}

std::string namespace_dynamic_shared(const TokenStream& ts, const std::string& type, const Declarator& d) {
  return "static constexpr ::scanlab::cpu::dynamic_shared_array<" + type + "> " + std::string(ts.str(d.name)) + "{};";
}

bool parse_declaration(const TokenStream& ts, std::size_t start, std::size_t end, Declaration& decl,
                       Failure& failure) {
  const Tokens rest = strip_specifiers(ts, start, end, decl);
  std::vector<Tokens> parts;
  if (!split_declarators(ts, rest, end, parts, failure)) return false;
  for (const Tokens& part : parts) {
    Declarator d;
    if (!parse_declarator(ts, part, d, failure)) return false;
    decl.declarators.push_back(std::move(d));
  }
  if (decl.declarators.front().prefix.empty()) {
    failure = {decl.declarators.front().name, "missing type in __shared__ declaration"};
    return false;
  }
  return true;
}

}  // namespace

SharedRewrite rewrite_shared(const TokenStream& ts, std::size_t shared, bool at_namespace_scope) {
  SharedRewrite out;
  Failure failure{shared, ""};
  const std::size_t start = statement_start(ts, shared);
  const std::size_t end = statement_end(ts, shared, failure);
  out.resume = end == npos ? shared + 1 : end + 1;
  Declaration decl;
  if (end == npos || !parse_declaration(ts, start, end, decl, failure)) {
    out.error_token = failure.token;
    out.error = failure.message;
    return out;
  }

  const Tokens base = base_type(ts, decl.declarators.front().prefix);
  for (std::size_t k = 0; k < decl.declarators.size(); ++k) {
    const Declarator& d = decl.declarators[k];
    Tokens type_tokens = k == 0 ? d.prefix : base;
    if (k > 0) type_tokens.insert(type_tokens.end(), d.prefix.begin(), d.prefix.end());
    const std::string type = ts.collapsed(type_tokens);
    if (!out.text.empty()) out.text += ' ';
    if (!decl.is_extern && !at_namespace_scope) {
      out.text += static_shared(ts, type, d, decl.alignment);
    } else if (!decl.is_extern && !d.dims.empty()) {
      out.text += namespace_static_shared(ts, type, d, decl.alignment);
    } else if (!decl.is_extern) {
      out.error_token = d.name;
      out.error = "scanlab CPU backend: a __shared__ scalar at namespace scope is not supported; declare it "
                  "inside the kernel (arrays at namespace scope are)";
      return out;
    } else if (d.dims.size() == 2 && at_namespace_scope) {
      out.text += namespace_dynamic_shared(ts, type, d);
    } else if (d.dims.size() == 2) {
      out.text += dynamic_shared(ts, type, d);
    } else {
      out.error_token = d.name;
      out.error = "extern __shared__ must be an unsized array, as in: extern __shared__ float " +
                  std::string(ts.str(d.name)) + "[];";
      return out;
    }
  }
  // Line breaks the declaration spanned go after it, so the following lines keep their numbers.
  // A type that itself holds a line break (a spliced literal) cannot be repeated safely.
  const long kept = std::count(out.text.begin(), out.text.end(), '\n');
  const long spanned = ts.newline_count(start, end + 1);
  if (kept > 0) {
    out.error_token = shared;
    out.error = "cannot parse this __shared__ declaration";
    return out;
  }
  out.text.append(static_cast<std::size_t>(spanned), '\n');
  out.replaced = {start, end + 1};
  out.ok = true;
  return out;
}

}  // namespace scanlab::rewriter
