#include "build/build_stage.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "build/checks.h"
#include "build/object_cache.h"
#include "run/sandbox.h"
#include "util/trace.h"

namespace scanlab::grader {

namespace fs = std::filesystem;

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The shared object's symbols, demangled, one per line as `nm -C` prints them ("ADDRESS T name"
// for a defined global function, 17 spaces and "U name" for an undefined one). Read with
// `readelf -Ws -C`, which takes 2 ms where nm took 20: binutils' nm loads every plugin in
// bfd-plugins, LLVM's among them, before it reads a symbol. nm where readelf cannot demangle.
std::string symbols(const std::string& object) {
  sandbox_limits limits;
  limits.wall_seconds = 30;
  limits.keep_output = 4 << 20;
  auto view = std::make_shared<jail_view>();  // binutils reading a file the student's code shaped
  view->read_only.push_back(object);
  limits.jail = view;
  const sandbox_result table = run_sandboxed({"/usr/bin/readelf", "-Ws", "-C", object}, {"LC_ALL=C"}, limits);
  if (!table.ok()) return run_sandboxed({"/usr/bin/nm", "-C", object}, {}, limits).out;
  // "  Num: Value Size Type Bind Vis Ndx Name"; .dynsym and .symtab may both list a symbol.
  static const std::regex row(R"(^\s*\d+: ([0-9a-fA-F]+)\s+\S+\s+(\S+)\s+(\S+)\s+\S+\s+(\S+) (.+)$)");
  std::set<std::string> lines;
  std::istringstream in(table.out);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (!std::regex_match(line, m, row)) continue;
    const std::string type = m[2], bind = m[3], section = m[4], name = m[5];
    if (section == "UND") {
      lines.insert(std::string(17, ' ') + "U " + name);
      continue;
    }
    char letter = type == "FUNC" ? 'T' : type == "OBJECT" || type == "TLS" ? 'D' : '?';
    if (bind == "WEAK") letter = letter == 'T' ? 'W' : 'V';
    else if (bind == "LOCAL") letter = static_cast<char>(std::tolower(letter));
    lines.insert(fmt::format("{:0>16} {} {}", m[1].str(), letter, name));
  }
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  return all;
}

// The source itself: missing, empty, or calling a library scan (a result with a diagnosis), or
// fit to compile (diagnosis empty).
build_result check_source(const core::lab_spec& spec, const std::string& source, const std::string& display) {
  build_result r;
  std::error_code ec;
  if (!fs::is_regular_file(source, ec)) {
    r.diagnosis = "missing_file";
    r.message = fmt::format("{} is missing: nothing to grade for lab {}", display, spec.id);
    return r;
  }
  const std::string code = strip_comments(read_text(source));
  if (code.find_first_not_of(" \t\r\n") == std::string::npos) {
    r.diagnosis = "empty_file";
    r.message = fmt::format("{} is empty (no code outside comments)", display);
    return r;
  }
  if (const std::string call = find_library_scan(code); !call.empty()) {
    r.diagnosis = "uses_library";
    const bool host = call.find("std") != std::string::npos || call.find('(') != std::string::npos ||
                      call.find("parallel") != std::string::npos;
    r.message = fmt::format("{} uses a library scan ({}){}: the lab asks for your own kernels, so it scores zero",
                            display, call, host ? ", which runs on the host, not in a kernel of yours" : "");
  }
  return r;
}

// A build's commands, and what the object cache keys them by: the commands with this lab's work
// folder left out (it differs between submissions, the object does not), the source and lab.h bytes.
struct build_plan {
  std::vector<std::vector<std::string>> steps;
  std::vector<std::string> key;
};

