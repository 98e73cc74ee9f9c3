// Memory on the CPU "device": allocations (plain, pitched, 3-D, stream-ordered, pinned and mapped
// host memory), copies and fills in 1, 2 and 3 dimensions, symbols and pointer attributes.
// Device memory lives in the arena (device_arena.h) and is tracked by device_memory.cpp, so the
// checks CUDA makes (a device pointer where one is needed, rows that fit their pitch) are made here
// against that record.
#include <cstdio>
#include <cstring>

#include "device_arena.h"
#include "device_memory.h"
#include "host_writes.h"
#include "error_state.h"
#include "runtime_objects.h"
#include "runtime_textures.h"
#include "scanlab/cpu/runtime_api.h"

using namespace scanlab::cpu::detail;

namespace {

// cudaMallocPitch rounds rows up to the texture alignment of the emulated device.
constexpr std::size_t pitch_alignment = 512;

bool device_side(const void* p, std::size_t bytes) {
  return is_device_accessible_range(p, bytes) || is_global_variable(p);
}

// Every copy and fill of the runtime: through the view of device memory that is always writable
// (device_arena.h), and recorded as the destination's writer: the host (a copy from host memory, a
// fill), or whoever wrote the source (a device-to-device copy). A copy from a __device__ variable
// counts as a kernel's: those are not tracked, and a wrong "host" verdict must never come of it.
void copy_bytes(void* dst, const void* src, std::size_t bytes) {
  std::memmove(runtime_view(dst), runtime_view(src), bytes);
  if (!in_arena(dst)) return;
  if (in_arena(src))
    device_copied(arena_offset(dst), arena_offset(src), bytes);
  else if (is_global_variable(src))
    forget_writers(arena_offset(dst), bytes);
  else
    host_wrote(arena_offset(dst), bytes);
}

void fill_bytes(void* dst, int value, std::size_t bytes) {
  std::memset(runtime_view(dst), value, bytes);
  if (in_arena(dst)) host_wrote(arena_offset(dst), bytes);
}

// The checks of a copy of `bytes` at dst and src: CUDA rejects a device side that is not device
// memory (the usual sign of swapped arguments or a wrong direction).
cudaError_t check_copy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind) {
  if (bytes == 0) return cudaSuccess;
  if (dst == nullptr || src == nullptr) return cudaErrorInvalidValue;
  switch (kind) {
    case cudaMemcpyHostToDevice:
      if (!device_side(dst, bytes)) return cudaErrorInvalidValue;
      break;
    case cudaMemcpyDeviceToHost:
      if (!device_side(src, bytes)) return cudaErrorInvalidValue;
      break;
    case cudaMemcpyDeviceToDevice:
      if (!device_side(dst, bytes) || !device_side(src, bytes)) return cudaErrorInvalidValue;
      break;
    case cudaMemcpyHostToHost:
    case cudaMemcpyDefault:
      break;
    default:
      return cudaErrorInvalidMemcpyDirection;
  }
  return cudaSuccess;
}

// The bytes a pitched region of `height` rows of `width` bytes spans.
std::size_t pitched_span(std::size_t pitch, std::size_t width, std::size_t height) {
  return height == 0 ? 0 : pitch * (height - 1) + width;
}

cudaError_t copy_2d(void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
                    std::size_t height, cudaMemcpyKind kind) {
  if (width == 0 || height == 0) return cudaSuccess;
  if (width > dpitch || width > spitch) return set_error(cudaErrorInvalidPitchValue);
  if (dst == nullptr || src == nullptr) return set_error(cudaErrorInvalidValue);
  // Each side is checked over its own span: the two pitches may differ.
  const bool dst_ok = device_side(dst, pitched_span(dpitch, width, height));
  const bool src_ok = device_side(src, pitched_span(spitch, width, height));
  switch (kind) {
    case cudaMemcpyHostToDevice: if (!dst_ok) return set_error(cudaErrorInvalidValue); break;
    case cudaMemcpyDeviceToHost: if (!src_ok) return set_error(cudaErrorInvalidValue); break;
    case cudaMemcpyDeviceToDevice: if (!dst_ok || !src_ok) return set_error(cudaErrorInvalidValue); break;
    case cudaMemcpyHostToHost:
    case cudaMemcpyDefault: break;
    default: return set_error(cudaErrorInvalidMemcpyDirection);
  }
  for (std::size_t row = 0; row < height; ++row)
    copy_bytes(static_cast<char*>(dst) + row * dpitch, static_cast<const char*>(src) + row * spitch, width);
  return cudaSuccess;
}

