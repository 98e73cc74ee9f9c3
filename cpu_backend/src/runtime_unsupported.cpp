// Every runtime function of the toolkit that the CPU backend declares but cannot honour: it links,
// and at run time prints one line saying why, then returns cudaErrorNotSupported (recorded as the
// last error), so a program that checks its calls stops with a clear message instead of a link
// error. The list comes from the toolkit (generated/runtime_function_list.inc); the implemented
// ones are excluded by runtime_implemented.h.
#include <cstdio>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

#include "error_state.h"
#include "runtime_implemented.h"
#include "runtime_objects.h"
#include "scanlab/cpu/runtime_api.h"

using namespace scanlab::cpu::detail;

namespace {

// Why a family of functions has no CPU counterpart, by name prefix (first match wins).
const char* reason_for(const char* function) {
  static const std::pair<const char*, const char*> reasons[] = {
      {"cudaMemPool", "memory pools other than the device's default pool"},
      {"cudaGraph", "CUDA graph features beyond kernel, copy, fill, host and empty nodes, instantiation, launch, "
                    "update, cloning and queries of nodes and edges (conditional, event, memory and child-graph "
                    "nodes, symbol copies, node removal)"},
      {"cudaMemGetMemPool", "memory pools other than the device's default pool"},
      {"cudaMemSetMemPool", "memory pools other than the device's default pool"},
      {"cudaMemGetDefaultMemPool", "memory pools of other locations than the device"},
      {"cudaDeviceSetMemPool", "memory pools other than the device's default pool"},
      {"cudaDeviceEnablePeerAccess", "peer access between GPUs; there is one device"},
      {"cudaDeviceDisablePeerAccess", "peer access between GPUs; there is one device"},
      {"cudaDeviceGetP2P", "peer-to-peer attributes between GPUs; there is one device"},
      {"cudaMemcpy3DPeer", "copies between GPUs; there is one device"},
      {"cudaMemcpy3DBatchAsync", "batched copies"},
      {"cudaLibrary", "loading device code at run time"},
      {"cudaKernelSetAttributeForDevice", "kernel handles of loaded device code"},
      {"cudaGetKernel", "kernel handles of loaded device code"},
      {"cudaGetFuncBySymbol", "driver function handles"},
      {"cudaGetDriverEntryPoint", "the CUDA driver API"},
      {"cudaGetExportTable", "the CUDA driver's internal tables"},
      {"cudaLogs", "the CUDA driver's log"},
      {"cudaLaunchKernelExC", "launches with cluster or launch attributes; use <<<grid, block>>>"},
      {"cudaOccupancyMaxActiveClusters", "thread block clusters"},
      {"cudaOccupancyMaxPotentialClusterSize", "thread block clusters"},
      {"cudaStreamCopyAttributes", "stream attributes (access policy windows, synchronisation policy)"},
      {"cudaStreamGetAttribute", "stream attributes (access policy windows, synchronisation policy)"},
      {"cudaStreamSetAttribute", "stream attributes (access policy windows, synchronisation policy)"},
      {"cudaFuncGetName", "kernel names from their address"},
      {"cudaFuncGetParamInfo", "kernel parameter layouts"},
      {"cudaDeviceGetTexture1DLinearMaxWidth", "texture limits per channel format"},
      {"cudaDeviceFlushGPUDirectRDMAWrites", "GPUDirect RDMA"},
      {"cudaDeviceGetNvSciSyncAttributes", "NvSciSync interoperability"},
      {"cudaDeviceRegisterAsyncNotification", "driver notifications"},
      {"cudaDeviceUnregisterAsyncNotification", "driver notifications"},
      {"cudaDeviceGetHostAtomicCapabilities", "host atomic capability queries"},
  };
  for (const auto& [prefix, why] : reasons)
    if (std::strncmp(function, prefix, std::strlen(prefix)) == 0) return why;
  return "it has no CPU counterpart";
}

std::mutex reported_mutex;
std::set<std::string>& reported() {
  static std::set<std::string> names;
  return names;
}

}  // namespace

cudaError_t scanlab::cpu::detail::not_supported(const char* function, const char* why) {
  {
    std::lock_guard<std::mutex> lock(reported_mutex);
    if (reported().insert(function).second)
      std::fprintf(stderr, "scanlab CPU backend: %s is not supported on the CPU backend (%s); this program needs a GPU\n",
                   function, why);
  }
  return set_error(cudaErrorNotSupported);
}

#pragma GCC diagnostic ignored "-Wunused-parameter"
#define SCANLAB_RUNTIME_IMPLEMENTED(name) SCANLAB_IMPLEMENTED_##name
#define SCANLAB_RUNTIME_FUNCTION(name, ret, params) \
  ret name params { return not_supported(#name, reason_for(#name)); }
#include "scanlab/cpu/generated/runtime_function_list.inc"
#undef SCANLAB_RUNTIME_FUNCTION
