// --check-alignment (what clang builds pass): the pointers of `*p` and `p[i]` go through
// ::scanlab::cpu::checked_deref where the rewriter is sure of the expression, and nothing else
// changes. Declarators, address-of, members and template-ids are left as written.
#include "rewrite_test_support.h"

namespace {

using rewriter_test::rewritten;

std::string checked(std::string_view source) {
  scanlab::rewriter::Options options;
  options.check_alignment = true;
  return rewritten(source, options);
}

std::string body(const std::string& rewritten_text) {
  const std::size_t open = rewritten_text.find('{');
  const std::size_t close = rewritten_text.rfind('}');
  return rewritten_text.substr(open + 1, close - open - 1);
}

TEST_CASE("check-alignment: loads and stores through cast pointers are checked", "[rewriter][alignment]") {
  const std::string out = body(checked(
      "__device__ void f(const float* in, float* out, int j) {\n"
      "  const float2 a = *reinterpret_cast<const float2*>(in + j);\n"
      "  float4 b = reinterpret_cast<const float4*>(in)[j];\n"
      "  *(float2*)(out + j) = a;\n"
      "  if (j > 0) out[j] = b.x;\n"
      "}\n"));
  CHECK(out.find("*::scanlab::cpu::checked_deref(reinterpret_cast<const float2*>(in + j), __FILE__, 2)") !=
        std::string::npos);
  CHECK(out.find("::scanlab::cpu::checked_deref(reinterpret_cast<const float4*>(in), __FILE__, 3)[j]") !=
        std::string::npos);
  CHECK(out.find("*::scanlab::cpu::checked_deref((float2*)(out + j), __FILE__, 4) = a;") != std::string::npos);
  CHECK(out.find("if (j > 0) ::scanlab::cpu::checked_deref(out, __FILE__, 5)[j] = b.x;") != std::string::npos);
}

TEST_CASE("check-alignment: declarations, addresses, members and templates stay as written",
          "[rewriter][alignment]") {
  const char* source =
      "__device__ float g(float* p, S* s, int i) {\n"
      "  float *a = p, *b = p;\n"
      "  float c[4], d[2];\n"
      "  float* e = &p[i];\n"
      "  void (*fp)(int) = nullptr;\n"
      "  auto f = [&](int k) { return k; };\n"
      "  std::vector<int> *v = nullptr;\n"
      "  return s->q[i] + get<float>(c)[0] + a[0] * b[0] + sizeof(float) * 2;\n"
      "}\n";
  const std::string out = checked(source);
  CHECK(out.find("float *a = p, *b = p;") != std::string::npos);
  CHECK(out.find("float c[4], d[2];") != std::string::npos);
  CHECK(out.find("float* e = &p[i];") != std::string::npos);
  CHECK(out.find("void (*fp)(int) = nullptr;") != std::string::npos);
  CHECK(out.find("auto f = [&](int k) { return k; };") != std::string::npos);
  CHECK(out.find("std::vector<int> *v = nullptr;") != std::string::npos);
  CHECK(out.find("s->q[i]") != std::string::npos);
  CHECK(out.find("get<float>(c)[0]") != std::string::npos);
  CHECK(out.find("sizeof(float) * 2") != std::string::npos);
}

TEST_CASE("check-alignment: off by default, the output is unchanged", "[rewriter][alignment]") {
  const char* source = "__device__ float h(const float* p) { return *p + p[1]; }\n";
  CHECK(rewritten(source) == source);
}

}  // namespace
