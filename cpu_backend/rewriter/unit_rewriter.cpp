// One pass over a file's tokens records edits (token range -> replacement); a second pass
// renders the file, applying them. Launch edits render their configuration and argument
// tokens recursively, so a launch nested in another launch's arguments is rewritten too.
#include "unit_rewriter.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "bare_return.h"
#include "device_arithmetic.h"
#include "cuda_arch_condition.h"
#include "checked_deref.h"
#include "kernel_expression.h"
#include "launch_parser.h"
#include "scope_tracker.h"
#include "shared_decl.h"
#include "spaced_launch.h"
#include "source_files.h"
#include "token_stream.h"

namespace scanlab::rewriter {
namespace {

namespace fs = std::filesystem;

struct Edit {
  std::size_t end;   // tokens [start, end) are replaced
  std::string text;  // the replacement, unless this is a launch
  std::optional<LaunchSite> launch;
  Region region{};  // the launch's region
  // A wrap keeps tokens (start, end) and their own edits: text, then them, then `suffix`
  // (`keeps_start`: token start too, right after text).
  bool wrap = false;
  bool keeps_start = false;
  std::string suffix;
};

class UnitRewriter {
 public:
  UnitRewriter(Session& session, std::string_view source, const UnitInfo& unit)
      : session_(session), ts_(source), unit_(unit) {}

  std::string run() {
    scan();
    return render(0, ts_.size());
  }

 private:
  // ---- scanning: find what to replace --------------------------------------------------

  void scan() {
    ScopeTracker scopes;
    std::size_t i = 0;
    while (i < ts_.size()) {
      if (!is_significant(ts_[i])) {
        ++i;
      } else if (ts_[i].directive == static_cast<long>(i)) {
        if (scopes.in_function_body())
          add_cuda_arch_branch(i);
        else
          device_view_directive(i);
        i = scan_directive(i, scopes);
      } else if (ts_.is(i, "{")) {
        const bool was_in_kernel = scopes.in_kernel_body();
        scopes.open(ts_, i++);
        if (!was_in_kernel && scopes.in_kernel_body()) {
          kernel_body_start_ = i;
          kernel_shared_types_.clear();
          kernel_shared_known_ = true;
        }
      } else if (ts_.is(i, "}")) {
        if (scopes.close_ends_namespace_kernel()) add_kernel_registration(i, scopes.kernel_head());
        ++i;
      } else if (starts_launch(i) && scopes.in_kernel_body()) {
        error_at(i, "scanlab CPU backend: a kernel launch inside a kernel (dynamic parallelism) cannot run on "
                    "the CPU backend; this file needs a GPU");
        i += 3;
      } else if (starts_launch(i)) {
        add_launch(ts_.code_region(), i);
        i += 3;  // keep scanning inside the launch: its arguments may hold lambdas or launches
      } else if (ts_.is(i, "return") && scopes.in_kernel_own_body()) {
        mark_kernel_return(i++);
      } else if (ts_.is(i, "return") && scopes.in_function_own_body() && ts_.is(ts_.next(ts_.code_region(), i + 1), ";")) {
        add_bare_return(i++, scopes.function_head());
      } else if (ts_.is(i, "*") && scopes.in_function_body() && session_.options.check_alignment) {
        add_checked_deref(i++);
      } else if (ts_.is(i, "[") && scopes.in_function_body() && session_.options.check_alignment) {
        add_checked_subscript(i++);
      } else if (ts_.is(i, "__noinline__")) {
        mark_noinline(i++);
      } else if ((ts_.is(i, "__device__") || ts_.is(i, "__global__")) && session_.options.device_arithmetic &&
                 !scopes.in_function_body()) {
        mark_device_arithmetic(i++);
      } else if (ts_.is(i, "__shared__")) {
        i = add_shared(i, scopes);
      } else if (ts_.is(i, "asm") || ts_.is(i, "__asm__") || ts_.is(i, "__asm")) {
        // Inline PTX would reach the host assembler as nonsense; say what it is instead.
        error_at(i, "scanlab CPU backend: inline PTX (asm) cannot run on the CPU; use the CUDA intrinsics "
                    "(atomics, __shfl_*_sync, __threadfence, volatile) instead");
        ++i;
      } else {
        ++i;
      }
    }
  }

  // ---- conditions on __CUDA_ARCH__ ---------------------------------------------------------
  // nvcc compiles a file twice, for the host (__CUDA_ARCH__ undefined) and for the device; the CPU
  // backend compiles it once, its device side as the newest architecture (cuda_arch_condition.h).
  // Inside a function body, a chain `#if C1 A #elif C2 B #else D #endif` whose conditions test
  // __CUDA_ARCH__ and differ between the passes becomes `if (c1) { A } else if (c2) { B } else { D }`,
  // each on its directive's line, where ck is `::scanlab::cpu::in_device_code()` (true only in the
  // device pass), its negation, `true` or `false`: so a kernel takes what the device pass compiles
  // and host code what the host pass compiles, as on a GPU. A chain whose conditions name other
  // macros stays for the preprocessor (host view). Outside function bodies only one compilation can
  // be had: a condition on __CUDA_ARCH__'s value takes the device view (device_view_directive).

