// The operand of a unary `*` in a rewritten .cu file, and the pointer a subscript indexes, pass
// through checked_deref (the rewriter's checked_deref.cpp says which ones and why): where the
// compiler does not check such an access for alignment itself, this does, so a struct read whole
// through a misaligned pointer fails as on a GPU (cudaErrorMisalignedAddress) whichever compiler
// built the file. For a subscript p[i] the pointer p is checked: elements of T lie a multiple of
// sizeof(T), itself a multiple of alignof(T), from it, so p[i] is aligned exactly when p is.
//
// GCC's -fsanitize=alignment checks these accesses already (and reports them the same way), so
// there, and in builds without alignment checks, checked_deref only hands its operand back. The
// build defines SCANLAB_CHECK_DEREF_ALIGNMENT where it is needed (cmake/ScanlabCudaTargets.cmake).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace scanlab::cpu {
namespace detail {
// Reports a misaligned access inside a kernel (src/misaligned_access.cpp); returns outside one.
void misaligned_deref(const char* type, std::uintptr_t address, std::size_t alignment, const char* file, int line);

// "'const struct float2'": the type as GCC's alignment check names it, so that a report reads the
// same whichever compiler built the file.
template <class T>
const char* checked_type_name() {
  // Read here, not in the lambda below: there it would name the lambda, without T.
  constexpr std::string_view signature = __PRETTY_FUNCTION__;  // "... [T = const float2]"
  static const std::string name = [f = signature] {
    const std::size_t from = f.find("T = ");
    if (from == std::string_view::npos) return std::string("a value");
    std::string_view t = f.substr(from + 4);
    t = t.substr(0, t.find_first_of("];"));
    std::string cv;
    for (std::string_view q : {"const ", "volatile "})
      if (t.substr(0, q.size()) == q) {
        cv += q;
        t.remove_prefix(q.size());
      }
    return "'" + cv + (std::is_class_v<T> ? "struct " : "") + std::string(t) + "'";
  }();
  return name.c_str();
}
}  // namespace detail

template <class P>
[[gnu::always_inline]] constexpr P&& checked_deref(P&& operand, [[maybe_unused]] const char* file,
                                                   [[maybe_unused]] int line) noexcept {
#ifdef SCANLAB_CHECK_DEREF_ALIGNMENT
  using pointer = std::remove_cv_t<std::remove_reference_t<P>>;
  if constexpr (std::is_pointer_v<pointer>) {
    using pointee = std::remove_pointer_t<pointer>;
    if constexpr (std::is_object_v<pointee> && alignof(pointee) > 1) {
      if (!std::is_constant_evaluated()) {
        const auto address = reinterpret_cast<std::uintptr_t>(operand);
        if (address % alignof(pointee) != 0) [[unlikely]]
          detail::misaligned_deref(detail::checked_type_name<pointee>(), address, alignof(pointee), file, line);
      }
    }
  }
#endif
  return static_cast<P&&>(operand);
}
}  // namespace scanlab::cpu
