// Floating-point contraction in device code. nvcc fuses a multiply and the add that uses it into
// one fma in device code unless told -fmad=false: `a * b + c` is rounded once on a GPU. Host code
// is the host compiler's, and g++ on x86-64 fuses nothing. So the CPU backend lets GCC contract
// inside the functions a GPU runs and nowhere else: the rewriter marks each declaration of a
// __global__ function, and of a __device__ function that is not also __host__, with
// SCANLAB_DEVICE_ARITHMETIC (prelude.h: GCC's optimize("fp-contract=fast"), or nothing). Code
// inlined into such a function (a __host__ __device__ helper, an operator) contracts there too,
// as it does in nvcc's device pass; called from host code, it does not.
#pragma once

#include <cstddef>

#include "token_stream.h"

namespace scanlab::rewriter {

// For the __device__ or __global__ token at `qualifier`, outside function bodies: does it begin
// the declaration of a function that runs only on the device? False for a variable (`__device__
// int x;`, a pointer to a function), a lambda (`[] __device__ (int i)`), and a function also
// declared __host__.
bool declares_device_function(const TokenStream& ts, std::size_t qualifier);

}  // namespace scanlab::rewriter
