// scanlab CPU backend: stands in for the CUDA runtime header, so `#include <cuda_runtime.h>` in a
// student's .cu (or .cpp host code) compiles with the host compiler.
#pragma once
#include "scanlab/cpu/prelude.h"
