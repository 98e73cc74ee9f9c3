// cg::inclusive_scan and cg::exclusive_scan on scanlab's CPU backend, over a thread_block_tile<N>
// or a coalesced_group: thread r gets op over ranks 0..r (inclusive) or 0..r-1 (exclusive; rank 0
// gets a value-initialised T{}, as in CUDA). A Hillis-Steele scan on the group's shuffles; a tile
// wider than a warp folds through the block's scratch (cooperative_groups/details/multi_warp.h). The
// *_scan_update forms (with a cuda::atomic destination) are not provided.
#pragma once

#include <type_traits>
#include <utility>

#include "cooperative_groups.h"
#include "cooperative_groups/details/functional.h"

namespace cooperative_groups {

template <class Group, class T, class Op>
auto inclusive_scan(const Group& group, T&& value, Op&& op, const char* file = __builtin_FILE(),
                    int line = __builtin_LINE()) -> decltype(op(value, value)) {
  auto result = value;
  const unsigned rank = static_cast<unsigned>(group.thread_rank());
  if constexpr (details::static_tile_size<Group>::value > 32) {
    // Wider than a warp: every thread folds ranks 0..rank from the block's scratch.
    const unsigned first = details::block_rank_of_thread() - rank;
    return details::multi_warp_fold(result, first, rank + 1, 1u, op, file, line);
  } else {
    for (unsigned distance = 1; distance < group.num_threads(); distance *= 2) {
      auto lower = group.shfl_up(result, distance, file, line);
      if (rank >= distance) result = op(lower, result);
    }
    return result;
  }
}

template <class Group, class T>
std::remove_cv_t<std::remove_reference_t<T>> inclusive_scan(const Group& group, T&& value, const char* file = __builtin_FILE(),
                                      int line = __builtin_LINE()) {
  return inclusive_scan(group, std::forward<T>(value), plus<std::remove_cv_t<std::remove_reference_t<T>>>(), file, line);
}

template <class Group, class T, class Op>
auto exclusive_scan(const Group& group, T&& value, Op&& op, const char* file = __builtin_FILE(),
                    int line = __builtin_LINE()) -> decltype(op(value, value)) {
  auto inclusive = inclusive_scan(group, value, op, file, line);
  decltype(inclusive) previous;
  if constexpr (details::static_tile_size<Group>::value > 32) {
    const unsigned rank = static_cast<unsigned>(group.thread_rank());
    previous = group.shfl(inclusive, static_cast<int>(rank == 0 ? 0 : rank - 1), file, line);
  } else {
    previous = group.shfl_up(inclusive, 1u, file, line);
  }
  if (group.thread_rank() == 0) return {};
  return previous;
}

template <class Group, class T>
std::remove_cv_t<std::remove_reference_t<T>> exclusive_scan(const Group& group, T&& value, const char* file = __builtin_FILE(),
                                      int line = __builtin_LINE()) {
  return exclusive_scan(group, std::forward<T>(value), plus<std::remove_cv_t<std::remove_reference_t<T>>>(), file, line);
}

}  // namespace cooperative_groups
