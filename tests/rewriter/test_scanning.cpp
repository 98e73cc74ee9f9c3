// Token-aware scanning: the prologue, and text that only looks like a launch or a __shared__
// declaration (comments, literals, disabled code) being left alone.
#include <cstring>

#include "rewrite_test_support.h"

using rewriter_test::rewrite_errors;
using rewriter_test::rewritten;
namespace rw = scanlab::rewriter;

namespace {

// A real launch to put after the tricky text: it must still be found, proving the scanner
// resynchronized after the literal or comment.
constexpr const char* kLaunch = "k<<<1, 2>>>(x);";
constexpr const char* kLaunchRewritten =
    "::scanlab::cpu::launch(::scanlab::cpu::launch_site{\"k\", __FILE__, __LINE__}, "
    "::scanlab::cpu::launch_config(1, 2), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, x);";

}  // namespace

TEST_CASE("the output starts with the prelude include and a #line to the absolute input",
          "[prologue]") {
  const rw::Result result = rw::rewrite_source("int x;\n", "/labs/scan/kernel.cu", {});
  CHECK(result.text == "#include <scanlab/cpu/prelude.h>\n#line 1 \"/labs/scan/kernel.cu\"\nint x;\n");
}

TEST_CASE("the #line path is absolute, normalized, and escaped", "[prologue]") {
  const rw::Result relative = rw::rewrite_source("", "sub/../k.cu", {});
  const std::string absolute = (std::filesystem::current_path() / "k.cu").string();
  CHECK(relative.text == "#include <scanlab/cpu/prelude.h>\n#line 1 \"" + absolute + "\"\n");

  const rw::Result odd = rw::rewrite_source("", "/src/say \"hi\"\\k.cu", {});
  CHECK(odd.text == "#include <scanlab/cpu/prelude.h>\n#line 1 \"/src/say \\\"hi\\\"\\\\k.cu\"\n");
}

TEST_CASE("launch and __shared__ text in comments is untouched", "[scanning]") {
  const std::string source = std::string("// k<<<1, 2>>>(x); __shared__ int a = 1;\n") +
                             "/* k<<<1, 2>>>(x);\n   __shared__ int a = 1; */ " + kLaunch;
  CHECK(rewritten(source) == std::string("// k<<<1, 2>>>(x); __shared__ int a = 1;\n") +
                                 "/* k<<<1, 2>>>(x);\n   __shared__ int a = 1; */ " +
                                 kLaunchRewritten);
}

TEST_CASE("a line comment continued by a backslash swallows the next line", "[scanning]") {
  const std::string source = "// note \\\nk<<<1, 2>>>(x);\n";
  CHECK(rewritten(source) == source);
}

TEST_CASE("launch text in string literals is untouched", "[scanning]") {
  const char* strings = R"cu(puts("k<<<1, 2>>>(x) \" __shared__ int a = 1;"); )cu";
  CHECK(rewritten(std::string(strings) + kLaunch) == std::string(strings) + kLaunchRewritten);
}

TEST_CASE("prefixed and raw string literals are untouched", "[scanning]") {
  const char* strings =
      R"src(u8"k<<<1,2>>>()" L"k<<<1,2>>>()" u"x" U"y" R"x(k<<<1,2>>>() )" still raw)x" )src"
      R"src(LR"(k<<<1, 2>>>())" u8R"__(__shared__ int a = 1;)__" )src";
  CHECK(rewritten(std::string(strings) + kLaunch) == std::string(strings) + kLaunchRewritten);
}

TEST_CASE("character literals and digit separators are told apart", "[scanning]") {
  const char* chars = R"cu(char a = '"', b = '\'', c = u8'<'; int n = 1'000'000, h = 0x1'ff; )cu";
  CHECK(rewritten(std::string(chars) + kLaunch) == std::string(chars) + kLaunchRewritten);
}

TEST_CASE("a stray apostrophe in disabled prose only affects its own line", "[scanning]") {
  const std::string source = std::string("#if 0\nthis won't compile\n#endif\n") + kLaunch;
  CHECK(rewritten(source) == std::string("#if 0\nthis won't compile\n#endif\n") + kLaunchRewritten);
}

TEST_CASE("CUDA keywords and headers other than .cuh are copied unchanged", "[scanning]") {
  const char* source = "#include \"helpers.h\"\n"
                       "#include <cuda_runtime.h>\n"
                       "extern \"C\" __global__ void k(float* x) {\n"
                       "  x[threadIdx.x] = 0; __syncthreads();\n"
                       "}\n";
  // Only the kernel's registration for cudaLaunchKernel is added, after its closing brace.
  CHECK(rewritten(source) == std::string(source, std::strlen(source) - 2) + "} SCANLAB_REGISTER_KERNEL(k)\n");
}

TEST_CASE("Windows line endings pass through", "[scanning]") {
  CHECK(rewritten(std::string("int a;\r\n") + kLaunch + "\r\n") ==
        std::string("int a;\r\n") + kLaunchRewritten + "\r\n");
}

