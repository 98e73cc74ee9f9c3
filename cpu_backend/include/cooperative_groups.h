// Cooperative groups on scanlab's CPU backend, at block and warp level: thread_block,
// thread_block_tile<N> (N = 1..32) from tiled_partition, dynamic tiled_partition, coalesced_threads,
// and grid_group for its indices only. Names and return types follow CUDA's <cooperative_groups.h>;
// everything is built on the backend's own barriers and warp collectives (scanlab/cpu/device_api.h),
// which are fiber scheduling points, so a divergent tile.sync() or shuffle is reported as on
// __syncwarp. Each collective takes the caller's file and line (defaulted arguments) so that those
// reports name the student's line, not this header.
//
// Tiles wider than a warp (thread_block_tile<64..1024>, with or without block_tile_memory) have
// what CUDA gives them: sync, shfl, any, all, reduce and the scans, meta_group_rank/size. Their
// collectives exchange values through the block's scratch slots (cooperative_groups/details/
// multi_warp.h) and synchronise with the whole block's barrier: as on a GPU when every tile of the
// block reaches them together (the usual code); tiles that synchronise on different paths are
// reported as a divergent barrier instead of running.
//
// Out of scope, rejected at compile time: grid.sync() (grid-wide synchronisation needs
// cudaLaunchCooperativeKernel on a GPU; the CPU backend runs blocks one at a time),
// this_cluster(). match_any/match_all call the backend's __match_*_sync.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "scanlab/cpu/prelude.h"

namespace cooperative_groups {

namespace details {

namespace cpu = ::scanlab::cpu::detail;

template <class...>
inline constexpr bool always_false = false;

// The calling thread's place in its block, as CUDA numbers threads: x fastest, then y, then z.
inline unsigned block_rank_of_thread() { return cpu::tls.linear_thread; }
inline unsigned threads_in_block() { return blockDim.x * blockDim.y * blockDim.z; }
inline unsigned lane_id() { return block_rank_of_thread() & 31u; }

// The lanes of the caller's warp that exist: a block whose size is not a multiple of 32 has a
// partial last warp, whose missing lanes can take part in nothing.
inline unsigned lanes_in_warp_mask() {
  unsigned first = block_rank_of_thread() & ~31u;
  unsigned count = threads_in_block() - first;
  return count >= 32 ? 0xffffffffu : (1u << count) - 1u;
}

// The lanes of a warp-aligned tile of `size` threads (a power of two) holding the caller.
inline unsigned tile_lanes_mask(unsigned size) {
  unsigned full = size >= 32 ? 0xffffffffu : (1u << size) - 1u;
  unsigned shift = size >= 32 ? 0u : (lane_id() & ~(size - 1u));
  return (full << shift) & lanes_in_warp_mask();
}

inline unsigned popcount(unsigned x) { return static_cast<unsigned>(__builtin_popcount(x)); }
// The lane of the rank-th set bit of mask (rank counted from 0), or 32 when there is none.
inline unsigned lane_of_rank(unsigned mask, unsigned rank) {
  for (unsigned lane = 0; lane < 32; ++lane) {
    if ((mask >> lane) & 1u) {
      if (rank == 0) return lane;
      --rank;
    }
  }
  return 32;
}
// The bits of `lanes` that lie in `mask`, packed down to group ranks (bit r = rank r).
inline unsigned pack_lanes(unsigned mask, unsigned lanes) {
  unsigned packed = 0, rank = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    if ((mask >> lane) & 1u) {
      if ((lanes >> lane) & 1u) packed |= 1u << rank;
      ++rank;
    }
  }
  return packed;
}

// One warp shuffle of a value of any trivially copyable type: values of up to 8 bytes move in one
// collective, larger ones in 8-byte pieces (CUDA's cooperative groups split them too), each piece
// a collective of the same lanes.
template <class T>
T shuffle(cpu::warp_op op, unsigned mask, const T& value, int arg, int width, const char* file, int line) {
  static_assert(std::is_trivially_copyable_v<T>, "cooperative groups shuffle values of trivially copyable types");
  if constexpr (sizeof(T) <= 8) {
    return cpu::from_bits<T>(cpu::warp_collective(op, mask, cpu::to_bits(value), arg, width, file, line));
  } else {
    constexpr std::size_t pieces = (sizeof(T) + 7) / 8;
    std::uint64_t in[pieces] = {};
    std::uint64_t out[pieces] = {};
    std::memcpy(in, &value, sizeof(T));
    for (std::size_t i = 0; i < pieces; ++i) out[i] = cpu::warp_collective(op, mask, in[i], arg, width, file, line);
    T result;
    std::memcpy(&result, out, sizeof(T));
    return result;
  }
}

}  // namespace details

}  // namespace cooperative_groups