  // The condition's tokens as an #if would spell it (#ifdef X -> defined X); empty when the
  // directive is not #if/#ifdef/#ifndef/#elif.
  std::vector<std::string_view> condition_words(std::size_t hash) const {
    const Region r = ts_.directive_region(hash);
    std::vector<std::string_view> words;
    const std::size_t name = ts_.next(r, hash + 1);
    if (name == npos) return words;
    const std::string_view n = ts_.str(name);
    if (n == "ifndef") words.push_back("!");
    if (n == "ifdef" || n == "ifndef") words.push_back("defined");
    else if (n != "if" && n != "elif") return {};
    for (std::size_t t = ts_.next(r, name + 1); t != npos && t < r.hi; t = ts_.next(r, t + 1)) words.push_back(ts_.str(t));
    return words;
  }

  static bool mentions_cuda_arch(const std::vector<std::string_view>& words) {
    return std::find(words.begin(), words.end(), std::string_view("__CUDA_ARCH__")) != words.end();
  }

  std::string_view directive_name(std::size_t hash) const {
    const std::size_t name = ts_.next(ts_.directive_region(hash), hash + 1);
    return name == npos ? std::string_view{} : ts_.str(name);
  }

  void replace_directive(std::size_t hash, const std::string& text) {
    const Region r = ts_.directive_region(hash);
    const auto lines = static_cast<std::size_t>(ts_.newline_count(r.lo, r.hi));
    edits_[r.lo] = Edit{r.hi, text + std::string(lines, '\n'), {}};
  }

  static std::string run_time_test(const CudaArchViews& v) {
    if (v.device == v.host) return v.device ? "true" : "false";
    return v.device ? "::scanlab::cpu::in_device_code()" : "!::scanlab::cpu::in_device_code()";
  }

  void add_cuda_arch_branch(std::size_t hash) {
    const std::string_view name = directive_name(hash);
    if (name != "if" && name != "ifdef" && name != "ifndef") return;
    const std::vector<std::string_view> first = condition_words(hash);
    if (!mentions_cuda_arch(first)) return;
    std::vector<std::size_t> branches{hash};  // the #if and its #elifs
    std::size_t else_hash = npos, endif_hash = npos;
    int depth = 0;
    for (std::size_t j = ts_.directive_region(hash).hi; j < ts_.size() && endif_hash == npos; ++j) {
      if (ts_[j].directive != static_cast<long>(j)) continue;
      const std::string_view n = directive_name(j);
      if (n == "if" || n == "ifdef" || n == "ifndef") {
        ++depth;
      } else if (n == "endif") {
        if (depth-- == 0) endif_hash = j;
      } else if (depth == 0 && n == "elif") {
        branches.push_back(j);
      } else if (depth == 0 && n == "else") {
        else_hash = j;
      }
    }
    if (endif_hash == npos) return;
    std::vector<CudaArchViews> views;
    bool passes_differ = false;
    for (std::size_t b : branches) {
      const std::optional<CudaArchViews> v = evaluate_cuda_arch_condition(condition_words(b));
      if (!v) return;  // another macro: the preprocessor decides (host view)
      views.push_back(*v);
      passes_differ = passes_differ || v->device != v->host;
    }
    if (!passes_differ) return;  // the preprocessor's host view is the device view too
    for (std::size_t k = 0; k < branches.size(); ++k)
      replace_directive(branches[k], (k == 0 ? "if (" : "} else if (") + run_time_test(views[k]) + ") {");
    if (else_hash != npos) replace_directive(else_hash, "} else {");
    replace_directive(endif_hash, "}");
  }

  // Outside function bodies: an #if/#elif on __CUDA_ARCH__'s value (`#if __CUDA_ARCH__ >= 700`)
  // is evaluated as the device pass sees it, __CUDA_ARCH__ replaced by the emulated architecture
  // and defined(__CUDA_ARCH__) by 1, so device functions written for recent GPUs exist and
  // fallbacks for older ones (`#if __CUDA_ARCH__ < 600` atomicAdd on double) do not. Its #else is
  // what the device pass drops. A bare `#ifdef __CUDA_ARCH__` keeps the host view, as before.
  void device_view_directive(std::size_t hash) {
    const std::string_view name = directive_name(hash);
    if (name != "if" && name != "elif") return;
    const std::vector<std::string_view> words = condition_words(hash);
    if (!uses_cuda_arch_value(words)) return;
    std::string text = "#" + std::string(name);
    for (std::size_t k = 0; k < words.size(); ++k) {
      if (words[k] == "defined" && k + 1 < words.size() && words[k + 1] == "__CUDA_ARCH__") {
        text += " 1";
        ++k;
      } else if (words[k] == "defined" && k + 3 < words.size() && words[k + 1] == "(" &&
                 words[k + 2] == "__CUDA_ARCH__" && words[k + 3] == ")") {
        text += " 1";
        k += 3;
      } else if (words[k] == "__CUDA_ARCH__") {
        text += " " + std::to_string(kEmulatedCudaArch);
      } else {
        text += " " + std::string(words[k]);
      }
    }
    replace_directive(hash, text);
  }

