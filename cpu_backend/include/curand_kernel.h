// scanlab CPU backend: <curand_kernel.h>, cuRAND's device API for the XORWOW (curandState),
// Philox4x32-10 and MRG32k3a generators: curand_init with the GPU's seeding and skip-ahead, curand,
// curand4, the uniform, normal and log-normal values. The integer sequences are the GPU's, bit for
// bit; the floats follow the same formulas (scanlab/cpu/curand/). MTGP32, Sobol and the discrete
// distributions (curand_poisson) are not provided.
#pragma once

#include "scanlab/cpu/prelude.h"

#include <curand.h>

#include "scanlab/cpu/curand/distributions.h"