#include "cooperative_groups/details/multi_warp.h"

namespace cooperative_groups {

// ---- thread_group: any group, type-erased ---------------------------------------------------
class thread_group {
 public:
  unsigned long long size() const { return size_; }
  unsigned long long num_threads() const { return size_; }
  unsigned long long thread_rank() const { return rank_; }
  bool is_valid() const { return true; }
  void sync(const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    if (whole_block_)
      __syncthreads(file, line);
    else
      __syncwarp(mask_, file, line);
  }

 protected:
  thread_group(bool whole_block, unsigned mask, unsigned size, unsigned rank)
      : whole_block_(whole_block), mask_(mask), size_(size), rank_(rank) {}
  bool whole_block_;  // synchronises with __syncthreads; otherwise lanes of one warp
  unsigned mask_;     // the group's lanes in the caller's warp (warp-level groups)
  unsigned size_;
  unsigned rank_;
  friend thread_group tiled_partition(const thread_group& parent, unsigned int tile_size, const char* file,
                                      int line);
};

// ---- thread_block ---------------------------------------------------------------------------
class thread_block : public thread_group {
 public:
  struct arrival_token {};

  void sync(const char* file = __builtin_FILE(), int line = __builtin_LINE()) const { __syncthreads(file, line); }
  // Split barrier: the CPU backend waits for the whole block in barrier_wait, which every thread
  // that arrived must call; the work between the two calls is not overlapped, and needs not be.
  arrival_token barrier_arrive() const { return {}; }
  void barrier_wait(arrival_token&&, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    __syncthreads(file, line);
  }
  void barrier_wait(const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    __syncthreads(file, line);
  }

  static unsigned int size() { return details::threads_in_block(); }
  static unsigned int num_threads() { return details::threads_in_block(); }
  static unsigned int thread_rank() { return details::block_rank_of_thread(); }
  static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  static dim3 group_dim() { return blockDim; }
  static dim3 dim_threads() { return blockDim; }

 private:
  thread_block() : thread_group(true, 0, details::threads_in_block(), details::block_rank_of_thread()) {}
  friend thread_block this_thread_block();
};

inline thread_block this_thread_block() { return thread_block(); }

// The scratch a GPU needs for tiles wider than a warp (declared __shared__ by the kernel). The CPU
// backend keeps that scratch itself, so this only has to exist with CUDA's name and template.
template <unsigned int MaxBlockSize = 1024>
struct block_tile_memory {
  static_assert(MaxBlockSize >= 1 && MaxBlockSize <= 1024, "block_tile_memory<MaxBlockSize>: at most 1024 threads");
  unsigned char reserved[8];
};
template <unsigned int MaxBlockSize>
thread_block this_thread_block(block_tile_memory<MaxBlockSize>&) { return this_thread_block(); }

// ---- grid_group: the grid of a launch; sync() in cooperative launches ---------------------------
class grid_group {
 public:
  // Valid in a kernel launched with cudaLaunchCooperativeKernel (as on a GPU).
  bool is_valid() const { return ::scanlab::cpu::detail::launched_cooperatively(); }
  // A barrier of every thread of the grid: the blocks of a cooperative launch are resident
  // together, so each waits for the others as on a GPU.
  void sync(const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    ::scanlab::cpu::detail::grid_sync(file, line);
  }
  static unsigned long long num_blocks() {
    return static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z;
  }
  static unsigned long long block_rank() {
    return (static_cast<unsigned long long>(blockIdx.z) * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  }
  static unsigned long long size() { return num_blocks() * details::threads_in_block(); }
  static unsigned long long num_threads() { return size(); }
  static unsigned long long thread_rank() {
    return block_rank() * details::threads_in_block() + details::block_rank_of_thread();
  }
  static dim3 group_dim() { return blockDim; }
  static dim3 dim_blocks() { return gridDim; }
  static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
};

inline grid_group this_grid() { return grid_group(); }

// Thread block clusters (sm_90) are out of scope as well.
template <class Never = void>
int this_cluster() {
  static_assert(details::always_false<Never>,
                "scanlab CPU backend: this_cluster() (thread block clusters) is not supported on the CPU backend; "
                "this file needs a GPU.");
  return 0;
}

// ---- thread_block_tile<N>: N consecutive threads (of one warp up to N = 32) ---------------------
#define SCANLAB_CG_SINGLE_WARP_ONLY \
  "thread_block_tile: tiles wider than a warp have sync, shfl, any, all, reduce and the scans (as in CUDA)"
template <unsigned int Size, class ParentT = void>
class thread_block_tile;

template <unsigned int Size>
class thread_block_tile<Size, void> : public thread_group {
  static_assert(Size >= 1 && Size <= 1024 && (Size & (Size - 1)) == 0,
                "thread_block_tile sizes are powers of two up to 1024");
  static constexpr bool multi_warp = Size > 32;