void plan_gpu_build(const grader_config& config, const core::lab_spec& spec, const std::string& source,
                    const std::string& cu, const std::string& object, build_plan& b) {
  std::vector<std::string> cmd = {config.nvcc, "-O3", "-std=c++17", "-lineinfo", "-shared", "-cudart", "shared",
                                  "-Xcompiler", "-fPIC", "-DSCANLAB_BACKEND_GPU=1", "-I" + config.common_include};
  const std::string& archs = config.cuda_architectures;
  for (std::size_t start = 0; start <= archs.size();) {
    std::size_t end = archs.find(';', start);
    if (end == std::string::npos) end = archs.size();
    std::string a = archs.substr(start, end - start);
    start = end + 1;
    if (a.empty()) continue;
    a = a.substr(0, a.find('-'));  // 90-real -> 90
    cmd.push_back(fmt::format("--generate-code=arch=compute_{0},code=sm_{0}", a));
  }
  b.key.insert(b.key.end(), cmd.begin(), cmd.end());
  // nvcc writes the source's path into the object (-lineinfo), and compute-sanitizer's reports
  // show it: a student's object is only reused from this very path. The grader's own reference
  // solution is only ever timed, so one build serves every submission.
  std::error_code same_ec;
  if (fs::equivalent(source, config.source_dir + "/solutions/" + spec.name + "/scan.cu", same_ec))
    b.key.push_back("reference solution");
  else
    b.key.push_back(cu);
  cmd.insert(cmd.end(), {cu, "-o", object});
  b.steps.push_back(cmd);
}

void plan_cpu_build(const grader_config& config, const core::lab_spec& spec, const std::string& backend,
                    const std::string& work_dir, const std::string& cu, const std::string& object, build_plan& b) {
  const std::string cpp = work_dir + "/scan-" + backend + ".cpp";
  std::vector<std::string> rewrite = {config.rewriter, cu, "-o", cpp};
  rewrite.insert(rewrite.end(), config.rewriter_flags.begin(), config.rewriter_flags.end());
  b.steps.push_back(rewrite);
  // -g1: line tables, all that AddressSanitizer's reports read (nothing else reads the grader's
  // objects' debug information); 0.04-0.06 s less per build than -g.
  std::vector<std::string> flags = {"-std=c++20", "-O2", "-g1", "-fPIC",
                                    "-ftls-model=initial-exec",  // the runner executable owns the TLS
                                    "-DSCANLAB_BACKEND_CPU=1", "-I" + config.cpu_include, "-I" + config.common_include};
  flags.insert(flags.end(), config.cpu_cxx_flags.begin(), config.cpu_cxx_flags.end());
  // libcu++ (<cuda/atomic>, <cuda/std/...>) after scanlab's own headers, as for every CPU build.
  if (!config.cccl_include.empty()) flags.insert(flags.end(), {"-isystem", config.cccl_include});
  // AddressSanitizer's object runs two small cases: -O1 (its documentation's advice) compiles in
  // 0.37 s of CPU where -O2 took 0.45.
  if (backend == "cpu-asan") {
    flags[1] = "-O1";
    flags.insert(flags.end(), {"-fsanitize=address", "-fno-omit-frame-pointer"});
  } else if (backend == checked_backend) {
    flags.insert(flags.end(), config.cpu_access_check_flags.begin(), config.cpu_access_check_flags.end());
  } else {
    flags.insert(flags.end(), config.cpu_alignment_check_flags.begin(), config.cpu_alignment_check_flags.end());
  }
  b.key.insert(b.key.end(), flags.begin(), flags.end());
  std::vector<std::string> cmd = {config.cxx, "-pipe"};  // the assembly through a pipe, not a file in /tmp
  // The CPU backend's prelude is most of what the compiler reads (57,000 lines): precompiled
  // once, it takes a build from about 1.2 s to 0.35 s of CPU.
  if (const std::string pch = object_cache::instance().prelude_pch(config, flags); !pch.empty())
    cmd.push_back("-I" + pch);
  cmd.insert(cmd.end(), flags.begin(), flags.end());
  // The object names its source as the report does (lab3-.../scan.cu, in the backend's messages,
  // ASan's stack frames and the debug information), not by this work folder: it is the same
  // object whichever submission's folder compiled it.
  cmd.insert(cmd.end(), {"-iquote", work_dir, "-ffile-prefix-map=" + work_dir + "=" + spec.name, cpp});
  std::vector<std::string> link = {"-shared"};
  link.insert(link.end(), config.cpu_cxx_flags.begin(), config.cpu_cxx_flags.end());
  if (!config.cpu_link_flag.empty()) {
    link.push_back(config.cpu_link_flag);
    b.key.push_back(config.cpu_link_flag);
  }
  if (backend != checked_backend) {  // compiled and linked in one step
    cmd.insert(cmd.end(), link.begin(), link.end());
    cmd.insert(cmd.end(), {"-o", object});
    b.steps.push_back(cmd);
    return;
  }
  // The access instrumentation must not link ThreadSanitizer's runtime (the runner answers its
  // hooks): compile, then link without the flags.
  const std::string compiled = work_dir + "/scan-" + backend + ".o";
  cmd.insert(cmd.end(), {"-c", "-o", compiled});
  link.insert(link.begin(), config.cxx);
  link.insert(link.end(), {compiled, "-o", object});
  b.steps.push_back(cmd);
  b.steps.push_back(link);
}

