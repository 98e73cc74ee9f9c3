// Misaligned accesses in device code. On a GPU a load or store must start at a multiple of its
// size (a float4 at 16 bytes, a float2 or double at 8): otherwise the kernel stops and the launch
// fails with cudaErrorMisalignedAddress. x86 performs such accesses without complaint, so without
// this a kernel that reads `*reinterpret_cast<const float4*>(input + 1)` would pass here and fail
// on every GPU.
//
// The `cpu` flavour compiles kernel files with -fsanitize=alignment (cmake/ScanlabCudaTargets.cmake):
// the compiler checks each access against its type's alignment (in the source, before any
// optimisation splits a float4 into floats) and calls the handler below when it does not hold.
// These are the entry points of GCC's and Clang's code generation (their ABI, not libubsan's
// runtime, which is not linked). Inside a kernel the handler ends the launch the way a GPU does;
// outside one (host code in a .cu file) x86 allows the access, so it returns.
#include <cstdint>
#include <cstdlib>
#include <sstream>

#include "block_scheduler.h"
#include "scanlab/cpu/checked_deref.h"
#include "launch_state.h"

namespace {

struct source_location {
  const char* file;
  std::uint32_t line;
  std::uint32_t column;
};
struct type_descriptor {
  std::uint16_t kind;
  std::uint16_t info;
  char name[1];  // "'const float4'", quotes included
};
struct type_mismatch_data {
  source_location location;
  const type_descriptor* type;
  unsigned char log_alignment;
  unsigned char check_kind;  // 0 load, 1 store, others: a reference or member access
};

const char* access_word(unsigned char kind) {
  switch (kind) {
    case 0: return "load";
    case 1: return "store";
    default: return "access";
  }
}

// Ends the launch with the report; `what` is "load", "store" or "access", `type` quoted.
void report_misaligned(const char* what, const char* type, std::uintptr_t address, std::uintptr_t alignment,
                       const char* file, unsigned line) {
  using namespace scanlab::cpu::detail;
  std::ostringstream m;
  m << "misaligned " << what << " of " << type << " at address 0x" << std::hex << address << std::dec << " ("
    << address % alignment << " bytes past a multiple of " << alignment << ") at " << (file ? file : "?") << ":"
    << line << " by thread " << describe_index(threadIdx) << " of block " << describe_index(blockIdx) << " in "
    << describe_launch(current_launch())
    << ".\n  On a GPU this stops the kernel (cudaErrorMisalignedAddress): a vector load or store must start "
       "at a multiple of its size, whatever x86 allows.";
  this_scheduler().fail(scanlab::cpu::problem::misaligned_address, m.str());
}

bool in_kernel() {
  using namespace scanlab::cpu::detail;
  return tls.thread != nullptr && this_scheduler().running();
}

void misaligned(const type_mismatch_data* data, std::uintptr_t address) {
  if (data == nullptr || !in_kernel()) return;
  const std::uintptr_t alignment = std::uintptr_t(1) << data->log_alignment;
  if (address % alignment == 0) return;  // not ours to judge (a null or size check)
  report_misaligned(access_word(data->check_kind), data->type ? data->type->name : "a value", address, alignment,
                    data->location.file, data->location.line);
}

}  // namespace

// The rewriter's check of `*pointer` (scanlab/cpu/checked_deref.h), where the compiler has none.
void scanlab::cpu::detail::misaligned_deref(const char* type, std::uintptr_t address, std::size_t alignment,
                                            const char* file, int line) {
  if (in_kernel()) report_misaligned("access", type, address, alignment, file, static_cast<unsigned>(line));
}

// The compiler's own declarations take the address as a pointer. Only the `cpu` flavour's runtime
// answers them: in the sanitizer flavours the kernels are not compiled with -fsanitize=alignment,
// and clang's AddressSanitizer runtime defines these names itself.
#ifndef SCANLAB_SANITIZER_RUNTIME
extern "C" {
void __ubsan_handle_type_mismatch_v1(void* data, void* address) {
  misaligned(static_cast<const type_mismatch_data*>(data), reinterpret_cast<std::uintptr_t>(address));
}
// Called only when built with -fno-sanitize-recover, which scanlab does not use; it must not return.
void __ubsan_handle_type_mismatch_v1_abort(void* data, void* address) {
  misaligned(static_cast<const type_mismatch_data*>(data), reinterpret_cast<std::uintptr_t>(address));
  std::abort();
}
}
#endif
