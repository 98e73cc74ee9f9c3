#include "cases.h"

#include <cstdlib>
#include <set>

#include <fmt/format.h>

#include "scanlab/core/case_plan.h"

namespace scanlab::harness {

namespace {

bool parse_order(const char* text, backend::order& out) {
  const std::string s = text;
  if (s == "forward") out = backend::order::forward;
  else if (s == "reverse") out = backend::order::reverse;
  else if (s == "random") out = backend::order::random;
  else return false;
  return true;
}

}  // namespace

schedule_settings schedule_settings::from_environment() {
  schedule_settings s;
  if (const char* v = std::getenv("SCANLAB_THREAD_ORDER")) parse_order(v, s.threads);
  if (const char* v = std::getenv("SCANLAB_BLOCK_ORDER")) parse_order(v, s.blocks);
  if (const char* v = std::getenv("SCANLAB_SEED")) s.seed = std::strtoull(v, nullptr, 0);
  if (const char* v = std::getenv("SCANLAB_WATCHDOG_SECONDS"); v != nullptr && std::atof(v) > 0)
    s.watchdog_seconds = std::atof(v);
  return s;
}

void schedule_settings::apply() const {
  backend::set_schedule(threads, blocks, seed);
  backend::set_watchdog_seconds(watchdog_seconds);
}

std::vector<case_def> make_cases(const core::lab_spec& spec, std::uint64_t base_seed) {
  const std::uint64_t cap = spec.largest_n();
  const core::case_plan plan = core::plan_cases(spec, cap, base_seed);
  std::vector<case_def> cases;
  std::set<std::uint64_t> sizes_seen;
  auto add = [&](case_kind kind, std::uint64_t n, core::data_kind data, std::string why,
                 backend::order blocks = backend::order::forward) {
    if (n > cap || n > 0xffffffffull) return;
    if (kind == case_kind::normal && data == core::data_kind::small_integers && !sizes_seen.insert(n).second) return;
    case_def c;
    c.kind = kind;
    c.n = n;
    c.data = data;
    c.why = std::move(why);
    c.block_order = blocks;
    c.seed = base_seed * 1000 + cases.size() + 1;
    cases.push_back(c);
  };
  const auto ints = core::data_kind::small_integers;

  if (spec.is_asan()) {
    // AddressSanitizer is slow: a partial section and a partial block beyond two full ones.
    for (const core::named_size& size : plan.asan) add(case_kind::normal, size.n, ints, size.why);
    return cases;
  }

  for (const core::named_size& size : plan.edge) add(case_kind::normal, size.n, ints, size.why);
  for (std::uint64_t n : plan.random) add(case_kind::normal, n, ints, "random");

  // Large sizes: the CPU backend stops at cpu_max_n; a GPU goes up to max_n.
  if (spec.is_cpu()) {
    add(case_kind::normal, cap, ints, "cpu_max_n");
  } else {
    for (std::uint64_t n : plan.large) add(case_kind::normal, n, ints, "large");
    add(case_kind::normal, cap, ints, "max_n");
  }

  // Float data: rounding is checked with a tolerance instead of exactly.
  const auto floats = core::data_kind::uniform_floats;
  add(case_kind::normal, plan.float_small, floats, "2S+1");
  if (plan.float_large > plan.float_small) add(case_kind::normal, plan.float_large, floats, "large");

  if (spec.is_cpu()) {
    // Races that one order hides; blocks that wait for a block that has not run.
    add(case_kind::schedules, plan.schedules, ints, "several sections");
    add(case_kind::block_order, plan.chained, ints, "several blocks", backend::order::reverse);
    add(case_kind::block_order, plan.chained, ints, "several blocks", backend::order::random);
  }
  return cases;
}

std::string shell_quote(const std::string& s) {
  if (s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+=:,") ==
      std::string::npos)
    return s;
  std::string q = "'";
  for (char ch : s) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return q + "'";
}

std::string describe(const case_def& c, const core::lab_spec&) {
  if (c.given) return fmt::format("dataset {}: n = {} ({}, seed {})", c.given->dir, c.n, c.given->distribution, c.seed);
  std::string what = fmt::format("n = {} ({}, {}, seed {})", c.n, c.why, core::data_kind_name(c.data), c.seed);
  switch (c.kind) {
    case case_kind::normal: return what;
    case case_kind::schedules: return "schedules differential: " + what;
    case case_kind::block_order: return fmt::format("blocks {}: {}", backend::order_name(c.block_order), what);
  }
  return what;
}

std::string schedule_environment(backend::order threads, backend::order blocks, std::uint64_t seed) {
  std::string env = fmt::format("SCANLAB_THREAD_ORDER={} SCANLAB_BLOCK_ORDER={}", backend::order_name(threads),
                                backend::order_name(blocks));
  if (threads == backend::order::random || blocks == backend::order::random) env += fmt::format(" SCANLAB_SEED={}", seed);
  return env;
}

std::string replay_command(const core::lab_spec& spec, const case_def& c, const std::string& executable,
                           const schedule_settings& env) {
  std::string args = fmt::format("{} --n {} --seed {}", executable, c.n, c.seed);
  if (c.data != core::data_kind::small_integers) args += fmt::format(" --data {}", core::data_kind_name(c.data));
  if (c.given) args = fmt::format("{} --dataset {}", executable, shell_quote(c.given->dir));
  if (!spec.is_cpu()) return args;
  std::string prefix = spec.is_asan() ? "ASAN_OPTIONS=detect_leaks=0 " : "";
  switch (c.kind) {
    case case_kind::normal:
      prefix += schedule_environment(env.threads, env.blocks, env.seed);
      if (env.watchdog_seconds != default_watchdog_seconds) prefix += fmt::format(" SCANLAB_WATCHDOG_SECONDS={}", env.watchdog_seconds);
      break;
    case case_kind::schedules:
      prefix += schedule_environment(env.threads, env.blocks, env.seed);
      args += " --schedules";
      break;
    case case_kind::block_order:
      prefix += schedule_environment(backend::order::forward, c.block_order, c.seed) +
                fmt::format(" SCANLAB_WATCHDOG_SECONDS={}", core::short_watchdog_seconds);
      break;
  }
  return prefix + " " + args;
}

}  // namespace scanlab::harness
