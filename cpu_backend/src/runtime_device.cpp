// The CPU "device": its properties (every cudaDeviceProp field), the device attributes (every
// cudaDeviceAttr, answered from the same properties so the two never disagree), device flags,
// limits and cache preferences, kernel attributes, and occupancy, answered from the properties as
// CUDA's occupancy calculator would for a Hopper-class device with one multiprocessor.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "error_state.h"
#include "resident_blocks.h"
#include "runtime_objects.h"
#include "schedule_config.h"
#include "shared_arena.h"
#include "scanlab/cpu/runtime_api.h"

using namespace scanlab::cpu::detail;

namespace {

// Values with no cudaDeviceProp field of their own (CUDA 13 removed the clock rates from it).
constexpr int clock_rate_khz = 1000000;
constexpr int memory_clock_rate_khz = 1000000;
constexpr int max_texture_1d_linear = 1 << 27;
constexpr int registers_per_thread_assumed = 32;  // what occupancy assumes a kernel uses

// The compute capability reported (cudaGetDeviceProperties, attributes, and a kernel's ptxVersion and
// binaryVersion): 9.0, the feature set emulated, unless SCANLAB_COMPUTE_CAPABILITY names another
// between 7.0 and 9.0 ("8.0"), so that code which picks its path by the GPU it finds can be tested
// on each path. The device code is still compiled once, as for sm_90.
struct compute_capability {
  int major = 9, minor = 0;
};
compute_capability reported_compute_capability() {
  compute_capability cc;
  const char* v = std::getenv("SCANLAB_COMPUTE_CAPABILITY");
  int major = 0, minor = 0;
  if (v == nullptr || std::sscanf(v, "%d.%d", &major, &minor) != 2) return cc;
  if (major * 10 + minor < 70 || major * 10 + minor > 90) {
    std::fprintf(stderr, "scanlab-cpu: SCANLAB_COMPUTE_CAPABILITY=%s is not between 7.0 and 9.0; reporting 9.0\n", v);
    return cc;
  }
  return {major, minor};
}

cudaDeviceProp make_properties() {
  cudaDeviceProp p{};
  std::snprintf(p.name, sizeof p.name, "scanlab CPU backend");
  std::memcpy(p.uuid.bytes, "scanlab-cpu-dev0", sizeof p.uuid.bytes);
  p.totalGlobalMem = 16ull << 30;
  p.sharedMemPerBlock = shared_arena::static_limit;
  p.regsPerBlock = 65536;
  p.warpSize = 32;
  p.memPitch = 2147483647;
  p.maxThreadsPerBlock = 1024;
  p.maxThreadsDim[0] = 1024;
  p.maxThreadsDim[1] = 1024;
  p.maxThreadsDim[2] = 64;
  p.maxGridSize[0] = 2147483647;
  p.maxGridSize[1] = 65535;
  p.maxGridSize[2] = 65535;
  p.totalConstMem = 65536;
  const compute_capability cc = reported_compute_capability();  // Hopper's warp-synchronous model
  p.major = cc.major;
  p.minor = cc.minor;
  p.textureAlignment = 512;
  p.texturePitchAlignment = 32;
  // An H100 SXM's and an H200's: occupancy-sized grids (persistent kernels, grid-wide waits) get
  // as many blocks as there, and as many may wait on each other at once (resident_blocks.h).
  p.multiProcessorCount = 132;
  p.integrated = 0;
  p.canMapHostMemory = 1;  // mapped pinned memory is plain host memory here
  // Texture and surface limits: Hopper's, though textures themselves are not emulated.
  p.maxTexture1D = 131072;
  p.maxTexture1DMipmap = 32768;
  p.maxTexture2D[0] = 131072, p.maxTexture2D[1] = 65536;
  p.maxTexture2DMipmap[0] = 32768, p.maxTexture2DMipmap[1] = 32768;
  p.maxTexture2DLinear[0] = 131072, p.maxTexture2DLinear[1] = 65000, p.maxTexture2DLinear[2] = 2097120;
  p.maxTexture2DGather[0] = 32768, p.maxTexture2DGather[1] = 32768;
  p.maxTexture3D[0] = p.maxTexture3D[1] = p.maxTexture3D[2] = 16384;
  p.maxTexture3DAlt[0] = p.maxTexture3DAlt[1] = 8192, p.maxTexture3DAlt[2] = 32768;
  p.maxTextureCubemap = 32768;
  p.maxTexture1DLayered[0] = 32768, p.maxTexture1DLayered[1] = 2048;
  p.maxTexture2DLayered[0] = p.maxTexture2DLayered[1] = 32768, p.maxTexture2DLayered[2] = 2048;
  p.maxTextureCubemapLayered[0] = 32768, p.maxTextureCubemapLayered[1] = 2046;
  p.maxSurface1D = 32768;
  p.maxSurface2D[0] = 131072, p.maxSurface2D[1] = 65536;
  p.maxSurface3D[0] = 16384, p.maxSurface3D[1] = 16384, p.maxSurface3D[2] = 16384;
  p.maxSurface1DLayered[0] = 32768, p.maxSurface1DLayered[1] = 2048;
  p.maxSurface2DLayered[0] = p.maxSurface2DLayered[1] = 32768, p.maxSurface2DLayered[2] = 2048;
  p.maxSurfaceCubemap = 32768;
  p.maxSurfaceCubemapLayered[0] = 32768, p.maxSurfaceCubemapLayered[1] = 2046;
  p.surfaceAlignment = 512;
  p.concurrentKernels = 0;  // kernels run one after another
  p.ECCEnabled = 0;
  p.pciBusID = p.pciDeviceID = p.pciDomainID = 0;
  p.tccDriver = 0;
  p.asyncEngineCount = 0;  // copies do not overlap kernels
  p.unifiedAddressing = 1;
  p.memoryBusWidth = 64;
  p.l2CacheSize = 0;
  p.persistingL2CacheMaxSize = 0;
  p.maxThreadsPerMultiProcessor = 2048;
  p.streamPrioritiesSupported = 1;
  p.globalL1CacheSupported = 1;
  p.localL1CacheSupported = 1;
  p.sharedMemPerMultiprocessor = 228 * 1024;
  p.regsPerMultiprocessor = 65536;
  p.managedMemory = 1;  // cudaMallocManaged and __managed__: host and kernels share the CPU's memory
  p.isMultiGpuBoard = 0;
  p.multiGpuBoardGroupID = 0;
  p.hostNativeAtomicSupported = 1;  // host and device are the same processor
  p.pageableMemoryAccess = 0;       // kernels may not use ordinary host memory (it is checked)
  p.concurrentManagedAccess = 1;  // as on every GPU since Pascal on Linux
  p.computePreemptionSupported = 0;
  p.canUseHostPointerForRegisteredMem = 1;
  p.cooperativeLaunch = 1;  // grid.sync(): the blocks of a cooperative launch are resident together
  p.sharedMemPerBlockOptin = shared_arena::optin_limit;
  p.pageableMemoryAccessUsesHostPageTables = 0;
  p.directManagedMemAccessFromHost = 0;
  p.maxBlocksPerMultiProcessor = 32;
  p.accessPolicyMaxWindowSize = 0;
  p.reservedSharedMemPerBlock = 1024;
  p.hostRegisterSupported = 1;
  p.sparseCudaArraySupported = 0;
  p.hostRegisterReadOnlySupported = 1;
  p.timelineSemaphoreInteropSupported = 0;
  p.memoryPoolsSupported = 1;  // cudaMallocAsync and the default pool
  p.gpuDirectRDMASupported = 0;
  p.gpuDirectRDMAFlushWritesOptions = 0;
  p.gpuDirectRDMAWritesOrdering = cudaGPUDirectRDMAWritesOrderingNone;
  p.memoryPoolSupportedHandleTypes = cudaMemHandleTypeNone;
  p.deferredMappingCudaArraySupported = 0;
  p.ipcEventSupported = 0;
  p.clusterLaunch = 0;  // thread block clusters are not emulated
  p.unifiedFunctionPointers = 0;
  p.deviceNumaConfig = cudaDeviceNumaConfigNone;
  p.deviceNumaId = -1;
  p.mpsEnabled = 0;
  p.hostNumaId = -1;
  p.gpuPciDeviceID = 0;
  p.gpuPciSubsystemID = 0;
  p.hostNumaMultinodeIpcSupported = 0;
  return p;
}

const cudaDeviceProp& properties() {
  static const cudaDeviceProp p = make_properties();
  return p;
}

int attribute(const cudaDeviceProp& p, cudaDeviceAttr attr, bool& known) {
  known = true;
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: return p.maxThreadsPerBlock;
    case cudaDevAttrMaxBlockDimX: return p.maxThreadsDim[0];
    case cudaDevAttrMaxBlockDimY: return p.maxThreadsDim[1];
    case cudaDevAttrMaxBlockDimZ: return p.maxThreadsDim[2];
    case cudaDevAttrMaxGridDimX: return p.maxGridSize[0];
    case cudaDevAttrMaxGridDimY: return p.maxGridSize[1];
    case cudaDevAttrMaxGridDimZ: return p.maxGridSize[2];
    case cudaDevAttrMaxSharedMemoryPerBlock: return static_cast<int>(p.sharedMemPerBlock);
    case cudaDevAttrTotalConstantMemory: return static_cast<int>(p.totalConstMem);
    case cudaDevAttrWarpSize: return p.warpSize;
    case cudaDevAttrMaxPitch: return static_cast<int>(p.memPitch);
    case cudaDevAttrMaxRegistersPerBlock: return p.regsPerBlock;
    case cudaDevAttrClockRate: return clock_rate_khz;
    case cudaDevAttrTextureAlignment: return static_cast<int>(p.textureAlignment);
    case cudaDevAttrGpuOverlap: return p.asyncEngineCount > 0;
    case cudaDevAttrMultiProcessorCount: return p.multiProcessorCount;
    case cudaDevAttrKernelExecTimeout: return 0;  // the watchdog reports hangs instead
    case cudaDevAttrIntegrated: return p.integrated;
    case cudaDevAttrCanMapHostMemory: return p.canMapHostMemory;
    case cudaDevAttrComputeMode: return cudaComputeModeDefault;
    case cudaDevAttrMaxTexture1DWidth: return p.maxTexture1D;
    case cudaDevAttrMaxTexture2DWidth: return p.maxTexture2D[0];
    case cudaDevAttrMaxTexture2DHeight: return p.maxTexture2D[1];
    case cudaDevAttrMaxTexture3DWidth: return p.maxTexture3D[0];
    case cudaDevAttrMaxTexture3DHeight: return p.maxTexture3D[1];
    case cudaDevAttrMaxTexture3DDepth: return p.maxTexture3D[2];
    case cudaDevAttrMaxTexture2DLayeredWidth: return p.maxTexture2DLayered[0];
    case cudaDevAttrMaxTexture2DLayeredHeight: return p.maxTexture2DLayered[1];
    case cudaDevAttrMaxTexture2DLayeredLayers: return p.maxTexture2DLayered[2];
    case cudaDevAttrSurfaceAlignment: return static_cast<int>(p.surfaceAlignment);
    case cudaDevAttrConcurrentKernels: return p.concurrentKernels;
    case cudaDevAttrEccEnabled: return p.ECCEnabled;
    case cudaDevAttrPciBusId: return p.pciBusID;
    case cudaDevAttrPciDeviceId: return p.pciDeviceID;
    case cudaDevAttrTccDriver: return p.tccDriver;
    case cudaDevAttrMemoryClockRate: return memory_clock_rate_khz;
    case cudaDevAttrGlobalMemoryBusWidth: return p.memoryBusWidth;
    case cudaDevAttrL2CacheSize: return p.l2CacheSize;
    case cudaDevAttrMaxThreadsPerMultiProcessor: return p.maxThreadsPerMultiProcessor;
    case cudaDevAttrAsyncEngineCount: return p.asyncEngineCount;
    case cudaDevAttrUnifiedAddressing: return p.unifiedAddressing;
    case cudaDevAttrMaxTexture1DLayeredWidth: return p.maxTexture1DLayered[0];
    case cudaDevAttrMaxTexture1DLayeredLayers: return p.maxTexture1DLayered[1];
    case cudaDevAttrMaxTexture2DGatherWidth: return p.maxTexture2DGather[0];
    case cudaDevAttrMaxTexture2DGatherHeight: return p.maxTexture2DGather[1];
    case cudaDevAttrMaxTexture3DWidthAlt: return p.maxTexture3DAlt[0];
    case cudaDevAttrMaxTexture3DHeightAlt: return p.maxTexture3DAlt[1];
    case cudaDevAttrMaxTexture3DDepthAlt: return p.maxTexture3DAlt[2];
    case cudaDevAttrPciDomainId: return p.pciDomainID;
    case cudaDevAttrTexturePitchAlignment: return static_cast<int>(p.texturePitchAlignment);
    case cudaDevAttrMaxTextureCubemapWidth: return p.maxTextureCubemap;
    case cudaDevAttrMaxTextureCubemapLayeredWidth: return p.maxTextureCubemapLayered[0];
    case cudaDevAttrMaxTextureCubemapLayeredLayers: return p.maxTextureCubemapLayered[1];
    case cudaDevAttrMaxSurface1DWidth: return p.maxSurface1D;
    case cudaDevAttrMaxSurface2DWidth: return p.maxSurface2D[0];
    case cudaDevAttrMaxSurface2DHeight: return p.maxSurface2D[1];
    case cudaDevAttrMaxSurface3DWidth: return p.maxSurface3D[0];
    case cudaDevAttrMaxSurface3DHeight: return p.maxSurface3D[1];
    case cudaDevAttrMaxSurface3DDepth: return p.maxSurface3D[2];
    case cudaDevAttrMaxSurface1DLayeredWidth: return p.maxSurface1DLayered[0];
    case cudaDevAttrMaxSurface1DLayeredLayers: return p.maxSurface1DLayered[1];
    case cudaDevAttrMaxSurface2DLayeredWidth: return p.maxSurface2DLayered[0];
    case cudaDevAttrMaxSurface2DLayeredHeight: return p.maxSurface2DLayered[1];
    case cudaDevAttrMaxSurface2DLayeredLayers: return p.maxSurface2DLayered[2];
    case cudaDevAttrMaxSurfaceCubemapWidth: return p.maxSurfaceCubemap;
    case cudaDevAttrMaxSurfaceCubemapLayeredWidth: return p.maxSurfaceCubemapLayered[0];
    case cudaDevAttrMaxSurfaceCubemapLayeredLayers: return p.maxSurfaceCubemapLayered[1];
    case cudaDevAttrMaxTexture1DLinearWidth: return max_texture_1d_linear;
    case cudaDevAttrMaxTexture2DLinearWidth: return p.maxTexture2DLinear[0];
    case cudaDevAttrMaxTexture2DLinearHeight: return p.maxTexture2DLinear[1];
    case cudaDevAttrMaxTexture2DLinearPitch: return p.maxTexture2DLinear[2];
    case cudaDevAttrMaxTexture2DMipmappedWidth: return p.maxTexture2DMipmap[0];
    case cudaDevAttrMaxTexture2DMipmappedHeight: return p.maxTexture2DMipmap[1];
    case cudaDevAttrComputeCapabilityMajor: return p.major;
    case cudaDevAttrComputeCapabilityMinor: return p.minor;
    case cudaDevAttrMaxTexture1DMipmappedWidth: return p.maxTexture1DMipmap;
    case cudaDevAttrStreamPrioritiesSupported: return p.streamPrioritiesSupported;
    case cudaDevAttrGlobalL1CacheSupported: return p.globalL1CacheSupported;
    case cudaDevAttrLocalL1CacheSupported: return p.localL1CacheSupported;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: return static_cast<int>(p.sharedMemPerMultiprocessor);
    case cudaDevAttrMaxRegistersPerMultiprocessor: return p.regsPerMultiprocessor;
    case cudaDevAttrManagedMemory: return p.managedMemory;
    case cudaDevAttrIsMultiGpuBoard: return p.isMultiGpuBoard;
    case cudaDevAttrMultiGpuBoardGroupID: return p.multiGpuBoardGroupID;
    case cudaDevAttrHostNativeAtomicSupported: return p.hostNativeAtomicSupported;
    case cudaDevAttrSingleToDoublePrecisionPerfRatio: return 2;
    case cudaDevAttrPageableMemoryAccess: return p.pageableMemoryAccess;
    case cudaDevAttrConcurrentManagedAccess: return p.concurrentManagedAccess;
    case cudaDevAttrComputePreemptionSupported: return p.computePreemptionSupported;
    case cudaDevAttrCanUseHostPointerForRegisteredMem: return p.canUseHostPointerForRegisteredMem;
    case cudaDevAttrCooperativeLaunch: return p.cooperativeLaunch;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: return static_cast<int>(p.sharedMemPerBlockOptin);
    case cudaDevAttrCanFlushRemoteWrites: return 0;
    case cudaDevAttrHostRegisterSupported: return p.hostRegisterSupported;
    case cudaDevAttrPageableMemoryAccessUsesHostPageTables: return p.pageableMemoryAccessUsesHostPageTables;
    case cudaDevAttrDirectManagedMemAccessFromHost: return p.directManagedMemAccessFromHost;
    case cudaDevAttrMaxBlocksPerMultiprocessor: return p.maxBlocksPerMultiProcessor;
    case cudaDevAttrMaxPersistingL2CacheSize: return p.persistingL2CacheMaxSize;
    case cudaDevAttrMaxAccessPolicyWindowSize: return p.accessPolicyMaxWindowSize;
    case cudaDevAttrReservedSharedMemoryPerBlock: return static_cast<int>(p.reservedSharedMemPerBlock);
    case cudaDevAttrSparseCudaArraySupported: return p.sparseCudaArraySupported;
    case cudaDevAttrHostRegisterReadOnlySupported: return p.hostRegisterReadOnlySupported;
    case cudaDevAttrTimelineSemaphoreInteropSupported: return p.timelineSemaphoreInteropSupported;
    case cudaDevAttrMemoryPoolsSupported: return p.memoryPoolsSupported;
    case cudaDevAttrGPUDirectRDMASupported: return p.gpuDirectRDMASupported;
    case cudaDevAttrGPUDirectRDMAFlushWritesOptions: return static_cast<int>(p.gpuDirectRDMAFlushWritesOptions);
    case cudaDevAttrGPUDirectRDMAWritesOrdering: return p.gpuDirectRDMAWritesOrdering;
    case cudaDevAttrMemoryPoolSupportedHandleTypes: return static_cast<int>(p.memoryPoolSupportedHandleTypes);
    case cudaDevAttrClusterLaunch: return p.clusterLaunch;
    case cudaDevAttrDeferredMappingCudaArraySupported: return p.deferredMappingCudaArraySupported;
    case cudaDevAttrIpcEventSupport: return p.ipcEventSupported;
    case cudaDevAttrMemSyncDomainCount: return 1;
    case cudaDevAttrNumaConfig: return p.deviceNumaConfig;
    case cudaDevAttrNumaId: return p.deviceNumaId;
    case cudaDevAttrMpsEnabled: return p.mpsEnabled;
    case cudaDevAttrHostNumaId: return p.hostNumaId;
    case cudaDevAttrD3D12CigSupported: return 0;
    case cudaDevAttrVulkanCigSupported: return 0;
    case cudaDevAttrGpuPciDeviceId: return static_cast<int>(p.gpuPciDeviceID);
    case cudaDevAttrGpuPciSubsystemId: return static_cast<int>(p.gpuPciSubsystemID);
    case cudaDevAttrHostNumaMemoryPoolsSupported: return 0;
    case cudaDevAttrHostNumaMultinodeIpcSupported: return p.hostNumaMultinodeIpcSupported;
    case cudaDevAttrHostMemoryPoolsSupported: return 0;
    case cudaDevAttrOnlyPartialHostNativeAtomicSupported: return 0;
    default: break;  // the reserved numbers and cudaDevAttrMax
  }
  known = false;
  return 0;
}

