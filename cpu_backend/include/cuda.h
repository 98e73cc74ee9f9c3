// scanlab CPU backend: stands in for the toolkit's <cuda.h>, the CUDA driver API. Programs include
// it mostly for CUDA_VERSION and the runtime API (which it brings in, as cuda_runtime.h does here);
// the driver API itself (cuInit, cuCtxCreate, cuModuleLoad, ...) is not provided: each of its
// functions, named from the toolkit's cuda.h (generated/runtime_driver_api.inc), is a compile error
// that says so. Its status codes (CUresult) and common handle types exist, so that code naming them
// builds and the first error, if any, is that message.
#pragma once
#include "cuda_runtime.h"

#ifndef CUDA_VERSION
#define CUDA_VERSION 13000
#endif

#include "scanlab/cpu/driver_result.h"  // CUresult and every CUDA_ERROR_* code
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st* CUcontext;
typedef struct CUmod_st* CUmodule;
typedef struct CUfunc_st* CUfunction;
typedef struct CUstream_st* CUstream;
typedef struct CUevent_st* CUevent;

namespace scanlab::cpu::detail {
template <class...>
inline constexpr bool driver_api = false;
}

#define SCANLAB_DRIVER_API_FUNCTION(NAME)                                                         \
  template <class... A>                                                                           \
  CUresult NAME(A&&...) {                                                                         \
    static_assert(::scanlab::cpu::detail::driver_api<A...>,                                       \
                  "scanlab CPU backend: " #NAME " belongs to the CUDA driver API (cuda.h), which " \
                  "the CPU backend does not provide; this file needs a GPU.");                    \
    return CUDA_SUCCESS;                                                                          \
  }
#include "scanlab/cpu/generated/runtime_driver_api.inc"
#undef SCANLAB_DRIVER_API_FUNCTION