cudaError_t fill_2d(void* dst, std::size_t pitch, int value, std::size_t width, std::size_t height) {
  if (width == 0 || height == 0) return cudaSuccess;
  if (dst == nullptr || width > pitch) return set_error(cudaErrorInvalidValue);
  if (!device_side(dst, pitched_span(pitch, width, height))) return set_error(cudaErrorInvalidValue);
  for (std::size_t row = 0; row < height; ++row) fill_bytes(static_cast<char*>(dst) + row * pitch, value, width);
  return cudaSuccess;
}

}  // namespace

// ---- Allocation

cudaError_t cudaMalloc(void** ptr, std::size_t bytes, const char* file, int line) {
  if (cudaError_t e = sticky_error(); e != cudaSuccess) return e;
  if (ptr == nullptr) return set_error(cudaErrorInvalidValue);
  *ptr = nullptr;
  if (bytes == 0) return cudaSuccess;  // CUDA returns success and a null pointer
  void* p = allocate_device(bytes, file, line);
  if (p == nullptr) return set_error(cudaErrorMemoryAllocation);
  *ptr = p;
  return cudaSuccess;
}

cudaError_t cudaFree(void* ptr) {
  release_held_work();  // synchronous: the host waits for held work (runtime_objects.h)
  if (cudaError_t e = sticky_error(); e != cudaSuccess) return e;
  if (ptr == nullptr) return cudaSuccess;
  if (auto damage = check_canaries()) report_problem(scanlab::cpu::problem::global_out_of_bounds, *damage, cudaErrorIllegalAddress);
  return free_device(ptr) ? cudaSuccess : set_error(cudaErrorInvalidValue);
}

// ---- Managed (unified) memory: host code and kernels share it, as on a GPU since Pascal. The
// hints (prefetch, advice, stream attachment) change where a GPU keeps the pages, which one
// memory does not have: they are checked and accepted.

cudaError_t cudaMallocManaged(void** ptr, std::size_t bytes, unsigned int flags) {
  if (cudaError_t e = sticky_error(); e != cudaSuccess) return e;
  if (ptr == nullptr || (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)) return set_error(cudaErrorInvalidValue);
  *ptr = nullptr;
  if (bytes == 0) return cudaSuccess;  // as cudaMalloc: success and a null pointer (an H200 answers so)
  void* p = allocate_managed(bytes, "cudaMallocManaged");
  if (p == nullptr) return set_error(cudaErrorMemoryAllocation);
  *ptr = p;
  return cudaSuccess;
}

namespace {

// A range hint's checks: [ptr, ptr+count) is managed memory (or, for prefetches and advice,
// which CUDA also takes for system memory on machines with pageable access, any host memory).
cudaError_t check_managed_range(const void* ptr, std::size_t count) {
  if (ptr == nullptr || count == 0) return cudaErrorInvalidValue;
  auto a = find_allocation(ptr);
  if (a && !a->managed) return cudaErrorInvalidValue;  // cudaMalloc or pinned memory: not managed
  if (a && static_cast<const char*>(ptr) + count > a->base + a->bytes) return cudaErrorInvalidValue;
  return cudaSuccess;
}

cudaError_t check_location(const cudaMemLocation& where) {
  switch (where.type) {
    case cudaMemLocationTypeDevice: return where.id == 0 || where.id == cudaCpuDeviceId ? cudaSuccess : cudaErrorInvalidDevice;
    case cudaMemLocationTypeHost:
    case cudaMemLocationTypeHostNuma:
    case cudaMemLocationTypeHostNumaCurrent: return cudaSuccess;
    default: return cudaErrorInvalidValue;
  }
}

}  // namespace