// Device-wide settings a program may change and read back.
struct device_settings {
  unsigned flags = cudaDeviceScheduleAuto | cudaDeviceMapHost;
  std::size_t limits[7] = {
      1024,         // cudaLimitStackSize
      1u << 20,     // cudaLimitPrintfFifoSize
      8u << 20,     // cudaLimitMallocHeapSize
      2,            // cudaLimitDevRuntimeSyncDepth
      2048,         // cudaLimitDevRuntimePendingLaunchCount
      64,           // cudaLimitMaxL2FetchGranularity
      0,            // cudaLimitPersistingL2CacheSize
  };
  cudaFuncCache cache = cudaFuncCachePreferNone;
  cudaSharedMemConfig bank_size = cudaSharedMemBankSizeFourByte;
};
std::mutex settings_mutex;
device_settings settings;

// Per kernel: the dynamic shared memory limit set through cudaFuncSetAttribute (the launch keeps
// its own copy; this one answers cudaFuncGetAttributes).
std::map<const void*, int>& kernel_dynamic_shared() {
  static std::map<const void*, int> m;
  return m;
}

// Per kernel: its static __shared__ bytes, as the rewriter wrote them after the kernel.
std::map<const void*, std::size_t>& kernel_static_shared() {
  static std::map<const void*, std::size_t> m;
  return m;
}

