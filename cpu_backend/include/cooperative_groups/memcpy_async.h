// cg::memcpy_async and cg::wait on scanlab's CPU backend. The copy is done at once, shared among
// the group's threads (rank r copies the bytes r, r + size, ...); wait() is the group's barrier,
// after which every thread sees the whole copy, as after CUDA's wait. A kernel that reads the
// destination before wait() is as wrong here as on a GPU, though it may happen to work.
#pragma once

#include <cstddef>

#include "cooperative_groups.h"

namespace cooperative_groups {

namespace details {
template <class Group>
void copy_share(const Group& group, void* dst, const void* src, std::size_t bytes) {
  auto* out = static_cast<unsigned char*>(dst);
  const auto* in = static_cast<const unsigned char*>(src);
  const std::size_t threads = static_cast<std::size_t>(group.num_threads());
  for (std::size_t i = static_cast<std::size_t>(group.thread_rank()); i < bytes; i += threads) out[i] = in[i];
}
}  // namespace details

// Shape: a byte count, or cuda::aligned_size_t<N> (which converts to one).
template <class Group, class Shape>
void memcpy_async(const Group& group, void* dst, const void* src, const Shape& bytes) {
  details::copy_share(group, dst, src, static_cast<std::size_t>(bytes));
}

template <class Group, class T>
void memcpy_async(const Group& group, T* dst, std::size_t dst_count, const T* src, std::size_t src_count) {
  details::copy_share(group, dst, src, (dst_count < src_count ? dst_count : src_count) * sizeof(T));
}

template <class Group>
void wait(const Group& group, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  group.sync(file, line);
}
template <unsigned int NumStages, class Group>
void wait_prior(const Group& group, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  group.sync(file, line);
}

}  // namespace cooperative_groups
