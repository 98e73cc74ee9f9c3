#include "report/kernel_figure.h"

#include <filesystem>

#include <fmt/format.h>

#include "build/build_stage.h"
#include "run/case_run.h"
#include "command/grader_config.h"
#include "run/sandbox.h"

namespace scanlab::grader {

namespace {
constexpr unsigned figure_n = 16;  // as `make labN-trace` draws by default
}

std::string draw_kernel(const lab_job& job, const lab_plan& plan) {
  const grader_config& config = *job.config;
  const std::string none = fmt::format("{}: no drawing of the kernel: ", plan.label);
  if (config.cpu_access_check_flags.empty() || !config.has_backend("cpu"))
    return none + "this grader's CPU backend was built without the access instrumentation (GCC only)";
  const build_result b = build_submission(config, plan.spec, plan.source, checked_backend,
                                          job.work_dir + "/" + checked_backend, plan.display);
  if (!b.ok) return none + "the CPU backend could not build it";
  const std::string trace = job.work_dir + "/kernel-trace.json";
  sandbox_limits limits;
  limits.wall_seconds = 60;
  limits.keep_output = 1 << 16;
  limits.jail = lab_jail_view(job, false);
  const sandbox_result run =
      run_sandboxed({config.runner(checked_backend), "--trace", trace, "--lab", std::to_string(plan.spec.id), "--so",
                     b.object, "--n", std::to_string(figure_n)},
                    {"SCANLAB_WATCHDOG_SECONDS=5", "LC_ALL=C"}, limits, job.work_dir);
  limits.jail = nullptr;  // the drawing is the grader's own script reading the trace's numbers
  if (!run.ok()) return none + "the traced run of scan() ended abnormally (" + run.describe() + ")";
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(job.figure).parent_path(), ec);
  const sandbox_result draw = run_sandboxed({config.bin_dir + "/scanlab-trace", fmt::format("lab{}", plan.spec.id),
                                             "--from-json", trace, "--out", job.figure},
                                            {"LC_ALL=C"}, limits, job.work_dir);
  if (!draw.ok()) return none + "scanlab-trace failed (" + draw.describe() + "): " + draw.err.substr(0, 300);
  return fmt::format("{}: what the kernel did for n = {}, drawn next to the taught algorithm (races in red): {}",
                     plan.label, figure_n, job.figure);
}

}  // namespace scanlab::grader
