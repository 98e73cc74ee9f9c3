// The value of an #if/#elif condition on __CUDA_ARCH__ in both of nvcc's passes. nvcc compiles a
// file once for the host (__CUDA_ARCH__ undefined) and once per GPU architecture; the CPU backend
// compiles it once, and its device side behaves as the newest architecture it emulates (sm_90, the
// compute capability 9.0 that cudaGetDeviceProperties reports), so `#if __CUDA_ARCH__ >= 700`
// holds in its device code.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace scanlab::rewriter {

inline constexpr long kEmulatedCudaArch = 900;

struct CudaArchViews {
  bool device;  // the condition's value in the device pass (__CUDA_ARCH__ == kEmulatedCudaArch)
  bool host;    // and in the host pass (__CUDA_ARCH__ undefined)
};

// `words` are the condition's tokens (after `if`/`elif`). nullopt unless it is built only from
// __CUDA_ARCH__, `defined`, integer literals, parentheses and C's operators: another macro's value
// is known only to the compiler's preprocessor.
std::optional<CudaArchViews> evaluate_cuda_arch_condition(const std::vector<std::string_view>& words);

// True when `words` use __CUDA_ARCH__'s value (a comparison), not only `defined(__CUDA_ARCH__)`.
bool uses_cuda_arch_value(const std::vector<std::string_view>& words);

}  // namespace scanlab::rewriter
