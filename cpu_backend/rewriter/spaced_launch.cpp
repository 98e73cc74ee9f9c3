#include "spaced_launch.h"

#include <vector>

#include "token_stream.h"

namespace scanlab::rewriter {
namespace {

bool is_blank_space(const TokenStream& ts, std::size_t i) { return ts[i].kind == TokenKind::whitespace; }

// Tokens of three `angle`s starting at `i`, apart only by spaces; empty if not that.
std::vector<std::size_t> spaced_triple(const TokenStream& ts, std::size_t i, std::string_view angle) {
  std::vector<std::size_t> angles;
  for (std::size_t j = i; j < ts.size() && angles.size() < 3; ++j) {
    if (ts.is(j, angle))
      angles.push_back(j);
    else if (!is_blank_space(ts, j))
      break;
  }
  if (angles.size() < 3 || angles[2] - angles[0] == 2) return {};  // not three, or already joined
  return angles;
}

}  // namespace

std::string join_spaced_launch_angles(std::string_view source) {
  if (source.find("< <") == std::string_view::npos && source.find("<< ") == std::string_view::npos) return std::string(source);
  const TokenStream ts(source);
  std::string out;
  out.reserve(source.size());
  bool open_launch = false;
  std::size_t previous_code = npos;  // last significant token before i
  for (std::size_t i = 0; i < ts.size();) {
    const bool code = ts[i].kind == TokenKind::punct || ts[i].kind == TokenKind::identifier;
    const std::string_view angle = !open_launch ? "<" : ">";
    std::vector<std::size_t> triple;
    if (ts.is(i, angle) && !(angle == "<" && previous_code != npos && ts.is(previous_code, "operator")))
      triple = spaced_triple(ts, i, angle);
    if (!triple.empty()) {
      std::string spaces;
      for (std::size_t j = triple[0]; j <= triple[2]; ++j)
        if (is_blank_space(ts, j)) spaces += ts.str(j);
      out += std::string(3, angle[0]) + spaces;
      open_launch = !open_launch;
      previous_code = triple[2];
      i = triple[2] + 1;
      continue;
    }
    if (ts.is(i, ";")) open_launch = false;
    if (code) previous_code = i;
    out += ts.str(i);
    ++i;
  }
  return out;
}

}  // namespace scanlab::rewriter
