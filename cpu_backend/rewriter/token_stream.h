// A lexed source file plus the navigation helpers the rewriting passes share: stepping over
// insignificant tokens, matching brackets, and turning token runs back into text.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "lexer.h"

namespace scanlab::rewriter {

inline constexpr std::size_t npos = static_cast<std::size_t>(-1);

// The stretch of tokens one construct may span. Ordinary code may not reach into a directive
// (directive lines in its way are skipped like whitespace); code inside a #define body may not
// leave that directive.
struct Region {
  std::size_t lo;
  std::size_t hi;  // exclusive
  bool directive;  // true when [lo, hi) is one directive
};

class TokenStream {
 public:
  explicit TokenStream(std::string_view text);

  std::string_view text() const { return text_; }
  const std::vector<Token>& tokens() const { return tokens_; }
  std::size_t size() const { return tokens_.size(); }
  const Token& operator[](std::size_t i) const { return tokens_[i]; }
  std::string_view str(std::size_t i) const;
  bool is(std::size_t i, std::string_view spelling) const;  // significant token with this text

  Region code_region() const { return {0, tokens_.size(), false}; }
  Region directive_region(std::size_t hash) const;  // the directive starting at token `hash`
  Region region_of(std::size_t i) const;

  // Tokens a scan in `r` steps over: whitespace, comments, and directive lines in code.
  bool skipped(const Region& r, std::size_t i) const;
  // First non-skipped token at or after i (npos if none before r.hi).
  std::size_t next(const Region& r, std::size_t i) const;
  // Last non-skipped token at or before i (npos if none at or after r.lo).
  std::size_t prev(const Region& r, std::size_t i) const;

  // Index of the bracket matching the '(', '[' or '{' at i, or npos.
  std::size_t match_forward(const Region& r, std::size_t i) const;
  // Index of the bracket matching the ')', ']' or '}' at i, or npos.
  std::size_t match_backward(const Region& r, std::size_t i) const;
  // Index of the '<' matching the template-closing '>' at i, or npos.
  std::size_t match_angle_backward(const Region& r, std::size_t i) const;
  // Index of the '>' closing the template argument list opened by '<' at i, or npos.
  std::size_t match_angle_forward(const Region& r, std::size_t i, std::size_t limit) const;

  // Raw source text of tokens [a, b).
  std::string_view slice(std::size_t a, std::size_t b) const;
  bool has_newline(std::size_t a, std::size_t b) const;
  int newline_count(std::size_t a, std::size_t b) const;
  // The given significant tokens joined into one line: one space wherever the source had
  // anything (whitespace, comments, omitted tokens) between two of them, none otherwise.
  std::string collapsed(const std::vector<std::size_t>& picked) const;

 private:
  std::string_view text_;
  std::vector<Token> tokens_;
};

bool is_open_bracket(std::string_view s);
bool is_close_bracket(std::string_view s);

}  // namespace scanlab::rewriter