cudaError_t cudaMemPrefetchAsync(const void* ptr, std::size_t count, cudaMemLocation location, unsigned int flags,
                                 cudaStream_t) {
  if (cudaError_t e = check_managed_range(ptr, count); e != cudaSuccess) return set_error(e);
  if (flags != 0) return set_error(cudaErrorInvalidValue);
  if (cudaError_t e = check_location(location); e != cudaSuccess) return set_error(e);
  return cudaSuccess;
}

cudaError_t cudaMemAdvise(const void* ptr, std::size_t count, cudaMemoryAdvise advice, cudaMemLocation location) {
  if (cudaError_t e = check_managed_range(ptr, count); e != cudaSuccess) return set_error(e);
  if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy) return set_error(cudaErrorInvalidValue);
  const bool needs_location = advice == cudaMemAdviseSetPreferredLocation || advice == cudaMemAdviseSetAccessedBy ||
                              advice == cudaMemAdviseUnsetAccessedBy;
  if (needs_location) {
    if (cudaError_t e = check_location(location); e != cudaSuccess) return set_error(e);
  }
  return cudaSuccess;
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t, void* ptr, std::size_t length, unsigned int flags) {
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost && flags != cudaMemAttachSingle)
    return set_error(cudaErrorInvalidValue);
  auto a = find_allocation(ptr);
  const bool global_variable = ptr != nullptr && is_global_variable(ptr);  // a __managed__ variable
  if (!global_variable && (!a || !a->managed || (length != 0 && length != a->bytes) || ptr != a->base))
    return set_error(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaMemRangeGetAttribute(void* data, std::size_t bytes, cudaMemRangeAttribute attribute, const void* ptr,
                                     std::size_t count) {
  if (data == nullptr || bytes == 0) return set_error(cudaErrorInvalidValue);
  if (cudaError_t e = check_managed_range(ptr, count); e != cudaSuccess) return set_error(e);
  // No advice is kept (one memory): what a GPU reports for a range nobody advised.
  std::memset(data, 0, bytes);
  switch (attribute) {
    case cudaMemRangeAttributePreferredLocation:
    case cudaMemRangeAttributeLastPrefetchLocation:
    case cudaMemRangeAttributePreferredLocationId:
    case cudaMemRangeAttributeLastPrefetchLocationId:
      if (bytes < sizeof(int)) return set_error(cudaErrorInvalidValue);
      *static_cast<int*>(data) = cudaInvalidDeviceId;
      break;
    case cudaMemRangeAttributeAccessedBy:
      for (std::size_t i = 0; i + sizeof(int) <= bytes; i += sizeof(int)) static_cast<int*>(data)[i / sizeof(int)] = cudaInvalidDeviceId;
      break;
    default:
      break;
  }
  return cudaSuccess;
}

cudaError_t cudaMemRangeGetAttributes(void** data, std::size_t* bytes, cudaMemRangeAttribute* attributes,
                                      std::size_t count_attributes, const void* ptr, std::size_t count) {
  if (data == nullptr || bytes == nullptr || attributes == nullptr || count_attributes == 0) return set_error(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < count_attributes; ++i)
    if (cudaError_t e = cudaMemRangeGetAttribute(data[i], bytes[i], attributes[i], ptr, count); e != cudaSuccess) return e;
  return cudaSuccess;
}

cudaError_t cudaMallocPitch(void** ptr, std::size_t* pitch, std::size_t width, std::size_t height) {
  if (ptr == nullptr || pitch == nullptr) return set_error(cudaErrorInvalidValue);
  *pitch = (width + pitch_alignment - 1) / pitch_alignment * pitch_alignment;
  return cudaMalloc(ptr, *pitch * height, "cudaMallocPitch", 0);
}

cudaError_t cudaMalloc3D(cudaPitchedPtr* pitched, cudaExtent extent) {
  if (pitched == nullptr) return set_error(cudaErrorInvalidValue);
  std::size_t pitch = 0;
  void* p = nullptr;
  if (cudaError_t e = cudaMallocPitch(&p, &pitch, extent.width, extent.height * extent.depth); e != cudaSuccess) return e;
  *pitched = cudaPitchedPtr{p, pitch, extent.width, extent.height};
  return cudaSuccess;
}

// Stream-ordered allocation: the stream's earlier work has already run, so the memory can be
// handed out (and taken back) at once.
cudaError_t cudaMallocAsync(void** ptr, std::size_t bytes, cudaStream_t) {
  return cudaMalloc(ptr, bytes, "cudaMallocAsync", 0);
}
cudaError_t cudaMallocFromPoolAsync(void** ptr, std::size_t bytes, cudaMemPool_t pool, cudaStream_t) {
  if (pool != nullptr && pool != default_mem_pool())
    return not_supported("cudaMallocFromPoolAsync", "memory pools other than the device's default pool");
  return cudaMalloc(ptr, bytes, "cudaMallocFromPoolAsync", 0);
}
cudaError_t cudaFreeAsync(void* ptr, cudaStream_t) { return cudaFree(ptr); }

CUmemPoolHandle_st* scanlab::cpu::detail::default_mem_pool() {
  static CUmemPoolHandle_st pool;
  return &pool;
}
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* pool, int device) {
  if (pool == nullptr) return set_error(cudaErrorInvalidValue);
  if (device != 0) return set_error(cudaErrorInvalidDevice);
  *pool = default_mem_pool();
  return cudaSuccess;
}
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t* pool, int device) { return cudaDeviceGetDefaultMemPool(pool, device); }
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, std::size_t) {
  return pool == default_mem_pool() ? cudaSuccess : set_error(cudaErrorInvalidValue);
}
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attr, void* value) {
  if (pool != default_mem_pool() || value == nullptr) return set_error(cudaErrorInvalidValue);
  if (attr == cudaMemPoolAttrReleaseThreshold) pool->release_threshold = *static_cast<unsigned long long*>(value);
  return cudaSuccess;  // reuse policies change nothing: freed memory goes straight back to the heap
}
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attr, void* value) {
  if (pool != default_mem_pool() || value == nullptr) return set_error(cudaErrorInvalidValue);
  switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies:
    case cudaMemPoolReuseAllowOpportunistic:
    case cudaMemPoolReuseAllowInternalDependencies:
      *static_cast<int*>(value) = 1;
      break;
    case cudaMemPoolAttrReleaseThreshold:
      *static_cast<unsigned long long*>(value) = pool->release_threshold;
      break;
    default:  // the pool's reserved and used memory: the device memory in use
      *static_cast<unsigned long long*>(value) = device_bytes_in_use();
      break;
  }
  return cudaSuccess;
}

