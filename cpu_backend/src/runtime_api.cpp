// The host-side CUDA runtime API on the CPU: memory, copies, errors, streams, events, devices.
// Work is executed when it is issued, so every stream is trivially in order and "asynchronous"
// calls are synchronous; errors still surface where CUDA would surface them.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <new>

#include "device_memory.h"
#include "error_state.h"
#include "launch_state.h"
#include "schedule_config.h"
#include "scanlab/cpu/runtime_api.h"

struct CUstream_st {
  unsigned flags;
};
struct CUevent_st {
  std::chrono::steady_clock::time_point when;
  bool recorded = false;
};

using namespace scanlab::cpu::detail;

namespace {

cudaError_t check_copy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind) {
  if (bytes == 0) return cudaSuccess;
  if (dst == nullptr || src == nullptr) return cudaErrorInvalidValue;
  switch (kind) {
    case cudaMemcpyHostToDevice:
      if (!is_device_range(dst, bytes) && !is_global_variable(dst)) return cudaErrorInvalidValue;
      break;
    case cudaMemcpyDeviceToHost:
      if (!is_device_range(src, bytes) && !is_global_variable(src)) return cudaErrorInvalidValue;
      break;
    case cudaMemcpyDeviceToDevice:
      if ((!is_device_range(dst, bytes) && !is_global_variable(dst)) ||
          (!is_device_range(src, bytes) && !is_global_variable(src)))
        return cudaErrorInvalidValue;
      break;
    case cudaMemcpyHostToHost:
    case cudaMemcpyDefault:
      break;
    default:
      return cudaErrorInvalidMemcpyDirection;
  }
  return cudaSuccess;
}

}  // namespace

cudaError_t cudaMalloc(void** ptr, std::size_t bytes, const char* file, int line) {
  if (ptr == nullptr) return set_error(cudaErrorInvalidValue);
  *ptr = nullptr;
  if (bytes == 0) return cudaSuccess;  // CUDA returns success and a null pointer
  void* p = allocate_device(bytes, file, line);
  if (p == nullptr) return set_error(cudaErrorMemoryAllocation);
  *ptr = p;
  return cudaSuccess;
}

cudaError_t cudaFree(void* ptr) {
  if (ptr == nullptr) return cudaSuccess;
  if (auto damage = check_canaries()) report_problem(scanlab::cpu::problem::global_out_of_bounds, *damage, cudaErrorIllegalAddress);
  return free_device(ptr) ? cudaSuccess : set_error(cudaErrorInvalidValue);
}

cudaError_t cudaMallocHost(void** ptr, std::size_t bytes) {
  if (ptr == nullptr) return set_error(cudaErrorInvalidValue);
  *ptr = allocate_pinned(bytes);
  return *ptr ? cudaSuccess : set_error(cudaErrorMemoryAllocation);
}
cudaError_t cudaHostAlloc(void** ptr, std::size_t bytes, unsigned int) { return cudaMallocHost(ptr, bytes); }
cudaError_t cudaFreeHost(void* ptr) {
  if (ptr == nullptr) return cudaSuccess;
  return free_pinned(ptr) ? cudaSuccess : set_error(cudaErrorInvalidValue);
}

cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind) {
  // A synchronous copy waits for earlier kernels, so it reports their failures.
  if (cudaError_t e = take_async_error(); e != cudaSuccess) return set_error(e);
  if (cudaError_t e = check_copy(dst, src, bytes, kind); e != cudaSuccess) return set_error(e);
  if (bytes != 0) std::memmove(dst, src, bytes);
  return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind, cudaStream_t) {
  if (cudaError_t e = check_copy(dst, src, bytes, kind); e != cudaSuccess) return set_error(e);
  if (bytes != 0) std::memmove(dst, src, bytes);
  return cudaSuccess;
}

cudaError_t cudaMemset(void* dst, int value, std::size_t bytes) {
  if (bytes == 0) return cudaSuccess;
  if (dst == nullptr || (!is_device_range(dst, bytes) && !is_global_variable(dst)))
    return set_error(cudaErrorInvalidValue);
  std::memset(dst, value, bytes);
  return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void* dst, int value, std::size_t bytes, cudaStream_t) {
  return cudaMemset(dst, value, bytes);
}