// What a compile may read besides the system: the work folder (the student's file, lab.h, what it
// writes), the backend's headers, libcu++, the precompiled prelude, the rewriter and the compilers
// with their toolkits. Nothing else: `#include "/path/to/solutions/..."` finds no such file.
std::shared_ptr<const jail_view> compile_view(const grader_config& config, const std::string& work_dir,
                                              const build_plan& b) {
  auto view = std::make_shared<jail_view>();
  view->writable.push_back(work_dir);
  view->read_only = {config.cpu_include, config.common_include, config.cccl_include, config.rewriter};
  // A toolkit outside the system folders (~/cuda/bin/nvcc) is needed whole: its bin/.. folder.
  for (const std::string& tool : {config.cxx, config.nvcc})
    if (!tool.empty()) view->read_only.push_back(fs::path(tool).parent_path().parent_path().string());
  for (const auto& step : b.steps)
    for (const std::string& arg : step)
      if (arg.rfind("-I/", 0) == 0 && arg.compare(2, work_dir.size(), work_dir) != 0)
        view->read_only.push_back(arg.substr(2));  // the precompiled prelude's folder
  return view;
}

// Runs the steps, or takes the object from the cache; "" when built, else the failure message.
std::string compile(const build_plan& b, const std::string& object_key, const std::string& object,
                    const std::string& work_dir, const std::string& cu, const std::string& display,
                    const grader_config& config) {
  sandbox_limits limits;
  limits.wall_seconds = 120;
  limits.keep_output = 1 << 20;
  limits.jail = compile_view(config, work_dir, b);
  std::string failure;
  const bool built = object_cache::instance().build_or_fetch(object_key, object, [&] {
    for (const auto& step : b.steps) {
      const sandbox_result s = run_sandboxed(step, {"LC_ALL=C"}, limits, work_dir);  // ASCII quotes in messages
      if (!s.ok()) {
        const std::string why = s.timed_out ? "the compiler did not finish within 120 s\n" : "";
        failure = fmt::format("{} does not compile:\n{}{}", display, why, compiler_message(s.err + s.out, cu, display));
        return false;
      }
    }
    return true;
  });
  return built ? "" : failure;
}

// The defined symbols among `all`: the lines with an address, exactly what nm --defined-only prints.
std::string defined_symbols(const std::string& all) {
  std::string defined;
  std::istringstream in(all);
  for (std::string line; std::getline(in, line);)
    if (line.find_first_not_of(' ') < std::min<std::size_t>(16, line.size())) defined += line + "\n";
  return defined;
}