// ---- Pinned and mapped host memory: plain host memory, recorded so kernels may use it.

cudaError_t cudaMallocHost(void** ptr, std::size_t bytes) { return cudaHostAlloc(ptr, bytes, cudaHostAllocDefault); }
cudaError_t cudaHostAlloc(void** ptr, std::size_t bytes, unsigned int flags) {
  constexpr unsigned known = cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined;
  if (ptr == nullptr || (flags & ~known) != 0) return set_error(cudaErrorInvalidValue);
  *ptr = allocate_pinned(bytes, flags);
  return *ptr ? cudaSuccess : set_error(cudaErrorMemoryAllocation);
}
cudaError_t cudaFreeHost(void* ptr) {
  release_held_work();  // synchronous: the host waits for held work (runtime_objects.h)
  if (ptr == nullptr) return cudaSuccess;
  return free_pinned(ptr) ? cudaSuccess : set_error(cudaErrorInvalidValue);
}
cudaError_t cudaHostRegister(void* ptr, std::size_t bytes, unsigned int flags) {
  constexpr unsigned known =
      cudaHostRegisterPortable | cudaHostRegisterMapped | cudaHostRegisterIoMemory | cudaHostRegisterReadOnly;
  if (ptr == nullptr || bytes == 0 || (flags & ~known) != 0) return set_error(cudaErrorInvalidValue);
  if (flags & cudaHostRegisterIoMemory) return not_supported("cudaHostRegister", "registering I/O memory");
  return register_host_range(ptr, bytes, flags) ? cudaSuccess : set_error(cudaErrorHostMemoryAlreadyRegistered);
}
cudaError_t cudaHostUnregister(void* ptr) {
  return unregister_host_range(ptr) ? cudaSuccess : set_error(cudaErrorHostMemoryNotRegistered);
}
cudaError_t cudaHostGetDevicePointer(void** device_ptr, void* host_ptr, unsigned int flags) {
  if (device_ptr == nullptr || flags != 0) return set_error(cudaErrorInvalidValue);
  auto a = find_allocation(host_ptr);
  if (!a || !a->pinned_host) return set_error(cudaErrorInvalidValue);
  *device_ptr = host_ptr;  // one address space: the device sees the host memory where it is
  return cudaSuccess;
}
cudaError_t cudaHostGetFlags(unsigned int* flags, void* host_ptr) {
  if (flags == nullptr) return set_error(cudaErrorInvalidValue);
  auto a = find_allocation(host_ptr);
  if (!a || !a->pinned_host) return set_error(cudaErrorInvalidValue);
  *flags = a->flags;
  return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attr, const void* ptr) {
  if (attr == nullptr) return set_error(cudaErrorInvalidValue);
  *attr = cudaPointerAttributes{};
  auto a = find_allocation(ptr);
  void* p = const_cast<void*>(ptr);
  if (a && a->managed) {
    *attr = cudaPointerAttributes{cudaMemoryTypeManaged, 0, p, p, {}};
  } else if (a && !a->pinned_host) {
    *attr = cudaPointerAttributes{cudaMemoryTypeDevice, 0, p, nullptr, {}};
  } else if (a) {
    *attr = cudaPointerAttributes{cudaMemoryTypeHost, 0, p, p, {}};
  } else if (ptr != nullptr && is_global_variable(ptr)) {
    *attr = cudaPointerAttributes{cudaMemoryTypeDevice, 0, p, nullptr, {}};
  } else {
    *attr = cudaPointerAttributes{cudaMemoryTypeUnregistered, cudaInvalidDeviceId, nullptr, p, {}};
  }
  return cudaSuccess;
}