cudaError_t cudaMemGetInfo(std::size_t* free_bytes, std::size_t* total_bytes) {
  constexpr std::size_t total = 16ull << 30;  // what we pretend to have; allocation is the real limit
  if (free_bytes) *free_bytes = total > device_bytes_in_use() ? total - device_bytes_in_use() : 0;
  if (total_bytes) *total_bytes = total;
  return cudaSuccess;
}

cudaError_t scanlab_cpu_symbol_copy(void* dst, const void* src, std::size_t bytes) {
  if (bytes != 0) std::memmove(dst, src, bytes);
  return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize() {
  cudaError_t e = take_async_error();
  return e == cudaSuccess ? cudaSuccess : set_error(e);
}
cudaError_t cudaDeviceReset() {
  take_async_error();
  take_error();
  return cudaSuccess;
}
cudaError_t cudaGetLastError() {
  take_async_error();  // reading the last error also consumes the pending kernel error
  return take_error();
}
cudaError_t cudaPeekAtLastError() { return peek_error(); }

const char* cudaGetErrorName(cudaError_t e) {
  switch (e) {
#define SCANLAB_NAME(x) case x: return #x;
    SCANLAB_NAME(cudaSuccess)
    SCANLAB_NAME(cudaErrorInvalidValue)
    SCANLAB_NAME(cudaErrorMemoryAllocation)
    SCANLAB_NAME(cudaErrorInitializationError)
    SCANLAB_NAME(cudaErrorInvalidConfiguration)
    SCANLAB_NAME(cudaErrorInvalidSymbol)
    SCANLAB_NAME(cudaErrorInvalidDevicePointer)
    SCANLAB_NAME(cudaErrorInvalidMemcpyDirection)
    SCANLAB_NAME(cudaErrorInvalidDeviceFunction)
    SCANLAB_NAME(cudaErrorNoDevice)
    SCANLAB_NAME(cudaErrorInvalidDevice)
    SCANLAB_NAME(cudaErrorInvalidResourceHandle)
    SCANLAB_NAME(cudaErrorNotReady)
    SCANLAB_NAME(cudaErrorIllegalAddress)
    SCANLAB_NAME(cudaErrorLaunchOutOfResources)
    SCANLAB_NAME(cudaErrorLaunchTimeout)
    SCANLAB_NAME(cudaErrorAssert)
    SCANLAB_NAME(cudaErrorLaunchFailure)
    SCANLAB_NAME(cudaErrorNotSupported)
    SCANLAB_NAME(cudaErrorUnknown)
#undef SCANLAB_NAME
  }
  return "cudaErrorUnknown";
}

const char* cudaGetErrorString(cudaError_t e) {
  // The same wording as the CUDA runtime, so messages read alike on both backends.
  switch (e) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorInitializationError: return "initialization error";
    case cudaErrorInvalidConfiguration: return "invalid configuration argument";
    case cudaErrorInvalidSymbol: return "invalid device symbol";
    case cudaErrorInvalidDevicePointer: return "invalid device pointer";
    case cudaErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
    case cudaErrorInvalidDeviceFunction: return "invalid device function";
    case cudaErrorNoDevice: return "no CUDA-capable device is detected";
    case cudaErrorInvalidDevice: return "invalid device ordinal";
    case cudaErrorInvalidResourceHandle: return "invalid resource handle";
    case cudaErrorNotReady: return "device not ready";
    case cudaErrorIllegalAddress: return "an illegal memory access was encountered";
    case cudaErrorLaunchOutOfResources: return "too many resources requested for launch";
    case cudaErrorLaunchTimeout: return "the launch timed out and was terminated";
    case cudaErrorAssert: return "device-side assert triggered";
    case cudaErrorLaunchFailure: return "unspecified launch failure";
    case cudaErrorNotSupported: return "operation not supported";
    default: return "unknown error";
  }
}

