// Device-only functions are marked SCANLAB_DEVICE_ARITHMETIC, where GCC may fuse a * b + c into one
// fma as nvcc does in device code; host code, __host__ __device__ functions, variables and lambdas
// are left as written.
#include "rewrite_test_support.h"

using rewriter_test::rewritten;
namespace rw = scanlab::rewriter;

namespace {

std::string marked(std::string_view source) {
  rw::Options options;
  options.device_arithmetic = true;
  return rewritten(source, options);
}

}  // namespace

TEST_CASE("device-only functions are marked for contraction", "[device-arithmetic]") {
  CHECK(marked("__device__ float f(float a, float b) { return a * b; }\n") ==
        "__device__ SCANLAB_DEVICE_ARITHMETIC float f(float a, float b) { return a * b; }\n");
  CHECK(marked("static __device__ __forceinline__ float g(float);\n") ==
        "static __device__ SCANLAB_DEVICE_ARITHMETIC __forceinline__ float g(float);\n");
  CHECK(marked("template <class T> __device__ T h(T x) { return x; }\n") ==
        "template <class T> __device__ SCANLAB_DEVICE_ARITHMETIC T h(T x) { return x; }\n");
  CHECK(marked("struct S { __device__ float m() const; };\n__device__ float S::m() const { return 1; }\n") ==
        "struct S { __device__ SCANLAB_DEVICE_ARITHMETIC float m() const; };\n"
        "__device__ SCANLAB_DEVICE_ARITHMETIC float S::m() const { return 1; }\n");
  CHECK(marked("__device__ Pair<sizeof(int), 2> p(int i) { return {}; }\n") ==
        "__device__ SCANLAB_DEVICE_ARITHMETIC Pair<sizeof(int), 2> p(int i) { return {}; }\n");
}

TEST_CASE("kernels are marked for contraction", "[device-arithmetic]") {
  const std::string out = marked("__global__ void k(float *p) { p[0] = p[1] * p[2] + p[3]; }\n");
  CHECK(out.rfind("__global__ SCANLAB_DEVICE_ARITHMETIC void k(float *p)", 0) == 0);
}

TEST_CASE("host-device functions, variables and lambdas are not marked", "[device-arithmetic]") {
  for (const char* source : {
           "__host__ __device__ float f(float a) { return a; }\n",
           "__device__ __host__ float f(float a) { return a; }\n",
           "template <class T> __host__ __device__ T f(T a) { return a; }\n",
           "__device__ int counter;\n",
           "__device__ float table[4] = {1, 2, 3, 4};\n",
           "__device__ float (*pick)(float) = nullptr;\n",
           "void host() { auto l = [] __device__ (int i) { return i; }; }\n",
       })
    CHECK(marked(source) == source);
}

TEST_CASE("without the option the output is as written", "[device-arithmetic]") {
  const char* source = "__device__ float f(float a) { return a; }\n";
  CHECK(rewritten(source) == source);
}
