#include "trace_case.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <vector>

#include <fmt/format.h>

#include <cuda_runtime.h>

#include "scanlab/backend.h"
#include "scanlab/core/guards.h"
#include "scanlab/core/reference.h"

namespace scanlab::harness {

namespace {

std::string json_number(float v) {
  if (std::isnan(v) || std::isinf(v)) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    return fmt::format("\"0x{:08x}\"", bits);  // the renderer shows poison and NaN by their bits
  }
  return fmt::format("{:.9g}", v);
}

std::string json_list(const std::vector<float>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + json_number(v[i]);
  return s + "]";
}

}  // namespace

int write_trace(const core::lab_spec& spec, const scan_functions& functions, std::uint64_t n, const std::string& path) {
  if (!spec.is_cpu() || spec.is_asan()) {
    std::fprintf(stderr, "--trace needs the cpu backend (make labN-trace builds that check)\n");
    return 2;
  }
  if (n == 0 || n > largest_traced_n) {
    std::fprintf(stderr, "--trace needs --n between 1 and %llu (the figure labels cells by the inputs they sum)\n",
                 static_cast<unsigned long long>(largest_traced_n));
    return 2;
  }
  std::vector<float> input(n), output(n);
  for (std::uint64_t i = 0; i < n; ++i) input[i] = std::ldexp(1.0f, static_cast<int>(i));
  std::vector<float> expected(n);
  core::reference_scan reference(spec.output, spec.scan_section());
  for (std::uint64_t i = 0; i < n; ++i) expected[i] = static_cast<float>(reference.next(input[i]));

  const std::size_t bytes = n * sizeof(float);
  const std::size_t workspace_bytes = functions.workspace_bytes(static_cast<unsigned>(n));
  float *d_in = nullptr, *d_out = nullptr;
  void* d_workspace = nullptr;
  cudaMalloc(&d_in, bytes);
  cudaMalloc(&d_out, bytes);
  if (workspace_bytes > 0) cudaMalloc(&d_workspace, workspace_bytes);
  cudaMemcpy(d_in, input.data(), bytes, cudaMemcpyHostToDevice);
  std::vector<std::uint32_t> poison(n, core::output_poison_bits);
  cudaMemcpy(d_out, poison.data(), bytes, cudaMemcpyHostToDevice);
  if (d_workspace != nullptr) cudaMemset(d_workspace, core::workspace_fill_byte, workspace_bytes);

  backend::set_print_reports(false);
  backend::set_resident_blocks(1);  // as the checks run it (suite.cpp)
  backend::set_schedule(backend::order::forward, backend::order::forward, 1);
  if (!backend::set_access_trace(true)) {
    std::fprintf(stderr, "--trace: this check was built without the access instrumentation (GCC's -fsanitize=thread "
                         "code generation): no trace to draw\n");
    return 2;
  }
  functions.scan(d_in, d_out, static_cast<unsigned>(n), d_workspace);
  const cudaError_t error = cudaDeviceSynchronize();
  backend::set_access_trace(false);
  const std::string trace = backend::take_access_trace_json();
  const backend::detector_report report = backend::take_report();
  backend::take_access_findings();
  cudaMemcpy(output.data(), d_out, bytes, cudaMemcpyDeviceToHost);

  std::ofstream out(path);
  if (!out) {
    std::fprintf(stderr, "--trace: cannot write %s\n", path.c_str());
    return 2;
  }
  out << fmt::format(
      "{{\n\"lab\": {}, \"name\": \"{}\", \"variant\": \"{}\", \"n\": {}, \"output_kind\": \"{}\",\n"
      "\"buffers\": {{\"{}\": \"input\", \"{}\": \"output\", \"{}\": \"workspace\"}},\n"
      "\"input\": {},\n\"output\": {},\n\"expected\": {},\n\"error\": \"{}\",\n\"report\": \"{}\",\n\"trace\": {}}}\n",
      spec.id, spec.name, spec.variant, n, core::output_kind_name(spec.output), static_cast<const void*>(d_in),
      static_cast<const void*>(d_out), d_workspace, json_list(input), json_list(output), json_list(expected),
      cudaGetErrorName(error), report.kind, trace.empty() ? "{}" : trace);
  cudaFree(d_in);
  cudaFree(d_out);
  if (d_workspace != nullptr) cudaFree(d_workspace);
  std::printf("trace of %s (%s), n = %llu: %s\n", spec.name.c_str(), spec.variant.c_str(),
              static_cast<unsigned long long>(n), path.c_str());
  return 0;
}

}  // namespace scanlab::harness
