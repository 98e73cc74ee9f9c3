// The host-side CUDA runtime API of scanlab's CPU backend.
// The C API is the toolkit's, generated (generated/runtime_functions.h: every function with CUDA's
// parameter types and default arguments). Each is defined in libscanlab_cpu: implemented for the
// CPU "device" (src/runtime_*.cpp), or, where a CPU cannot honour it, answering
// cudaErrorNotSupported with a message (src/runtime_unsupported.cpp). Families that stay out of
// scope (graphs, surfaces, mipmapped arrays, IPC, interop) are compile errors: see unsupported.h.
// This file adds what cuda_runtime.h adds for C++: the template overloads over pointer and kernel
// types, and cudaMalloc with the allocating call site.
#pragma once

#include <cstddef>
#include <type_traits>

#include "scanlab/cpu/runtime_types.h"
#include "scanlab/cpu/generated/runtime_functions.h"

// ---- Memory

// The call site is recorded with compiler builtins (they honour #line, so they name the student's
// file) to let out-of-bounds reports say where a buffer was allocated.
cudaError_t cudaMalloc(void** ptr, std::size_t bytes, const char* file = __builtin_FILE(),
                       int line = __builtin_LINE());
// The typed allocators take T** with a C cast, as CUDA's own templates do: T may be const (a
// `const float*` filled by a kernel and then only read).
template <class T>
cudaError_t cudaMalloc(T** ptr, std::size_t bytes, const char* file = __builtin_FILE(),
                       int line = __builtin_LINE()) {
  return cudaMalloc((void**)(ptr), bytes, file, line);
}
inline cudaError_t cudaMallocHost(void** ptr, std::size_t bytes, unsigned int flags) {
  return cudaHostAlloc(ptr, bytes, flags);
}
template <class T>
cudaError_t cudaMallocHost(T** ptr, std::size_t bytes, unsigned int flags = 0) {
  return cudaHostAlloc((void**)(ptr), bytes, flags);
}
template <class T>
cudaError_t cudaHostAlloc(T** ptr, std::size_t bytes, unsigned int flags) {
  return cudaHostAlloc((void**)(ptr), bytes, flags);
}
// As cuda_runtime.h's: a typed pointer, the flags defaulting to cudaMemAttachGlobal.
template <class T>
cudaError_t cudaMallocManaged(T** ptr, std::size_t bytes, unsigned int flags = cudaMemAttachGlobal) {
  return cudaMallocManaged((void**)(ptr), bytes, flags);
}
template <class T>
cudaError_t cudaHostGetDevicePointer(T** device_ptr, void* host_ptr, unsigned int flags) {
  return cudaHostGetDevicePointer(reinterpret_cast<void**>(device_ptr), host_ptr, flags);
}
template <class T>
cudaError_t cudaMallocPitch(T** ptr, std::size_t* pitch, std::size_t width, std::size_t height) {
  return cudaMallocPitch((void**)(ptr), pitch, width, height);
}
inline cudaError_t cudaMallocAsync(void** ptr, std::size_t bytes, cudaMemPool_t pool, cudaStream_t stream) {
  return cudaMallocFromPoolAsync(ptr, bytes, pool, stream);
}
template <class T>
cudaError_t cudaMallocAsync(T** ptr, std::size_t bytes, cudaStream_t stream) {
  return cudaMallocAsync((void**)(ptr), bytes, stream);
}
template <class T>
cudaError_t cudaMallocAsync(T** ptr, std::size_t bytes, cudaMemPool_t pool, cudaStream_t stream) {
  return cudaMallocFromPoolAsync((void**)(ptr), bytes, pool, stream);
}
template <class T>
cudaError_t cudaMallocFromPoolAsync(T** ptr, std::size_t bytes, cudaMemPool_t pool, cudaStream_t stream) {
  return cudaMallocFromPoolAsync((void**)(ptr), bytes, pool, stream);
}

template <class T, class U>
cudaError_t cudaMemcpyBatchAsync(T* const* dsts, U* const* srcs, const std::size_t* sizes, std::size_t count,
                                 cudaMemcpyAttributes* attrs, std::size_t* attr_indices, std::size_t attr_count,
                                 cudaStream_t stream) {
  return cudaMemcpyBatchAsync(reinterpret_cast<void* const*>(dsts), reinterpret_cast<const void* const*>(srcs), sizes,
                              count, attrs, attr_indices, attr_count, stream);
}
template <class T, class U>
cudaError_t cudaMemcpyBatchAsync(T* const* dsts, U* const* srcs, const std::size_t* sizes, std::size_t count,
                                 cudaMemcpyAttributes attr, cudaStream_t stream) {
  std::size_t first = 0;
  return cudaMemcpyBatchAsync(reinterpret_cast<void* const*>(dsts), reinterpret_cast<const void* const*>(srcs), sizes,
                              count, &attr, &first, 1, stream);
}

