// cuda::memcpy_async(..., cuda::barrier&) for the CPU backend: the overloads that complete a copy
// on an arrive/wait barrier. CCCL declares them for a CUDA compiler only (its host mode has the
// pipeline overloads alone).
//
// CUDA's contract: the copy is done before the barrier's current phase completes, so a thread that
// waits on that phase sees it (a thread may not read the destination before that wait). Here the
// calling thread copies at once, before it returns and therefore before it arrives: the phase,
// which needs that thread's arrival, cannot complete first. That is what CCCL's own synchronous
// fallback does, and it answers async_contract_fulfillment::none as that fallback does (a GPU
// whose copy really runs in the background answers async; neither asks anything of the caller).
// With a group, rank r of the group copies bytes r, r + size(), ... (each thread its share, done
// before that thread arrives), as cg::memcpy_async does here.
#pragma once
#include <cstddef>
#include <cstring>
#include <type_traits>

namespace cuda {

namespace scanlab_detail {

struct single_thread_group {
  static constexpr std::size_t size() { return 1; }
  static constexpr std::size_t thread_rank() { return 0; }
};

template <class Group>
void copy_group_share(const Group& group, void* dst, const void* src, std::size_t bytes) {
  auto* out = static_cast<unsigned char*>(dst);
  const auto* in = static_cast<const unsigned char*>(src);
  const auto threads = static_cast<std::size_t>(group.size());
  const auto rank = static_cast<std::size_t>(group.thread_rank());
  if (threads == 1) {
    if (bytes != 0) std::memcpy(out, in, bytes);
    return;
  }
  for (std::size_t i = rank; i < bytes; i += threads) out[i] = in[i];
}

template <class T>
void check_copyable() {
  static_assert(std::is_trivially_copyable_v<T>, "memcpy_async requires a trivially copyable type");
}

}  // namespace scanlab_detail

// Size: a byte count, or cuda::aligned_size_t<N> (which converts to one).
template <class T, class Size, ::cuda::std::thread_scope Scope, class Completion>
async_contract_fulfillment memcpy_async(T* destination, const T* source, Size size,
                                        barrier<Scope, Completion>&) {
  scanlab_detail::check_copyable<T>();
  scanlab_detail::copy_group_share(scanlab_detail::single_thread_group{}, destination, source,
                                   static_cast<std::size_t>(size));
  return async_contract_fulfillment::none;
}

template <class Size, ::cuda::std::thread_scope Scope, class Completion>
async_contract_fulfillment memcpy_async(void* destination, const void* source, Size size,
                                        barrier<Scope, Completion>&) {
  scanlab_detail::copy_group_share(scanlab_detail::single_thread_group{}, destination, source,
                                   static_cast<std::size_t>(size));
  return async_contract_fulfillment::none;
}

template <class Group, class T, std::size_t Alignment, ::cuda::std::thread_scope Scope, class Completion>
async_contract_fulfillment memcpy_async(const Group& group, T* destination, const T* source,
                                        aligned_size_t<Alignment> size, barrier<Scope, Completion>&) {
  scanlab_detail::check_copyable<T>();
  scanlab_detail::copy_group_share(group, destination, source, static_cast<std::size_t>(size));
  return async_contract_fulfillment::none;
}

template <class Group, class T, ::cuda::std::thread_scope Scope, class Completion>
async_contract_fulfillment memcpy_async(const Group& group, T* destination, const T* source, std::size_t size,
                                        barrier<Scope, Completion>&) {
  scanlab_detail::check_copyable<T>();
  scanlab_detail::copy_group_share(group, destination, source, size);
  return async_contract_fulfillment::none;
}

template <class Group, std::size_t Alignment, ::cuda::std::thread_scope Scope, class Completion>
async_contract_fulfillment memcpy_async(const Group& group, void* destination, const void* source,
                                        aligned_size_t<Alignment> size, barrier<Scope, Completion>&) {
  scanlab_detail::copy_group_share(group, destination, source, static_cast<std::size_t>(size));
  return async_contract_fulfillment::none;
}

template <class Group, ::cuda::std::thread_scope Scope, class Completion>
async_contract_fulfillment memcpy_async(const Group& group, void* destination, const void* source, std::size_t size,
                                        barrier<Scope, Completion>&) {
  scanlab_detail::copy_group_share(group, destination, source, size);
  return async_contract_fulfillment::none;
}

}  // namespace cuda