  // "<<<" opens a launch, except in `operator<<<T>` (operator<< with template arguments).
  bool starts_launch(std::size_t i) const {
    return is_triple_angle(ts_, i, "<") && !ts_.is(ts_.prev(ts_.code_region(), i - 1), "operator");
  }

  // Directives are copied verbatim, except launches and __shared__ declarations in #define bodies,
  // quoted .cuh includes, and #pragma once in inlined headers. Returns the first token after the
  // directive.
  std::size_t scan_directive(std::size_t hash, const ScopeTracker& scopes) {
    const Region r = ts_.directive_region(hash);
    const std::size_t name = ts_.next(r, hash + 1);
    if (ts_.is(name, "define")) {
      scan_define_body(r, name, scopes);
    } else if (ts_.is(name, "include")) {
      const std::size_t arg = ts_.next(r, name + 1);
      if (arg != npos && is_quoted(arg)) add_include(hash, r, arg);
    } else if (ts_.is(name, "pragma") && ts_.is(ts_.next(r, name + 1), "once") && unit_.is_header) {
      session_.pragma_once_files.insert(unit_.identity);
      blank_out(r);
    }
    return r.hi;
  }

  // A #define body: launches, and __shared__ declarations as in ordinary code. Whether a declaration
  // is in a function body is read from the braces the body itself opens, starting from the scope of
  // the #define (a macro that wraps a whole function or class, as cuda-samples' SharedMemory<T>
  // specialisations do); one at the body's top level is rewritten for a function body, guarded
  // (shared_decl.cpp). A declaration the rewriter cannot take whole (one that does not end in the
  // body, `#define SHARED __shared__`) becomes a compile error where the macro is expanded, if it is.
  void scan_define_body(const Region& r, std::size_t define, const ScopeTracker& outer) {
    MacroBody macro;
    const std::size_t macro_name = ts_.next(r, define + 1);
    if (macro_name == npos) return;
    std::size_t body = macro_name + 1;
    if (ts_.is(body, "(")) {  // function-like: the '(' right after the name
      const std::size_t close = ts_.match_forward(r, body);
      if (close == npos) return;
      for (std::size_t p = ts_.next(r, body + 1); p != npos && p < close; p = ts_.next(r, p + 1))
        if (ts_[p].kind == TokenKind::identifier) macro.parameters.emplace_back(ts_.str(p));
      macro.parameters.emplace_back("__VA_ARGS__");
      body = close + 1;
    }
    macro.body = Region{body, r.hi, true};
    ScopeTracker scopes = outer;
    std::size_t opened = 0;  // braces the body opened and has not closed
    for (std::size_t j = body; j < r.hi; ++j) {
      if (ts_.skipped(r, j)) continue;
      if (is_triple_angle(ts_, j, "<")) {
        add_launch(r, j);
        j += 2;
      } else if (ts_.is(j, "{")) {
        scopes.open(ts_, j, macro.body);
        ++opened;
      } else if (ts_.is(j, "}") && opened > 0) {
        scopes.close();
        --opened;
      } else if (ts_.is(j, "__shared__")) {
        macro.function_body_guard = opened == 0;
        const bool at_namespace_scope = opened > 0 && !scopes.in_function_body();
        SharedRewrite rewrite = rewrite_shared(ts_, j, at_namespace_scope, &macro);
        if (rewrite.ok) {
          edits_[rewrite.replaced.begin] = Edit{rewrite.replaced.end, std::move(rewrite.text), {}};
          j = rewrite.resume - 1;
        } else {
          const Token& t = ts_[std::min(rewrite.error_token, ts_.size() - 1)];
          const std::string where = unit_.diagnostic_path + ":" + std::to_string(t.line) + ":" + std::to_string(t.column);
          edits_[j] = Edit{j + 1,
                           "static_assert(false, \"" +
                               escape_for_string_literal("scanlab CPU backend: " + where + ": this __shared__ in a "
                                                         "#define body could not be rewritten: " + rewrite.error) +
                               "\");",
                           {}};
        }
      }
    }
  }

