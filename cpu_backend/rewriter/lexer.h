// Splits CUDA source into tokens just precisely enough for the rewriter: comments, string and
// character literals are single opaque tokens, so text inside them is never rewritten, and every
// token remembers where it came from so the output can be stitched back together byte for byte.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace scanlab::rewriter {

enum class TokenKind {
  whitespace,  // spaces, tabs, and backslash-newline line splices
  newline,     // a real end of line ("\n" or "\r\n"); ends a preprocessor directive
  comment,     // "//..." or "/*...*/"
  identifier,
  number,     // a pp-number, digit separators included (1'000)
  string,     // "..." with any prefix (u8, L, u, U) and raw strings R"x(...)x"
  character,  // '...' with any prefix
  punct,      // '<' and '>' are always single characters, so "<<<" and ">>>" can be found
};

struct Token {
  TokenKind kind;
  std::size_t begin;  // byte offsets into the source
  std::size_t end;
  int line;    // 1-based physical line of the first byte
  int column;  // 1-based byte column of the first byte
  // Index of the '#' token that starts the preprocessor directive this token belongs to,
  // or -1 outside directives. The newline ending a directive is not part of it.
  long directive;
};

std::vector<Token> lex(std::string_view source);

// True for tokens that carry meaning (not whitespace, newlines or comments).
inline bool is_significant(const Token& t) {
  return t.kind != TokenKind::whitespace && t.kind != TokenKind::newline &&
         t.kind != TokenKind::comment;
}

}  // namespace scanlab::rewriter