TEST_CASE("every error in a file is reported, not only the first", "[errors]") {
  CHECK(rewrite_errors("__shared__ int a;\nk<<<1>>>;\n").size() == 2);
}

TEST_CASE("__noinline__ becomes GCC's attribute, except inside an __attribute__", "[scanning]") {
  CHECK(rewritten("__device__ __noinline__ int f();") == "__device__ __attribute__((noinline)) int f();");
  CHECK(rewritten("int g() __attribute__((__noinline__));") == "int g() __attribute__((__noinline__));");
}

TEST_CASE("a kernel's own returns note their line, a lambda's or a local class's do not",
          "[scanning]") {
  const std::string note = "return ::scanlab::cpu::detail::note_kernel_return()";
  const std::string registered = " SCANLAB_REGISTER_KERNEL(k)";  // what follows a kernel at namespace scope
  CHECK(rewritten("__global__ void k(int n) { if (threadIdx.x >= n) return; }") ==
        "__global__ void k(int n) { if (threadIdx.x >= n) " + note + "; }" + registered);
  CHECK(rewritten("__global__ void k() { if (a[0]) { return helper(); } }") ==
        "__global__ void k() { if (a[0]) { " + note + ", helper(); } }" + registered);
  CHECK(rewritten("template <int B> __global__ void k() { for (;;) { return; } }") ==
        "template <int B> __global__ void k() { for (;;) { " + note + "; } }");
  // Not the thread's exit: a lambda's return, a local class's member's, a device function's.
  const std::string untouched[] = {
      "__global__ void k() { auto f = [&](int x) { return x + 1; }; f(1); }",
      "__global__ void k() { g([] { return 2; }); }",
      "__global__ void k() { auto f = [=]() mutable -> int { return 3; }; }",
      "__global__ void k() { struct S { __device__ int v() { return 4; } }; }",
  };
  for (const std::string& source : untouched) CHECK(rewritten(source) == source + registered);
  CHECK(rewritten("__device__ int f(int x) { if (x) return 1; return 0; }") ==
        "__device__ int f(int x) { if (x) return 1; return 0; }");
  // After a lambda, the kernel's own returns are noted again.
  CHECK(rewritten("__global__ void k() { auto f = [] { return 1; }; if (f()) return; }") ==
        "__global__ void k() { auto f = [] { return 1; }; if (f()) " + note + "; }" + registered);
}

TEST_CASE("#ifdef __CUDA_ARCH__ in a function body chooses at run time, line for line", "[scanning]") {
  const char* source = "__host__ __device__ void where() {\n"
                       "#ifdef __CUDA_ARCH__\n"
                       "  printf(\"device\\n\");\n"
                       "#else\n"
                       "  printf(\"host\\n\");\n"
                       "#endif\n"
                       "}\n";
  CHECK(rewritten(source) == "__host__ __device__ void where() {\n"
                             "if (::scanlab::cpu::in_device_code()) {\n"
                             "  printf(\"device\\n\");\n"
                             "} else {\n"
                             "  printf(\"host\\n\");\n"
                             "}\n"
                             "}\n");
  // Outside a function body #ifdef stays; a condition naming another macro stays; one the host
  // and device passes agree on stays.
  const char* kept = "#ifdef __CUDA_ARCH__\nint a;\n#endif\n"
                     "void f() {\n#if __CUDA_ARCH__ >= 700 && FOO\n  g();\n#endif\n}\n"
                     "void h() {\n#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600\n  g();\n#endif\n}\n";
  CHECK(rewritten(kept) == kept);
}

TEST_CASE("#if on __CUDA_ARCH__'s value: run time in a body, the device view elsewhere", "[scanning]") {
  // In a body the device pass (sm_90) and the host pass differ: a run-time branch, #elif included.
  CHECK(rewritten("void f() {\n#if __CUDA_ARCH__ >= 700\n  g();\n#elif __CUDA_ARCH__ >= 1000\n  k();\n"
                  "#else\n  h();\n#endif\n}\n") ==
        "void f() {\nif (::scanlab::cpu::in_device_code()) {\n  g();\n} else if (false) {\n  k();\n"
        "} else {\n  h();\n}\n}\n");
  CHECK(rewritten("void f() {\n#if (__CUDA_ARCH__ < 600)\n  old();\n#endif\n}\n") ==
        "void f() {\nif (!::scanlab::cpu::in_device_code()) {\n  old();\n}\n}\n");
  // At namespace scope: __CUDA_ARCH__ is the emulated 900, defined(__CUDA_ARCH__) is 1.
  CHECK(rewritten("#if __CUDA_ARCH__ >= 700\n__device__ int f();\n#elif defined(__CUDA_ARCH__) && X\n#endif\n") ==
        "#if 900 >= 700\n__device__ int f();\n#elif defined(__CUDA_ARCH__) && X\n#endif\n");
  CHECK(rewritten("#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600\nint a;\n#endif\n") ==
        "#if 1 && 900 < 600\nint a;\n#endif\n");
}