  // Removes a directive, keeping its line(s) as empty lines.
  void blank_out(const Region& r) {
    const auto lines = static_cast<std::size_t>(ts_.newline_count(r.lo, r.hi));
    edits_[r.lo] = Edit{r.hi, std::string(lines, '\n'), {}};
  }

  void add_launch(const Region& r, std::size_t open) {
    LaunchParse parse = parse_launch(ts_, r, open);
    if (!parse.ok) return error_at(open, parse.error);
    const std::size_t start = parse.site.kernel.begin;
    const std::size_t end = parse.site.close_paren + 1;
    edits_[start] = Edit{end, "", std::move(parse.site), r};
  }

  // After the body of a kernel defined at namespace scope: registers its address with its type, so
  // that cudaLaunchKernel((void*)k, ...) can launch it (see SCANLAB_REGISTER_KERNEL). Kept on the
  // line of the closing brace, so no line moves.
  void add_kernel_registration(std::size_t close_brace, const std::vector<std::size_t>& head) {
    std::size_t paren = npos;  // the '(' of the parameter list: the last top-level group of the head
    for (std::size_t k = head.size(); k-- > 0;) {
      if (ts_.is(head[k], ")")) {
        paren = ts_.match_backward(ts_.code_region(), head[k]);
        break;
      }
    }
    if (paren == npos) return;
    std::string name;
    for (std::size_t j = ts_.prev(ts_.code_region(), paren - 1); j != npos; j = ts_.prev(ts_.code_region(), j - 1)) {
      const bool part = ts_[j].kind == TokenKind::identifier || ts_.is(j, "::");
      if (!part || ts_.is(j, "__global__") || ts_.is(j, "void")) break;
      name = std::string(ts_.str(j)) + name;
      if (j == 0) break;
    }
    if (name.empty() || name.ends_with("::")) return;
    std::string text = "} SCANLAB_REGISTER_KERNEL(" + name + ")";
    if (kernel_shared_known_ && !kernel_shared_types_.empty()) {
      std::string bytes;
      for (const std::string& type : kernel_shared_types_) bytes += (bytes.empty() ? "" : " + ") + ("sizeof(" + type + ")");
      text += " SCANLAB_KERNEL_STATIC_SHARED(" + bytes + ", " + name + ")";
    }
    edits_[close_brace] = Edit{close_brace + 1, text, {}};
  }

  // ---- a kernel's static shared memory, for cudaFuncGetAttributes ---------------------------
  // The types of the kernel's __shared__ variables are written after its body (see
  // add_kernel_registration), where only names declared outside the kernel are visible: a type
  // that names something the kernel's own head or body declared before (a parameter, a local
  // constant, a typedef) makes the size unknown (cudaFuncGetAttributes then says 0, as before).
  void note_kernel_shared(std::size_t shared, const std::string& text, const std::vector<std::size_t>& head) {
    std::size_t at = 0;
    while ((at = text.find(".get<", at)) != std::string::npos) {
      const std::size_t begin = at + 5;
      const std::size_t end = text.find(">(\"", begin);
      if (end == std::string::npos) return;
      std::string args = text.substr(begin, end - begin);
      // "TYPE" or "TYPE, alignment": the only comma outside brackets is the alignment's.
      int depth = 0;
      for (std::size_t k = 0; k < args.size(); ++k) {
        const char c = args[k];
        if (c == '<' || c == '(' || c == '[') ++depth;
        else if (c == '>' || c == ')' || c == ']') --depth;
        else if (c == ',' && depth == 0) { args.resize(k); break; }
      }
      if (!declared_outside_kernel(args, shared, head)) kernel_shared_known_ = false;
      kernel_shared_types_.push_back(args);
      at = end;
    }
  }

  // False when a name in `type` may be declared by the kernel itself before `shared`: it shows up
  // there in a declarator's place (after a type, a '*', '&' or '>', before '=', ';', ',', ')', '['
  // or '{'), as a parameter, local constant or typedef does. Errs towards false.
  bool declared_outside_kernel(const std::string& type, std::size_t shared, const std::vector<std::size_t>& head) const {
    std::vector<std::size_t> code(head.begin(), head.end());
    for (std::size_t t = kernel_body_start_; t < shared && t < ts_.size(); ++t)
      if (is_significant(ts_[t])) code.push_back(t);
    auto declared_here = [&](std::string_view word) {
      for (std::size_t k = 1; k + 1 < code.size(); ++k) {
        if (ts_.str(code[k]) != word) continue;
        const Token& before = ts_[code[k - 1]];
        const std::string_view b = ts_.str(code[k - 1]);
        const std::string_view a = ts_.str(code[k + 1]);
        const bool after_type = before.kind == TokenKind::identifier || b == "*" || b == "&" || b == ">";
        const bool declarator_end = a == "=" || a == ";" || a == "," || a == ")" || a == "[" || a == "{";
        if (after_type && declarator_end) return true;
      }
      return false;
    };
    const auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    std::size_t k = 0;
    while (k < type.size()) {
      if (!ident(type[k])) { ++k; continue; }
      std::size_t e = k;
      while (e < type.size() && ident(type[e])) ++e;
      const std::string_view word(type.data() + k, e - k);
      if (!std::isdigit(static_cast<unsigned char>(word.front())) && declared_here(word)) return false;
      k = e;
    }
    return true;
  }

