// Device-side CUDA features that stay out of the CPU backend (issue 14, item 9): using one stops
// compilation with a message that names the feature and says the file needs a GPU, at the
// student's line, instead of a "not declared" or a template error from inside the backend.
//
// Functions are templates whose body fails a static_assert when called (the caller's line is in
// the "required from here" note); attribute-like macros expand to _Pragma("GCC error"), which
// reports at the line that uses them. Runtime API functions are rejected in unsupported.h; whole
// headers (cuda_fp16.h, curand_kernel.h, ...) by the stubs of cpu_backend/tools/gen_header_stubs.py.
#pragma once

#include <type_traits>

namespace scanlab::cpu::detail {
template <class...>
inline constexpr bool feature_unsupported = false;
}

// NAME<T>(args...) as CUDA's texture and surface functions are called (T optional).
#define SCANLAB_REJECT_DEVICE_FUNCTION(NAME, FEATURE)                                                   \
  template <class T = void, class... A>                                                                \
  T NAME(A&&...) {                                                                                      \
    static_assert(::scanlab::cpu::detail::feature_unsupported<T, A...>,                                \
                  "scanlab CPU backend: " #NAME " (" FEATURE ") is not supported on the CPU backend; "  \
                  "this file needs a GPU");                                                             \
    if constexpr (!std::is_void_v<T>) return T{};                                                       \
  }

// ---- textures: the fetches that need mipmaps, layers, cube maps or gathers ----------------------
// (tex1Dfetch, tex1D, tex2D and tex3D are provided: texture_api.h)
#define SCANLAB_REJECT_TEXTURE(NAME)                                                                \
  SCANLAB_REJECT_DEVICE_FUNCTION(NAME, "a mipmapped, layered, cubemap or gather texture fetch; tex1Dfetch, " \
                                       "tex1D, tex2D and tex3D are available")
SCANLAB_REJECT_TEXTURE(tex1DLod)
SCANLAB_REJECT_TEXTURE(tex1DGrad)
SCANLAB_REJECT_TEXTURE(tex1DLayered)
SCANLAB_REJECT_TEXTURE(tex1DLayeredLod)
SCANLAB_REJECT_TEXTURE(tex1DLayeredGrad)
SCANLAB_REJECT_TEXTURE(tex2DLod)
SCANLAB_REJECT_TEXTURE(tex2DGrad)
SCANLAB_REJECT_TEXTURE(tex2Dgather)
SCANLAB_REJECT_TEXTURE(tex2DLayered)
SCANLAB_REJECT_TEXTURE(tex2DLayeredLod)
SCANLAB_REJECT_TEXTURE(tex2DLayeredGrad)
SCANLAB_REJECT_TEXTURE(tex3DLod)
SCANLAB_REJECT_TEXTURE(tex3DGrad)
SCANLAB_REJECT_TEXTURE(texCubemap)
SCANLAB_REJECT_TEXTURE(texCubemapLod)
SCANLAB_REJECT_TEXTURE(texCubemapGrad)
SCANLAB_REJECT_TEXTURE(texCubemapLayered)
SCANLAB_REJECT_TEXTURE(texCubemapLayeredLod)
SCANLAB_REJECT_TEXTURE(texCubemapLayeredGrad)
#undef SCANLAB_REJECT_TEXTURE

// ---- surfaces: reads and writes through surface objects ----------------------------------------
#define SCANLAB_REJECT_SURFACE(NAME) SCANLAB_REJECT_DEVICE_FUNCTION(NAME, "surface access")
SCANLAB_REJECT_SURFACE(surf1Dread)
SCANLAB_REJECT_SURFACE(surf1Dwrite)
SCANLAB_REJECT_SURFACE(surf2Dread)
SCANLAB_REJECT_SURFACE(surf2Dwrite)
SCANLAB_REJECT_SURFACE(surf3Dread)
SCANLAB_REJECT_SURFACE(surf3Dwrite)
SCANLAB_REJECT_SURFACE(surf1DLayeredread)
SCANLAB_REJECT_SURFACE(surf1DLayeredwrite)
SCANLAB_REJECT_SURFACE(surf2DLayeredread)
SCANLAB_REJECT_SURFACE(surf2DLayeredwrite)
SCANLAB_REJECT_SURFACE(surfCubemapread)
SCANLAB_REJECT_SURFACE(surfCubemapwrite)
SCANLAB_REJECT_SURFACE(surfCubemapLayeredread)
SCANLAB_REJECT_SURFACE(surfCubemapLayeredwrite)
#undef SCANLAB_REJECT_SURFACE

#undef SCANLAB_REJECT_DEVICE_FUNCTION

// ---- thread block clusters (sm_90): the attribute on a kernel ----------------------------------
// A cluster launch (cudaLaunchKernelEx) is rejected with the runtime API; cooperative groups'
// this_cluster() in <cooperative_groups.h>.
#define __cluster_dims__(...)                                                                      \
  _Pragma("GCC error \"scanlab CPU backend: __cluster_dims__ (thread block clusters) is not supported on the CPU backend; this file needs a GPU\"")
