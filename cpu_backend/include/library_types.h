// scanlab CPU backend: stands in for the toolkit header <library_types.h>; what it declares lives in the
// CPU backend's prelude with the rest of the CUDA runtime (see scanlab/cpu/runtime_api.h).
#pragma once
#include "scanlab/cpu/prelude.h"