cudaError_t check_device(int device) { return device == 0 ? cudaSuccess : set_error(cudaErrorInvalidDevice); }

}  // namespace

// ---- Devices

cudaError_t cudaGetDeviceCount(int* count) {
  if (count == nullptr) return set_error(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}
cudaError_t cudaGetDevice(int* device) {
  if (device == nullptr) return set_error(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int device) { return check_device(device); }
cudaError_t cudaInitDevice(int device, unsigned int device_flags, unsigned int flags) {
  if (cudaError_t e = check_device(device); e != cudaSuccess) return e;
  if (flags & cudaInitDeviceFlagsAreValid) return cudaSetDeviceFlags(device_flags);
  return cudaSuccess;
}
cudaError_t cudaSetValidDevices(int* devices, int count) {
  if (count < 0 || (count > 0 && devices == nullptr)) return set_error(cudaErrorInvalidValue);
  for (int i = 0; i < count; ++i)
    if (devices[i] != 0) return set_error(cudaErrorInvalidDevice);
  return cudaSuccess;
}
cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* prop) {
  if (device == nullptr || prop == nullptr) return set_error(cudaErrorInvalidValue);
  *device = 0;  // the only device is the closest match to anything
  return cudaSuccess;
}
cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  if ((flags & ~static_cast<unsigned>(cudaDeviceMask)) != 0) return set_error(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(settings_mutex);
  settings.flags = flags | cudaDeviceMapHost;  // mapping host memory is always possible here
  return cudaSuccess;
}
cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
  if (flags == nullptr) return set_error(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(settings_mutex);
  *flags = settings.flags;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  if (prop == nullptr) return set_error(cudaErrorInvalidValue);
  if (cudaError_t e = check_device(device); e != cudaSuccess) return e;
  *prop = properties();
  return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  if (value == nullptr) return set_error(cudaErrorInvalidValue);
  if (cudaError_t e = check_device(device); e != cudaSuccess) return e;
  bool known = false;
  const int v = attribute(properties(), attr, known);
  if (!known) return set_error(cudaErrorInvalidValue);
  *value = v;
  return cudaSuccess;
}
cudaError_t cudaDeviceGetPCIBusId(char* bus_id, int length, int device) {
  if (bus_id == nullptr || length <= 0) return set_error(cudaErrorInvalidValue);
  if (cudaError_t e = check_device(device); e != cudaSuccess) return e;
  const cudaDeviceProp& p = properties();
  std::snprintf(bus_id, static_cast<std::size_t>(length), "%04x:%02x:%02x.0", p.pciDomainID, p.pciBusID, p.pciDeviceID);
  return cudaSuccess;
}
cudaError_t cudaDeviceGetByPCIBusId(int* device, const char* bus_id) {
  if (device == nullptr || bus_id == nullptr) return set_error(cudaErrorInvalidValue);
  char ours[32];
  cudaDeviceGetPCIBusId(ours, sizeof ours, 0);
  if (strcasecmp(bus_id, ours) != 0 && strcasecmp(bus_id, ours + 5) != 0) return set_error(cudaErrorInvalidDevice);
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaDeviceCanAccessPeer(int* can_access, int device, int peer_device) {
  if (can_access == nullptr) return set_error(cudaErrorInvalidValue);
  if (check_device(device) != cudaSuccess || check_device(peer_device) != cudaSuccess)
    return set_error(cudaErrorInvalidDevice);
  *can_access = 0;  // there is no other device
  return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(std::size_t* value, cudaLimit limit) {
  if (value == nullptr || limit < 0 || limit > cudaLimitPersistingL2CacheSize) return set_error(cudaErrorUnsupportedLimit);
  std::lock_guard<std::mutex> lock(settings_mutex);
  *value = settings.limits[limit];
  return cudaSuccess;
}
cudaError_t cudaDeviceSetLimit(cudaLimit limit, std::size_t value) {
  if (limit < 0 || limit > cudaLimitPersistingL2CacheSize) return set_error(cudaErrorUnsupportedLimit);
  if (limit == cudaLimitPersistingL2CacheSize) value = 0;  // no L2 to set aside (CUDA clamps to the maximum)
  std::lock_guard<std::mutex> lock(settings_mutex);
  settings.limits[limit] = value;
  return cudaSuccess;
}
cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* config) {
  if (config == nullptr) return set_error(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(settings_mutex);
  *config = settings.cache;
  return cudaSuccess;
}
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config) {
  if (config < cudaFuncCachePreferNone || config > cudaFuncCachePreferEqual) return set_error(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(settings_mutex);
  settings.cache = config;  // a preference: nothing to change on a CPU
  return cudaSuccess;
}
cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig* config) {
  if (config == nullptr) return set_error(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(settings_mutex);
  *config = settings.bank_size;
  return cudaSuccess;
}
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config) {
  if (config < cudaSharedMemBankSizeDefault || config > cudaSharedMemBankSizeEightByte)
    return set_error(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(settings_mutex);
  settings.bank_size = config;
  return cudaSuccess;
}
cudaError_t cudaCtxResetPersistingL2Cache() { return cudaSuccess; }  // nothing is persisting

// ---- Kernels

cudaError_t cudaFuncSetAttribute(const void* func, cudaFuncAttribute attr, int value) {
  if (func == nullptr) return set_error(cudaErrorInvalidDeviceFunction);
  if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
    if (value < 0) return set_error(cudaErrorInvalidValue);
    if (cudaError_t e = set_max_dynamic_shared(func, static_cast<std::size_t>(value)); e != cudaSuccess) return e;
    std::lock_guard<std::mutex> lock(settings_mutex);
    kernel_dynamic_shared()[func] = value;
    return cudaSuccess;
  }
  if (attr < 0 || attr >= cudaFuncAttributeMax) return set_error(cudaErrorInvalidValue);
  return cudaSuccess;  // carve-out and cluster preferences have no meaning here
}
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, const void* func) {
  if (attr == nullptr) return set_error(cudaErrorInvalidValue);
  if (func == nullptr) return set_error(cudaErrorInvalidDeviceFunction);
  *attr = cudaFuncAttributes{};
  // Registers are not known on the CPU backend: the answer is what a simple kernel compiled for
  // sm_90 reports. Static shared memory is the sum the rewriter wrote after the kernel, where it
  // could (0 otherwise: a template kernel, or a type that names the kernel's own declarations).
  attr->maxThreadsPerBlock = properties().maxThreadsPerBlock;
  attr->numRegs = registers_per_thread_assumed;
  attr->ptxVersion = properties().major * 10 + properties().minor;
  attr->binaryVersion = attr->ptxVersion;
  attr->preferredShmemCarveout = -1;
  std::lock_guard<std::mutex> lock(settings_mutex);
  auto it = kernel_dynamic_shared().find(func);
  attr->maxDynamicSharedSizeBytes =
      it != kernel_dynamic_shared().end() ? it->second : static_cast<int>(shared_arena::static_limit);
  auto stat = kernel_static_shared().find(func);
  if (stat != kernel_static_shared().end()) attr->sharedSizeBytes = stat->second;
  return cudaSuccess;
}

namespace scanlab::cpu::detail {
void register_kernel_static_shared(const void* kernel, std::size_t bytes) {
  std::lock_guard<std::mutex> lock(settings_mutex);
  kernel_static_shared()[kernel] = bytes;
}
}  // namespace scanlab::cpu::detail
cudaError_t cudaFuncSetCacheConfig(const void* func, cudaFuncCache config) {
  if (func == nullptr) return set_error(cudaErrorInvalidDeviceFunction);
  if (config < cudaFuncCachePreferNone || config > cudaFuncCachePreferEqual) return set_error(cudaErrorInvalidValue);
  return cudaSuccess;
}
cudaError_t cudaFuncSetSharedMemConfig(const void* func, cudaSharedMemConfig config) {
  if (func == nullptr) return set_error(cudaErrorInvalidDeviceFunction);
  if (config < cudaSharedMemBankSizeDefault || config > cudaSharedMemBankSizeEightByte)
    return set_error(cudaErrorInvalidValue);
  return cudaSuccess;
}

// ---- Occupancy: resident blocks per multiprocessor, limited by threads, blocks, registers and
// shared memory, as CUDA's occupancy calculator counts them.

namespace scanlab::cpu::detail {
// Blocks of block_size threads resident on one multiprocessor (0: none fits).
int resident_blocks_per_multiprocessor(int block_size, std::size_t dynamic_shared) {
  const cudaDeviceProp& p = properties();
  if (block_size <= 0 || block_size > p.maxThreadsPerBlock) return 0;
  const int warps = (block_size + p.warpSize - 1) / p.warpSize;
  int by_threads = p.maxThreadsPerMultiProcessor / (warps * p.warpSize);
  int by_registers = p.regsPerMultiprocessor / (warps * p.warpSize * registers_per_thread_assumed);
  const std::size_t shared_per_block = dynamic_shared + p.reservedSharedMemPerBlock;
  int by_shared = dynamic_shared > p.sharedMemPerBlockOptin
                      ? 0
                      : static_cast<int>(p.sharedMemPerMultiprocessor / shared_per_block);
  return std::min({p.maxBlocksPerMultiProcessor, by_threads, by_registers, by_shared});
}
int multiprocessors() { return properties().multiProcessorCount; }
}  // namespace scanlab::cpu::detail

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, const void* func, int block_size,
                                                                   std::size_t dynamic_shared, unsigned int flags) {
  if (blocks == nullptr || block_size <= 0 || (flags & ~cudaOccupancyDisableCachingOverride) != 0)
    return set_error(cudaErrorInvalidValue);
  if (func == nullptr) return set_error(cudaErrorInvalidDeviceFunction);
  *blocks = scanlab::cpu::detail::resident_blocks_per_multiprocessor(block_size, dynamic_shared);
  return cudaSuccess;
}
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void* func, int block_size,
                                                          std::size_t dynamic_shared) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, func, block_size, dynamic_shared,
                                                                cudaOccupancyDefault);
}
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(std::size_t* bytes, const void* func, int blocks,
                                                      int block_size) {
  if (bytes == nullptr || blocks <= 0 || block_size <= 0) return set_error(cudaErrorInvalidValue);
  int resident = 0;
  if (cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, func, block_size, 0); e != cudaSuccess)
    return e;
  const cudaDeviceProp& p = properties();
  if (blocks > resident) {
    *bytes = 0;  // that many blocks cannot be resident whatever their shared memory
    return cudaSuccess;
  }
  const std::size_t per_block = p.sharedMemPerMultiprocessor / blocks;
  *bytes = std::min(per_block > p.reservedSharedMemPerBlock ? per_block - p.reservedSharedMemPerBlock : 0,
                    p.sharedMemPerBlockOptin);
  return cudaSuccess;
}
