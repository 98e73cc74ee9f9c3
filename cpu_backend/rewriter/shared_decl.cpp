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
// statement boundary, label colon, or directive line (in a #define body: at the body's start).
std::size_t statement_start(const TokenStream& ts, const Region& r, std::size_t shared) {
  std::size_t start = shared;
  for (std::size_t j = shared - 1; j != npos && j >= r.lo; --j) {
    if (!is_significant(ts[j])) continue;
    const std::string_view s = ts.str(j);
    if ((!r.directive && ts[j].directive >= 0) || s == ";" || s == "{" || s == "}" || s == ":") break;
    start = j;
  }
  return start;
}

// Index of the ';' ending the declaration, or a failure. In a #define body the declaration may
// also run to the body's end (`#define TILE(T, n) __shared__ T n[32]`, the ';' written after the
// expansion): then the index after its last token, and `semicolon` is false.
std::size_t statement_end(const TokenStream& ts, const Region& r, std::size_t shared, Failure& failure,
                          bool& semicolon) {
  semicolon = true;
  int depth = 0;
  std::size_t last = shared;
  for (std::size_t i = shared + 1; i < r.hi; ++i) {
    if (!is_significant(ts[i])) continue;
    if (!r.directive && ts[i].directive >= 0) {
      failure = {i, "preprocessor directives inside a __shared__ declaration are not supported"};
      return npos;
    }
    const std::string_view s = ts.str(i);
    if (is_open_bracket(s)) ++depth;
    if (is_close_bracket(s) && --depth < 0) break;
    if (s == ";" && depth == 0) return i;
    last = i;
  }
  if (r.directive && depth == 0 && last > shared) {
    semicolon = false;
    return last + 1;
  }
  failure = {shared, r.directive ? "the __shared__ declaration does not end (with its ';') in the #define body"
                                 : "expected ';' at the end of the __shared__ declaration"};
  return npos;
}

