// scanlab CPU backend: the asynchronous-copy primitives of CUDA's <cuda_pipeline.h>
// (__pipeline_memcpy_async, __pipeline_commit, __pipeline_wait_prior). On a GPU the copy from
// global to shared memory runs in the background until a wait; here it happens at once, which
// every correct program must accept (a wait may always find its copies already done). What it
// cannot show: a thread reading another thread's copy without __syncthreads() after the wait.
#pragma once
#include <cstddef>
#include <cstring>

#include "scanlab/cpu/prelude.h"

// `zfill` trailing bytes of the `size` are zero-filled instead of copied (as on the GPU).
inline void __pipeline_memcpy_async(void* __restrict__ dst_shared, const void* __restrict__ src_global, std::size_t size,
                                    std::size_t zfill = 0) {
  const std::size_t copied = zfill < size ? size - zfill : 0;
  std::memcpy(dst_shared, src_global, copied);
  std::memset(static_cast<char*>(dst_shared) + copied, 0, size - copied);
}
inline void __pipeline_commit() {}
inline void __pipeline_wait_prior(std::size_t) {}
