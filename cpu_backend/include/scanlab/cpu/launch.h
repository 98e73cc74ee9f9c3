// Kernel launches and shared memory, as emitted by the source rewriter (scanlab-cu2cpp):
//   k<<<g, b, smem, stream>>>(args)  ->  ::scanlab::cpu::launch(site, launch_config(g, b, smem, stream),
//                                          SCANLAB_KERNEL_ADDRESS(k), [&](auto&... a) { k(a...); }, args)
//   __shared__ float x[N];            ->  static thread_local shared_slot s; auto& x = s.get<float[N]>(...)
//   extern __shared__ float d[];      ->  float* const d = dynamic_shared<float>();
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

#include "scanlab/cpu/kernel_signature.h"
#include "scanlab/cpu/thread_context.h"
#include "scanlab/cpu/thread_instrumented.h"
#include "scanlab/cpu/types.h"

namespace scanlab::cpu {

struct launch_site {
  const char* kernel;  // the kernel expression as written, e.g. "scan_kernel<float>"
  const char* file;
  int line;
};

struct launch_config {
  dim3 grid;
  dim3 block;
  std::size_t shared_bytes;
  cudaStream_t stream;
  launch_config(dim3 g, dim3 b, std::size_t smem = 0, cudaStream_t s = nullptr)
      : grid(g), block(b), shared_bytes(smem), stream(s) {}
};

namespace detail {

// A kernel with its arguments, type-erased so the scheduler (compiled once) can run any kernel.
struct kernel_call {
  void (*run)(const void* closure);  // calls the kernel once, for the current CUDA thread
  const void* closure;
  const void* kernel_id;  // the kernel's address: key for cudaFuncSetAttribute
};

void launch_kernel(const launch_site& site, const launch_config& config, const kernel_call& call);

// On a GPU a host pointer passed to a kernel faults when dereferenced; on the CPU it would
// silently work, so the launch checks every pointer argument against device allocations.
bool pointer_argument_ok(const launch_site& site, int index, const void* pointer);

template <class T>
bool argument_ok(const launch_site& site, int index, const T& value) {
  if constexpr (std::is_pointer_v<T> && !std::is_function_v<std::remove_pointer_t<T>>)
    return pointer_argument_ok(site, index, (const void*)value);  // C cast: drops const and volatile
  else
    return true;
}

template <class Tuple, std::size_t... I>
bool arguments_ok(const launch_site& site, const Tuple& params, std::index_sequence<I...>) {
  return (argument_ok(site, static_cast<int>(I), std::get<I>(params)) && ...);
}

// element_bytes: the size of the variable's elements (of a scalar, itself), for naming `x[5]` in reports.
void* allocate_shared(std::size_t bytes, std::size_t alignment, std::size_t element_bytes, const char* name,
                      const char* file, int line);
void* dynamic_shared_base();
std::uint64_t current_block_epoch();

}  // namespace detail

namespace detail {

// Not std::apply: a call that does not compile should be reported at the launch with as short an
// instantiation chain as possible.
template <class Invoke, class Tuple, std::size_t... I>
void invoke_with(Invoke& invoke, Tuple& params, std::index_sequence<I...>) {
  invoke(std::get<I>(params)...);
}

}  // namespace detail

// What the rewriter makes of `k<<<g, b, smem, stream>>>(args)`:
//   launch(site, launch_config(g, b, smem, stream), SCANLAB_KERNEL_ADDRESS(k),
//          [&](auto&... a) { k(a...); }, args)
// The arguments are evaluated once, on the host, as CUDA does, and converted to the kernel's
// parameter types there when its type is known; each CUDA thread then calls the kernel with its own
// copy of them. Where the type is not known before the call (overloads, templates with deduced
// arguments, default arguments), the call through `invoke` resolves exactly as a C++ call does,
// which is how nvcc resolves a launch.
namespace detail {
template <class Invoke, class Params, std::size_t... I>
void run_launch(const launch_site& site, const launch_config& config, const void* kernel_id, Invoke& invoke,
                Params& params, std::index_sequence<I...> indices) {
  struct closure_t {
    Invoke* invoke;
    Params* params;
  } closure{&invoke, &params};
  kernel_call call{
      [](const void* c) {
        auto* self = static_cast<const closure_t*>(c);
        invoke_with(*self->invoke, *self->params, std::index_sequence<I...>{});
      },
      &closure, kernel_id};
  (void)indices;
  launch_kernel(site, config, call);
}

// CUDA graphs (src/runtime_graphs.cpp): a launch into a stream being captured, or made into a
// kernel node, is recorded with copies of its arguments and runs when the graph does.
bool launch_is_recorded(cudaStream_t stream);
void record_launch(cudaStream_t stream, std::function<void()> work);

// The same launch again, with its saved arguments, for the launch being made on this OS thread: a
// launch whose every block waits for host-writable memory that host code has yet to write is put
// off until the host waits for it (src/runtime_streams.cpp), as a GPU runs it beside the host.
void set_launch_rerun(const std::function<void()>* rerun);
struct launch_rerun_scope {
  explicit launch_rerun_scope(const std::function<void()>* rerun) { set_launch_rerun(rerun); }
  ~launch_rerun_scope() { set_launch_rerun(nullptr); }
  launch_rerun_scope(const launch_rerun_scope&) = delete;
  launch_rerun_scope& operator=(const launch_rerun_scope&) = delete;
};
}  // namespace detail

namespace detail {
// A launch whose arguments are evaluated (and, where the kernel's type is known, converted) into
// `params`, the values each CUDA thread's call gets a copy of.
template <class Invoke, class Params>
void launch_with(const launch_site& site, const launch_config& config, const void* kernel_id, Invoke&& invoke,
                 Params params) {
  using indices = std::make_index_sequence<std::tuple_size_v<Params>>;
  if (!arguments_ok(site, params, indices{})) return;
  using invoke_t = std::remove_cv_t<std::remove_reference_t<Invoke>>;
  auto saved = std::make_shared<std::pair<invoke_t, Params>>(std::forward<Invoke>(invoke), std::move(params));
  if (launch_is_recorded(config.stream)) {
    record_launch(config.stream, [saved, site, config, kernel_id] {
      run_launch(site, config, kernel_id, saved->first, saved->second, indices{});
    });
    return;
  }
  const std::function<void()> rerun = [saved, site, config, kernel_id] {
    run_launch(site, config, kernel_id, saved->first, saved->second, indices{});
  };
  const launch_rerun_scope scope(&rerun);
  run_launch(site, config, kernel_id, saved->first, saved->second, indices{});
}
}  // namespace detail

// A launch whose kernel is known by address only (the runtime's own launches).
template <class Invoke, class... Args>
void launch(const launch_site& site, const launch_config& config, const void* kernel_id, Invoke&& invoke,
            Args&&... args) {
  detail::launch_with(site, config, kernel_id, std::forward<Invoke>(invoke),
                      std::tuple<std::decay_t<Args>...>(std::forward<Args>(args)...));
}

// A launch the rewriter wrote (kernel_signature.h). When the kernel's type is known and every
// parameter has its argument, the arguments are converted to the parameter types here, once, and
// each thread calls the kernel through its address (the same function the name picks); otherwise
// `invoke` makes the call as written, so that overloads, deduced template arguments and default
// arguments resolve as a C++ call does.
template <class Function, class Invoke, class... Args>
void launch(const launch_site& site, const launch_config& config, kernel_ref<Function> kernel, Invoke&& invoke,
            Args&&... args) {
  using parameters = detail::launch_parameters<Function, Args...>;
  if constexpr (parameters::convert) {
    Function* const pointer = kernel.pointer;
    detail::launch_with(site, config, kernel.address(), [pointer](auto&... a) { pointer(a...); },
                        parameters::make(std::forward<Args>(args)...));
  } else {
    detail::launch_with(site, config, kernel.address(), std::forward<Invoke>(invoke),
                        parameters::make(std::forward<Args>(args)...));
  }
}

// `expr<<<g, b>>>(args)` where expr computes the kernel's address (`table[i]`, `(*fp)`, `s.kernel`):
// the rewriter passes its value, read once here as nvcc's launch reads it, and `invoke` calls
// what it is given: [&](auto kernel, auto&... a) { kernel(a...); }.
template <class Kernel, class Invoke, class... Args>
void launch_through_pointer(const launch_site& site, const launch_config& config, Kernel* kernel, Invoke&& invoke,
                            Args&&... args) {
  static_assert(std::is_function_v<Kernel>,
                "scanlab CPU backend: the expression before '<<<' must be a __global__ function or a pointer to one");
  launch(site, config, kernel_ref<Kernel>{kernel},
         [kernel, invoke = std::forward<Invoke>(invoke)](auto&... a) { invoke(kernel, a...); },
         std::forward<Args>(args)...);
}

namespace detail {
template <class... Params, std::size_t... I>
void launch_from_argument_array(const launch_site& site, const launch_config& config, void (*kernel)(Params...),
                                void** args, std::index_sequence<I...>) {
  launch(site, config, reinterpret_cast<const void*>(kernel), [kernel](auto&... a) { kernel(a...); },
         *static_cast<std::decay_t<Params>*>(args[I])...);
}
cudaError_t launch_error_of_last_call();

// Kernels by address, for the untyped cudaLaunchKernel((void*)k, ...): the rewriter registers every
// non-template kernel defined at namespace scope whose name is not overloaded at its definition.
using registered_launcher = void (*)(const launch_site&, const launch_config&, const void* kernel, void** args);
bool register_kernel_launcher(const void* kernel, registered_launcher launcher);
registered_launcher find_kernel_launcher(const void* kernel);

template <class... Params>
void launch_registered(const launch_site& site, const launch_config& config, const void* kernel, void** args) {
  using kernel_t = void (*)(Params...);
  launch_from_argument_array(site, config, reinterpret_cast<kernel_t>(const_cast<void*>(kernel)), args,
                             std::index_sequence_for<Params...>{});
}
template <class Dummy, class... Params>
auto kernel_pointer(Dummy*, void (&kernel)(Params...)) {
  return &kernel;
}
template <class... Params>
bool register_kernel(void (*kernel)(Params...)) {
  return register_kernel_launcher(reinterpret_cast<const void*>(kernel), &launch_registered<Params...>);
}
// A kernel's static __shared__ bytes, which cudaFuncGetAttributes reports as sharedSizeBytes: the
// rewriter writes the sum of sizeof its __shared__ types after the kernel (SCANLAB_KERNEL_STATIC_SHARED).
void register_kernel_static_shared(const void* kernel, std::size_t bytes);
template <class... Params>
bool register_static_shared(void (*kernel)(Params...), std::size_t bytes) {
  register_kernel_static_shared(reinterpret_cast<const void*>(kernel), bytes);
  return true;
}
// f(static_cast<void*>(nullptr)) when that call compiles, otherwise `otherwise`: the macros below
// put a possibly ill-formed call (an overload set's name) in a generic lambda's return type.
template <class R, class F>
R call_if_invocable(F&& f, R otherwise) {
  if constexpr (std::is_invocable_v<F&, void*>)
    return static_cast<R>(f(static_cast<void*>(nullptr)));
  else
    return otherwise;
}
}  // namespace detail

}  // namespace scanlab::cpu

