// scanlab CPU backend: <curand_kernel.h>, cuRAND's device API for the XORWOW (curandState),
// Philox4x32-10 and MRG32k3a generators: curand_init with the GPU's seeding and skip-ahead, curand,
// curand4, the uniform, normal and log-normal values. The integer sequences are the GPU's, bit for
// bit; the floats follow the same formulas (scanlab/cpu/curand/). Sobol32 and Sobol64 (unscrambled,
// with curandGetDirectionVectors32/64's vectors) too. MTGP32, the scrambled Sobols and the discrete
// distributions (curand_poisson) are not provided.
#pragma once

#include "scanlab/cpu/prelude.h"

#include <curand.h>

#include "scanlab/cpu/curand/distributions.h"
#include "scanlab/cpu/curand/sobol.h"