// The object itself: library scans that slipped past the source check, the entry points, and a
// kernel launch. One symbol read per distinct object (kept with it in the cache).
void check_object(const std::string& object_key, const std::string& object, const std::string& display,
                  build_result& r) {
  object_cache& cache = object_cache::instance();
  std::string all = cache.note(object_key, "symbols");
  if (all.empty()) {
    all = symbols(object);
    cache.keep_note(object_key, "symbols", all);
  }
  static const std::regex library_symbol(R"(\b(cub|thrust)::[A-Za-z_]*[Ss]can|\bcub::|\bthrust::)");
  if (std::smatch m; std::regex_search(all, m, library_symbol)) {
    r.diagnosis = "uses_library";
    r.message = fmt::format("{} references {} (CUB/Thrust): the lab asks for your own kernels, so it scores zero",
                            display, m.str());
    return;
  }
  const std::string defined = defined_symbols(all);
  const bool has_scan = defined.find(" T scan(float const*, float*, unsigned int, void*)") != std::string::npos;
  const bool has_ws = defined.find(" T scan_workspace_bytes(unsigned int)") != std::string::npos;
  if (!has_scan || !has_ws) {
    std::string found;
    std::istringstream in(defined);
    for (std::string line; std::getline(in, line);)
      if (line.size() > 19 && line[17] == 'T' && line.find("scan") != std::string::npos) found += "\n  " + line.substr(19);
    r.diagnosis = "wrong_signature";
    r.message = fmt::format(
        "{} does not define {} with the lab's signature:\n  expected: {}{}", display,
        !has_scan ? "scan()" : "scan_workspace_bytes()",
        !has_scan ? "void scan(const float* input, float* output, unsigned n, void* workspace)"
                  : "std::size_t scan_workspace_bytes(unsigned n)",
        found.empty() ? std::string("\n  found no function named like it") : "\n  found:" + found);
    return;
  }
  // A scan must launch a kernel: an object that references no launch function (cudaLaunchKernel
  // and its relatives on a GPU, the CPU backend's launch_kernel) computes on the host, if at all.
  bool launches = false;
  std::istringstream in(all);
  for (std::string line; std::getline(in, line) && !launches;)
    launches = line.find(" U ") != std::string::npos &&
               (line.find("Launch") != std::string::npos || line.find("launch") != std::string::npos);
  if (!launches) {
    r.diagnosis = "no_kernel";
    r.message = fmt::format("{} launches no kernel: scan() must compute the scan in kernels of your own on the "
                            "device (a scan on the host scores zero)",
                            display);
  }
}

}  // namespace

build_result build_submission(const grader_config& config, const core::lab_spec& spec, const std::string& source,
                              const std::string& backend, const std::string& work_dir, const std::string& display) {
  const trace_span span(tracing() ? "build " + backend + " " + work_dir : "");
  build_result r = check_source(spec, source, display);
  if (!r.diagnosis.empty()) return r;

  // A clean tree: the student's file next to the grader's own copy of lab.h.
  std::error_code ec;
  fs::create_directories(work_dir, ec);
  const std::string cu = work_dir + "/scan.cu";
  fs::copy_file(source, cu, fs::copy_options::overwrite_existing, ec);
  fs::copy_file(config.source_dir + "/labs/" + spec.name + "/lab.h", work_dir + "/lab.h",
                fs::copy_options::overwrite_existing, ec);
  const std::string object = work_dir + "/scan-" + backend + ".so";

  build_plan b;
  b.key = {backend, spec.name, display, read_text(cu), read_text(work_dir + "/lab.h")};
  if (backend == "gpu")
    plan_gpu_build(config, spec, source, cu, object, b);
  else
    plan_cpu_build(config, spec, backend, work_dir, cu, object, b);
  const std::string object_key = object_cache::instance().key(config, b.key);
  if (const std::string failure = compile(b, object_key, object, work_dir, cu, display, config); !failure.empty()) {
    r.diagnosis = "compile_error";
    r.message = failure;
    return r;
  }
  check_object(object_key, object, display, r);
  if (!r.diagnosis.empty()) return r;
  r.ok = true;
  r.object = object;
  return r;
}

}  // namespace scanlab::grader
