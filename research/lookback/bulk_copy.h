// Whole-tile copies between global and shared memory for the look-back variants (round 10,
// research/lookback/NOTES.md). On sm_90 and later one thread hands the tile to the SM's bulk-copy engine
// (TMA, PTX cp.async.bulk): one instruction per tile instead of one 16-byte cp.async per thread
// and vector, and the copy's requests are not tracked per thread. Completion of a load is counted
// in bytes on a shared-memory mbarrier, which every reader waits on.
//
// Elsewhere (sm_80, and the CPU backend) the same calls fall back to what the staged kernel does
// today: thread t copies the float4s t, t + blockDim.x, ... with cp.async and waits for its own.
// That fallback is only correct because of how the callers use the tile: every thread reads only
// the float4s with its own index modulo blockDim.x, so no barrier is needed between a thread's copy
// and its use. All functions are called by every thread of the block, with block-uniform arguments.
#pragma once

#include <cstdint>

#include <cuda_pipeline.h>

namespace scanlab_bulk {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define SCANLAB_BULK_TMA 1
#else
#define SCANLAB_BULK_TMA 0
#endif

// The completion counter of a bulk load: one 64-bit mbarrier word in shared memory, and the
// parity of the phase the block waits for next (a phase completes per load).
struct load_barrier {
  unsigned long long word;
};

#if SCANLAB_BULK_TMA
__device__ __forceinline__ unsigned shared_address(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
#endif

// Once per block, before the first load (thread 0 initialises; the fence makes the initialised
// barrier visible to the copy engine, which thread 0 itself then hands the first load to).
__device__ __forceinline__ void init(load_barrier* bar) {
#if SCANLAB_BULK_TMA
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(shared_address(bar)) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
#else
  (void)bar;
#endif
}

// Starts copying `vectors` float4s from global `src` (16-byte aligned) to shared `dst`.
__device__ __forceinline__ void load(float4* dst, const float4* src, unsigned vectors, load_barrier* bar) {
#if SCANLAB_BULK_TMA
  if (threadIdx.x == 0) {
    const unsigned bytes = vectors * 16u;
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(bar)), "r"(bytes)
                 : "memory");
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
            shared_address(dst)),
        "l"(src), "r"(bytes), "r"(shared_address(bar))
        : "memory");
  }
#else
  (void)bar;
  for (unsigned c = threadIdx.x; c < vectors; c += blockDim.x) __pipeline_memcpy_async(&dst[c], &src[c], sizeof(float4));
  __pipeline_commit();
#endif
}

// Waits until the load of phase `parity` (0 for the block's first load, then 1, 0, ...) has landed.
__device__ __forceinline__ void wait(load_barrier* bar, unsigned parity) {
#if SCANLAB_BULK_TMA
  unsigned done = 0;
  do {
    asm volatile(
        "{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n selp.u32 %0, 1, 0, p;\n}"
        : "=r"(done)
        : "r"(shared_address(bar)), "r"(parity)
        : "memory");
  } while (!done);
#else
  (void)bar;
  (void)parity;
  __pipeline_wait_prior(0);
#endif
}

// Asks for `bytes` (a multiple of 16) of global memory from `src` (16-byte aligned) to be brought
// into L2, without waiting and without a destination. Thread 0 only; nothing without the engine.
__device__ __forceinline__ void prefetch_l2(const void* src, unsigned bytes) {
#if SCANLAB_BULK_TMA
  if (threadIdx.x == 0) asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(src), "r"(bytes) : "memory");
#else
  (void)src;
  (void)bytes;
#endif
}

// After a thread has written shared memory that a later bulk copy reads or overwrites: orders
// its ordinary writes before the copy engine's accesses (a no-op without the engine).
__device__ __forceinline__ void fence_for_copy_engine() {
#if SCANLAB_BULK_TMA
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

// Writes `vectors` float4s from shared `src` to global `dst` (16-byte aligned). Every thread must
// have written its own float4s of `src` before calling. Returns when `src` may be reused.
__device__ __forceinline__ void store(float4* dst, const float4* src, unsigned vectors) {
#if SCANLAB_BULK_TMA
  fence_for_copy_engine();
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst), "r"(shared_address(src)),
                 "r"(vectors * 16u)
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
#else
  for (unsigned c = threadIdx.x; c < vectors; c += blockDim.x) dst[c] = src[c];
#endif
}

// An L2 cache policy under which the lines a copy reads are evicted first (round 16: a staged
// tile's input lines are dead once they are in shared memory). sm_80 and later; 0 elsewhere.
__device__ __forceinline__ std::uint64_t evict_first_policy() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  std::uint64_t policy;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
  return policy;
#else
  return 0;
#endif
}

// One 16-byte asynchronous copy from global to shared memory, as __pipeline_memcpy_async, with
// the L2 cache policy `policy` for the lines it reads; committed and waited for like it.
__device__ __forceinline__ void copy16_evict_first(float4* dst, const float4* src, std::uint64_t policy) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;" ::"r"(
                   static_cast<unsigned>(__cvta_generic_to_shared(dst))),
               "l"(src), "l"(policy)
               : "memory");
#else
  (void)policy;
  __pipeline_memcpy_async(dst, src, sizeof(float4));
#endif
}

}  // namespace scanlab_bulk
