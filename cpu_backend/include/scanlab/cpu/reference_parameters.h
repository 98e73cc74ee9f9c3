// Kernel parameters declared as references (`__global__ void k(DataElement& e)`): nvcc passes the
// argument's address, so the kernel works on the caller's object itself, which must therefore be
// memory the GPU reaches (managed memory, as in NVIDIA's "Unified Memory in CUDA 6" blog post).
// A launch that knows the kernel's type stores a reference for such a parameter, not a copy, so
// that what the kernel writes through it is there after the launch; the launch checks the
// object's address as it checks a pointer argument. C++17: a student's file may be compiled so.
#pragma once

#include <functional>
#include <type_traits>

namespace scanlab::cpu {

struct launch_site;

namespace detail {

// What a launch stores for parameter type P given argument type A (A& for an lvalue argument):
// a reference where P is a reference that binds to the argument itself, a copy otherwise (a value
// parameter, a temporary, or a conversion that makes a new object).
template <class P, class A>
inline constexpr bool binds_argument_itself =
    std::is_lvalue_reference_v<P> && std::is_lvalue_reference_v<A> &&
    std::is_convertible_v<std::remove_reference_t<A>*, std::remove_reference_t<P>*>;

template <class P, class A>
using stored_parameter_t =
    std::conditional_t<binds_argument_itself<P, A>, std::reference_wrapper<std::remove_reference_t<P>>, std::decay_t<P>>;

// On a GPU the kernel dereferences the address: a host object faults (src/launch.cpp says so).
bool reference_argument_ok(const launch_site& site, int index, const void* object);

template <class T>
bool argument_ok(const launch_site& site, int index, const std::reference_wrapper<T>& object) {
  return reference_argument_ok(site, index, static_cast<const void*>(&object.get()));
}

}  // namespace detail
}  // namespace scanlab::cpu
