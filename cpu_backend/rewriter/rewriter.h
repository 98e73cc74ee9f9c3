// scanlab-cu2cpp as a library: turns a CUDA .cu file into C++ that g++ compiles against the CPU
// backend's CUDA-compatible headers (scanlab/cpu/prelude.h).
//
// What changes (everything else is copied byte for byte):
//   * a two-line prologue: #include <scanlab/cpu/prelude.h> and #line 1 "<absolute input>"
//   * k<<<g, b[, smem[, stream]]>>>(args)
//         ->  ::scanlab::cpu::launch(launch_site{...}, launch_config(g, b, ...), address of k,
//                                    [&](auto&... a) { k(a...); }, args)
//     (a kernel computed by an expression, `table[i]<<<...>>>`, goes to launch_through_pointer with
//     its value; a braced-list argument is given the parameter's type; kernel_expression.h)
//   * `return;` in main -> `return 0;` (and in a __device__ function returning a value), with
//     nvcc's warning #117-D (bare_return.h)
//   * __shared__ T x[N];
//         ->  static thread_local shared_slot slot; auto& x = slot.get<T[N]>(...);
//   * extern __shared__ T x[];
//         ->  T* const x = ::scanlab::cpu::dynamic_shared<T>();
//   * #include "foo.cuh"  ->  the rewritten header, framed by #line directives
// Every original line keeps its line number, so __LINE__ and compiler diagnostics stay exact.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace scanlab::rewriter {

struct Diagnostic {
  std::string file;
  int line = 0;    // 1-based; 0 when the problem is with the file as a whole
  int column = 0;  // 1-based byte column
  std::string message;
  bool warning = false;  // the file is rewritten all the same
};

// "file:line:col: error: message" (or "warning:"), the GCC format editors and IDEs know how to jump to.
std::string format_diagnostic(const Diagnostic& d);

struct Options {
  std::vector<std::string> include_dirs;  // searched for quoted .cuh includes, after the
                                          // including file's own directory
  // Pass the pointers of `*p` and `p[i]` through checked_deref (checked_deref.h): for compilers
  // whose alignment checks miss such accesses (clang). Off: the output is as before.
  bool check_alignment = false;
  // Mark device-only functions with SCANLAB_DEVICE_ARITHMETIC (device_arithmetic.h). The tool
  // always does; off, the output is as before (the rewriter's tests of other features).
  bool device_arithmetic = false;
};

struct Result {
  std::string text;                       // the C++ translation unit
  std::vector<std::string> dependencies;  // absolute paths of the inlined .cuh files
  std::vector<Diagnostic> errors;         // when non-empty, `text` must not be compiled
  std::vector<Diagnostic> warnings;       // what nvcc also warns about; `text` is good
  bool ok() const { return errors.empty(); }
};

Result rewrite_file(const std::string& path, const Options& options);

// Rewrites `source` as if it had been read from `display_path`, which names the file in #line
// directives (made absolute) and diagnostics (as given), and anchors relative .cuh includes.
Result rewrite_source(std::string_view source, const std::string& display_path,
                      const Options& options);

// A Makefile-style dependency file "target: input dep1 dep2\n", as CMake's
// add_custom_command(DEPFILE) and Ninja expect; spaces, '#' and '$' are escaped.
std::string make_depfile(const std::string& target, const std::string& input,
                         const std::vector<std::string>& dependencies);

}  // namespace scanlab::rewriter
