// scanlab CPU backend: everything lives in cuda_runtime.h.
#pragma once
#include "cuda_runtime.h"
