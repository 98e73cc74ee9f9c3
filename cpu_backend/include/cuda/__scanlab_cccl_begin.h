// Entered by every scanlab wrapper of a CCCL header, before its #include_next; left by
// __scanlab_cccl_end.h. No include guard: wrappers nest (CCCL's headers include each other).
//
// CCCL decides between its nvcc and its host-compiler paths from the macros a CUDA compiler
// defines. scanlab's prelude defines them too (__CUDACC__, __NVCC__, ...: user helper headers test
// them), and empties __device__ & co., so they are hidden here and CCCL compiles as it does under
// g++ alone: host atomics for every thread scope and memory order, host math, no PTX.
//
// The prelude comes first: CCCL includes <cuda_runtime_api.h>, which brings the prelude, and were
// that the first time, its macros would be defined inside the region below and popped away.
#include "scanlab/cpu/prelude.h"

#pragma push_macro("__CUDACC__")
#pragma push_macro("__NVCC__")
#pragma push_macro("__CUDACC_VER_MAJOR__")
#pragma push_macro("__CUDACC_VER_MINOR__")
#pragma push_macro("__CUDACC_VER_BUILD__")
#pragma push_macro("__CUDACC_RDC__")
#pragma push_macro("__CUDACC_EWP__")
#pragma push_macro("__CUDACC_EXTENDED_LAMBDA__")
#pragma push_macro("__CUDACC_RELAXED_CONSTEXPR__")
#pragma push_macro("__CUDA_ARCH__")
#pragma push_macro("__CUDA_ARCH_LIST__")
#pragma push_macro("__CUDA__")
#pragma push_macro("__global__")
#pragma push_macro("__device__")
#pragma push_macro("__host__")
#pragma push_macro("__shared__")
#pragma push_macro("__constant__")
#pragma push_macro("__managed__")
#pragma push_macro("__forceinline__")
#pragma push_macro("__align__")
#pragma push_macro("__launch_bounds__")
#pragma push_macro("__grid_constant__")
#undef __CUDACC__
#undef __NVCC__
#undef __CUDACC_VER_MAJOR__
#undef __CUDACC_VER_MINOR__
#undef __CUDACC_VER_BUILD__
#undef __CUDACC_RDC__
#undef __CUDACC_EWP__
#undef __CUDACC_EXTENDED_LAMBDA__
#undef __CUDACC_RELAXED_CONSTEXPR__
#undef __CUDA_ARCH__
#undef __CUDA_ARCH_LIST__
#undef __CUDA__
#undef __global__
#undef __device__
#undef __host__
#undef __shared__
#undef __constant__
#undef __managed__
#undef __forceinline__
#undef __align__
#undef __launch_bounds__
#undef __grid_constant__

// CCCL pulls in <cuda_fp16.h> & co. for its extended floating-point types where they exist; the
// CPU backend rejects those headers with a message (no half precision here), so CCCL must not
// look for them. These stay defined: CCCL has to see the same choice in every header.
#ifndef CCCL_DISABLE_FP16_SUPPORT
#define CCCL_DISABLE_FP16_SUPPORT
#endif
#ifndef CCCL_DISABLE_BF16_SUPPORT
#define CCCL_DISABLE_BF16_SUPPORT
#endif
#ifndef CCCL_DISABLE_NVFP8_SUPPORT
#define CCCL_DISABLE_NVFP8_SUPPORT
#endif
#ifndef CCCL_DISABLE_NVFP6_SUPPORT
#define CCCL_DISABLE_NVFP6_SUPPORT
#endif
#ifndef CCCL_DISABLE_NVFP4_SUPPORT
#define CCCL_DISABLE_NVFP4_SUPPORT
#endif
