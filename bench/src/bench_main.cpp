// scanlab-bench: GPU throughput of the labs' scans against copies and library scans, or
// (--backend cpu) the CPU backend's speed. Usage: scanlab-bench --help.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>  // environ

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "bench_options.h"

namespace {

// The plots come from bench/plot_bench.py (matplotlib): the run's JSON in, SVG and PNG files out.
// Started with an argument vector, not through a shell: paths need no quoting.
int plot(const std::string& json_path, const std::string& dir) {
  const char* override_script = std::getenv("SCANLAB_PLOT_SCRIPT");
  const std::string script = override_script != nullptr ? override_script : SCANLAB_PLOT_SCRIPT;
  if (!std::filesystem::exists(script)) {
    std::fprintf(stderr, "scanlab-bench: --plot: %s not found (set SCANLAB_PLOT_SCRIPT)\n", script.c_str());
    return 1;
  }
  std::vector<std::string> args = {"python3", script, json_path, "--out", dir};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  int status = -1;
  if (posix_spawnp(&pid, "python3", nullptr, nullptr, argv.data(), environ) != 0 || waitpid(pid, &status, 0) != pid ||
      !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "scanlab-bench: --plot: python3 %s %s --out %s failed (is matplotlib installed?)\n",
                 script.c_str(), json_path.c_str(), dir.c_str());
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  scanlab::bench::options opt;
  std::string plot_dir;
  CLI::App app{"scanlab-bench: time scans on the GPU (CUDA events, medians, L2 flushed) against cudaMemcpy, a "
               "float4 copy, CUB and thrust; --backend cpu runs the CPU backend's speed benchmark"};
  app.add_option("--backend", opt.backend, "gpu (default) or cpu")->check(CLI::IsMember({"gpu", "cpu"}));
  app.add_option("--log2", opt.log2_sizes, "sizes as powers of two, measured in this order, e.g. --log2 28 10 20 (default: 10,12,...,28,30)")
      ->check(CLI::Range(0u, 30u));
  app.add_option("--only", opt.only,
                 "implementations to run, by name or group (baseline, solution, advanced, student, variant); "
                 "the baselines always run")
      ->delimiter(',');
  app.add_option("--skip", opt.skip, "implementations or groups to leave out")->delimiter(',');
  app.add_option("--hang-seconds", opt.hang_s,
                 "a check or timing batch running longer counts as a hang: it is recorded, and the program exits 3")
      ->check(CLI::Range(0.1, 3600.0));
  app.add_option("--min-reps", opt.min_reps, "timed calls per point, at least")->check(CLI::Range(1, 100000));
  app.add_option("--max-reps", opt.max_reps, "timed calls per point, at most")->check(CLI::Range(1, 100000));
  app.add_option("--min-time", opt.min_time_s, "seconds of timed calls per point, at least")
      ->check(CLI::Range(0.0, 60.0));
  app.add_option("--warmup", opt.warmup, "untimed calls before timing")->check(CLI::Range(0, 1000));
  app.add_flag("!--no-flush", opt.flush, "do not flush the L2 cache before timed calls");
  app.add_option("--latency-max-log2", opt.latency_max_log2,
                 "up to n = 2^K also time isolated calls (GPU idle before each: the latency of one scan() call, "
                 "launches included); 0 turns it off")
      ->check(CLI::Range(0u, 30u));
  app.add_option("--latency-reps", opt.latency_reps, "isolated calls per point")->check(CLI::Range(1, 100000));
  app.add_option("--determinism", opt.determinism_runs,
                 "scan one random float input R times per point and count the different outputs (bits hashed; "
                 "1 = deterministic); 0 turns the check off")
      ->check(CLI::Range(0, 1000));
  app.add_option("--seed", opt.seed, "input seed");
  app.add_option("--json", opt.json_path, "write every point (and the machine) to this JSON file");
  app.add_option("--cpu-repeats", opt.cpu_repeats, "--backend cpu: repetitions")->check(CLI::Range(1, 1000));
  app.add_flag("--list", opt.list, "list the implementations and exit");
  app.add_flag("--gpumode", opt.gpumode,
               "check and time as GPU MODE's prefix-sum task does (normal inputs, float64 reference, tolerance "
               "1e-5*sqrt(n), fresh inputs and an L2 flush before every call, mean until its standard error is under "
               "0.1%): --only picks what besides the copies and CUB (default lab8-advanced), sizes default 2^18..2^28");
  app.add_option("--plot", plot_dir,
                 "also draw throughput and fraction-of-copy plots (SVG, PNG) into this folder with bench/plot_bench.py; "
                 "the JSON goes there too unless --json names a file");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (opt.max_reps < opt.min_reps) opt.max_reps = opt.min_reps;
  if (opt.log2_sizes.empty())
    opt.log2_sizes = opt.gpumode ? std::vector<unsigned>{18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28}
                                 : scanlab::bench::default_log2_sizes();
  for (int i = 0; i < argc; ++i) opt.command += (i ? " " : "") + std::string(argv[i]);
  if (!plot_dir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(plot_dir, error);
    if (opt.json_path.empty()) opt.json_path = (std::filesystem::path(plot_dir) / "bench.json").string();
  }
  try {
    const int status = opt.backend == "cpu" ? scanlab::bench::run_cpu(opt, argv[0])
                       : opt.gpumode        ? scanlab::bench::run_gpumode(opt)
                                            : scanlab::bench::run_gpu(opt);
    if (status == 0 && !plot_dir.empty() && !opt.list) {
      if (opt.backend == "cpu") {
        std::printf("scanlab-bench: --plot draws GPU results only; the CPU backend's numbers are in %s\n",
                    opt.json_path.c_str());
        return 0;
      }
      return plot(opt.json_path, plot_dir);
    }
    return status;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "scanlab-bench: %s\n", e.what());
    return 1;
  }
}
