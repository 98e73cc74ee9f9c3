// The runtime's handle types, shared by the src/runtime_*.cpp files: what cudaStream_t, cudaEvent_t
// and cudaMemPool_t point to on the CPU backend.
#pragma once

#include <chrono>
#include <functional>

#include "scanlab/cpu/runtime_types.h"

struct CUstream_st {
  unsigned flags = 0;
  int priority = 0;
};
struct CUevent_st {
  std::chrono::steady_clock::time_point when;
  bool recorded = false;
  bool pending = false;  // recorded behind held work (below) that has not run yet
  unsigned flags = 0;
  CUgraph_st* captured_into = nullptr;  // recorded in a stream being captured: waiting on it joins that capture
};
// The only memory pool: the device's default pool, which is plain device memory.
struct CUmemPoolHandle_st {
  unsigned long long release_threshold = 0;
};

namespace scanlab::cpu::detail {
CUmemPoolHandle_st* default_mem_pool();
// Prints, once per function, why a runtime function cannot run on the CPU backend, and returns
// (and records as the last error) cudaErrorNotSupported.
cudaError_t not_supported(const char* function, const char* why);

// CUDA graphs (runtime_graphs.cpp): work issued to a stream being captured is recorded as a node
// (true) instead of run; the graph a captured stream records into (null: not capturing).
bool record_if_captured(cudaStream_t stream, cudaGraphNodeType type, std::function<void()> work);
CUgraph_st* capture_of(cudaStream_t stream);
void join_capture(cudaStream_t stream, CUgraph_st* graph);

// Held work (runtime_streams.cpp). Work runs when it is issued, except behind a launch whose every
// block waits for host-writable memory (pinned or managed) that host code may still write: that
// launch is put off, as a GPU would run it beside the host, with the work issued after it to its
// stream (and to the streams that order with it: the legacy default stream and blocking streams),
// until the host waits (a synchronisation, a synchronous copy). Then it all runs in issue order,
// and a launch that still waits is a hang, reported as usual.
bool stream_is_held(cudaStream_t stream);
void hold_work(cudaStream_t stream, std::function<void()> work);
void release_held_work();
void release_held_work_for(cudaStream_t stream);  // only if that stream's next work would wait
bool holding_allowed();  // false while held work runs
}  // namespace scanlab::cpu::detail