// Removes __shared__, static, extern and __align__(n) / alignas(n) from the specifiers,
// remembering the last two. Returns the tokens left, in order.
Tokens strip_specifiers(const TokenStream& ts, const Region& code, std::size_t start, std::size_t end,
                        Declaration& decl) {
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
bool split_declarators(const TokenStream& ts, const Region& code, const Tokens& rest, std::size_t end,
                       std::vector<Tokens>& parts, Failure& failure) {
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
bool parse_declarator(const TokenStream& ts, const Region& code, const Tokens& part, Declarator& d,
                      Failure& failure) {
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

// How the replacement spells a variable's name: itself, its slot's name, and its name as a string.
// In a #define body a name that is a macro parameter is pasted (##) and stringized (#), so that
// every expansion gets its own slot and diagnostics name the variable the expansion declares.
struct Spelling {
  std::string name;
  std::string slot;
  std::string literal;
};

Spelling spell(const TokenStream& ts, const Declarator& d, const MacroBody* macro) {
  const std::string name(ts.str(d.name));
  const bool parameter =
      macro != nullptr && std::find(macro->parameters.begin(), macro->parameters.end(), name) != macro->parameters.end();
  if (parameter) return {name, "scanlab_shared_slot_##" + name, "#" + name};
  return {name, "scanlab_shared_slot_" + name, "\"" + name + "\""};
}

std::string static_shared(const TokenStream& ts, const std::string& type, const Declarator& d,
                          const std::string& alignment, const Spelling& n) {
  std::string args = type + ts.collapsed(d.dims);
  if (!alignment.empty()) args += ", " + alignment;
  return "static thread_local ::scanlab::cpu::shared_slot " + n.slot + "; auto& " + n.name + " = " + n.slot +
         ".get<" + args + ">(" + n.literal + ", __FILE__, __LINE__);";
}

std::string dynamic_shared(const std::string& type, const Spelling& n) {
  return type + "* const " + n.name + " = ::scanlab::cpu::dynamic_shared<" + type + ">();";
}

// At namespace scope a reference cannot be bound per block, so the name becomes an object that
// finds this block's storage on every use (thread_local: each OS thread runs its own blocks).
std::string namespace_static_shared(const TokenStream& ts, const std::string& type, const Declarator& d,
                                    const std::string& alignment, const Spelling& n) {
  std::string args = type + ts.collapsed(d.dims);
  if (!alignment.empty()) args += ", " + alignment;
  return "static thread_local ::scanlab::cpu::namespace_shared_array<" + args + "> " + n.name + "(" + n.literal +
         ", __FILE__, __LINE__);";
}

std::string namespace_dynamic_shared(const std::string& type, const Spelling& n) {
  return "static constexpr ::scanlab::cpu::dynamic_shared_array<" + type + "> " + n.name + "{};";
}

// Written before a declaration at the top level of a #define body, which is rewritten for a
// function body (where __shared__ nearly always is): expanded at namespace scope, __func__ does not
// exist, so the compiler stops there instead of making a variable that is no block's.
constexpr const char* kFunctionBodyGuard =
    "static_assert(sizeof(__func__) > 0, \"scanlab CPU backend: a __shared__ declaration at the top level of a "
    "#define body is rewritten for use inside a function (a kernel); at namespace scope write it without the "
    "macro\"); ";

bool parse_declaration(const TokenStream& ts, const Region& code, std::size_t start, std::size_t end,
                       Declaration& decl, Failure& failure) {
  const Tokens rest = strip_specifiers(ts, code, start, end, decl);
  if (code.directive) {
    for (std::size_t i : rest) {
      if (ts.is(i, "#") || ts.is(i, "##")) {
        failure = {i, "scanlab CPU backend: # or ## in a __shared__ declaration in a #define body is not supported; "
                      "name the variable with a plain identifier or macro parameter"};
        return false;
      }
    }
  }
  std::vector<Tokens> parts;
  if (!split_declarators(ts, code, rest, end, parts, failure)) return false;
  for (const Tokens& part : parts) {
    Declarator d;
    if (!parse_declarator(ts, code, part, d, failure)) return false;
    decl.declarators.push_back(std::move(d));
  }
  if (decl.declarators.front().prefix.empty()) {
    failure = {decl.declarators.front().name, "missing type in __shared__ declaration"};
    return false;
  }
  return true;
}

}  // namespace

SharedRewrite rewrite_shared(const TokenStream& ts, std::size_t shared, bool at_namespace_scope,
                             const MacroBody* macro) {
  SharedRewrite out;
  Failure failure{shared, ""};
  const Region code = macro != nullptr ? macro->body : ts.code_region();
  const std::size_t start = statement_start(ts, code, shared);
  bool semicolon = true;
  const std::size_t end = statement_end(ts, code, shared, failure, semicolon);
  const std::size_t past = semicolon ? end + 1 : end;  // the first token after the declaration
  out.resume = end == npos ? shared + 1 : past;
  Declaration decl;
  if (end == npos || !parse_declaration(ts, code, start, end, decl, failure)) {
    out.error_token = failure.token;
    out.error = failure.message;
    return out;
  }

  if (macro != nullptr && macro->function_body_guard) out.text = kFunctionBodyGuard;
  const Tokens base = base_type(ts, decl.declarators.front().prefix);
  for (std::size_t k = 0; k < decl.declarators.size(); ++k) {
    const Declarator& d = decl.declarators[k];
    Tokens type_tokens = k == 0 ? d.prefix : base;
    if (k > 0) type_tokens.insert(type_tokens.end(), d.prefix.begin(), d.prefix.end());
    const std::string type = ts.collapsed(type_tokens);
    const Spelling n = spell(ts, d, macro);
    if (!out.text.empty() && out.text.back() != ' ') out.text += ' ';
    if (!decl.is_extern && !at_namespace_scope) {
      out.text += static_shared(ts, type, d, decl.alignment, n);
    } else if (!decl.is_extern && !d.dims.empty()) {
      out.text += namespace_static_shared(ts, type, d, decl.alignment, n);
    } else if (!decl.is_extern) {
      out.error_token = d.name;
      out.error = "scanlab CPU backend: a __shared__ scalar at namespace scope is not supported; declare it "
                  "inside the kernel (arrays at namespace scope are)";
      return out;
    } else if (d.dims.size() == 2 && at_namespace_scope) {
      out.text += namespace_dynamic_shared(type, n);
    } else if (d.dims.size() == 2) {
      out.text += dynamic_shared(type, n);
    } else {
      out.error_token = d.name;
      out.error = "extern __shared__ must be an unsized array, as in: extern __shared__ float " + n.name + "[];";
      return out;
    }
  }
  // Line breaks the declaration spanned go after it, so the following lines keep their numbers (in
  // a #define body, as line splices, so the directive goes on).
  // A type that itself holds a line break (a spliced literal) cannot be repeated safely.
  const long kept = std::count(out.text.begin(), out.text.end(), '\n');
  const long spanned = ts.newline_count(start, past);
  if (kept > 0) {
    out.error_token = shared;
    out.error = "cannot parse this __shared__ declaration";
    return out;
  }
  for (long k = 0; k < spanned; ++k) out.text += macro != nullptr ? "\\\n" : "\n";
  out.replaced = {start, past};
  out.ok = true;
  return out;
}

}  // namespace scanlab::rewriter