cudaError_t cudaMemGetInfo(std::size_t* free_bytes, std::size_t* total_bytes) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  const std::size_t total = prop.totalGlobalMem;  // what we pretend to have; allocation is the real limit
  if (free_bytes) *free_bytes = total > device_bytes_in_use() ? total - device_bytes_in_use() : 0;
  if (total_bytes) *total_bytes = total;
  return cudaSuccess;
}

// ---- Copies and fills

cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind) {
  release_held_work_for(nullptr);  // synchronous, in the legacy stream: it waits for held work there
  // A synchronous copy waits for earlier kernels, so it reports their failures.
  if (cudaError_t e = take_async_error(); e != cudaSuccess) return set_error(e);
  if (cudaError_t e = check_copy(dst, src, bytes, kind); e != cudaSuccess) return set_error(e);
  if (bytes != 0) copy_bytes(dst, src, bytes);
  return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind, cudaStream_t stream) {
  if (cudaError_t e = sticky_error(); e != cudaSuccess) return e;
  if (record_if_captured(stream, cudaGraphNodeTypeMemcpy, [=] { cudaMemcpyAsync(dst, src, bytes, kind, nullptr); }))
    return cudaSuccess;
  if (cudaError_t e = check_copy(dst, src, bytes, kind); e != cudaSuccess) return set_error(e);
  if (bytes != 0) copy_bytes(dst, src, bytes);
  return cudaSuccess;
}
cudaError_t cudaMemcpyPeer(void* dst, int dst_device, const void* src, int src_device, std::size_t bytes) {
  if (dst_device != 0 || src_device != 0) return set_error(cudaErrorInvalidDevice);
  return cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice);
}
cudaError_t cudaMemcpyPeerAsync(void* dst, int dst_device, const void* src, int src_device, std::size_t bytes,
                                cudaStream_t stream) {
  if (dst_device != 0 || src_device != 0) return set_error(cudaErrorInvalidDevice);
  return cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, stream);
}

