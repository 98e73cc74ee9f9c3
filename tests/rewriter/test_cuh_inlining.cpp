// Quoted .cuh (and .cu, and other headers holding CUDA syntax) includes are inlined (rewritten), framed by #line directives so diagnostics and
// __LINE__ still point into the right file; the inlined files are the output's dependencies.
#include "rewrite_test_support.h"

using rewriter_test::TempTree;
namespace rw = scanlab::rewriter;

namespace {

std::string line_directive(int line, const std::string& path) {
  return "#line " + std::to_string(line) + " \"" + path + "\"";
}

}  // namespace

TEST_CASE("a .cuh include is replaced by the rewritten header between #line directives",
          "[include]") {
  TempTree tree;
  const std::string header = tree.write("scan.cuh", "#pragma once\n"
                                                    "__global__ void k(int* x) {\n"
                                                    "  __shared__ int s;\n"
                                                    "}\n");
  const std::string main = tree.write("main.cu", "#include \"scan.cuh\"  // the kernel\n"
                                                 "int main() { k<<<1, 1>>>(nullptr); }\n");
  const rw::Result result = rw::rewrite_file(main, {});
  REQUIRE(result.errors.empty());
  CHECK(result.text ==
        "#include <scanlab/cpu/prelude.h>\n" + line_directive(1, main) + "\n" +
            line_directive(1, header) + "\n" +
            "\n"  // the #pragma once line, emptied
            "__global__ void k(int* x) {\n"
            "  static thread_local ::scanlab::cpu::shared_slot scanlab_shared_slot_s; auto& s = "
            "scanlab_shared_slot_s.get<int>(\"s\", __FILE__, __LINE__);\n"
            "} SCANLAB_REGISTER_KERNEL(k) SCANLAB_KERNEL_STATIC_SHARED(sizeof(int), k)\n" +
            line_directive(2, main) + "\n" +
            "int main() { ::scanlab::cpu::launch(::scanlab::cpu::launch_site{\"k\", __FILE__, "
            "__LINE__}, ::scanlab::cpu::launch_config(1, 1), SCANLAB_KERNEL_ADDRESS(k), [&]() { k(nullptr); }, "
             "::scanlab::cpu::detail::literal_argument(nullptr)); }\n");
  CHECK(result.dependencies == std::vector<std::string>{header});
}

TEST_CASE("a header without a final newline still ends its line", "[include]") {
  TempTree tree;
  const std::string header = tree.write("h.cuh", "int h;");
  const std::string main = tree.write("main.cu", "#include \"h.cuh\"\nint m;\n");
  CHECK(rw::rewrite_file(main, {}).text == "#include <scanlab/cpu/prelude.h>\n" +
                                               line_directive(1, main) + "\n" +
                                               line_directive(1, header) + "\nint h;\n" +
                                               line_directive(2, main) + "\nint m;\n");
}

TEST_CASE("a #pragma once header is inlined only once", "[include]") {
  TempTree tree;
  const std::string once = tree.write("once.cuh", "#pragma once\nint once_value;\n");
  const std::string main = tree.write("main.cu", "#include \"once.cuh\"\n#include \"once.cuh\"\n");
  const rw::Result result = rw::rewrite_file(main, {});
  CHECK(result.text == "#include <scanlab/cpu/prelude.h>\n" + line_directive(1, main) + "\n" +
                           line_directive(1, once) + "\n\nint once_value;\n" +
                           line_directive(2, main) + "\n" +
                           "\n");  // the second include: an empty line
  CHECK(result.dependencies == std::vector<std::string>{once});
}

TEST_CASE("a header without #pragma once is inlined each time, listed once", "[include]") {
  TempTree tree;
  const std::string twice = tree.write("twice.cuh", "X\n");
  const std::string main = tree.write("main.cu", "#include \"twice.cuh\"\n#include \"twice.cuh\"\n");
  const rw::Result result = rw::rewrite_file(main, {});
  CHECK(result.text == "#include <scanlab/cpu/prelude.h>\n" + line_directive(1, main) + "\n" +
                           line_directive(1, twice) + "\nX\n" + line_directive(2, main) + "\n" +
                           line_directive(1, twice) + "\nX\n" + line_directive(3, main) + "\n");
  CHECK(result.dependencies == std::vector<std::string>{twice});
}

