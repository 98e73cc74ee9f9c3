#include "plan/plan.h"

#include <algorithm>

#include <fmt/format.h>

#include "scanlab/core/case_plan.h"

namespace scanlab::grader {

namespace {

using core::data_kind;

std::vector<planned_test> plan_tests(const lab_rubric& rb, bool gpu, bool hybrid) {
  const double w = rb.weight;
  std::vector<planned_test> tests = {
      {"edge", "edge sizes", rb.edge_points * w},
      {"random", "random sizes and float data", rb.random_points * w},
      {"large", "largest sizes", rb.large_points * w},
      {"race",
       hybrid ? "races (CPU schedule differential, else compute-sanitizer racecheck)"
       : gpu  ? "races (compute-sanitizer racecheck)"
              : "races (schedule differential)",
       rb.race_points * w},
      {"barrier",
       hybrid ? "divergent barriers, deadlocks and hangs (CPU backend, else synccheck)"
       : gpu  ? "barriers (compute-sanitizer synccheck) and hangs"
              : "divergent barriers, deadlocks and hangs",
       rb.barrier_points * w},
      {"memory", gpu ? "memory safety (guard zones, compute-sanitizer memcheck)" : "memory safety (guard zones, AddressSanitizer)",
       rb.memory_points * w}};
  if (rb.progress_points > 0)
    tests.push_back({"progress",
                     hybrid ? "forward progress (no hang; CPU backend: reverse and random block order)"
                     : gpu  ? "forward progress (needs the CPU backend's block orders)"
                            : "forward progress (reverse and random block order)",
                     rb.progress_points * w});
  return tests;
}

// Appends runs to a plan's cases, leaving out a size above the cap (but never a memory run).
class case_list {
 public:
  case_list(lab_plan& plan, std::uint64_t cap) : plan_(plan), cap_(cap) {}
  grading_case* add(const std::string& group, std::uint64_t n, data_kind data, std::string why,
                    std::vector<std::string> env, std::string backend = "", std::vector<std::string> wrapper = {}) {
    if (n > cap_ && group != "memory") return nullptr;
    grading_case c;
    c.group = group;
    c.n = n;
    c.data = data;
    c.why = std::move(why);
    c.env = std::move(env);
    c.backend = backend.empty() ? plan_.spec.backend : backend;
    c.wrapper = std::move(wrapper);
    plan_.cases.push_back(c);
    return &plan_.cases.back();
  }
  std::uint64_t cap() const { return cap_; }

