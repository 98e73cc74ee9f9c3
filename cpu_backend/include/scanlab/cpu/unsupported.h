// CUDA features the CPU backend recognises but cannot run. Each is a template whose body fails a
// static_assert, so using it stops compilation with a message naming it, at the caller's line
// ("required from here"), instead of a link error or a silent difference from the GPU.
#pragma once

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

SCANLAB_UNSUPPORTED(cudaMallocManaged, "Use cudaMalloc and explicit cudaMemcpy.")
SCANLAB_UNSUPPORTED(cudaMemPrefetchAsync, "Managed memory is not supported.")
SCANLAB_UNSUPPORTED(cudaMallocAsync, "Use cudaMalloc.")
SCANLAB_UNSUPPORTED(cudaFreeAsync, "Use cudaFree.")
SCANLAB_UNSUPPORTED(cudaMallocPitch, "Use cudaMalloc.")
SCANLAB_UNSUPPORTED(cudaMemcpy2D, "Use cudaMemcpy.")
SCANLAB_UNSUPPORTED(cudaLaunchKernel, "Use the <<<grid, block>>> launch syntax.")
SCANLAB_UNSUPPORTED(cudaLaunchCooperativeKernel, "Grid-wide synchronisation is not emulated.")
SCANLAB_UNSUPPORTED(cudaLaunchKernelEx, "Use the <<<grid, block>>> launch syntax.")
SCANLAB_UNSUPPORTED(cudaStreamBeginCapture, "CUDA graphs are not emulated.")
SCANLAB_UNSUPPORTED(cudaGraphLaunch, "CUDA graphs are not emulated.")
SCANLAB_UNSUPPORTED(cudaOccupancyMaxActiveBlocksPerMultiprocessor, "Occupancy has no meaning on the CPU.")
SCANLAB_UNSUPPORTED(cudaOccupancyMaxPotentialBlockSize, "Occupancy has no meaning on the CPU.")
SCANLAB_UNSUPPORTED(cudaDeviceSetLimit, "Device limits are not emulated.")
SCANLAB_UNSUPPORTED(cudaCtxResetPersistingL2Cache, "The L2 cache is not emulated.")
SCANLAB_UNSUPPORTED(__shfl, "Use __shfl_sync with an explicit mask (the mask-less form was removed in CUDA 9).")
SCANLAB_UNSUPPORTED(__shfl_up, "Use __shfl_up_sync with an explicit mask.")
SCANLAB_UNSUPPORTED(__shfl_down, "Use __shfl_down_sync with an explicit mask.")
SCANLAB_UNSUPPORTED(__shfl_xor, "Use __shfl_xor_sync with an explicit mask.")
SCANLAB_UNSUPPORTED(__ballot, "Use __ballot_sync with an explicit mask.")
SCANLAB_UNSUPPORTED(__any, "Use __any_sync with an explicit mask.")
SCANLAB_UNSUPPORTED(__all, "Use __all_sync with an explicit mask.")
SCANLAB_UNSUPPORTED(__match_any_sync, "Not emulated.")
SCANLAB_UNSUPPORTED(__match_all_sync, "Not emulated.")
SCANLAB_UNSUPPORTED(__reduce_add_sync, "Not emulated; use __shfl_xor_sync.")
SCANLAB_UNSUPPORTED(tex1Dfetch, "Textures are not emulated.")
SCANLAB_UNSUPPORTED(surf2Dwrite, "Surfaces are not emulated.")

#undef SCANLAB_UNSUPPORTED
