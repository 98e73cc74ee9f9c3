// __shared__ declarations: static ones become a shared_slot plus a reference on the same line,
// extern (dynamic) ones a pointer from dynamic_shared<T>().
#include "rewrite_test_support.h"

using rewriter_test::newline_count;
using rewriter_test::rewrite_errors;
using rewriter_test::rewritten;

namespace {

// `statement` as the only line of a kernel body, which is where __shared__ is allowed.
std::string in_kernel(const std::string& statement) {
  return "__global__ void k() {\n  " + statement + "\n}\n";
}

// What the rewriter makes of in_kernel(...) when the statement rewrites to `statement`: the kernel
// is registered for cudaLaunchKernel after its closing brace, on the same line, and with the sizeof
// sum of its static __shared__ types (`static_bytes`, for cudaFuncGetAttributes) when it has any.
std::string rewritten_kernel(const std::string& statement, const std::string& static_bytes = "") {
  const std::string shared = static_bytes.empty() ? "" : " SCANLAB_KERNEL_STATIC_SHARED(" + static_bytes + ", k)";
  return "__global__ void k() {\n  " + statement + "\n} SCANLAB_REGISTER_KERNEL(k)" + shared + "\n";
}

}  // namespace

TEST_CASE("a shared scalar becomes a slot and a reference", "[shared]") {
  CHECK(rewritten(in_kernel("__shared__ int count;")) ==
        rewritten_kernel(R"cu(static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_count; auto& count = scanlab_shared_slot_count.get<int>("count", __FILE__, __LINE__);)cu", "sizeof(int)"));
}

TEST_CASE("a shared array keeps its dimensions in the slot type", "[shared]") {
  CHECK(rewritten(in_kernel("__shared__ float tile[256];")) ==
        rewritten_kernel(R"cu(static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_tile; auto& tile = scanlab_shared_slot_tile.get<float[256]>("tile", __FILE__, __LINE__);)cu", "sizeof(float[256])"));
}

TEST_CASE("a 2-D shared array keeps both dimensions", "[shared]") {
  CHECK(rewritten(in_kernel("__shared__ float tile[TILE][TILE + 1];")) ==
        rewritten_kernel(R"cu(static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_tile; auto& tile = scanlab_shared_slot_tile.get<float[TILE][TILE + 1]>("tile", __FILE__, __LINE__);)cu", "sizeof(float[TILE][TILE + 1])"));
}

TEST_CASE("qualifiers before __shared__ stay in the type, a leading static goes", "[shared]") {
  CHECK(rewritten(in_kernel("volatile __shared__ float partial[32];")) ==
        rewritten_kernel(R"cu(static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_partial; auto& partial = scanlab_shared_slot_partial.get<volatile float[32]>("partial", __FILE__, __LINE__);)cu", "sizeof(volatile float[32])"));
  CHECK(rewritten(in_kernel("static __shared__ int flag;")) ==
        rewritten_kernel(R"cu(static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_flag; auto& flag = scanlab_shared_slot_flag.get<int>("flag", __FILE__, __LINE__);)cu", "sizeof(int)"));
}

TEST_CASE("several declarators become one slot and reference each", "[shared]") {
  CHECK(rewritten(in_kernel("__shared__ float a[N], b[2*N];")) ==
        rewritten_kernel(R"cu(static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_a; auto& a = scanlab_shared_slot_a.get<float[N]>("a", __FILE__, __LINE__); static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_b; auto& b = scanlab_shared_slot_b.get<float[2*N]>("b", __FILE__, __LINE__);)cu", "sizeof(float[N]) + sizeof(float[2*N])"));
}

TEST_CASE("a pointer declarator does not make the next declarator a pointer", "[shared]") {
  CHECK(rewritten(in_kernel("__shared__ float *p, v[4];")) ==
        rewritten_kernel(R"cu(static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_p; auto& p = scanlab_shared_slot_p.get<float *>("p", __FILE__, __LINE__); static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_v; auto& v = scanlab_shared_slot_v.get<float[4]>("v", __FILE__, __LINE__);)cu", "sizeof(float *) + sizeof(float[4])"));
}