// ---- driver_functions.h: the constructors of the 3-D copy structs.
inline cudaPitchedPtr make_cudaPitchedPtr(void* d, std::size_t p, std::size_t xsz, std::size_t ysz) {
  return cudaPitchedPtr{d, p, xsz, ysz};
}
inline cudaPos make_cudaPos(std::size_t x, std::size_t y, std::size_t z) { return cudaPos{x, y, z}; }
inline cudaExtent make_cudaExtent(std::size_t w, std::size_t h, std::size_t d) { return cudaExtent{w, h, d}; }

// ---- Symbols: __device__ globals are ordinary globals on the CPU, so a symbol is its address.
template <class T>
cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, std::size_t bytes, std::size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  if (offset + bytes > sizeof(T)) return cudaErrorInvalidValue;
  return cudaMemcpyToSymbol(static_cast<const void*>(&symbol), src, bytes, offset, kind);
}
template <class T>
cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, std::size_t bytes, std::size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  if (offset + bytes > sizeof(T)) return cudaErrorInvalidValue;
  return cudaMemcpyFromSymbol(dst, static_cast<const void*>(&symbol), bytes, offset, kind);
}
template <class T>
cudaError_t cudaMemcpyToSymbolAsync(const T& symbol, const void* src, std::size_t bytes, std::size_t offset = 0,
                                    cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t = nullptr) {
  return cudaMemcpyToSymbol(symbol, src, bytes, offset, kind);
}
template <class T>
cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, std::size_t bytes, std::size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t = nullptr) {
  return cudaMemcpyFromSymbol(dst, symbol, bytes, offset, kind);
}
template <class T>
cudaError_t cudaGetSymbolAddress(void** dev_ptr, const T& symbol) {
  return cudaGetSymbolAddress(dev_ptr, static_cast<const void*>(&symbol));
}
template <class T>
cudaError_t cudaGetSymbolSize(std::size_t* size, const T&) {
  if (size == nullptr) return cudaErrorInvalidValue;
  *size = sizeof(T);
  return cudaSuccess;
}

// ---- Events

inline cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned int flags) {
  return cudaEventCreateWithFlags(event, flags);
}

// ---- Kernels: the C++ API takes the kernel itself; the C API its address.

template <class T>
cudaError_t cudaFuncSetAttribute(T* func, cudaFuncAttribute attr, int value) {
  return cudaFuncSetAttribute(reinterpret_cast<const void*>(func), attr, value);
}
template <class T>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, T* func) {
  return cudaFuncGetAttributes(attr, reinterpret_cast<const void*>(func));
}
template <class T>
cudaError_t cudaFuncSetCacheConfig(T* func, cudaFuncCache config) {
  return cudaFuncSetCacheConfig(reinterpret_cast<const void*>(func), config);
}
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
template <class T>
[[deprecated]] cudaError_t cudaFuncSetSharedMemConfig(T* func, cudaSharedMemConfig config) {
  return cudaFuncSetSharedMemConfig(reinterpret_cast<const void*>(func), config);
}
#pragma GCC diagnostic pop

template <class T>
cudaError_t cudaFuncGetName(const char** name, T* func) {
  return cudaFuncGetName(name, reinterpret_cast<const void*>(func));
}
template <class T>
cudaError_t cudaGetKernel(cudaKernel_t* kernel, T* func) {
  return cudaGetKernel(kernel, reinterpret_cast<const void*>(func));
}
template <class T>
cudaError_t cudaLibraryGetGlobal(T** ptr, std::size_t* bytes, cudaLibrary_t library, const char* name) {
  return cudaLibraryGetGlobal((void**)(ptr), bytes, library, name);
}
template <class T>
cudaError_t cudaLibraryGetManaged(T** ptr, std::size_t* bytes, cudaLibrary_t library, const char* name) {
  return cudaLibraryGetManaged((void**)(ptr), bytes, library, name);
}
template <class T>
cudaError_t cudaLibraryGetUnifiedFunction(T** ptr, cudaLibrary_t library, const char* symbol) {
  return cudaLibraryGetUnifiedFunction((void**)(ptr), library, symbol);
}

// ---- Occupancy, answered from the device properties (see src/runtime_device.cpp).

template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, T func, int block_size,
                                                          std::size_t dynamic_shared) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, reinterpret_cast<const void*>(func),
                                                                block_size, dynamic_shared, cudaOccupancyDefault);
}
template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, T func, int block_size,
                                                                   std::size_t dynamic_shared, unsigned int flags) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, reinterpret_cast<const void*>(func),
                                                                block_size, dynamic_shared, flags);
}
template <class T>
cudaError_t cudaOccupancyMaxPotentialClusterSize(int* cluster_size, T* func, const cudaLaunchConfig_t* config) {
  return cudaOccupancyMaxPotentialClusterSize(cluster_size, reinterpret_cast<const void*>(func), config);
}
template <class T>
cudaError_t cudaOccupancyMaxActiveClusters(int* clusters, T* func, const cudaLaunchConfig_t* config) {
  return cudaOccupancyMaxActiveClusters(clusters, reinterpret_cast<const void*>(func), config);
}
template <class T>
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(std::size_t* bytes, T func, int blocks, int block_size) {
  return cudaOccupancyAvailableDynamicSMemPerBlock(bytes, reinterpret_cast<const void*>(func), blocks, block_size);
}

