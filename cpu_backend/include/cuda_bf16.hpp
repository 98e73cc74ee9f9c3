// scanlab CPU backend: <cuda_bf16.hpp> is part of <cuda_bf16.h>.
#pragma once
#include "cuda_bf16.h"