// Each copy runs at once, in order; the attributes (source access order, location hints) only
// describe how a GPU may overlap them.
cudaError_t cudaMemcpyBatchAsync(void* const* dsts, const void* const* srcs, const std::size_t* sizes,
                                 std::size_t count, cudaMemcpyAttributes* attrs, std::size_t* attr_indices,
                                 std::size_t attr_count, cudaStream_t stream) {
  if (count == 0 || dsts == nullptr || srcs == nullptr || sizes == nullptr || attrs == nullptr ||
      attr_indices == nullptr || attr_count == 0 || attr_count > count || attr_indices[0] != 0)
    return set_error(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < count; ++i)
    if (cudaError_t e = cudaMemcpyAsync(dsts[i], srcs[i], sizes[i], cudaMemcpyDefault, stream); e != cudaSuccess)
      return e;
  return cudaSuccess;
}

cudaError_t cudaMemcpy2D(void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
                         std::size_t height, cudaMemcpyKind kind) {
  release_held_work_for(nullptr);
  if (cudaError_t e = take_async_error(); e != cudaSuccess) return set_error(e);
  return copy_2d(dst, dpitch, src, spitch, width, height, kind);
}
cudaError_t cudaMemcpy2DAsync(void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
                              std::size_t height, cudaMemcpyKind kind, cudaStream_t stream) {
  if (record_if_captured(stream, cudaGraphNodeTypeMemcpy,
                         [=] { copy_2d(dst, dpitch, src, spitch, width, height, kind); }))
    return cudaSuccess;
  return copy_2d(dst, dpitch, src, spitch, width, height, kind);
}

namespace {
cudaError_t copy_3d_now(const cudaMemcpy3DParms* p) {
  if (p == nullptr) return set_error(cudaErrorInvalidValue);
  if (p->srcArray != nullptr || p->dstArray != nullptr) return copy_3d_with_arrays(p);  // runtime_textures.cpp
  const cudaExtent e = p->extent;  // width in bytes for linear memory
  const cudaPitchedPtr s = p->srcPtr, d = p->dstPtr;
  if (e.width == 0 || e.height == 0 || e.depth == 0) return cudaSuccess;
  if (s.ptr == nullptr || d.ptr == nullptr) return set_error(cudaErrorInvalidValue);
  const std::size_t s_rows = s.ysize ? s.ysize : e.height, d_rows = d.ysize ? d.ysize : e.height;
  if (p->srcPos.x + e.width > s.pitch || p->dstPos.x + e.width > d.pitch) return set_error(cudaErrorInvalidPitchValue);
  for (std::size_t z = 0; z < e.depth; ++z) {
    const char* src = static_cast<const char*>(s.ptr) + ((p->srcPos.z + z) * s_rows + p->srcPos.y) * s.pitch + p->srcPos.x;
    char* dst = static_cast<char*>(d.ptr) + ((p->dstPos.z + z) * d_rows + p->dstPos.y) * d.pitch + p->dstPos.x;
    if (cudaError_t err = copy_2d(dst, d.pitch, src, s.pitch, e.width, e.height, p->kind); err != cudaSuccess) return err;
  }
  return cudaSuccess;
}
}  // namespace
cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* p) {
  release_held_work_for(nullptr);  // synchronous, in the legacy stream: it waits for held work there
  return copy_3d_now(p);
}
cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* p, cudaStream_t stream) {
  if (p != nullptr) {
    const cudaMemcpy3DParms q = *p;
    if (record_if_captured(stream, cudaGraphNodeTypeMemcpy, [q] { copy_3d_now(&q); })) return cudaSuccess;
  }
  return copy_3d_now(p);
}