// cudaLaunchKernel as cuda_runtime.h declares it for a typed kernel: args[i] points to the value of
// parameter i. (The untyped `const void*` form cannot know the parameter types on the CPU: see
// runtime_api.h.)
template <class... Params>
cudaError_t cudaLaunchKernel(void (*kernel)(Params...), dim3 grid, dim3 block, void** args,
                             std::size_t shared_bytes = 0, cudaStream_t stream = nullptr,
                             const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  namespace cpu = ::scanlab::cpu;
  if (sizeof...(Params) > 0 && args == nullptr) return cudaErrorInvalidValue;
  const cpu::launch_site site{"cudaLaunchKernel", file, line};
  cpu::detail::launch_from_argument_array(site, cpu::launch_config(grid, block, shared_bytes, stream), kernel, args,
                                          std::index_sequence_for<Params...>{});
  return cpu::detail::launch_error_of_last_call();
}

namespace scanlab::cpu::detail {
// cudaLaunchCooperativeKernel is cudaLaunchKernel for a launch whose blocks must all be resident at
// once (refused with cudaErrorCooperativeLaunchTooLarge when the modelled GPU could not hold them),
// so that grid.sync() can wait for all of them (resident_blocks.cpp).
void set_next_launch_cooperative(bool cooperative);
bool launched_cooperatively();
void grid_sync(const char* file, int line);
// Marks the launches made in its scope cooperative (one, from either cudaLaunchCooperativeKernel).
struct cooperative_launch_scope {
  cooperative_launch_scope() { set_next_launch_cooperative(true); }
  ~cooperative_launch_scope() { set_next_launch_cooperative(false); }
  cooperative_launch_scope(const cooperative_launch_scope&) = delete;
  cooperative_launch_scope& operator=(const cooperative_launch_scope&) = delete;
};
}  // namespace scanlab::cpu::detail

