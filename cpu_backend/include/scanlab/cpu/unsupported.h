// CUDA features the CPU backend recognises but cannot run. Each is a template whose body fails a
// static_assert, so using it stops compilation with a message naming it, at the caller's line
// ("required from here"), instead of a link error or a silent difference from the GPU.
#pragma once

#include "scanlab/cpu/runtime_types.h"

namespace scanlab::cpu::detail {
template <class...>
inline constexpr bool unsupported = false;
}

#define SCANLAB_UNSUPPORTED(NAME, WHY)                                                            \
  template <class... A>                                                                           \
  int NAME(A&&...) {                                                                              \
    static_assert(::scanlab::cpu::detail::unsupported<A...>,                                      \
                  "scanlab CPU backend: " #NAME " is not supported. " WHY);                      \
    return 0;                                                                                     \
  }

// ---- Runtime API functions (the runtime API helper's entries).
// A whole family of the toolkit's runtime functions stays out: every function whose name starts
// with PREFIX becomes a compile error naming FEATURE. The list is expanded by
// cpu_backend/tools/gen_runtime_api.py into generated/runtime_rejected.h (included below); a
// runtime function not rejected here is declared, and either implemented or answered at run time
// with cudaErrorNotSupported and a message.
// (The result type is cudaError_t, so that `cudaError_t e = NAME(...)` reports only the message.)
#define SCANLAB_UNSUPPORTED_RUNTIME(NAME, FEATURE)                                                \
  template <class... A>                                                                           \
  cudaError_t NAME(A&&...) {                                                                      \
    static_assert(::scanlab::cpu::detail::unsupported<A...>,                                      \
                  "scanlab CPU backend: " #NAME " is not supported: it needs " FEATURE            \
                  ", which the CPU backend does not emulate; this file needs a GPU.");           \
    return cudaErrorNotSupported;                                                                 \
  }
#define SCANLAB_UNSUPPORTED_FAMILY(PREFIX, FEATURE)  // read by the generator only

SCANLAB_UNSUPPORTED_FAMILY(cudaGraphics, "graphics interoperability")
SCANLAB_UNSUPPORTED_FAMILY(cudaStreamGetCaptureInfo, "CUDA graphs (stream capture)")
SCANLAB_UNSUPPORTED_FAMILY(cudaStreamUpdateCaptureDependencies, "CUDA graphs (stream capture)")
SCANLAB_UNSUPPORTED_FAMILY(cudaThreadExchangeStreamCaptureMode, "CUDA graphs (stream capture)")
SCANLAB_UNSUPPORTED_FAMILY(cudaUserObject, "CUDA graphs (user objects)")
SCANLAB_UNSUPPORTED_FAMILY(cudaDeviceGraphMemTrim, "CUDA graphs")
SCANLAB_UNSUPPORTED_FAMILY(cudaDeviceGetGraphMemAttribute, "CUDA graphs")
SCANLAB_UNSUPPORTED_FAMILY(cudaDeviceSetGraphMemAttribute, "CUDA graphs")
SCANLAB_UNSUPPORTED_FAMILY(cudaCreateSurfaceObject, "surface objects")
SCANLAB_UNSUPPORTED_FAMILY(cudaDestroySurfaceObject, "surface objects")
SCANLAB_UNSUPPORTED_FAMILY(cudaGetSurfaceObject, "surface objects")
SCANLAB_UNSUPPORTED_FAMILY(cudaMallocMipmappedArray, "mipmapped CUDA arrays")
SCANLAB_UNSUPPORTED_FAMILY(cudaFreeMipmappedArray, "mipmapped CUDA arrays")
SCANLAB_UNSUPPORTED_FAMILY(cudaGetMipmappedArrayLevel, "mipmapped CUDA arrays")
SCANLAB_UNSUPPORTED_FAMILY(cudaMipmappedArray, "mipmapped CUDA arrays")
SCANLAB_UNSUPPORTED_FAMILY(cudaIpc, "inter-process communication (IPC)")
SCANLAB_UNSUPPORTED_FAMILY(cudaExternalMemory, "external memory interoperability")
SCANLAB_UNSUPPORTED_FAMILY(cudaImportExternal, "external memory and semaphore interoperability")
SCANLAB_UNSUPPORTED_FAMILY(cudaDestroyExternal, "external memory and semaphore interoperability")
SCANLAB_UNSUPPORTED_FAMILY(cudaSignalExternalSemaphoresAsync, "external semaphore interoperability")
SCANLAB_UNSUPPORTED_FAMILY(cudaWaitExternalSemaphoresAsync, "external semaphore interoperability")
#include "scanlab/cpu/generated/runtime_rejected.h"

// Single runtime names (C++ templates of cuda_runtime.h that the generator does not see).
SCANLAB_UNSUPPORTED_RUNTIME(cudaLaunchKernelEx, "a launch with cluster or launch attributes (cudaLaunchKernelEx)")
#undef SCANLAB_UNSUPPORTED_RUNTIME
#undef SCANLAB_UNSUPPORTED_FAMILY

// ---- Device functions.
SCANLAB_UNSUPPORTED(__shfl, "Use __shfl_sync with an explicit mask (the mask-less form was removed in CUDA 9).")
SCANLAB_UNSUPPORTED(__shfl_up, "Use __shfl_up_sync with an explicit mask.")
SCANLAB_UNSUPPORTED(__shfl_down, "Use __shfl_down_sync with an explicit mask.")
SCANLAB_UNSUPPORTED(__shfl_xor, "Use __shfl_xor_sync with an explicit mask.")
SCANLAB_UNSUPPORTED(__ballot, "Use __ballot_sync with an explicit mask.")
SCANLAB_UNSUPPORTED(__any, "Use __any_sync with an explicit mask.")
SCANLAB_UNSUPPORTED(__all, "Use __all_sync with an explicit mask.")

#undef SCANLAB_UNSUPPORTED
