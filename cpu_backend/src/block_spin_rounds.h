// Whether a spinning block waits for its own threads or for another block. A thread that spins
// (spin_waits.h) first lets the other threads of its block run, as a GPU's other warps would. When
// every thread of the block spins, as at the end of a software grid barrier that all threads of
// each block wait on (`while (atomicAdd(&arrived, 0) != gridDim.x) {}`), those hand-overs go round
// the block forever: only another block can end the wait. So once every runnable thread has had a
// turn and spun again, with no memory changed by the block and no barrier passed in between, the
// block waits on the others (resident_blocks.cpp starts or resumes them).
#pragma once

#include <cstdint>

#include "block_scheduler.h"

namespace scanlab::cpu::detail {

class block_spin_rounds {
 public:
  // Called at each spin a block's thread detects while other threads of the block could run. True:
  // let them run first; false: they have all spun since the block last made progress.
  bool others_of_block_first(const block_scheduler& scheduler, std::uint64_t memory_changes) {
    if (&scheduler != scheduler_ || scheduler.phases() != phases_ || memory_changes != changes_) {
      scheduler_ = &scheduler;
      phases_ = scheduler.phases();
      yields_ = 0;
    }
    changes_ = memory_changes;
    // One turn for each runnable thread, and the spinning one's own.
    if (yields_ <= scheduler.ready_threads()) {
      ++yields_;
      return true;
    }
    yields_ = 0;
    return false;
  }
  // The block waited on the others and got its turn back: its memory-change count may have been
  // reset meanwhile (resident_blocks.cpp gathers it), which is not progress of its own.
  void resumed(std::uint64_t memory_changes) { changes_ = memory_changes; }

 private:
  const block_scheduler* scheduler_ = nullptr;
  std::uint64_t phases_ = 0;
  std::uint64_t changes_ = 0;
  unsigned yields_ = 0;
};

}  // namespace scanlab::cpu::detail
