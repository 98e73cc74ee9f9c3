#include "launch_parser.h"

#include "kernel_expression.h"

namespace scanlab::rewriter {

bool is_triple_angle(const TokenStream& ts, std::size_t i, std::string_view angle) {
  return ts.is(i, angle) && ts.is(i + 1, angle) && ts.is(i + 2, angle);
}

namespace {

bool has_significant(const TokenStream& ts, const Region& r, TokenRange range) {
  for (std::size_t i = range.begin; i < range.end; ++i)
    if (!ts.skipped(r, i)) return true;
  return false;
}

// The first run of three or more adjacent '>' at bracket depth 0 after "<<<" closes the
// configuration; in a longer run (`f<a<b>>>>>`) the last three are the launch's.
std::size_t find_close_angles(const TokenStream& ts, const Region& r, std::size_t from) {
  int depth = 0;
  for (std::size_t i = from; i < r.hi; ++i) {
    if (ts.skipped(r, i)) continue;
    const std::string_view s = ts.str(i);
    if (is_open_bracket(s)) {
      ++depth;
    } else if (is_close_bracket(s)) {
      if (depth == 0) return npos;
      --depth;
    } else if ((s == ";" || is_triple_angle(ts, i, "<")) && depth == 0) {
      return npos;  // a second "<<<" first: this one has no ">>>" of its own
    } else if (s == ">" && depth == 0) {
      std::size_t run = 0;
      while (i + run < r.hi && ts.is(i + run, ">")) ++run;
      if (run >= 3) return i + run - 3;
      i += run - 1;
    }
  }
  return npos;
}

// Splits the configuration (or the kernel arguments) at top-level commas. Commas inside brackets stay, and so do commas
// in `name<...>` when it is plainly a template (followed by '(', '{' or "::").
std::vector<TokenRange> split_config(const TokenStream& ts, const Region& r, std::size_t begin,
                                     std::size_t end) {
  std::vector<TokenRange> args;
  std::size_t arg_begin = begin;
  int depth = 0;
  for (std::size_t i = begin; i < end; ++i) {
    if (ts.skipped(r, i)) continue;
    const std::string_view s = ts.str(i);
    if (is_open_bracket(s)) {
      ++depth;
    } else if (is_close_bracket(s)) {
      --depth;
    } else if (depth == 0 && s == ",") {
      args.push_back({arg_begin, i});
      arg_begin = i + 1;
    } else if (depth == 0 && ts[i].kind == TokenKind::identifier && ts.is(i + 1, "<")) {
      const std::size_t gt = ts.match_angle_forward(r, i + 1, end);
      if (gt == npos) continue;
      const std::size_t after = ts.next(r, gt + 1);
      if (after < end && (ts.is(after, "(") || ts.is(after, "{") || ts.is(after, "::"))) i = gt;
    }
  }
  args.push_back({arg_begin, end});
  return args;
}

}  // namespace

LaunchParse parse_launch(const TokenStream& ts, const Region& r, std::size_t open) {
  LaunchParse out;
  auto fail = [&out](std::string message) {
    out.error = "kernel launch: " + std::move(message);
    return out;
  };
  LaunchSite& site = out.site;
  site.open_angles = open;

  const std::size_t last = ts.prev(r, open - 1);
  const std::size_t first = last == npos ? npos : kernel_expression_start(ts, r, last);
  if (first == npos)
    return fail(
        "cannot find the kernel before '<<<' (expected a name like k or ns::k<T>, or an expression "
        "such as kernels[i], (*fp) or s.kernel)");
  site.kernel = {first, last + 1};

  site.close_angles = find_close_angles(ts, r, open + 3);
  if (site.close_angles == npos) return fail("missing '>>>' to close '<<<'");

  site.config = split_config(ts, r, open + 3, site.close_angles);
  if (site.config.size() == 1 && !has_significant(ts, r, site.config[0]))
    return fail("'<<<>>>' needs a launch configuration (grid, block[, shared bytes[, stream]])");
  if (site.config.size() > 4)
    return fail("'<<<...>>>' takes at most 4 arguments (grid, block, shared bytes, stream), got " +
                std::to_string(site.config.size()));
  for (const TokenRange& arg : site.config)
    if (!has_significant(ts, r, arg)) return fail("empty argument in '<<<...>>>'");

  site.open_paren = ts.next(r, site.close_angles + 3);
  if (site.open_paren == npos || !ts.is(site.open_paren, "("))
    return fail("expected '(' with the kernel arguments after '>>>'");
  site.close_paren = ts.match_forward(r, site.open_paren);
  if (site.close_paren == npos) return fail("unbalanced '(' in the kernel arguments");
  site.args = split_config(ts, r, site.open_paren + 1, site.close_paren);

  out.ok = true;
  return out;
}

}  // namespace scanlab::rewriter