 public:
  static constexpr unsigned int num_threads() { return Size; }
  static constexpr unsigned int size() { return Size; }
  unsigned int thread_rank() const { return rank_; }
  unsigned int meta_group_rank() const { return meta_rank_; }
  unsigned int meta_group_size() const { return meta_size_; }

  void sync(const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    if constexpr (multi_warp) __syncthreads(file, line);
    else __syncwarp(mask_, file, line);
  }

  template <class T>
  T shfl(T var, int src_rank, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    if constexpr (multi_warp)
      return details::multi_warp_broadcast(var, first_thread(), static_cast<unsigned>(src_rank) % Size, file, line);
    else
      return details::shuffle(details::cpu::warp_op::shfl_idx, mask_, var, src_rank, Size, file, line);
  }
  template <class T>
  T shfl_up(T var, unsigned int delta, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    static_assert(!multi_warp, SCANLAB_CG_SINGLE_WARP_ONLY);
    return details::shuffle(details::cpu::warp_op::shfl_up, mask_, var, static_cast<int>(delta), Size, file, line);
  }
  template <class T>
  T shfl_down(T var, unsigned int delta, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    static_assert(!multi_warp, SCANLAB_CG_SINGLE_WARP_ONLY);
    return details::shuffle(details::cpu::warp_op::shfl_down, mask_, var, static_cast<int>(delta), Size, file, line);
  }
  template <class T>
  T shfl_xor(T var, unsigned int lane_mask, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    static_assert(!multi_warp, SCANLAB_CG_SINGLE_WARP_ONLY);
    return details::shuffle(details::cpu::warp_op::shfl_xor, mask_, var, static_cast<int>(lane_mask), Size, file,
                            line);
  }
  int any(int predicate, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    if constexpr (multi_warp) return details::multi_warp_count(predicate != 0, first_thread(), Size, file, line) != 0;
    else return __any_sync(mask_, predicate, file, line);
  }
  int all(int predicate, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    if constexpr (multi_warp) return details::multi_warp_count(predicate != 0, first_thread(), Size, file, line) == Size;
    else return __all_sync(mask_, predicate, file, line);
  }
  // Bit r is the predicate of the tile's thread of rank r.
  unsigned int ballot(int predicate, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    static_assert(!multi_warp, SCANLAB_CG_SINGLE_WARP_ONLY);
    return to_tile_bits(__ballot_sync(mask_, predicate, file, line));
  }
  // Bit r: the tile's thread of rank r holds the same value (match_all: and so do all, in pred).
  template <class T>
  unsigned int match_any(T value, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    static_assert(!multi_warp, SCANLAB_CG_SINGLE_WARP_ONLY);
    return to_tile_bits(__match_any_sync(mask_, value, file, line));
  }
  template <class T>
  unsigned int match_all(T value, int& pred, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    static_assert(!multi_warp, SCANLAB_CG_SINGLE_WARP_ONLY);
    return to_tile_bits(__match_all_sync(mask_, value, &pred, file, line));
  }

