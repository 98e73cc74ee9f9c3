// `return;` in a __device__ function that returns a value: nvcc accepts it with a warning (#117-D)
// and the caller gets an unspecified value. The rewriter writes `return unspecified_value{};`
// (cpu_backend/rewriter/bare_return.h), which gives the caller a value-initialized one: zero, a null
// pointer, or a default-constructed object.
#pragma once

namespace scanlab::cpu::detail {

struct unspecified_value {
  template <class T>
  operator T() const {
    return T();
  }
};

}  // namespace scanlab::cpu::detail
