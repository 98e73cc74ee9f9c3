// `return;` in a function that returns a value: nvcc's front end accepts it, with warning #117-D, in
// main (written out as `return 0;`) and in __device__ functions (an unspecified value); elsewhere the
// host compiler refuses it under nvcc as under the CPU backend, so it is left alone.
#include "rewrite_test_support.h"

using rewriter_test::kSnippetPath;
using rewriter_test::rewritten;
namespace rw = scanlab::rewriter;

namespace {

std::vector<std::string> warnings(std::string_view source) {
  const rw::Result result = rw::rewrite_source(source, kSnippetPath, {});
  std::vector<std::string> out;
  for (const rw::Diagnostic& d : result.warnings) out.push_back(rw::format_diagnostic(d));
  return out;
}

constexpr const char* kZero = "return ::scanlab::cpu::detail::unspecified_value{};";

}  // namespace

TEST_CASE("a bare return in main returns 0, with nvcc's warning", "[bare-return]") {
  const char* source = "int main() {\n  if (bad) { puts(\"failed\"); return; }\n  return;\n}\n";
  CHECK(rewritten(source) == "int main() {\n  if (bad) { puts(\"failed\"); return 0; }\n  return 0;\n}\n");
  CHECK(warnings(source) ==
        std::vector<std::string>{
            "/src/kernel.cu:2:30: warning: non-void function \"main\" should return a value (nvcc's warning #117-D)",
            "/src/kernel.cu:3:3: warning: non-void function \"main\" should return a value (nvcc's warning #117-D)"});
  CHECK(rewritten("int\nmain(int argc, char *argv[])\n{\n  return;\n}\n") ==
        "int\nmain(int argc, char *argv[])\n{\n  return 0;\n}\n");
}

TEST_CASE("a bare return of a lambda or local class in main is its own", "[bare-return]") {
  const char* source = "int main() { auto f = [] { return; }; struct S { void g() { return; } }; f(); return; }";
  CHECK(rewritten(source) == "int main() { auto f = [] { return; }; struct S { void g() { return; } }; f(); return 0; }");
  CHECK(warnings(source).size() == 1);
}

TEST_CASE("a bare return in a __device__ function returning a value gives a value of its type", "[bare-return]") {
  for (const char* head : {"__device__ int f(int x)", "static __device__ __forceinline__ float f(int x)",
                           "template <class T> __device__ T f(T x)", "__device__ int *f(int x)",
                           "__device__ auto f(int x) -> int", "__device__ unsigned long long int f(int x)",
                           "__device__ Pair<int, 2> ns::f(int x) const"}) {
    CAPTURE(head);
    const std::string source = std::string(head) + " { if (x) return; return x; }";
    CHECK(rewritten(source) == std::string(head) + " { if (x) " + kZero + " return x; }");
    CHECK(warnings(source) ==
          std::vector<std::string>{"/src/kernel.cu:1:" + std::to_string(std::string(head).size() + 11) +
                                   ": warning: non-void function \"f\" should return a value (nvcc's warning #117-D)"});
  }
}

TEST_CASE("a bare return stays where it is right or where nvcc's build fails too", "[bare-return]") {
  for (const char* source : {"void f() { return; }", "__device__ void f() { return; }", "__device__ auto f() { return; }",
                             "__device__ auto f() -> void { return; }", "__host__ __device__ int f() { return; }",
                             "int f() { return; }", "struct S { S() { return; } ~S() { return; } };",
                             "namespace ns { int helper() { return; } }"}) {
    CAPTURE(source);
    CHECK(rewritten(source) == source);
    CHECK(warnings(source).empty());
  }
}

TEST_CASE("a bare return in a member function follows its own head", "[bare-return]") {
  CHECK(rewritten("struct Box { __device__ int get() const { return; } };") ==
        std::string("struct Box { __device__ int get() const { ") + kZero + " } };");
}

TEST_CASE("a bare return in a kernel still ends its thread", "[bare-return]") {
  CHECK(rewritten("__global__ void k() { return; }").find("note_kernel_return") != std::string::npos);
}