namespace scanlab::cpu::detail {
// The block size (a multiple of the warp size, at most `block_size_limit` when positive) that
// keeps the most threads resident per multiprocessor, the largest such on ties, and the grid that
// fills the device with it. `shared_for(block)` gives the dynamic shared memory of a block.
template <class SharedFor>
cudaError_t best_block_size(int* min_grid, int* block, const void* func, SharedFor shared_for,
                            int block_size_limit, unsigned int flags) {
  if (min_grid == nullptr || block == nullptr) return cudaErrorInvalidValue;
  int max_threads = 0, warp = 0, sms = 0;
  if (cudaError_t e = cudaDeviceGetAttribute(&max_threads, cudaDevAttrMaxThreadsPerBlock, 0); e != cudaSuccess) return e;
  cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const int limit = block_size_limit > 0 && block_size_limit < max_threads ? block_size_limit : max_threads;
  int best_threads = 0, best_block = 0, best_blocks = 0;
  for (int size = limit - limit % warp; size > 0; size -= warp) {
    int blocks = 0;
    if (cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            &blocks, func, size, static_cast<std::size_t>(shared_for(size)), flags);
        e != cudaSuccess)
      return e;
    if (blocks * size > best_threads) {
      best_threads = blocks * size;
      best_block = size;
      best_blocks = blocks;
    }
  }
  *block = best_block;
  *min_grid = best_blocks * sms;
  return cudaSuccess;
}
}  // namespace scanlab::cpu::detail

template <class UnaryFunction, class T>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(int* min_grid, int* block, T func,
                                                                    UnaryFunction shared_for_block,
                                                                    int block_size_limit = 0, unsigned int flags = 0) {
  return scanlab::cpu::detail::best_block_size(min_grid, block, reinterpret_cast<const void*>(func), shared_for_block,
                                               block_size_limit, flags);
}
template <class UnaryFunction, class T>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int* min_grid, int* block, T func,
                                                           UnaryFunction shared_for_block, int block_size_limit = 0) {
  return scanlab::cpu::detail::best_block_size(min_grid, block, reinterpret_cast<const void*>(func), shared_for_block,
                                               block_size_limit, cudaOccupancyDefault);
}
template <class T>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int* min_grid, int* block, T func, std::size_t dynamic_shared = 0,
                                               int block_size_limit = 0) {
  return scanlab::cpu::detail::best_block_size(
      min_grid, block, reinterpret_cast<const void*>(func), [dynamic_shared](int) { return dynamic_shared; },
      block_size_limit, cudaOccupancyDefault);
}
template <class T>
cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int* min_grid, int* block, T func,
                                                        std::size_t dynamic_shared = 0, int block_size_limit = 0,
                                                        unsigned int flags = 0) {
  return scanlab::cpu::detail::best_block_size(
      min_grid, block, reinterpret_cast<const void*>(func), [dynamic_shared](int) { return dynamic_shared; },
      block_size_limit, flags);
}

// ---- CUDA graphs' older C++ forms, which CUDA 13's cuda_runtime.h still offers (samples call them).
inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, cudaGraphNode_t* error_node,
                                        char* log, std::size_t log_bytes) {
  (void)error_node;
  (void)log;
  (void)log_bytes;
  return cudaGraphInstantiate(exec, graph, 0ull);
}
inline cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph, cudaGraphNode_t* error_node,
                                       cudaGraphExecUpdateResult* result) {
  cudaGraphExecUpdateResultInfo info{};
  const cudaError_t status = cudaGraphExecUpdate(exec, graph, &info);
  if (error_node != nullptr) *error_node = info.errorNode;
  if (result != nullptr) *result = info.result;
  return status;
}

// ---- cudaLaunchKernel, typed and untyped (`(void*)kernel`, for kernels the rewriter registered):
// launch.h.

// ---- Legacy names that CUDA 13 removed; older course code still calls them.
[[deprecated("cudaThreadSynchronize was removed in CUDA 13; use cudaDeviceSynchronize")]]
inline cudaError_t cudaThreadSynchronize() { return cudaDeviceSynchronize(); }
[[deprecated("cudaThreadExit was removed in CUDA 13; use cudaDeviceReset")]]
inline cudaError_t cudaThreadExit() { return cudaDeviceReset(); }
