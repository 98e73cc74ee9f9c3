// Everything CUDA calls a type, for the CPU backend: vector types and runtime value types.
#pragma once

#include "scanlab/cpu/vector_types.h"
#include "scanlab/cpu/runtime_types.h"
