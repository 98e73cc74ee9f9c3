// The access trace: every shared- and global-memory access of a checked launch's first blocks, by
// thread and barrier interval, with the contents of each shared variable at the end of each
// interval. `scanlab trace` draws it (one row per interval, an arrow from each cell a thread read
// to each cell it wrote), next to the taught algorithm's figure. Small launches only: it keeps
// every event.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "shared_arena.h"

namespace scanlab::cpu::detail {

class access_trace {
 public:
  static constexpr unsigned traced_blocks = 4;         // the first blocks of a launch, in run order
  static constexpr std::size_t max_events = 1u << 20;  // then the trace says it was cut
  static constexpr std::size_t snapshot_elements = 256;

  void launch_begin(const std::string& kernel);
  void block_begin(unsigned linear_block);
  void interval_end(const char* file, int line);  // a barrier released (file null: the block ended)
  // shared: `variable` (from the arena) and `element`; global: the buffer's base and `element`.
  void access(bool shared, const shared_arena::variable* variable, const void* global_base, std::size_t element,
              std::uint32_t thread, bool write, bool atomic, const void* pc);
  // The whole trace as JSON (code addresses turned into lines); empties it.
  std::string take_json();

 private:
  struct event {
    unsigned launch, block, interval;
    std::uint32_t thread;
    bool write, atomic, shared;
    std::string variable;           // shared
    const void* global_base;        // global
    std::size_t element;
    const void* pc;
  };
  struct snapshot {
    unsigned launch, block, interval;
    std::string variable;
    std::size_t element_bytes;
    std::vector<std::uint32_t> words;  // the first elements, as raw 32-bit words
  };
  struct interval_info {
    unsigned launch, block, interval;
    std::string closed_by;  // "scan.cu:25", or "" at the block's end
  };
  bool recording() const { return block_traced_ && events_.size() < max_events; }

  std::vector<std::string> kernels_;
  std::vector<event> events_;
  std::vector<snapshot> snapshots_;
  std::vector<interval_info> intervals_;
  unsigned launch_ = 0, block_ = 0, interval_ = 0, blocks_seen_ = 0;
  bool block_traced_ = false;
  bool cut_ = false;
};

}  // namespace scanlab::cpu::detail
