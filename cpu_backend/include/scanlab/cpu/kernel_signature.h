// What a launch knows of its kernel's type, so that its arguments are converted to the kernel's
// parameter types when the launch is made, as nvcc's host stub does (a braced list `{a, b}` for a
// struct parameter included), rather than in each CUDA thread's call.
// C++17: a student's file may be compiled with -std=c++17.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "scanlab/cpu/reference_parameters.h"

namespace scanlab::cpu {

// The kernel a launch names: its address, typed by the function type `void(Params...)` when the
// launch picks one function, `void` when it does not (an overload set, a template whose arguments
// are deduced at the call). A launch through a pointer variable (`fp<<<...>>>`) or an expression
// (`table[i]<<<...>>>`) keeps the value read at the launch, the one called even when the launch runs
// later (a captured graph), as on a GPU.
template <class Function>
struct kernel_ref {
  Function* pointer = nullptr;
  const void* address() const { return reinterpret_cast<const void*>(pointer); }
};

namespace detail {

// F: the type of a kernel expression (`void(&)(int*)`, `void(*const&)(int*)`, ...) -> `void(int*)`.
template <class F>
using kernel_function_t = std::remove_pointer_t<std::remove_cv_t<std::remove_reference_t<F>>>;

// kernel_ref for a kernel expression that picks one function; not viable otherwise (SFINAE), so that
// SCANLAB_KERNEL_ADDRESS can fall back to kernel_ref<void>. `Dummy*` makes the call dependent.
template <class Dummy, class F, class Function = kernel_function_t<F>,
          std::enable_if_t<std::is_function_v<Function>, int> = 0>
kernel_ref<Function> kernel_reference(Dummy*, F&& kernel) {
  if constexpr (std::is_function_v<std::remove_reference_t<F>>)
    return {&kernel};
  else
    return {kernel};
}

template <class F>
auto kernel_ref_if_invocable(F&& f) {
  if constexpr (std::is_invocable_v<F&, void*>)
    return f(static_cast<void*>(nullptr));
  else
    return kernel_ref<void>{};
}

// The type of parameter N of kernel type K (a braced-list argument's type).
template <std::size_t N, class Function>
struct kernel_parameter;
template <std::size_t N, class... Params>
struct kernel_parameter<N, void(Params...)> {
  using type = std::tuple_element_t<N, std::tuple<Params...>>;
};
template <std::size_t N, class K>
using kernel_parameter_t = typename kernel_parameter<N, kernel_function_t<K>>::type;

// Where the launch names no one function, a braced list has no type to take: said at compile time.
template <std::size_t N>
struct kernel_parameter<N, void> {
  static_assert(N != N,
                "scanlab CPU backend: a braced-list kernel argument ({...}) takes the type of the kernel's parameter, "
                "which the CPU backend reads from the kernel's type before the call; this launch names an overload "
                "set or a template whose arguments are deduced at the call: give them (k<T><<<...>>>) or pass a "
                "value of the parameter's type");
  struct unknown {};
  using type = unknown;
};

// `k<<<g, b>>>(x, {a, b})`: the rewriter writes the braced list as
// braced_argument_for<1>(SCANLAB_KERNEL_ADDRESS(k), {a, b}), which copy-list-initializes parameter 1's
// type from it, as passing it to k would; for a kernel computed by an expression (`t[i]`), whose
// type is known, braced_argument<1, decltype(t[i])>({a, b}).
template <std::size_t N, class Function>
typename kernel_parameter<N, Function>::type braced_argument_for(kernel_ref<Function>,
                                                                 typename kernel_parameter<N, Function>::type value) {
  return value;
}
template <std::size_t N, class K>
kernel_parameter_t<N, K> braced_argument(kernel_parameter_t<N, K> value) {
  return value;
}

// A literal argument (`0`, `NULL`, `2.5f`, `true`) as the rewriter passes it beside writing it into
// the call (`[&](auto& a0) { k(a0, 0); }, x, literal_argument(0)`): where the launch converts its
// arguments, it converts the literal's value, a null pointer constant (`0`, `NULL`) to a null pointer
// where the parameter is a pointer; where it does not, the call's own literal is used and this dropped.
template <class T, bool NullPointerConstant>
struct literal_value {
  T value;
};
template <class T>
literal_value<T, false> literal_argument(T value) {
  return {value};
}
template <class T>
literal_value<T, true> null_pointer_literal(T value) {
  return {value};
}

template <class A>
struct is_literal : std::false_type {};
template <class T, bool N>
struct is_literal<literal_value<T, N>> : std::true_type {};

template <class A>
using plain_t = std::remove_cv_t<std::remove_reference_t<A>>;

// Whether parameter type P can be copy-initialized from argument A (an expression of type A&&), as
// in a call.
template <class Literal, class P>
struct literal_initializes;
template <class T, bool N, class P>
struct literal_initializes<literal_value<T, N>, P>
    : std::bool_constant<std::is_convertible_v<T, P> ||
                         (N && (std::is_pointer_v<P> || std::is_member_pointer_v<P> || std::is_null_pointer_v<P>))> {};
template <class A, class P>
struct initializes
    : std::conditional_t<is_literal<plain_t<A>>::value, literal_initializes<plain_t<A>, P>, std::is_convertible<A, P>> {};

// Copy-initialization of a parameter from an argument: implicit conversions only, as in a call.
template <class P, class A>
P as_parameter(A&& argument) {
  if constexpr (!is_literal<plain_t<A>>::value) {
    return std::forward<A>(argument);
  } else if constexpr (std::is_convertible_v<decltype(argument.value), P>) {
    return argument.value;
  } else {
    return nullptr;  // a null pointer constant for a pointer parameter
  }
}

// Whether a launch of a kernel of type Function with arguments Args converts them at the launch:
// when the kernel's type is known and every parameter has its argument (default arguments leave the
// conversions to the call).
template <class... T>
struct type_list {};
template <class Params, class Args, class = void>
struct all_convertible : std::false_type {};
template <class... Params, class... Args>
struct all_convertible<type_list<Params...>, type_list<Args...>, std::enable_if_t<sizeof...(Params) == sizeof...(Args)>>
    : std::bool_constant<(initializes<Args&&, Params>::value && ...)> {};

template <class Function, class... Args>
struct converts_at_launch : std::false_type {};
template <class... Params, class... Args>
struct converts_at_launch<void(Params...), Args...> : all_convertible<type_list<Params...>, type_list<Args...>> {};

// An argument as stored for a call that `invoke` makes as written: itself, or nothing for a literal,
// which the call spells.
template <class A>
auto stored_for_call(A&& argument) {
  if constexpr (is_literal<plain_t<A>>::value)
    return std::tuple<>();
  else
    return std::tuple<std::decay_t<A>>(std::forward<A>(argument));
}

// The stored arguments of a launch: the kernel's parameter types where converts_at_launch, else the
// arguments' own (decayed) types, literals left out.
template <class Function, class... Args>
struct launch_parameters {
  static constexpr bool convert = false;
  static auto make(Args&&... args) { return std::tuple_cat(stored_for_call(std::forward<Args>(args))...); }
};
template <class... Params, class... Args>
struct launch_parameters<void(Params...), Args...> {
  static constexpr bool convert = converts_at_launch<void(Params...), Args...>::value;
  static auto make(Args&&... args) {
    if constexpr (convert)
      return std::tuple<stored_parameter_t<Params, Args>...>(as_parameter<Params>(std::forward<Args>(args))...);
    else
      return std::tuple_cat(stored_for_call(std::forward<Args>(args))...);
  }
};

}  // namespace detail
}  // namespace scanlab::cpu