namespace {
cudaError_t fill_now(void* dst, int value, std::size_t bytes) {
  if (cudaError_t e = sticky_error(); e != cudaSuccess) return e;
  if (bytes == 0) return cudaSuccess;
  if (dst == nullptr || !device_side(dst, bytes)) return set_error(cudaErrorInvalidValue);
  fill_bytes(dst, value, bytes);
  return cudaSuccess;
}
}  // namespace
cudaError_t cudaMemset(void* dst, int value, std::size_t bytes) {
  release_held_work_for(nullptr);
  return fill_now(dst, value, bytes);
}
cudaError_t cudaMemsetAsync(void* dst, int value, std::size_t bytes, cudaStream_t stream) {
  if (record_if_captured(stream, cudaGraphNodeTypeMemset, [=] { fill_now(dst, value, bytes); })) return cudaSuccess;
  return fill_now(dst, value, bytes);
}
cudaError_t cudaMemset2D(void* dst, std::size_t pitch, int value, std::size_t width, std::size_t height) {
  return fill_2d(dst, pitch, value, width, height);
}
cudaError_t cudaMemset2DAsync(void* dst, std::size_t pitch, int value, std::size_t width, std::size_t height,
                              cudaStream_t) {
  return fill_2d(dst, pitch, value, width, height);
}
cudaError_t cudaMemset3D(cudaPitchedPtr p, int value, cudaExtent e) {
  if (e.width == 0 || e.height == 0 || e.depth == 0) return cudaSuccess;
  const std::size_t rows = p.ysize ? p.ysize : e.height;
  for (std::size_t z = 0; z < e.depth; ++z)
    if (cudaError_t err = fill_2d(static_cast<char*>(p.ptr) + z * rows * p.pitch, p.pitch, value, e.width, e.height);
        err != cudaSuccess)
      return err;
  return cudaSuccess;
}
cudaError_t cudaMemset3DAsync(cudaPitchedPtr p, int value, cudaExtent e, cudaStream_t) {
  return cudaMemset3D(p, value, e);
}

// ---- Symbols: the C API receives the symbol's address (the C++ templates pass &symbol).

cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, std::size_t bytes, std::size_t offset,
                               cudaMemcpyKind kind) {
  if (symbol == nullptr) return set_error(cudaErrorInvalidSymbol);
  if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
    return set_error(cudaErrorInvalidMemcpyDirection);
  if (bytes != 0) copy_bytes(static_cast<char*>(const_cast<void*>(symbol)) + offset, src, bytes);
  return cudaSuccess;
}
cudaError_t cudaMemcpyFromSymbol(void* dst, const void* symbol, std::size_t bytes, std::size_t offset,
                                 cudaMemcpyKind kind) {
  if (symbol == nullptr) return set_error(cudaErrorInvalidSymbol);
  if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
    return set_error(cudaErrorInvalidMemcpyDirection);
  if (bytes != 0) copy_bytes(dst, static_cast<const char*>(symbol) + offset, bytes);
  return cudaSuccess;
}
cudaError_t cudaMemcpyToSymbolAsync(const void* symbol, const void* src, std::size_t bytes, std::size_t offset,
                                    cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpyToSymbol(symbol, src, bytes, offset, kind);
}
cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const void* symbol, std::size_t bytes, std::size_t offset,
                                      cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpyFromSymbol(dst, symbol, bytes, offset, kind);
}
cudaError_t cudaGetSymbolAddress(void** dev_ptr, const void* symbol) {
  if (dev_ptr == nullptr) return set_error(cudaErrorInvalidValue);
  if (symbol == nullptr) return set_error(cudaErrorInvalidSymbol);
  *dev_ptr = const_cast<void*>(symbol);
  return cudaSuccess;
}
cudaError_t cudaGetSymbolSize(std::size_t*, const void*) {
  // Only the C++ overload knows a symbol's type, and with it its size.
  return not_supported("cudaGetSymbolSize", "the C API form, given an address; call it with the symbol itself");
}
