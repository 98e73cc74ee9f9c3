// Tokenizer for the rewriter. It follows the C++ translation phases only as far as the rewriter
// needs: line splices are whitespace, literals and comments are opaque, and a '#' that starts a
// line opens a directive that lasts until the next real newline.
#include "lexer.h"

#include <array>
#include <string>

namespace scanlab::rewriter {
namespace {

bool is_ident_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
}
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(unsigned char c) { return is_ident_start(c) || is_digit(c); }

// Multi-character punctuators kept whole. "<<", ">>", "<<=", ">>=" and "<=>" are deliberately
// absent: '<' and '>' stay single so "<<<", ">>>" and template brackets can be matched.
constexpr std::array<std::string_view, 20> kPunctuators = {
    "->*", "...", "::", "->", ".*", "##", "&&", "||", "++", "--",
    "==",  "!=",  ">=", "<=", "+=", "-=", "*=", "/=", "%=", "&="};
constexpr std::array<std::string_view, 2> kMorePunctuators = {"|=", "^="};

class Lexer {
 public:
  explicit Lexer(std::string_view source) : s_(source) {}

  std::vector<Token> run() {
    while (pos_ < s_.size()) lex_one();
    return std::move(tokens_);
  }

 private:
  // Length of a line splice starting at p: a backslash, optional trailing blanks (GCC accepts
  // them with a warning), then a newline. 0 when p does not start a splice.
  std::size_t splice_length(std::size_t p) const {
    if (p >= s_.size() || s_[p] != '\\') return 0;
    std::size_t q = p + 1;
    while (q < s_.size() && (s_[q] == ' ' || s_[q] == '\t')) ++q;
    if (q < s_.size() && s_[q] == '\r') ++q;
    if (q < s_.size() && s_[q] == '\n') return q + 1 - p;
    return 0;
  }

  bool newline_at(std::size_t p) const {
    return p < s_.size() &&
           (s_[p] == '\n' || (s_[p] == '\r' && p + 1 < s_.size() && s_[p + 1] == '\n'));
  }

  void emit(TokenKind kind, std::size_t end) {
    if (kind == TokenKind::newline) directive_ = -1;
    Token t{kind, pos_, end, line_, column_, directive_};
    if (kind == TokenKind::punct && end - pos_ == 1 && s_[pos_] == '#' && at_line_start_ &&
        directive_ < 0) {
      directive_ = static_cast<long>(tokens_.size());
      t.directive = directive_;
    }
    if (kind == TokenKind::newline)
      at_line_start_ = true;
    else if (is_significant(t))
      at_line_start_ = false;
    for (std::size_t p = pos_; p < end; ++p) {
      if (s_[p] == '\n') {
        ++line_;
        column_ = 1;
      } else {
        ++column_;
      }
    }
    tokens_.push_back(t);
    pos_ = end;
  }

  // End of a "..." or '...' literal whose opening quote is at q. An unterminated literal ends
  // at the end of the line, so a stray apostrophe in #error text or "#if 0" prose stays local.
  std::size_t quoted_end(std::size_t q) const {
    const char quote = s_[q];
    std::size_t p = q + 1;
    while (p < s_.size()) {
      if (std::size_t splice = splice_length(p)) {
        p += splice;
      } else if (s_[p] == '\\') {
        p += 2;
      } else if (s_[p] == quote) {
        return p + 1;
      } else if (newline_at(p)) {
        return p;
      } else {
        ++p;
      }
    }
    return s_.size();
  }

  // End of a raw string whose opening quote is at q, or 0 if the delimiter is malformed (then
  // the caller treats it as an ordinary string).
  std::size_t raw_string_end(std::size_t q) const {
    std::size_t open = q + 1;
    while (open < s_.size() && s_[open] != '(') {
      const char c = s_[open];
      if (c == ' ' || c == ')' || c == '\\' || c == '\n' || c == '\t' || open - q > 16) return 0;
      ++open;
    }
    if (open >= s_.size()) return 0;
    std::string closing = ")";
    closing.append(s_.substr(q + 1, open - q - 1));
    closing.push_back('"');
    std::size_t found = s_.find(closing, open + 1);
    return found == std::string_view::npos ? s_.size() : found + closing.size();
  }