  // CUDA's __noinline__ qualifier; GCC's own headers spell the attribute `__attribute__((__noinline__))`,
  // so the name cannot be a macro. Inside such an attribute it stays as written.
  // `return;` -> `return note_kernel_return();` and `return f();` -> `return note_kernel_return(), f();`
  // (a kernel returns void, so so does f): the thread's exit is noted on the return's own line.
  void mark_kernel_return(std::size_t i) {
    const std::size_t next = ts_.next(ts_.code_region(), i + 1);
    const bool bare = next != npos && ts_.is(next, ";");
    edits_[i] = Edit{i + 1, std::string("return ::scanlab::cpu::detail::note_kernel_return()") + (bare ? "" : ","), {}};
  }

  // `return;` in main -> `return 0;`, in a __device__ function returning a value -> a value of its
  // type, each with nvcc's warning (bare_return.h); elsewhere it stays, for the compiler to judge.
  void add_bare_return(std::size_t i, const std::vector<std::size_t>& head) {
    const BareReturnRule rule = bare_return_rule(ts_, head);
    if (rule.kind == BareReturn::as_written) return;
    warning_at(i, bare_return_warning(rule.function));
    const bool zero = rule.kind == BareReturn::returns_zero;
    edits_[i] = Edit{i + 1, zero ? "return 0" : "return ::scanlab::cpu::detail::unspecified_value{}", {}};
  }

  // `*operand` -> `*::scanlab::cpu::checked_deref(operand, __FILE__, line)`, where the operand can
  // be told for sure (checked_deref.h): the alignment check clang lacks for such accesses.
  void add_checked_deref(std::size_t star) {
    const DerefOperand operand = find_deref_operand(ts_, star, unary_stars_);
    if (operand.unary) unary_stars_.push_back(star);
    if (operand.end != npos) add_checked_wrap(star, operand.end, false, star);
  }

  // `p[i]` -> `checked_deref(p, __FILE__, line)[i]`: the pointer a subscript indexes is checked
  // instead of each element (the same answer: see checked_deref.h).
  void add_checked_subscript(std::size_t bracket) {
    const TokenRange base = find_subscript_base(ts_, bracket, unary_stars_);
    if (base.begin != npos && !edits_.count(base.begin)) add_checked_wrap(base.begin, base.end, true, bracket);
  }

  // Tokens [start, end) become `checked_deref(<them>, __FILE__, line)`: after the `*` at start
  // (keeps_start false), or around all of them, naming the line of token `at`.
  void add_checked_wrap(std::size_t start, std::size_t end, bool keeps_start, std::size_t at) {
    Edit edit{end, keeps_start ? "::scanlab::cpu::checked_deref(" : "*::scanlab::cpu::checked_deref(", {}};
    edit.wrap = true;
    edit.keeps_start = keeps_start;
    edit.suffix = ", __FILE__, " + std::to_string(ts_[at].line) + ")";
    edits_[start] = std::move(edit);
  }

  // `__device__ float f(...)` -> `__device__ SCANLAB_DEVICE_ARITHMETIC float f(...)`: GCC may fuse
  // a * b + c there, as nvcc does in device code (device_arithmetic.h).
  void mark_device_arithmetic(std::size_t i) {
    if (!declares_device_function(ts_, i)) return;
    edits_[i] = Edit{i + 1, std::string(ts_.str(i)) + " SCANLAB_DEVICE_ARITHMETIC", {}};
  }

  void mark_noinline(std::size_t i) {
    const Region code = ts_.code_region();
    const std::size_t p1 = ts_.prev(code, i - 1);
    const std::size_t p2 = p1 == npos || p1 == 0 ? npos : ts_.prev(code, p1 - 1);
    if (p1 != npos && p2 != npos && ts_.is(p1, "(") && ts_.is(p2, "(")) return;
    edits_[i] = Edit{i + 1, "__attribute__((noinline))", {}};
  }

  std::size_t add_shared(std::size_t shared, const ScopeTracker& scopes) {
    SharedRewrite rewrite = rewrite_shared(ts_, shared, !scopes.in_function_body());
    if (!rewrite.ok) {
      error_at(rewrite.error_token, rewrite.error);
    } else {
      if (scopes.in_kernel_body()) note_kernel_shared(shared, rewrite.text, scopes.kernel_head());
      edits_[rewrite.replaced.begin] = Edit{rewrite.replaced.end, std::move(rewrite.text), {}};
    }
    return rewrite.resume;
  }