 protected:
  thread_block_tile(unsigned rank, unsigned meta_rank, unsigned meta_size)
      : thread_group(multi_warp, multi_warp ? 0u : details::tile_lanes_mask(Size), Size, rank),
        meta_rank_(meta_rank), meta_size_(meta_size) {}
  unsigned meta_rank_;
  unsigned meta_size_;

  // The block rank of the tile's thread of rank 0 (tiles are aligned to their size).
  unsigned first_thread() const { return details::block_rank_of_thread() - rank_; }

  // Warp lane bits to tile rank bits: the tile's lanes are consecutive, from a multiple of Size.
  static unsigned to_tile_bits(unsigned lanes) {
    if constexpr (Size == 32) return lanes;
    else return (lanes >> (details::lane_id() & ~(Size - 1u))) & ((1u << Size) - 1u);
  }

  template <unsigned int, class>
  friend class thread_block_tile;
  friend thread_block_tile<1, void> this_thread();
};

// The tile as tiled_partition<N>(parent) returns it; converts to thread_block_tile<N>.
template <unsigned int Size, class ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {
 public:
  explicit thread_block_tile(const ParentT& parent)
      : thread_block_tile<Size, void>(static_cast<unsigned>(parent.thread_rank()) % Size,
                                      static_cast<unsigned>(parent.thread_rank()) / Size,
                                      static_cast<unsigned>((parent.num_threads() + Size - 1) / Size)) {}
};

namespace details {
// The static size of a tile type; 0 for a thread_block (any block is at least one tile wide).
template <class Group>
struct static_tile_size : std::integral_constant<unsigned, 0> {};
template <unsigned int Size, class ParentT>
struct static_tile_size<thread_block_tile<Size, ParentT>> : std::integral_constant<unsigned, Size> {};
}  // namespace details

template <unsigned int Size, class ParentT>
thread_block_tile<Size, ParentT> tiled_partition(const ParentT& parent) {
  static_assert(std::is_base_of_v<thread_group, ParentT>,
                "tiled_partition<N> partitions a thread_block or a thread_block_tile");
  static_assert(details::static_tile_size<ParentT>::value == 0 || Size <= details::static_tile_size<ParentT>::value,
                "tiled_partition<N> of a tile needs N no larger than the tile");
  return thread_block_tile<Size, ParentT>(parent);
}

// This thread alone, as a tile of one.
inline thread_block_tile<1, void> this_thread() {
  return thread_block_tile<1, void>(0, details::block_rank_of_thread(), details::threads_in_block());
}

// ---- dynamic tiled_partition: a thread_group of tile_size threads -----------------------------
inline thread_group tiled_partition(const thread_group& parent, unsigned int tile_size,
                                    const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  unsigned rank = static_cast<unsigned>(parent.thread_rank());
  // A power of two up to a warp, within the parent: CUDA leaves other sizes undefined; the CPU
  // backend fails the launch at the caller's line.
  if (tile_size == 0 || tile_size > 32 || (tile_size & (tile_size - 1)) != 0 || tile_size > parent.size())
    ::scanlab::cpu::detail::trap(file, line);
  return thread_group(false, details::tile_lanes_mask(tile_size), tile_size, rank % tile_size);
}

// ---- coalesced_group: the lanes of a warp active at the call ----------------------------------
namespace details {
struct coalesced_maker;
}

class coalesced_group : public thread_group {
 public:
  unsigned int num_threads() const { return size_; }
  unsigned int size() const { return size_; }
  unsigned int thread_rank() const { return rank_; }
  unsigned int meta_group_rank() const { return 0; }
  unsigned int meta_group_size() const { return 1; }
  void sync(const char* file = __builtin_FILE(), int line = __builtin_LINE()) const { __syncwarp(mask_, file, line); }