cudaError_t cudaGetDeviceCount(int* count) {
  if (count) *count = 1;
  return cudaSuccess;
}
cudaError_t cudaGetDevice(int* device) {
  if (device) *device = 0;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int device) { return device == 0 ? cudaSuccess : set_error(cudaErrorInvalidDevice); }

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  if (prop == nullptr) return set_error(cudaErrorInvalidValue);
  if (device != 0) return set_error(cudaErrorInvalidDevice);
  *prop = cudaDeviceProp{};
  std::snprintf(prop->name, sizeof prop->name, "scanlab CPU backend");
  prop->totalGlobalMem = 16ull << 30;
  prop->sharedMemPerBlock = 48 * 1024;
  prop->sharedMemPerBlockOptin = 227 * 1024;
  prop->sharedMemPerMultiprocessor = 228 * 1024;
  prop->regsPerBlock = 65536;
  prop->warpSize = 32;
  prop->maxThreadsPerBlock = 1024;
  prop->maxThreadsDim[0] = 1024;
  prop->maxThreadsDim[1] = 1024;
  prop->maxThreadsDim[2] = 64;
  prop->maxGridSize[0] = 2147483647;
  prop->maxGridSize[1] = 65535;
  prop->maxGridSize[2] = 65535;
  prop->multiProcessorCount = 1;  // one block runs at a time
  prop->maxThreadsPerMultiProcessor = 2048;
  prop->l2CacheSize = 0;
  prop->major = 9;  // the feature set emulated is Hopper's warp-synchronous model
  prop->minor = 0;
  prop->unifiedAddressing = 1;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  cudaDeviceProp p;
  if (value == nullptr) return set_error(cudaErrorInvalidValue);
  if (cudaError_t e = cudaGetDeviceProperties(&p, device); e != cudaSuccess) return e;
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: *value = p.maxThreadsDim[0]; break;
    case cudaDevAttrMaxGridDimX: *value = p.maxGridSize[0]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = static_cast<int>(p.sharedMemPerBlock); break;
    case cudaDevAttrWarpSize: *value = p.warpSize; break;
    case cudaDevAttrMultiProcessorCount: *value = p.multiProcessorCount; break;
    case cudaDevAttrComputeCapabilityMajor: *value = p.major; break;
    case cudaDevAttrComputeCapabilityMinor: *value = p.minor; break;
    case cudaDevAttrL2CacheSize: *value = p.l2CacheSize; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = static_cast<int>(p.sharedMemPerBlockOptin); break;
    default: return set_error(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int* v) {
  if (v) *v = 13000;
  return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int* v) {
  if (v) *v = 13000;
  return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t* s) { return cudaStreamCreateWithFlags(s, cudaStreamDefault); }
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* s, unsigned int flags) {
  if (s == nullptr) return set_error(cudaErrorInvalidValue);
  *s = new CUstream_st{flags};
  return cudaSuccess;
}
cudaError_t cudaStreamDestroy(cudaStream_t s) {
  if (s == nullptr || s == cudaStreamLegacy || s == cudaStreamPerThread) return set_error(cudaErrorInvalidResourceHandle);
  delete s;
  return cudaSuccess;
}
cudaError_t cudaStreamSynchronize(cudaStream_t) {
  return cudaDeviceSynchronize();
}
cudaError_t cudaStreamQuery(cudaStream_t) { return cudaSuccess; }

cudaError_t cudaEventCreate(cudaEvent_t* e) { return cudaEventCreateWithFlags(e, cudaEventDefault); }
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* e, unsigned int) {
  if (e == nullptr) return set_error(cudaErrorInvalidValue);
  *e = new CUevent_st{};
  return cudaSuccess;
}
cudaError_t cudaEventDestroy(cudaEvent_t e) {
  if (e == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  delete e;
  return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t) {
  if (e == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  e->when = std::chrono::steady_clock::now();  // work before it has already run
  e->recorded = true;
  return cudaSuccess;
}
cudaError_t cudaEventSynchronize(cudaEvent_t e) {
  if (e == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  return cudaDeviceSynchronize();
}
cudaError_t cudaEventQuery(cudaEvent_t e) {
  return e == nullptr ? set_error(cudaErrorInvalidResourceHandle) : cudaSuccess;
}
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  if (ms == nullptr || start == nullptr || end == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  if (!start->recorded || !end->recorded) return set_error(cudaErrorInvalidResourceHandle);
  *ms = std::chrono::duration<float, std::milli>(end->when - start->when).count();
  return cudaSuccess;
}
cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int) { return cudaSuccess; }

cudaError_t scanlab_cpu_func_set_attribute(const void* func, cudaFuncAttribute attr, int value) {
  if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
    if (value < 0) return set_error(cudaErrorInvalidValue);
    return set_max_dynamic_shared(func, static_cast<std::size_t>(value));
  }
  return cudaSuccess;  // carve-out preferences have no meaning here
}

long long clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
