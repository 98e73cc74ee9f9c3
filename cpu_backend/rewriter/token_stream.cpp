#include "token_stream.h"

namespace scanlab::rewriter {

bool is_open_bracket(std::string_view s) { return s == "(" || s == "[" || s == "{"; }
bool is_close_bracket(std::string_view s) { return s == ")" || s == "]" || s == "}"; }

TokenStream::TokenStream(std::string_view text) : text_(text), tokens_(lex(text)) {}

std::string_view TokenStream::str(std::size_t i) const {
  return text_.substr(tokens_[i].begin, tokens_[i].end - tokens_[i].begin);
}

bool TokenStream::is(std::size_t i, std::string_view spelling) const {
  return i < tokens_.size() && is_significant(tokens_[i]) && str(i) == spelling;
}

Region TokenStream::directive_region(std::size_t hash) const {
  std::size_t hi = hash;
  while (hi < tokens_.size() && tokens_[hi].directive == static_cast<long>(hash)) ++hi;
  return {hash, hi, true};
}

Region TokenStream::region_of(std::size_t i) const {
  if (tokens_[i].directive >= 0)
    return directive_region(static_cast<std::size_t>(tokens_[i].directive));
  return code_region();
}

bool TokenStream::skipped(const Region& r, std::size_t i) const {
  return !is_significant(tokens_[i]) || (!r.directive && tokens_[i].directive >= 0);
}

std::size_t TokenStream::next(const Region& r, std::size_t i) const {
  for (; i < r.hi; ++i)
    if (!skipped(r, i)) return i;
  return npos;
}

std::size_t TokenStream::prev(const Region& r, std::size_t i) const {
  for (; i != npos && i >= r.lo && i < r.hi; --i)
    if (!skipped(r, i)) return i;
  return npos;
}

std::size_t TokenStream::match_forward(const Region& r, std::size_t i) const {
  int depth = 0;
  for (std::size_t j = i; j < r.hi; ++j) {
    if (skipped(r, j)) continue;
    const std::string_view s = str(j);
    if (is_open_bracket(s)) ++depth;
    if (is_close_bracket(s) && --depth == 0) return j;
  }
  return npos;
}

std::size_t TokenStream::match_backward(const Region& r, std::size_t i) const {
  int depth = 0;
  for (std::size_t j = i; j != npos && j >= r.lo; --j) {
    if (skipped(r, j)) continue;
    const std::string_view s = str(j);
    if (is_close_bracket(s)) ++depth;
    if (is_open_bracket(s) && --depth == 0) return j;
  }
  return npos;
}

std::size_t TokenStream::match_angle_backward(const Region& r, std::size_t i) const {
  int depth = 0;
  for (std::size_t j = i; j != npos && j >= r.lo; --j) {
    if (skipped(r, j)) continue;
    const std::string_view s = str(j);
    if (s == ">") {
      ++depth;
    } else if (s == "<") {
      if (--depth == 0) return j;
    } else if (is_close_bracket(s)) {
      j = match_backward(r, j);  // (a > b) inside template arguments is not a bracket
      if (j == npos) return npos;
    } else if (is_open_bracket(s) || s == ";") {
      return npos;
    }
  }
  return npos;
}

std::size_t TokenStream::match_angle_forward(const Region& r, std::size_t i,
                                             std::size_t limit) const {
  int depth = 0;
  for (std::size_t j = i; j < limit && j < r.hi; ++j) {
    if (skipped(r, j)) continue;
    const std::string_view s = str(j);
    if (s == "<") {
      ++depth;
    } else if (s == ">") {
      if (--depth == 0) return j;
    } else if (is_open_bracket(s)) {
      j = match_forward(r, j);
      if (j == npos || j >= limit) return npos;
    } else if (is_close_bracket(s) || s == ";") {
      return npos;
    }
  }
  return npos;
}

std::string_view TokenStream::slice(std::size_t a, std::size_t b) const {
  if (a >= b) return {};
  return text_.substr(tokens_[a].begin, tokens_[b - 1].end - tokens_[a].begin);
}

bool TokenStream::has_newline(std::size_t a, std::size_t b) const {
  return slice(a, b).find('\n') != std::string_view::npos;
}

int TokenStream::newline_count(std::size_t a, std::size_t b) const {
  int n = 0;
  for (char c : slice(a, b)) n += c == '\n';
  return n;
}

std::string TokenStream::collapsed(const std::vector<std::size_t>& picked) const {
  std::string out;
  for (std::size_t k = 0; k < picked.size(); ++k) {
    if (k > 0 && picked[k] != picked[k - 1] + 1) out += ' ';
    out += str(picked[k]);
  }
  return out;
}

}  // namespace scanlab::rewriter
