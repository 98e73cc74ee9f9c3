// cg::reduce on scanlab's CPU backend: every thread of a thread_block_tile<N> or coalesced_group
// gets op applied over the whole group's values. Built on the group's shuffles, in the order CUDA
// combines them (a butterfly for tiles), so floating-point results round as on the GPU's generic
// path. Tiles wider than a warp reduce each warp, then combine the warps' results. The
// asynchronous forms (reduce_update_async, ...) are not provided.
#pragma once

#include <type_traits>
#include <utility>

#include "cooperative_groups.h"
#include "cooperative_groups/details/functional.h"

namespace cooperative_groups {

template <unsigned int Size, class ParentT, class T, class Op>
auto reduce(const thread_block_tile<Size, ParentT>& group, T&& value, Op&& op, const char* file = __builtin_FILE(),
            int line = __builtin_LINE()) -> decltype(op(value, value)) {
  auto result = value;
  if constexpr (Size > 32) {
    // Wider than a warp: each warp reduces its lanes (a butterfly), then the warps' results are
    // combined in warp order through the block's scratch (cooperative_groups/details/multi_warp.h).
    for (unsigned distance = 16; distance > 0; distance /= 2)
      result = op(result, details::shuffle(details::cpu::warp_op::shfl_xor, details::lanes_in_warp_mask(), result,
                                           static_cast<int>(distance), 32, file, line));
    const unsigned first = details::block_rank_of_thread() - static_cast<unsigned>(group.thread_rank());
    return details::multi_warp_fold(result, first, Size, 32u, op, file, line);
  } else {
    for (unsigned distance = Size / 2; distance > 0; distance /= 2)
      result = op(result, group.shfl_xor(result, distance, file, line));
    return result;
  }
}

// A coalesced group's lanes need not be contiguous: gather every rank's value in rank order.
template <class T, class Op>
auto reduce(const coalesced_group& group, T&& value, Op&& op, const char* file = __builtin_FILE(),
            int line = __builtin_LINE()) -> decltype(op(value, value)) {
  auto result = group.shfl(value, 0u, file, line);
  for (unsigned rank = 1; rank < group.num_threads(); ++rank) result = op(result, group.shfl(value, rank, file, line));
  return result;
}

}  // namespace cooperative_groups