  template <class T>
  T shfl(T var, unsigned int src_rank, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    unsigned lane = details::lane_of_rank(mask_, src_rank % size_);
    return details::shuffle(details::cpu::warp_op::shfl_idx, mask_, var, static_cast<int>(lane), 32, file, line);
  }
  // Out of range (past either end of the group): the thread's own value, as in CUDA.
  template <class T>
  T shfl_down(T var, unsigned int delta, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    unsigned lane = rank_ + delta < size_ ? details::lane_of_rank(mask_, rank_ + delta) : details::lane_id();
    return details::shuffle(details::cpu::warp_op::shfl_idx, mask_, var, static_cast<int>(lane), 32, file, line);
  }
  template <class T>
  T shfl_up(T var, unsigned int delta, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    unsigned lane = delta <= rank_ ? details::lane_of_rank(mask_, rank_ - delta) : details::lane_id();
    return details::shuffle(details::cpu::warp_op::shfl_idx, mask_, var, static_cast<int>(lane), 32, file, line);
  }
  int any(int predicate, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    return __ballot_sync(mask_, predicate, file, line) != 0;
  }
  int all(int predicate, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    return __ballot_sync(mask_, predicate, file, line) == mask_;
  }
  // Bit r is the predicate of the group's thread of rank r.
  unsigned int ballot(int predicate, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    return details::pack_lanes(mask_, __ballot_sync(mask_, predicate, file, line));
  }
  template <class T>
  unsigned int match_any(T value, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    return details::pack_lanes(mask_, __match_any_sync(mask_, value, file, line));
  }
  template <class T>
  unsigned int match_all(T value, int& pred, const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    return details::pack_lanes(mask_, __match_all_sync(mask_, value, &pred, file, line));
  }

 private:
  explicit coalesced_group(unsigned mask)
      : thread_group(false, mask, details::popcount(mask),
                     details::popcount(mask & ((1u << details::lane_id()) - 1u))) {}
  friend coalesced_group coalesced_threads();
  friend struct details::coalesced_maker;
};

namespace details {
struct coalesced_maker {
  static coalesced_group of_lanes(unsigned mask) { return coalesced_group(mask); }
};
}  // namespace details

inline coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

// The parent's threads (a warp-level group) split by a predicate, or by equal labels: each thread
// gets the coalesced_group of those with its own predicate or label.
template <class Group>
coalesced_group binary_partition(const Group& parent, bool predicate, const char* file = __builtin_FILE(),
                                 int line = __builtin_LINE()) {
  const unsigned lanes = details::tile_lanes_mask(static_cast<unsigned>(parent.num_threads()));
  const unsigned set = __ballot_sync(lanes, predicate, file, line);
  return details::coalesced_maker::of_lanes(predicate ? set : lanes & ~set);
}
template <class Group, class Label>
coalesced_group labeled_partition(const Group& parent, Label label, const char* file = __builtin_FILE(),
                                  int line = __builtin_LINE()) {
  const unsigned lanes = details::tile_lanes_mask(static_cast<unsigned>(parent.num_threads()));
  return details::coalesced_maker::of_lanes(__match_any_sync(lanes, label, file, line));
}

// ---- free functions ---------------------------------------------------------------------------
// cg::sync(grid) reaches grid_group::sync and its compile-time rejection.
template <class Group>
void sync(const Group& group, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  group.sync(file, line);
}

template <class Group>
unsigned long long thread_rank(const Group& group) { return group.thread_rank(); }
template <class Group>
unsigned long long group_size(const Group& group) { return group.num_threads(); }

// One thread of the group (rank 0) calls fn; with _broadcast, every thread gets its result.
template <class Group, class Fn, class... Args>
void invoke_one(const Group& group, Fn&& fn, Args&&... args) {
  if (group.thread_rank() == 0) static_cast<Fn&&>(fn)(static_cast<Args&&>(args)...);
}
template <class Group, class Fn, class... Args>
auto invoke_one_broadcast(const Group& group, Fn&& fn, Args&&... args) {
  using result_t = std::remove_cv_t<std::remove_reference_t<decltype(fn(args...))>>;
  result_t result{};
  if (group.thread_rank() == 0) result = static_cast<Fn&&>(fn)(static_cast<Args&&>(args)...);
  return group.shfl(result, 0);
}

}  // namespace cooperative_groups
