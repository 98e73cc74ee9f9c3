// scanlab CPU backend: <cuda_fp16.hpp> is part of <cuda_fp16.h>.
#pragma once
#include "cuda_fp16.h"
