// What runtime_textures.cpp (CUDA arrays and texture objects) offers the rest of the runtime.
#pragma once

#include "scanlab/cpu/runtime_types.h"

namespace scanlab::cpu::detail {
// cudaMemcpy3D where srcArray or dstArray is set: positions and extent in the array's elements.
cudaError_t copy_3d_with_arrays(const cudaMemcpy3DParms* p);
}  // namespace scanlab::cpu::detail