  std::size_t number_end(std::size_t p) const {
    ++p;
    while (p < s_.size()) {
      const unsigned char c = s_[p];
      const unsigned char prev = s_[p - 1];
      if (is_ident_char(c) || c == '.') {
        ++p;
      } else if ((c == '+' || c == '-') &&
                 (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')) {
        ++p;
      } else if (c == '\'' && p + 1 < s_.size() && is_ident_char(s_[p + 1])) {
        p += 2;  // digit separator, not a character literal
      } else {
        break;
      }
    }
    return p;
  }

  void lex_identifier_or_prefixed_literal() {
    std::size_t q = pos_;
    while (q < s_.size() && is_ident_char(s_[q])) ++q;
    const std::string_view word = s_.substr(pos_, q - pos_);
    const char next = q < s_.size() ? s_[q] : '\0';
    const bool encoding = word == "u8" || word == "u" || word == "U" || word == "L";
    const bool raw = word == "R" || word == "u8R" || word == "uR" || word == "UR" || word == "LR";
    if (encoding && next == '"') return emit(TokenKind::string, quoted_end(q));
    if (encoding && next == '\'') return emit(TokenKind::character, quoted_end(q));
    if (raw && next == '"') {
      if (std::size_t end = raw_string_end(q)) return emit(TokenKind::string, end);
      return emit(TokenKind::string, quoted_end(q));
    }
    emit(TokenKind::identifier, q);
  }

  void lex_punct() {
    const std::string_view rest = s_.substr(pos_);
    for (std::string_view p : kPunctuators)
      if (rest.starts_with(p)) return emit(TokenKind::punct, pos_ + p.size());
    for (std::string_view p : kMorePunctuators)
      if (rest.starts_with(p)) return emit(TokenKind::punct, pos_ + p.size());
    emit(TokenKind::punct, pos_ + 1);
  }

  void lex_one() {
    const unsigned char c = s_[pos_];
    if (c == '\n') return emit(TokenKind::newline, pos_ + 1);
    if (c == '\r' && newline_at(pos_)) return emit(TokenKind::newline, pos_ + 2);
    if (std::size_t splice = splice_length(pos_)) return emit(TokenKind::whitespace, pos_ + splice);
    if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r') {
      std::size_t q = pos_ + 1;
      while (q < s_.size() && (s_[q] == ' ' || s_[q] == '\t' || s_[q] == '\f' || s_[q] == '\v' ||
                               (s_[q] == '\r' && !newline_at(q))))
        ++q;
      return emit(TokenKind::whitespace, q);
    }
    if (c == '/' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '/') {
      std::size_t q = pos_ + 2;
      while (q < s_.size() && !newline_at(q)) q += splice_length(q) ? splice_length(q) : 1;
      return emit(TokenKind::comment, q);
    }
    if (c == '/' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '*') {
      std::size_t close = s_.find("*/", pos_ + 2);
      return emit(TokenKind::comment, close == std::string_view::npos ? s_.size() : close + 2);
    }
    if (is_digit(c) || (c == '.' && pos_ + 1 < s_.size() && is_digit(s_[pos_ + 1])))
      return emit(TokenKind::number, number_end(pos_));
    if (is_ident_start(c)) return lex_identifier_or_prefixed_literal();
    if (c == '"') return emit(TokenKind::string, quoted_end(pos_));
    if (c == '\'') return emit(TokenKind::character, quoted_end(pos_));
    lex_punct();
  }

  std::string_view s_;
  std::size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
  bool at_line_start_ = true;
  long directive_ = -1;
  std::vector<Token> tokens_;
};

}  // namespace

std::vector<Token> lex(std::string_view source) { return Lexer(source).run(); }

}  // namespace scanlab::rewriter