  bool is_quoted(std::size_t arg) const {
    const std::string_view s = ts_.str(arg);
    return ts_[arg].kind == TokenKind::string && s.size() >= 2 && s.front() == '"' && s.back() == '"';
  }

  // A quoted .cuh or .cu include is always inlined (rewritten); another quoted header (.h, .hpp,
  // ...) only when it holds CUDA syntax the host compiler cannot read (__shared__, launches), as course code often puts
  // kernels in a .h; the rest stay ordinary #includes for the compiler.
  static bool always_inlined(const std::string& spelled) {
    return spelled.ends_with(".cuh") || spelled.ends_with(".cu");
  }
  // Not a header with inline PTX: its asm sits under #if __CUDA_ARCH__ that only the compiler's
  // preprocessor can evaluate, so it must reach the compiler as an ordinary #include.
  static bool needs_rewriting(const std::string& text) {
    if (text.find("asm") != std::string::npos) return false;
    for (const char* marker : {"__shared__", "<<<"})
      if (text.find(marker) != std::string::npos) return true;
    return false;
  }

  // Line number of the line after the directive `r`, where the including file resumes.
  int line_after(const Region& r) const {
    if (r.hi < ts_.size()) return ts_[r.hi].line + 1;  // r.hi is the newline ending it
    const Token& last = ts_[r.hi - 1];
    return last.line + ts_.newline_count(r.hi - 1, r.hi) + 1;
  }

  void add_include(std::size_t hash, const Region& r, std::size_t arg) {
    const std::string_view quoted = ts_.str(arg);
    const std::string spelled(quoted.substr(1, quoted.size() - 2));
    const std::optional<fs::path> found =
        find_include(spelled, unit_.absolute_path.parent_path(), session_.options.include_dirs);
    if (!always_inlined(spelled)) {
      if (!found) return;  // the compiler's include path may know it
      const std::optional<std::string> peek = read_text_file(*found);
      if (!peek || !needs_rewriting(*peek)) return;
    }
    if (!found)
      return error_at(arg, "cannot find \"" + spelled + "\" (searched " +
                               unit_.absolute_path.parent_path().string() +
                               " and the -I directories)");

    UnitInfo header;
    header.absolute_path = display_absolute(*found);
    header.diagnostic_path = header.absolute_path.string();
    header.identity = file_identity(*found);
    header.is_header = true;
    const auto& stack = session_.include_stack;
    const bool recursive = std::find(stack.begin(), stack.end(), header.identity) != stack.end();
    if (session_.pragma_once_files.count(header.identity) || recursive) {
      // Already inlined under #pragma once, or an include cycle, which include guards would
      // cut at this point anyway: the directive becomes an empty line.
      blank_out(r);
      return;
    }
    const std::optional<std::string> text = read_text_file(*found);
    if (!text) return error_at(arg, "cannot read \"" + header.absolute_path.string() + "\"");

    auto& deps = session_.dependencies;
    if (std::find(deps.begin(), deps.end(), header.absolute_path.string()) == deps.end())
      deps.push_back(header.absolute_path.string());
    session_.include_stack.push_back(header.identity);
    std::string body = rewrite_unit(session_, *text, header);
    session_.include_stack.pop_back();
    if (!body.empty() && body.back() != '\n') body += '\n';

    edits_[hash] = Edit{r.hi,
                        line_directive(1, header.absolute_path) + "\n" + body +
                            line_directive(line_after(r), unit_.absolute_path),
                        std::nullopt};
  }

  void error_at(std::size_t token, std::string message) {
    const Token& t = ts_[std::min(token, ts_.size() - 1)];
    session_.errors.push_back(
        Diagnostic{unit_.diagnostic_path, t.line, t.column, std::move(message)});
  }

  void warning_at(std::size_t token, std::string message) {
    const Token& t = ts_[std::min(token, ts_.size() - 1)];
    session_.warnings.push_back(Diagnostic{unit_.diagnostic_path, t.line, t.column, std::move(message), true});
  }

  // ---- rendering: original text with the edits applied ---------------------------------

  std::string render(std::size_t begin, std::size_t end) const {
    std::string out;
    for (std::size_t i = begin; i < end;) {
      auto edit = edits_.find(i);
      if (edit == edits_.end()) {
        out += ts_.str(i++);
      } else if (edit->second.launch) {
        out += render_launch(*edit->second.launch, edit->second.region);
        i = edit->second.end;
      } else if (edit->second.wrap) {
        out += edit->second.text + (edit->second.keeps_start ? std::string(ts_.str(i)) : std::string()) +
               render(i + 1, edit->second.end) + edit->second.suffix;
        i = edit->second.end;
      } else {
        out += edit->second.text;
        i = edit->second.end;
      }
    }
    return out;
  }

