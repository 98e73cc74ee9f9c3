// The implementation templates behind the generated CUDA device API (scanlab/cpu/generated/):
// each generated function has CUDA's exact signature and calls one of these.
#pragma once

#include "scanlab/cpu/device_impl/runtime_hooks.h"
#include "scanlab/cpu/device_impl/atomics.h"
#include "scanlab/cpu/device_impl/warp.h"
#include "scanlab/cpu/device_impl/memory.h"
#include "scanlab/cpu/device_impl/bits.h"
#include "scanlab/cpu/device_impl/rounding.h"
#include "scanlab/cpu/device_impl/math.h"
#include "scanlab/cpu/device_impl/simd.h"

namespace scanlab::cpu::detail {
// The generated rejections (CUDA functions the CPU cannot honour) fail this at the caller's line.
template <class...>
inline constexpr bool rejected_on_cpu = false;
}  // namespace scanlab::cpu::detail
