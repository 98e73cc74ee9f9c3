// Kernel launches: KERNEL<<<config>>>(args) -> ::scanlab::cpu::launch(site, config, address of KERNEL,
// a lambda that calls KERNEL, args).
#include "rewrite_test_support.h"

using rewriter_test::newline_count;
using rewriter_test::rewrite_errors;
using rewriter_test::rewritten;

TEST_CASE("a launch with grid and block becomes a launch() call", "[launch]") {
  CHECK(rewritten("k<<<grid, block>>>(a, b);\n") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(grid, block), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, a, b);
)cu");
}

TEST_CASE("shared-memory bytes and stream are passed on as written", "[launch]") {
  CHECK(rewritten("k<<<g, b, smem>>>(x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b, smem), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, x);)cu");
  CHECK(rewritten("k<<<g, b, 0, stream>>>(x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b, 0, stream), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, x);)cu");
}

TEST_CASE("configuration arguments are re-spaced after commas", "[launch]") {
  CHECK(rewritten("k<<< g,b >>>( x,y );") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, x,y);)cu");
  CHECK(rewritten("k <<< g, b >>> (x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, x);)cu");
}

TEST_CASE("operator<< with template arguments is not a launch", "[launch]") {
  const char* source = "template <> std::ostream& operator<<<int>(std::ostream&, const Box<int>&);";
  CHECK(rewritten(source) == source);
}

TEST_CASE("templated kernel names keep their template arguments", "[launch]") {
  CHECK(rewritten("scan_kernel<float, 256><<<g, b>>>(in, out);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"scan_kernel<float, 256>", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), SCANLAB_KERNEL_ADDRESS(scan_kernel<float, 256>), [&](auto&... scanlab_kernel_args_) { scan_kernel<float, 256>(scanlab_kernel_args_...); }, in, out);)cu");
}

TEST_CASE("the kernel name in launch_site has its whitespace collapsed", "[launch]") {
  CHECK(rewritten("scan_kernel< float,\t256 ><<<g, b>>>(x);") ==
        "::scanlab::cpu::launch(::scanlab::cpu::launch_site{\"scan_kernel< float, 256 >\", "
        "__FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), SCANLAB_KERNEL_ADDRESS(scan_kernel< float, 256 >), [&](auto&... scanlab_kernel_args_) { scan_kernel< float,\t256 >(scanlab_kernel_args_...); }, x);");
}

TEST_CASE("namespaced and global-scope kernel names are kept whole", "[launch]") {
  CHECK(rewritten("ns::detail::k<T><<<g, b>>>(x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"ns::detail::k<T>", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), SCANLAB_KERNEL_ADDRESS(ns::detail::k<T>), [&](auto&... scanlab_kernel_args_) { ns::detail::k<T>(scanlab_kernel_args_...); }, x);)cu");
  CHECK(rewritten("::k<<<g, b>>>(x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"::k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), SCANLAB_KERNEL_ADDRESS(::k), [&](auto&... scanlab_kernel_args_) { ::k(scanlab_kernel_args_...); }, x);)cu");
  CHECK(rewritten("lab::scan<lab::Sum<int>, 4>::kernel<<<g, b>>>(x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"lab::scan<lab::Sum<int>, 4>::kernel", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), SCANLAB_KERNEL_ADDRESS(lab::scan<lab::Sum<int>, 4>::kernel), [&](auto&... scanlab_kernel_args_) { lab::scan<lab::Sum<int>, 4>::kernel(scanlab_kernel_args_...); }, x);)cu");
}

TEST_CASE("a parenthesized kernel expression is one kernel, its value passed once", "[launch]") {
  CHECK(rewritten("(fast ? fast_k : slow_k)<<<g, b>>>(x);") ==
        R"cu(::scanlab::cpu::launch_through_pointer(::scanlab::cpu::launch_site{"(fast ? fast_k : slow_k)", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), (fast ? fast_k : slow_k), [&](auto scanlab_kernel_, auto&... scanlab_kernel_args_) { scanlab_kernel_(scanlab_kernel_args_...); }, x);)cu");
}

TEST_CASE("a parenthesized name is still called by name", "[launch]") {
  CHECK(rewritten("(ns::k<T>)<<<g, b>>>(x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"(ns::k<T>)", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), SCANLAB_KERNEL_ADDRESS((ns::k<T>)), [&](auto&... scanlab_kernel_args_) { (ns::k<T>)(scanlab_kernel_args_...); }, x);)cu");
}

// nvcc takes any postfix expression of kernel-pointer type before "<<<" (NVIDIA's finite-difference
// blog sample launches `fpDeriv[fp]<<<grid, block>>>(d_f, d_df)`).
TEST_CASE("subscripts, member accesses, calls and dereferences name a kernel by value", "[launch]") {
  const auto through_pointer = [](const std::string& kernel) {
    return "::scanlab::cpu::launch_through_pointer(::scanlab::cpu::launch_site{\"" + kernel +
           "\", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), " + kernel +
           ", [&](auto scanlab_kernel_, auto&... scanlab_kernel_args_) { scanlab_kernel_(scanlab_kernel_args_...); }, d);";
  };
  for (const char* kernel : {"fpDeriv[fp]", "grid[d][fp]", "(*fp)", "plan.kernel", "p->kernel", "plans[i].kernels[j]",
                             "pick(n)", "pick<float>(n)", "table[i](x)", "this->k", "s.template get<K>()"}) {
    CAPTURE(kernel);
    CHECK(rewritten(std::string(kernel) + "<<<g, b>>>(d);") == through_pointer(kernel));
  }
}

TEST_CASE("a kernel expression in a #define body is taken whole", "[launch][macro]") {
  CHECK(rewritten("#define STEP(table, i) table[i]<<<1, 1>>>(x)\n") ==
        "#define STEP(table, i) ::scanlab::cpu::launch_through_pointer(::scanlab::cpu::launch_site{\"table[i]\", "
        "__FILE__, __LINE__}, ::scanlab::cpu::launch_config(1, 1), table[i], [&](auto scanlab_kernel_, auto&... "
        "scanlab_kernel_args_) { scanlab_kernel_(scanlab_kernel_args_...); }, x)\n");
}

TEST_CASE("a statement's own parentheses are not part of the kernel", "[launch]") {
  CHECK(rewritten("if (c) (*fp)<<<g, b>>>(d);").starts_with(
      "if (c) ::scanlab::cpu::launch_through_pointer(::scanlab::cpu::launch_site{\"(*fp)\""));
  CHECK(rewritten("while (n-- > 0) kernels[n]<<<g, b>>>(d);").starts_with(
      "while (n-- > 0) ::scanlab::cpu::launch_through_pointer(::scanlab::cpu::launch_site{\"kernels[n]\""));
  CHECK(rewritten("return (*fp)<<<g, b>>>(d);").starts_with(
      "return ::scanlab::cpu::launch_through_pointer(::scanlab::cpu::launch_site{\"(*fp)\""));
}

TEST_CASE("a literal argument of a launch by value goes into the call", "[launch]") {
  CHECK(rewritten("steps[i]<<<1, 1>>>(d, 0);") ==
        R"cu(::scanlab::cpu::launch_through_pointer(::scanlab::cpu::launch_site{"steps[i]", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(1, 1), steps[i], [&](auto scanlab_kernel_, auto& scanlab_arg0_) { scanlab_kernel_(scanlab_arg0_, 0); }, d, ::scanlab::cpu::detail::null_pointer_literal(0));)cu");
  CHECK(rewritten("(*fp)<<<1, 1>>>(0);") ==
        R"cu(::scanlab::cpu::launch_through_pointer(::scanlab::cpu::launch_site{"(*fp)", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(1, 1), (*fp), [&](auto scanlab_kernel_) { scanlab_kernel_(0); }, ::scanlab::cpu::detail::null_pointer_literal(0));)cu");
}

// PMPP's BFS passes `{srcPtrs.get(), dst.get()}` for a struct parameter: a braced list has no type
// of its own, so the rewriter names the parameter's.
TEST_CASE("a braced-list argument takes the type of the kernel's parameter", "[launch]") {
  CHECK(rewritten("k<<<g, b>>>({a.get(), b.get()}, n);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, ::scanlab::cpu::detail::braced_argument_for<0>(SCANLAB_KERNEL_ADDRESS(k), {a.get(), b.get()}), n);)cu");
  CHECK(rewritten("k<<<g, b>>>(out, {}, 2);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), SCANLAB_KERNEL_ADDRESS(k), [&](auto& scanlab_arg0_, auto& scanlab_arg1_) { k(scanlab_arg0_, scanlab_arg1_, 2); }, out, ::scanlab::cpu::detail::braced_argument_for<1>(SCANLAB_KERNEL_ADDRESS(k), {}), ::scanlab::cpu::detail::literal_argument(2));)cu");
  CHECK(rewritten("t[i]<<<g, b>>>(x, {{p, 3}, {q, 2}});") ==
        R"cu(::scanlab::cpu::launch_through_pointer(::scanlab::cpu::launch_site{"t[i]", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), t[i], [&](auto scanlab_kernel_, auto&... scanlab_kernel_args_) { scanlab_kernel_(scanlab_kernel_args_...); }, x, ::scanlab::cpu::detail::braced_argument<1, decltype(t[i])>({{p, 3}, {q, 2}}));)cu");
}

TEST_CASE("a braced list on lines of its own keeps its line breaks", "[launch][lines]") {
  const char* source = "k<<<g, b>>>(\n    {a,\n     b},\n    n);\n";
  const std::string out = rewritten(source);
  CHECK(out ==
        "::scanlab::cpu::launch(::scanlab::cpu::launch_site{\"k\", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), "
        "SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); },\n    "
        "::scanlab::cpu::detail::braced_argument_for<0>(SCANLAB_KERNEL_ADDRESS(k), {a,\n     b}),\n    n);\n");
  CHECK(newline_count(out) == newline_count(source));
}

TEST_CASE("a launch without kernel arguments omits the trailing ', ARGS'", "[launch]") {
  CHECK(rewritten("k<<<1, 1>>>();") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(1, 1), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); });)cu");
  CHECK(rewritten("k<<<1, 1>>>( /* none */ );") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(1, 1), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); });)cu");
}

TEST_CASE("a launch spread over lines keeps every line break", "[launch][lines]") {
  const char* source = "k\n"
                       "  <<<grid,\n"
                       "     block>>>\n"
                       "  (a,\n"
                       "   b);\n"
                       "after();\n";
  const std::string out = rewritten(source);
  CHECK(out ==
        "::scanlab::cpu::launch(::scanlab::cpu::launch_site{\"k\", __FILE__, __LINE__}, \n"
        "  ::scanlab::cpu::launch_config(grid,\n"
        "     block), \n"
        "  SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, a,\n"
        "   b);\n"
        "after();\n");
  CHECK(newline_count(out) == newline_count(source));
}

TEST_CASE("a launch inside a #define body is rewritten, line splices included", "[launch][macro]") {
  const char* source = "#define LAUNCH_SCAN(n) scan<<<((n) + 255) / 256, 256>>>(data, \\\n"
                       "                                                      n)\n"
                       "LAUNCH_SCAN(count);\n";
  const std::string out = rewritten(source);
  CHECK(out ==
        "#define LAUNCH_SCAN(n) ::scanlab::cpu::launch(::scanlab::cpu::launch_site{\"scan\", "
        "__FILE__, __LINE__}, ::scanlab::cpu::launch_config(((n) + 255) / 256, 256), SCANLAB_KERNEL_ADDRESS(scan), [&](auto&... scanlab_kernel_args_) { scan(scanlab_kernel_args_...); }, data, \\\n"
        "                                                      n)\n"
        "LAUNCH_SCAN(count);\n");
  CHECK(newline_count(out) == newline_count(source));
}

TEST_CASE("token pasting in a macro's kernel name stays part of the name", "[launch][macro]") {
  CHECK(rewritten("#define RUN(op) op##_kernel<<<g, b>>>(x)\n") ==
        "#define RUN(op) ::scanlab::cpu::launch(::scanlab::cpu::launch_site{\"op##_kernel\", "
        "__FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), SCANLAB_KERNEL_ADDRESS(op##_kernel), [&](auto&... scanlab_kernel_args_) { op##_kernel(scanlab_kernel_args_...); }, x)\n");
}

TEST_CASE("directives other than #define are copied verbatim", "[launch][macro]") {
  const char* source = "#error k<<<g, b>>>(x) is not rewritten here\n";
  CHECK(rewritten(source) == source);
}

TEST_CASE("'>>' inside a configuration argument does not end it", "[launch]") {
  CHECK(rewritten("k<<<(n+255)>>8, 256>>>(x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config((n+255)>>8, 256), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, x);)cu");
  CHECK(rewritten("k<<<(n >> 8), (a > b ? 1 : 2)>>>(x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config((n >> 8), (a > b ? 1 : 2)), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, x);)cu");
}

TEST_CASE("a template argument list ending in '>>' right before '>>>' belongs to the config",
          "[launch]") {
  CHECK(rewritten("k<<<g, threads<Wide<int>>>>>(x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, threads<Wide<int>>), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, x);)cu");
}

TEST_CASE("commas inside brackets and template calls do not split the configuration",
          "[launch]") {
  CHECK(rewritten("k<<<dim3{gx, gy}, dim3(bx, by), std::max<size_t>(a, b)>>>(x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(dim3{gx, gy}, dim3(bx, by), std::max<size_t>(a, b)), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, x);)cu");
}

TEST_CASE("launches in loops, if bodies, lambdas and several on one line", "[launch]") {
  CHECK(rewritten("for (;;) if (c) a<<<1, 2>>>(x); else b<<<3, 4>>>();") ==
        R"cu(for (;;) if (c) ::scanlab::cpu::launch(::scanlab::cpu::launch_site{"a", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(1, 2), SCANLAB_KERNEL_ADDRESS(a), [&](auto&... scanlab_kernel_args_) { a(scanlab_kernel_args_...); }, x); else ::scanlab::cpu::launch(::scanlab::cpu::launch_site{"b", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(3, 4), SCANLAB_KERNEL_ADDRESS(b), [&](auto&... scanlab_kernel_args_) { b(scanlab_kernel_args_...); });)cu");
  CHECK(rewritten("auto run = [&] { k<<<g, b>>>(p); };") ==
        R"cu(auto run = [&] { ::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(g, b), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, p); };)cu");
}

TEST_CASE("a launch nested in another launch's arguments is rewritten too", "[launch]") {
  CHECK(rewritten("outer<<<1, 1>>>([&] { inner<<<2, 2>>>(); });") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"outer", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(1, 1), SCANLAB_KERNEL_ADDRESS(outer), [&](auto&... scanlab_kernel_args_) { outer(scanlab_kernel_args_...); }, [&] { ::scanlab::cpu::launch(::scanlab::cpu::launch_site{"inner", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(2, 2), SCANLAB_KERNEL_ADDRESS(inner), [&](auto&... scanlab_kernel_args_) { inner(scanlab_kernel_args_...); }); });)cu");
}

TEST_CASE("malformed launches are errors reported at the '<<<'", "[launch][errors]") {
  CHECK(rewrite_errors("void f() {\n  k<<<g, b;\n}\n") ==
        std::vector<std::string>{
            "/src/kernel.cu:2:4: error: kernel launch: missing '>>>' to close '<<<'"});
  CHECK(rewrite_errors("  k<<<g, b>>>;\n") ==
        std::vector<std::string>{"/src/kernel.cu:1:4: error: kernel launch: expected '(' with the "
                                 "kernel arguments after '>>>'"});
  CHECK(rewrite_errors("k<<<>>>(x);\n") ==
        std::vector<std::string>{"/src/kernel.cu:1:2: error: kernel launch: '<<<>>>' needs a "
                                 "launch configuration (grid, block[, shared bytes[, stream]])"});
  CHECK(rewrite_errors("k<<<1, 2, 3, 4, 5>>>(x);\n") ==
        std::vector<std::string>{"/src/kernel.cu:1:2: error: kernel launch: '<<<...>>>' takes at "
                                 "most 4 arguments (grid, block, shared bytes, stream), got 5"});
  CHECK(rewrite_errors("x = <<<1, 2>>>(x);\n") ==
        std::vector<std::string>{"/src/kernel.cu:1:5: error: kernel launch: cannot find the "
                                 "kernel before '<<<' (expected a name like k or ns::k<T>, or an "
                                 "expression such as kernels[i], (*fp) or s.kernel)"});
  CHECK(rewrite_errors("f([x]<<<1, 2>>>(y));\n").size() == 1);  // a lambda's introducer is no operand
}

// Passed to launch() as well, marked, for a launch that converts its arguments (kernel_signature.h).
TEST_CASE("literal kernel arguments are written into the call, as in the launch", "[launch]") {
  CHECK(rewritten("k<<<1, 1>>>(NULL, 0, n0, 0 + 1, ( 0 ), 2.5f);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(1, 1), SCANLAB_KERNEL_ADDRESS(k), [&](auto& scanlab_arg2_, auto& scanlab_arg3_, auto& scanlab_arg4_) { k(NULL, 0, scanlab_arg2_, scanlab_arg3_, scanlab_arg4_, 2.5f); }, ::scanlab::cpu::detail::null_pointer_literal(NULL), ::scanlab::cpu::detail::null_pointer_literal(0), n0, 0 + 1, ( 0 ), ::scanlab::cpu::detail::literal_argument(2.5f));)cu");
  CHECK(rewritten("k<<<0, 1>>>(x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(0, 1), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, x);)cu");
  CHECK(rewritten("k<<<1, 1>>>(0);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(1, 1), SCANLAB_KERNEL_ADDRESS(k), [&]() { k(0); }, ::scanlab::cpu::detail::null_pointer_literal(0));)cu");
}

TEST_CASE("a launch inside a kernel (dynamic parallelism) is an error naming it", "[launch][errors]") {
  CHECK(rewrite_errors("__global__ void child() {}\n__global__ void parent() {\n  if (true) { child<<<1, 1>>>(); }\n}\n") ==
        std::vector<std::string>{"/src/kernel.cu:3:20: error: scanlab CPU backend: a kernel launch inside a kernel "
                                 "(dynamic parallelism) cannot run on the CPU backend; this file needs a GPU"});
  CHECK(rewrite_errors("__global__ void child() {}\nvoid host() { auto f = [] { child<<<1, 1>>>(); }; f(); }\n").empty());
}

TEST_CASE("Visual Studio's spaced launch angles are joined first", "[launch]") {
  CHECK(rewritten("k << <grid, block >> > (x);") ==
        R"cu(::scanlab::cpu::launch(::scanlab::cpu::launch_site{"k", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(grid, block), SCANLAB_KERNEL_ADDRESS(k), [&](auto&... scanlab_kernel_args_) { k(scanlab_kernel_args_...); }, x);)cu");
  const char* not_launches = "std::operator<< <char>(os, c); auto v = static_cast<A<B<C>> >(w); // << < >> >\n";
  CHECK(rewritten(not_launches) == not_launches);
}

TEST_CASE("a literal argument on its own line keeps its line break", "[launch][lines]") {
  const char* source = "k<<<b, t>>>(a,\n    0,\n    c);\n";
  const std::string out = rewritten(source);
  CHECK(out ==
        "::scanlab::cpu::launch(::scanlab::cpu::launch_site{\"k\", __FILE__, __LINE__}, ::scanlab::cpu::launch_config(b, t), "
        "SCANLAB_KERNEL_ADDRESS(k), [&](auto& scanlab_arg0_, auto& scanlab_arg2_) { k(scanlab_arg0_, 0, scanlab_arg2_); }, a,\n"
        "    ::scanlab::cpu::detail::null_pointer_literal(0),\n    c);\n");
  CHECK(newline_count(out) == newline_count(source));
}
