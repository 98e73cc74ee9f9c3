#include "schedule_config.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "block_scheduler.h"

namespace scanlab::cpu {

namespace {

// Environment variables let a program built with the driver (or a replay command printed by a
// report) pick a schedule without recompiling.
schedule schedule_from_environment() {
  schedule s;
  auto read_order = [](const char* var, order& out) {
    const char* v = std::getenv(var);
    if (v != nullptr && !parse_order(v, out))
      std::fprintf(stderr, "scanlab-cpu: ignoring %s=%s (expected forward, reverse or random)\n", var, v);
  };
  read_order("SCANLAB_THREAD_ORDER", s.threads);
  read_order("SCANLAB_BLOCK_ORDER", s.blocks);
  if (const char* seed = std::getenv("SCANLAB_SEED")) s.seed = std::strtoull(seed, nullptr, 0);
  return s;
}

double watchdog_from_environment() {
  if (const char* v = std::getenv("SCANLAB_WATCHDOG_SECONDS")) {
    double s = std::atof(v);
    if (s > 0) return s;
  }
  return 10.0;
}

std::mutex config_mutex;
schedule& the_schedule() {
  static schedule s = schedule_from_environment();
  return s;
}
std::atomic<double>& the_watchdog_seconds() {
  static std::atomic<double> s{watchdog_from_environment()};
  return s;
}
std::atomic<std::uint64_t> launches{0}, blocks{0};

unsigned resident_from_environment() {
  if (const char* v = std::getenv("SCANLAB_RESIDENT_BLOCKS")) return static_cast<unsigned>(std::strtoul(v, nullptr, 10));
  return 0;
}
std::atomic<bool>& the_interleave() {
  static std::atomic<bool> on{[] {
    const char* v = std::getenv("SCANLAB_INTERLEAVE_BLOCKS");
    return v != nullptr && *v != '\0' && *v != '0';
  }()};
  return on;
}
std::atomic<unsigned>& the_resident_blocks() {
  static std::atomic<unsigned> n{resident_from_environment()};
  return n;
}

}  // namespace

void set_schedule(const schedule& s) {
  std::lock_guard<std::mutex> lock(config_mutex);
  the_schedule() = s;
  detail::restart_schedule_sequence();
}

schedule current_schedule() {
  std::lock_guard<std::mutex> lock(config_mutex);
  return the_schedule();
}

const char* order_name(order o) {
  switch (o) {
    case order::forward: return "forward";
    case order::reverse: return "reverse";
    case order::random: return "random";
  }
  return "forward";
}

bool parse_order(const std::string& text, order& out) {
  if (text == "forward") out = order::forward;
  else if (text == "reverse") out = order::reverse;
  else if (text == "random") out = order::random;
  else return false;
  return true;
}

void set_watchdog_seconds(double seconds) { the_watchdog_seconds().store(seconds); }
void set_resident_blocks(unsigned blocks) { the_resident_blocks().store(blocks); }
unsigned resident_blocks() { return the_resident_blocks().load(); }
void set_interleave_blocks(bool on) { the_interleave().store(on); }
bool interleave_blocks() { return the_interleave().load(std::memory_order_relaxed); }
double watchdog_seconds() { return the_watchdog_seconds().load(); }

statistics stats() {
  statistics s;
  s.fiber_switches = detail::this_scheduler().switches();
  s.blocks_run = blocks.load(std::memory_order_relaxed);
  s.launches = launches.load(std::memory_order_relaxed);
  return s;
}

namespace detail {
void count_launch() { launches.fetch_add(1, std::memory_order_relaxed); }
void count_block() { blocks.fetch_add(1, std::memory_order_relaxed); }
}  // namespace detail

}  // namespace scanlab::cpu