  bool is_blank(std::size_t i) const { return !is_significant(ts_[i]); }

  // Blank tokens [begin, end) that must stay because they hold line breaks; else nothing.
  std::string kept_breaks(std::size_t begin, std::size_t end) const {
    return ts_.has_newline(begin, end) ? std::string(ts_.slice(begin, end)) : std::string();
  }

  // A comma-separated piece with surrounding blanks trimmed, unless they hold line breaks.
  // `space` is what replaces a trimmed leading blank run (" " after a comma).
  // `before` and `after` go around the piece's own text.
  std::string tidy(TokenRange range, const char* space, const std::string& before = "",
                   const std::string& after = "") const {
    std::size_t first = range.begin;
    while (first < range.end && is_blank(first)) ++first;
    if (first == range.end) return kept_breaks(range.begin, range.end);
    std::size_t last = range.end;
    while (is_blank(last - 1)) --last;
    std::string lead = kept_breaks(range.begin, first);
    return (lead.empty() ? std::string(space) : lead) + before + render(first, last) + after +
           kept_breaks(last, range.end);
  }

  std::vector<std::size_t> significant_tokens(TokenRange range, const Region& r) const {
    std::vector<std::size_t> out;
    for (std::size_t i = range.begin; i < range.end; ++i)
      if (!ts_.skipped(r, i) && !is_blank(i)) out.push_back(i);
    return out;
  }

  // Which kernel arguments are a single literal token.
  std::vector<bool> literal_arguments(const LaunchSite& s, const Region& r) const {
    std::vector<bool> literal;
    for (const TokenRange& arg : s.args) {
      const std::vector<std::size_t> t = significant_tokens(arg, r);
      const bool is_literal =
          t.size() == 1 && (ts_[t[0]].kind == TokenKind::number || ts_[t[0]].kind == TokenKind::character ||
                            ts_.is(t[0], "NULL") || ts_.is(t[0], "nullptr") || ts_.is(t[0], "true") ||
                            ts_.is(t[0], "false"));
      literal.push_back(is_literal);
    }
    return literal;
  }

  // An integer literal whose value is zero (`0`, `0L`, `0x0`): a null pointer constant.
  static bool is_zero_integer_literal(std::string_view s) {
    if (s.empty() || s.front() != '0') return false;
    std::size_t k = 1;
    if (s.size() > 1 && (s[1] == 'x' || s[1] == 'X' || s[1] == 'b' || s[1] == 'B')) k = 2;
    for (; k < s.size() && (s[k] == '0' || s[k] == '\''); ++k) {}
    for (; k < s.size(); ++k)
      if (std::string_view("uUlLzZ").find(s[k]) == std::string_view::npos) return false;
    return true;
  }

  // Which kernel arguments are a braced list, `{a, b}`: its type is the kernel parameter's.
  std::vector<bool> braced_arguments(const LaunchSite& s, const Region& r) const {
    std::vector<bool> braced;
    for (const TokenRange& arg : s.args) {
      const std::vector<std::size_t> t = significant_tokens(arg, r);
      braced.push_back(!t.empty() && ts_.is(t.front(), "{") && ts_.match_forward(r, t.front()) == t.back());
    }
    return braced;
  }

  // Kernel argument k as passed to launch(). A braced list becomes a value of parameter k's type,
  // read from the kernel's own type (kernel_signature.h), since a braced list has no type of its own.
  // A literal, which the call spells too (render_invoke), is marked: `0` and `NULL` as null pointer
  // constants, for a launch that converts its arguments to the parameter types itself.
  std::string render_argument(const LaunchSite& s, const Region& r, std::size_t k, bool literal, bool braced,
                              const std::string& kernel, bool by_name) const {
    const std::string index = std::to_string(k);
    if (braced && by_name)  // the name's type where it picks one function, else a message saying so
      return tidy(s.args[k], " ", "::scanlab::cpu::detail::braced_argument_for<" + index + ">(SCANLAB_KERNEL_ADDRESS(" + kernel + "), ", ")");
    if (braced)
      return tidy(s.args[k], " ", "::scanlab::cpu::detail::braced_argument<" + index + ", decltype(" + kernel + ")>(", ")");
    if (!literal) return tidy(s.args[k], " ");
    const std::size_t token = significant_tokens(s.args[k], r).front();
    const bool null_pointer = ts_.is(token, "NULL") || is_zero_integer_literal(ts_.str(token));
    return tidy(s.args[k], " ", null_pointer ? "::scanlab::cpu::detail::null_pointer_literal(" : "::scanlab::cpu::detail::literal_argument(", ")");
  }