 private:
  lab_plan& plan_;
  std::uint64_t cap_;
};

// The correctness cases run the way a GPU runs them, so on the CPU backend a divergent
// __syncthreads() is released as a GPU releases it (the output decides the case) and only the
// barrier test carries the finding. The detector runs keep the strict policy.
void plan_correctness(case_list& list, const core::case_plan& sizes, bool gpu) {
  const std::vector<std::string> env =
      gpu ? std::vector<std::string>{} : std::vector<std::string>{"SCANLAB_DIVERGENT_BARRIERS=continue"};
  const auto ints = data_kind::small_integers;
  const std::uint64_t cap = list.cap();
  for (const core::named_size& s : sizes.edge) list.add("edge", s.n, ints, s.why, env);
  for (std::uint64_t n : sizes.random) list.add("random", n, ints, "random", env);
  list.add("random", std::min(cap, sizes.float_small), data_kind::uniform_floats, "2S+1", env);
  // The CPU backend's largest case calls scan() once: what a second call checks (state the first
  // left behind) shows at every size with two blocks or more, which every other case covers, and
  // there it was a quarter of a grading's run time (measured on 2 cores).
  if (grading_case* largest = list.add("large", cap, ints, gpu ? "largest" : "cpu_max_n", env); largest && !gpu)
    largest->calls = 1;
  list.add("large", sizes.float_large, data_kind::uniform_floats, "large floats", env);
}

// The CPU backend's schedule runs: the race differential (one input under three thread orders)
// and, when the rubric scores it, forward progress (blocks out of index order).
void plan_schedule_runs(case_list& list, const core::case_plan& sizes, const lab_job& job, bool hybrid) {
  const auto ints = data_kind::small_integers;
  const std::uint64_t multi = std::min(list.cap(), sizes.schedules);
  const std::uint64_t chained = std::min(list.cap(), sizes.chained);
  const std::string seed_env = fmt::format("SCANLAB_SEED={}", mix(job.seed, 9) % 1000000);
  const std::string watchdog = fmt::format("SCANLAB_WATCHDOG_SECONDS={}", core::short_watchdog_seconds);
  const std::string why = hybrid ? "CPU backend, schedule differential" : "schedule differential";
  for (const char* order : {"forward", "reverse", "random"})
    if (grading_case* c = list.add("race", multi, ints, why,
                                   {std::string("SCANLAB_THREAD_ORDER=") + order,
                                    std::string("SCANLAB_BLOCK_ORDER=") + order, seed_env, watchdog},
                                   "cpu"))
      c->data_key = 100000;  // one input for all orders
  if (job.rubric.progress_points > 0)
    for (const char* order : {"reverse", "random"})
      list.add("progress", chained, ints, hybrid ? "CPU backend, several blocks" : "several blocks",
               {"SCANLAB_THREAD_ORDER=forward", std::string("SCANLAB_BLOCK_ORDER=") + order, seed_env, watchdog}, "cpu");
}

// Memory safety beyond the guard zones: the AddressSanitizer build on the CPU backend; on a GPU,
// compute-sanitizer. racecheck and synccheck answer what the CPU backend's schedule runs answer
// for the race and barrier tests; where those ran, the tests are theirs alone, so that a
// submission gets the same race and barrier points on a GPU as on the CPU backend (a hazard
// racecheck reports and no thread order shows would otherwise cost points on a GPU only), and
// the lab is spared two CUDA contexts (measured on an H100). Where the CPU backend
// cannot run the file (or the build has no CPU backend) they run instead;
// sanitizers_with_cpu_detectors runs both.
void plan_sanitizer_runs(case_list& list, const core::case_plan& sizes, const lab_job& job, bool gpu, bool hybrid) {
  const auto ints = data_kind::small_integers;
  const core::named_size &warp_and_one = sizes.asan[0], &two_units_and_one = sizes.asan[1];
  if (!gpu) {
    if (!job.config->has_backend("cpu-asan")) return;
    const std::vector<std::string> env = {"SCANLAB_DIVERGENT_BARRIERS=continue"};
    list.add("memory", warp_and_one.n, ints, "warp + 1, AddressSanitizer", env, "cpu-asan");
    list.add("memory", two_units_and_one.n, ints, "2 blocks + 1, AddressSanitizer", env, "cpu-asan");
    return;
  }
  const std::string sanitizer = job.rubric.sanitizers ? find_on_path("compute-sanitizer") : "";
  if (sanitizer.empty()) return;
  for (const std::string tool : {"memcheck", "racecheck", "synccheck"}) {
    const std::string group = tool == "memcheck" ? "memory" : tool == "racecheck" ? "race" : "barrier";
    if (grading_case* c = list.add(group, std::min(two_units_and_one.n, list.cap()), ints, tool, {}, "gpu",
                                   {sanitizer, "--tool", tool, "--error-exitcode", "1", "--print-limit", "10"}))
      c->unless_cpu_schedules_ran = group != "memory" && hybrid && !job.rubric.sanitizers_with_cpu_detectors;
  }
}

}  // namespace

lab_plan plan_lab(const lab_job& job) {
  const lab_rubric& rb = job.rubric;
  lab_plan plan;
  plan.gpu = job.backend == "gpu";
  plan.spec = job.lab->spec;
  plan.spec.backend = plan.gpu ? "gpu" : "cpu";
  plan.label = fmt::format("lab {}", plan.spec.id);
  plan.display = plan.spec.name + "/scan.cu";
  plan.source = job.submission_dir + "/" + plan.spec.name + "/scan.cu";
  plan.cpu_schedules = !plan.gpu || (rb.cpu_detectors && job.config->has_backend("cpu"));
  plan.hybrid = plan.gpu && plan.cpu_schedules;
  plan.tests = plan_tests(rb, plan.gpu, plan.hybrid);

  const core::lab_spec& spec = plan.spec;
  // The rubric's largest n, else the lab's (on a GPU at most default_gpu_max_n).
  const std::uint64_t cap = plan.gpu ? (rb.gpu_max_n ? rb.gpu_max_n : std::min(spec.max_n, default_gpu_max_n))
                                     : (rb.cpu_max_n ? rb.cpu_max_n : spec.cpu_max_n);
  const core::case_plan sizes = core::plan_cases(spec, cap, mix(job.seed, 5));
  plan.unit = std::max<std::uint64_t>(spec.check_section(), std::max<std::uint64_t>(spec.block_elements(), 1));
  plan.schedules_n = std::min(cap, sizes.schedules);
  case_list list(plan, cap);
  plan_correctness(list, sizes, plan.gpu);
  if (plan.cpu_schedules) plan_schedule_runs(list, sizes, job, plan.hybrid);
  plan_sanitizer_runs(list, sizes, job, plan.gpu, plan.hybrid);
  return plan;
}

}  // namespace scanlab::grader