template <class... Params>
cudaError_t cudaLaunchCooperativeKernel(void (*kernel)(Params...), dim3 grid, dim3 block, void** args,
                                        std::size_t shared_bytes = 0, cudaStream_t stream = nullptr,
                                        const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  const ::scanlab::cpu::detail::cooperative_launch_scope cooperative;
  return cudaLaunchKernel(kernel, grid, block, args, shared_bytes, stream, file, line);
}

// The untyped form (`cudaLaunchKernel((void*)kernel, grid, block, args)`, as the CUDA Programming
// Guide writes it): works for kernels the rewriter registered; anything else is named and refused.
cudaError_t cudaLaunchKernel(const void* kernel, dim3 grid, dim3 block, void** args, std::size_t shared_bytes = 0,
                             cudaStream_t stream = nullptr, const char* file = __builtin_FILE(),
                             int line = __builtin_LINE());
inline cudaError_t cudaLaunchCooperativeKernel(const void* kernel, dim3 grid, dim3 block, void** args,
                                               std::size_t shared_bytes = 0, cudaStream_t stream = nullptr,
                                               const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  const ::scanlab::cpu::detail::cooperative_launch_scope cooperative;
  return cudaLaunchKernel(kernel, grid, block, args, shared_bytes, stream, file, line);
}