  // The call each CUDA thread makes, `[&](PARAMS auto&... a) { CALLEE(a...); }`, then `, ARGS`. A
  // literal argument (0, NULL, 1.5f, true) goes into the call itself, as written: `0` stays a null
  // pointer constant for a pointer parameter and still deduces `int` for a template one:
  // `[&](auto& a0) { k(a0, 0); }, x, null_pointer_literal(0)`.
  std::string render_invoke(const LaunchSite& s, const Region& r, const std::string& kernel, bool by_name,
                            const std::string& callee, std::string params) const {
    const std::vector<bool> literal = literal_arguments(s, r);
    const std::vector<bool> braced = braced_arguments(s, r);
    const auto any = [](const std::vector<bool>& v) { return std::find(v.begin(), v.end(), true) != v.end(); };
    const bool has_literal = any(literal), has_braced = any(braced);
    std::string call, passed;
    if (!has_literal) {
      call = "scanlab_kernel_args_...";
      params += std::string(params.empty() ? "" : ", ") + "auto&... scanlab_kernel_args_";
      const TokenRange args{s.open_paren + 1, s.close_paren};
      bool has_args = false;
      for (std::size_t i = args.begin; i < args.end; ++i) has_args = has_args || !is_blank(i);
      if (!has_args) passed = kept_breaks(args.begin, args.end);
      else if (!has_braced) passed = "," + tidy(args, " ");  // `, ARGS` as written
    }
    for (std::size_t k = 0; k < s.args.size() && (has_literal || has_braced); ++k) {
      passed += "," + render_argument(s, r, k, literal[k], braced[k], kernel, by_name);
      if (!has_literal) continue;
      const std::string arg_name = "scanlab_arg" + std::to_string(k) + "_";
      call += (k == 0 ? "" : ", ") + (literal[k] ? std::string(ts_.str(significant_tokens(s.args[k], r).front())) : arg_name);
      if (!literal[k]) params += (params.empty() ? "auto& " : ", auto& ") + arg_name;
    }
    return "[&](" + params + ") { " + callee + "(" + call + "); }" + passed;
  }

  // k<<<g, b, smem, stream>>>(args), where k names the kernel:
  //   ::scanlab::cpu::launch(site, launch_config(g, b, smem, stream), SCANLAB_KERNEL_ADDRESS(k), invoke, args)
  // and where an expression computes it (`table[i]`, `(*fp)`; kernel_expression.h), its value instead:
  //   ::scanlab::cpu::launch_through_pointer(site, launch_config(...), table[i], invoke, args)
  // `invoke` makes each CUDA thread's call, `k(a...)` or, given the value, `kernel(a...)`.
  std::string render_launch(const LaunchSite& s, const Region& r) const {
    std::vector<std::size_t> kernel_tokens;
    for (std::size_t i = s.kernel.begin; i < s.kernel.end; ++i)
      if (!ts_.skipped(r, i)) kernel_tokens.push_back(i);
    const std::string kernel = ts_.collapsed(kernel_tokens);
    const bool by_name = kernel_is_name(ts_, r, s.kernel);
    // Raw, as written: the launch's own edit starts at its first token.
    const std::string kernel_text(ts_.slice(s.kernel.begin, s.kernel.end));

    std::string out = by_name ? "::scanlab::cpu::launch(" : "::scanlab::cpu::launch_through_pointer(";
    out += "::scanlab::cpu::launch_site{\"" + escape_for_string_literal(kernel) + "\", __FILE__, __LINE__}, ";
    out += kept_breaks(s.kernel.end, s.open_angles);
    out += "::scanlab::cpu::launch_config(";
    for (std::size_t k = 0; k < s.config.size(); ++k)
      out += (k == 0 ? "" : ",") + tidy(s.config[k], k == 0 ? "" : " ");
    out += "), ";
    out += kept_breaks(s.close_angles + 3, s.open_paren);
    // By name: the kernel's address (when the name picks one function), then the call each CUDA
    // thread makes, a plain C++ call, so overload resolution and default arguments work as in nvcc.
    if (by_name) return out + "SCANLAB_KERNEL_ADDRESS(" + kernel + "), " + render_invoke(s, r, kernel, true, kernel_text, "") + ")";
    return out + kernel_text + ", " + render_invoke(s, r, kernel, false, "scanlab_kernel_", "auto scanlab_kernel_") + ")";
  }

  Session& session_;
  TokenStream ts_;
  const UnitInfo& unit_;
  std::map<std::size_t, Edit> edits_;
  std::vector<std::size_t> unary_stars_;  // the stars taken for dereferences so far
  // The kernel body being scanned: where it starts, and its static __shared__ types so far.
  std::size_t kernel_body_start_ = 0;
  std::vector<std::string> kernel_shared_types_;
  bool kernel_shared_known_ = true;
};

}  // namespace

std::string rewrite_unit(Session& session, std::string_view source, const UnitInfo& unit) {
  const std::string joined = join_spaced_launch_angles(source);
  return UnitRewriter(session, joined, unit).run();
}

}  // namespace scanlab::rewriter
