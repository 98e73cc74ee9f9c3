// The CUDA runtime's error model, synchronisation and versions on the CPU. Work is executed when
// it is issued, so "asynchronous" calls are synchronous; errors still surface where CUDA would
// surface them. Memory, devices and streams live in runtime_memory.cpp, runtime_device.cpp and
// runtime_streams.cpp; what the CPU cannot honour, in runtime_unsupported.cpp.
#include <chrono>

#include "error_state.h"
#include "runtime_objects.h"
#include "scanlab/cpu/runtime_api.h"

using namespace scanlab::cpu::detail;

cudaError_t cudaDeviceSynchronize() {
  release_held_work();  // the host waits: work put off behind a waiting launch runs now
  cudaError_t e = take_async_error();
  return e == cudaSuccess ? cudaSuccess : set_error(e);
}
cudaError_t cudaDeviceReset() {
  clear_sticky_error();
  return cudaSuccess;
}
cudaError_t cudaGetLastError() {
  take_async_error();  // reading the last error also consumes the pending kernel error
  return take_error();
}
cudaError_t cudaPeekAtLastError() { return peek_error(); }

// The toolkit's names and messages for every code (generated from its libcudart), so messages
// read alike on both backends.
const char* cudaGetErrorName(cudaError_t e) {
  switch (static_cast<int>(e)) {
#define SCANLAB_RUNTIME_ERROR(name, value, message) \
  case value:                                       \
    return #name;
#include "scanlab/cpu/generated/runtime_errors.inc"
#undef SCANLAB_RUNTIME_ERROR
  }
  return "unrecognized error code";
}
const char* cudaGetErrorString(cudaError_t e) {
  switch (static_cast<int>(e)) {
#define SCANLAB_RUNTIME_ERROR(name, value, message) \
  case value:                                       \
    return message;
#include "scanlab/cpu/generated/runtime_errors.inc"
#undef SCANLAB_RUNTIME_ERROR
  }
  return "unrecognized error code";
}

cudaError_t cudaDriverGetVersion(int* v) {
  if (v == nullptr) return set_error(cudaErrorInvalidValue);
  *v = CUDART_VERSION;
  return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int* v) {
  if (v == nullptr) return set_error(cudaErrorInvalidValue);
  *v = CUDART_VERSION;
  return cudaSuccess;
}

// Profiling ranges mark nothing without a profiler attached, as on a GPU.
cudaError_t cudaProfilerStart() { return cudaSuccess; }
cudaError_t cudaProfilerStop() { return cudaSuccess; }

cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind f) {
  return cudaChannelFormatDesc{x, y, z, w, f};
}

long long clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