TEST_CASE("commas in a template type do not split declarators", "[shared]") {
  CHECK(rewritten(in_kernel("__shared__ Pair<int, float> pairs[8];")) ==
        rewritten_kernel(R"cu(static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_pairs; auto& pairs = scanlab_shared_slot_pairs.get<Pair<int, float>[8]>("pairs", __FILE__, __LINE__);)cu", "sizeof(Pair<int, float>[8])"));
}

TEST_CASE("__align__(n) leaves the type and becomes the slot's alignment argument", "[shared]") {
  CHECK(rewritten(in_kernel("__shared__ __align__(16) float4 t[N];")) ==
        rewritten_kernel(R"cu(static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_t; auto& t = scanlab_shared_slot_t.get<float4[N], 16>("t", __FILE__, __LINE__);)cu", "sizeof(float4[N])"));
}

TEST_CASE("a declaration over several lines keeps its line count", "[shared][lines]") {
  const std::string source = in_kernel("__shared__ float\n      tile[16]; // comment stays\n  use(tile);");
  const std::string out = rewritten(source);
  CHECK(out ==
        rewritten_kernel(R"cu(static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_tile; auto& tile = scanlab_shared_slot_tile.get<float[16]>("tile", __FILE__, __LINE__);
 // comment stays
  use(tile);)cu", "sizeof(float[16])"));
  CHECK(newline_count(out) == newline_count(source));
}

TEST_CASE("extern __shared__ becomes a pointer to dynamic shared memory", "[shared][dynamic]") {
  CHECK(rewritten(in_kernel("extern __shared__ float dyn[];")) ==
        rewritten_kernel("float* const dyn = ::scanlab::cpu::dynamic_shared<float>();"));
}

TEST_CASE("__align__ anywhere in an extern __shared__ type is dropped", "[shared][dynamic]") {
  CHECK(rewritten(in_kernel("extern __shared__ __align__(16) unsigned char raw[];")) ==
        rewritten_kernel("unsigned char* const raw = ::scanlab::cpu::dynamic_shared<unsigned char>();"));
  CHECK(rewritten(in_kernel("extern __shared__ unsigned __align__(8) int words[];")) ==
        rewritten_kernel("unsigned int* const words = ::scanlab::cpu::dynamic_shared<unsigned int>();"));
}

TEST_CASE("extern __shared__ with a size is an error", "[shared][dynamic][errors]") {
  CHECK(rewrite_errors(in_kernel("extern __shared__ float dyn[64];")) ==
        std::vector<std::string>{"/src/kernel.cu:2:27: error: extern __shared__ must be an unsized "
                                 "array, as in: extern __shared__ float dyn[];"});
}

TEST_CASE("an initializer on a __shared__ variable is an error at the '='", "[shared][errors]") {
  CHECK(rewrite_errors(in_kernel("__shared__ int counter = 0;")) ==
        std::vector<std::string>{
            "/src/kernel.cu:2:26: error: __shared__ variables cannot have initializers"});
  CHECK(rewrite_errors(in_kernel("__shared__ int a[2], b{0};")) ==
        std::vector<std::string>{
            "/src/kernel.cu:2:25: error: __shared__ variables cannot have initializers"});
}

TEST_CASE("a __shared__ scalar outside a function body is an error", "[shared][scope][errors]") {
  const std::string message = "error: scanlab CPU backend: a __shared__ scalar at namespace scope is not "
                              "supported; declare it inside the kernel (arrays at namespace scope are)";
  CHECK(rewrite_errors("namespace lab {\nvolatile __shared__ int g;\n}\n") ==
        std::vector<std::string>{"/src/kernel.cu:2:25: " + message});
  CHECK(rewrite_errors("extern \"C\" {\n  __shared__ int g;\n}\n") ==
        std::vector<std::string>{"/src/kernel.cu:2:18: " + message});
  CHECK(rewrite_errors("struct __align__(16) S {\n  __shared__ int g;\n};\n") ==
        std::vector<std::string>{"/src/kernel.cu:2:18: " + message});
  CHECK(rewrite_errors("template <class T> struct B { T v; };\n__shared__ int g;\n") ==
        std::vector<std::string>{"/src/kernel.cu:2:16: " + message});
}

TEST_CASE("__shared__ arrays at namespace scope become per-block views", "[shared][scope]") {
  CHECK(rewritten("__shared__ float g[16];\n") ==
        "static thread_local ::scanlab::cpu::namespace_shared_array<float[16]> g(\"g\", __FILE__, __LINE__);\n");
  CHECK(rewritten("extern __shared__ float dyn[];\n") ==
        "static constexpr ::scanlab::cpu::dynamic_shared_array<float> dyn{};\n");
}

TEST_CASE("__shared__ is accepted in every kind of function body", "[shared][scope]") {
  const char* kernels =
      "namespace lab { template <class T, int N> __global__ void a() { __shared__ T s; } }\n"
      "extern \"C\" __global__ void b() { __shared__ int s; }\n"
      "struct Op { __device__ void c() const { if (1) { __shared__ int s; } } };\n"
      "auto d = [] __device__ () { __shared__ int s; };\n";
  CHECK(rewrite_errors(kernels).empty());
}

TEST_CASE("a kernel's static shared bytes are registered unless its types name its own declarations", "[shared]") {
  CHECK(rewritten("__global__ void k(int n) {\n  __shared__ float a[64], b[N];\n}\n") ==
        "__global__ void k(int n) {\n  static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_a; auto& a = "
        "scanlab_shared_slot_a.get<float[64]>(\"a\", __FILE__, __LINE__); static thread_local "
        "::scanlab::cpu::shared_slot scanlab_shared_slot_b; auto& b = scanlab_shared_slot_b.get<float[N]>(\"b\", "
        "__FILE__, __LINE__);\n} SCANLAB_REGISTER_KERNEL(k) SCANLAB_KERNEL_STATIC_SHARED(sizeof(float[64]) + "
        "sizeof(float[N]), k)\n");
  // A local constant, a parameter or a local typedef is not visible after the kernel: no size.
  for (const char* body : {"constexpr int K = 8;\n  __shared__ int s[K];", "typedef float T;\n  __shared__ T s[4];"}) {
    INFO(body);
    CHECK(rewritten("__global__ void k() {\n  " + std::string(body) + "\n}\n").find("SCANLAB_KERNEL_STATIC_SHARED") ==
          std::string::npos);
  }
  CHECK(rewritten("__global__ void k(int n) {\n  __shared__ int s[n];\n}\n").find("STATIC_SHARED") == std::string::npos);
  // Dynamic shared memory is not static: nothing to register.
  CHECK(rewritten("__global__ void k() {\n  extern __shared__ int d[];\n}\n").find("STATIC_SHARED") == std::string::npos);
}

TEST_CASE("__shared__ in a #define body is rewritten, its scope read from the body's braces", "[shared][macro]") {
  // A function body inside the macro: the plain rewrite, a parameter's name pasted and stringized.
  CHECK(rewritten("#define S(T, n) struct W { __device__ T* p() { extern __shared__ T n[]; return n; } };\n") ==
        "#define S(T, n) struct W { __device__ T* p() { T* const n = ::scanlab::cpu::dynamic_shared<T>(); return n; } };\n");
  CHECK(rewritten("#define K(n) __global__ void k() { __shared__ int n[4]; }\n") ==
        R"cu(#define K(n) __global__ void k() { static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_##n; auto& n = scanlab_shared_slot_##n.get<int[4]>(#n, __FILE__, __LINE__); }
)cu");
  // Line splices the declaration spanned stay splices, so the directive goes on.
  CHECK(rewritten("#define K() void f() { __shared__ \\\n float a[2]; }\n") ==
        R"cu(#define K() void f() { static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_a; auto& a = scanlab_shared_slot_a.get<float[2]>("a", __FILE__, __LINE__);\
 }
)cu");
}

TEST_CASE("__shared__ at a #define body's top level is guarded to a function body", "[shared][macro]") {
  const std::string out = rewritten("#define TILE(n) __shared__ float n[32]\n");
  CHECK(out.find("static_assert(sizeof(__func__) > 0") != std::string::npos);
  CHECK(out.find("auto& n = scanlab_shared_slot_##n.get<float[32]>(#n, __FILE__, __LINE__);") != std::string::npos);
}

TEST_CASE("a __shared__ a #define body cannot hold whole becomes an error where it is expanded", "[shared][macro]") {
  CHECK(rewrite_errors("#define SHARED __shared__\n").empty());
  const std::string out = rewritten("#define SHARED __shared__\n");
  CHECK(out.find("#define SHARED static_assert(false, \"scanlab CPU backend: /src/kernel.cu:1:16:") == 0);
}
