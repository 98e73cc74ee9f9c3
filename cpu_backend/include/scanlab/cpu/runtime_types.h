// CUDA's runtime value types (error codes, enums, flags, handles, device properties) for the CPU
// backend: the toolkit's own declarations, generated (generated/runtime_types.h, from
// cpu_backend/tools/gen_runtime_api.py), so every name and value is CUDA's and printed codes mean the same.
#pragma once

#include <cstddef>
#include <cstdint>

#include "scanlab/cpu/vector_types.h"
#include "scanlab/cpu/generated/runtime_types.h"