namespace scanlab::cpu {

// True while a CUDA thread (a kernel) is running on this OS thread: what `#ifdef __CUDA_ARCH__` in
// a function body becomes (see the rewriter), since each function is compiled once, for the host.
inline bool in_device_code() { return detail::tls.thread != nullptr; }

// One per __shared__ declaration (static thread_local, so each OS thread running blocks has its
// own). The first CUDA thread of a block that reaches the declaration allocates the variable in
// that block's arena; the rest of the block gets the same address.
// Under cpu-tsan the slot is the runtime's bookkeeping, shared by every CUDA thread of the block
// as the fibers take turns: not a kernel access, so ThreadSanitizer must not watch it.
#ifdef SCANLAB_THREAD_INSTRUMENTED
#define SCANLAB_RUNTIME_BOOKKEEPING __attribute__((no_sanitize("thread")))
#else
#define SCANLAB_RUNTIME_BOOKKEEPING
#endif
class shared_slot {
 public:
  template <class T, std::size_t Align = alignof(T)>
  SCANLAB_RUNTIME_BOOKKEEPING T& get(const char* name, const char* file, int line) {
    std::uint64_t epoch = detail::current_block_epoch();
    if (epoch_ != epoch) {
      address_ = detail::allocate_shared(sizeof(T), Align < 16 ? 16 : Align, sizeof(std::remove_all_extents_t<T>),
                                         name, file, line);
      epoch_ = epoch;
    }
    return *static_cast<T*>(address_);
  }