TEST_CASE("nested headers resume at the right line of the right file", "[include]") {
  TempTree tree;
  const std::string inner = tree.write("lib/inner.cuh", "int inner;\n");
  const std::string outer = tree.write("lib/outer.cuh", "// outer\n#include \"inner.cuh\"\nint outer;\n");
  const std::string main = tree.write("main.cu", "#include \"lib/outer.cuh\"\nint m;\n");
  const rw::Result result = rw::rewrite_file(main, {});
  CHECK(result.text == "#include <scanlab/cpu/prelude.h>\n" + line_directive(1, main) + "\n" +
                           line_directive(1, outer) + "\n// outer\n" +
                           line_directive(1, inner) + "\nint inner;\n" +
                           line_directive(3, outer) + "\nint outer;\n" +
                           line_directive(2, main) + "\nint m;\n");
  CHECK(result.dependencies == std::vector<std::string>{outer, inner});
}

TEST_CASE("headers are found through -I directories after the including directory",
          "[include]") {
  TempTree tree;
  const std::string local = tree.write("src/common.cuh", "int local;\n");
  tree.write("include/common.cuh", "int from_include_dir;\n");
  const std::string only_there = tree.write("include/extra.cuh", "int extra;\n");
  const std::string main =
      tree.write("src/main.cu", "#include \"common.cuh\"\n#include \"extra.cuh\"\n");
  const rw::Result result = rw::rewrite_file(main, rw::Options{{tree.path("include")}});
  REQUIRE(result.errors.empty());
  CHECK(result.dependencies == std::vector<std::string>{local, only_there});
}

TEST_CASE("a missing .cuh is an error at the file name", "[include][errors]") {
  TempTree tree;
  const std::string main = tree.write("main.cu", "int a;\n#include   \"missing.cuh\"\n");
  const rw::Result result = rw::rewrite_file(main, {});
  REQUIRE(result.errors.size() == 1);
  CHECK(rw::format_diagnostic(result.errors[0]) ==
        main + ":2:12: error: cannot find \"missing.cuh\" (searched " +
            std::filesystem::path(main).parent_path().string() + " and the -I directories)");
}

TEST_CASE("errors inside a header name the header", "[include][errors]") {
  TempTree tree;
  const std::string header = tree.write("bad.cuh", "\n__shared__ int g;\n");
  const std::string main = tree.write("main.cu", "#include \"bad.cuh\"\n");
  const rw::Result result = rw::rewrite_file(main, {});
  REQUIRE(result.errors.size() == 1);
  CHECK(rw::format_diagnostic(result.errors[0]).starts_with(header + ":2:16: error: "));
}

TEST_CASE("the depfile lists output, input and inlined headers, escaped for make",
          "[include][depfile]") {
  CHECK(rw::make_depfile("gen/kernel.cpp", "/src/kernel.cu", {"/src/scan.cuh"}) ==
        "gen/kernel.cpp: /src/kernel.cu /src/scan.cuh\n");
  CHECK(rw::make_depfile("my gen/k.cpp", "/src/my lab/k.cu", {"/src/#1/$x.cuh"}) ==
        "my\\ gen/k.cpp: /src/my\\ lab/k.cu /src/\\#1/$$x.cuh\n");
}

TEST_CASE("a quoted .h with CUDA syntax is inlined, one without stays an #include", "[include]") {
  TempTree tree;
  tree.write("kernels.h", "__global__ void k() { __shared__ int s; }\n");
  tree.write("plain.h", "int plain();\n");
  const std::string main = tree.write("main.cu", "#include \"plain.h\"\n#include \"kernels.h\"\n#include \"absent.h\"\n");
  const rw::Result result = rw::rewrite_file(main, {});
  REQUIRE(result.errors.empty());
  CHECK(result.text.find("#include \"plain.h\"") != std::string::npos);
  CHECK(result.text.find("#include \"absent.h\"") != std::string::npos);
  CHECK(result.text.find("#include \"kernels.h\"") == std::string::npos);
  CHECK(result.text.find("scanlab_shared_slot_s") != std::string::npos);
}
