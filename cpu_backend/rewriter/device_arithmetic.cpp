#include "device_arithmetic.h"

namespace scanlab::rewriter {
namespace {

// Tokens that end the declaration before the qualifier: the previous statement, a brace, an
// access specifier's colon, or a template header's closing '>'.
bool ends_previous(const TokenStream& ts, std::size_t t) {
  return ts.is(t, ";") || ts.is(t, "{") || ts.is(t, "}") || ts.is(t, ":") || ts.is(t, ">") || ts.is(t, ")");
}

}  // namespace

bool declares_device_function(const TokenStream& ts, std::size_t qualifier) {
  const Region code = ts.code_region();
  const bool kernel = ts.is(qualifier, "__global__");
  // Backwards to the start of the declaration: a lambda's `]`, or a `__host__` before it.
  for (std::size_t t = qualifier == 0 ? npos : ts.prev(code, qualifier - 1); t != npos;
       t = t == 0 ? npos : ts.prev(code, t - 1)) {
    if (ts.is(t, "]")) return false;
    if (ts.is(t, "__host__")) return false;
    if (ends_previous(ts, t)) break;
  }
  // Forwards to the parameter list: a `__host__` on the way, or a variable's end first.
  for (std::size_t t = ts.next(code, qualifier + 1); t != npos; t = ts.next(code, t + 1)) {
    if (ts.is(t, "__host__")) return false;
    if (ts.is(t, ";") || ts.is(t, "=") || ts.is(t, "{") || ts.is(t, "[")) return false;
    if (ts.is(t, "<")) {  // template arguments of the return type may hold parentheses
      const std::size_t close = ts.match_angle_forward(code, t, ts.size());
      if (close == npos) return false;
      t = close;
      continue;
    }
    if (ts.is(t, "__attribute__") || ts.is(t, "__launch_bounds__") || ts.is(t, "__align__") ||
        ts.is(t, "alignas") || ts.is(t, "decltype")) {
      const std::size_t open = ts.next(code, t + 1);
      if (open == npos || !ts.is(open, "(")) return false;
      t = ts.match_forward(code, open);
      if (t == npos) return false;
      continue;
    }
    if (ts.is(t, "(")) {
      // `(*name)(...)`: a pointer to a function, a variable.
      const std::size_t inside = ts.next(code, t + 1);
      return kernel || inside == npos || !(ts.is(inside, "*") || ts.is(inside, "&") || ts.is(inside, "^"));
    }
  }
  return false;
}

}  // namespace scanlab::rewriter