 private:
  std::uint64_t epoch_ = 0;
  void* address_ = nullptr;
};

template <class T>
T* dynamic_shared() {
  return static_cast<T*>(detail::dynamic_shared_base());
}

// `extern __shared__ T name[];` at namespace scope: usable as the array it names (name[i], name + k,
// `T* p = name`, `(int*)name`), always this block's dynamic shared memory.
template <class T>
struct dynamic_shared_array {
  operator T*() const { return dynamic_shared<T>(); }
  template <class U>
  explicit operator U*() const {
    return reinterpret_cast<U*>(dynamic_shared<T>());
  }
  T& operator[](std::ptrdiff_t i) const { return dynamic_shared<T>()[i]; }
};

// `__shared__ T name[N]...;` at namespace scope: this block's copy of the array on every use.
template <class Array, std::size_t Align = alignof(Array)>
class namespace_shared_array {
 public:
  using element = std::remove_extent_t<Array>;
  namespace_shared_array(const char* name, const char* file, int line) : name_(name), file_(file), line_(line) {}
  Array& get() { return slot_.get<Array, Align>(name_, file_, line_); }
  operator element*() { return get(); }
  element& operator[](std::ptrdiff_t i) { return get()[i]; }
  Array* operator&() { return &get(); }

 private:
  shared_slot slot_;
  const char* name_;
  const char* file_;
  int line_;
};

}  // namespace scanlab::cpu

// The kernel a launch names, as a kernel_ref: typed with its address where the name picks one
// function (or is a pointer to one), kernel_ref<void> otherwise (see detail::kernel_reference).
// The call is written in the return type of a generic lambda, so that an overload set makes the
// lambda not invocable (SFINAE) instead of ill-formed; C++17, so that a student's -std=c++17 builds too.
#define SCANLAB_KERNEL_ADDRESS(...)                                                                   \
  (::scanlab::cpu::detail::kernel_ref_if_invocable(                                                 \
      [&](auto* d) -> decltype(::scanlab::cpu::detail::kernel_reference(d, __VA_ARGS__)) {          \
        return ::scanlab::cpu::detail::kernel_reference(d, __VA_ARGS__);                              \
      }))

// Emitted by the rewriter after SCANLAB_REGISTER_KERNEL when it could write the kernel's static
// __shared__ types there: BYTES is their sizeof sum.
#define SCANLAB_KERNEL_STATIC_SHARED(BYTES, ...)                                                            \
  [[maybe_unused]] static const bool SCANLAB_CONCAT_(scanlab_kernel_shared_, __COUNTER__) =                 \
      ::scanlab::cpu::detail::call_if_invocable<bool>(                                                     \
          [](auto* d) -> decltype(::scanlab::cpu::detail::register_static_shared(                          \
                          ::scanlab::cpu::detail::kernel_pointer(d, __VA_ARGS__), BYTES)) {                 \
            return ::scanlab::cpu::detail::register_static_shared(                                          \
                ::scanlab::cpu::detail::kernel_pointer(d, __VA_ARGS__), BYTES);                             \
          },                                                                                                \
          true);

// Emitted by the rewriter right after the closing brace of a kernel defined at namespace scope.
// The registration happens only when the name picks one function there (see kernel_pointer).
#define SCANLAB_CONCAT_IMPL_(a, b) a##b
#define SCANLAB_CONCAT_(a, b) SCANLAB_CONCAT_IMPL_(a, b)
#define SCANLAB_REGISTER_KERNEL(...)                                                                    \
  [[maybe_unused]] static const bool SCANLAB_CONCAT_(scanlab_kernel_registered_, __COUNTER__) =          \
      ::scanlab::cpu::detail::call_if_invocable<bool>(                                                  \
          [](auto* d) -> decltype(::scanlab::cpu::detail::register_kernel(                              \
                          ::scanlab::cpu::detail::kernel_pointer(d, __VA_ARGS__))) {                    \
            return ::scanlab::cpu::detail::register_kernel(::scanlab::cpu::detail::kernel_pointer(d, __VA_ARGS__)); \
          },                                                                                            \
          true);
