// Unit tests of the grader's pure decisions (grader/src/build/checks.h): compiler messages, library
// scans in the source, and the performance score with its plausibility check.
#include <cmath>
#include <string>

#include "build/checks.h"
#include "scanlab_catch.hpp"

using namespace scanlab::grader;
using scanlab_test::contains_text;

TEST_CASE("grader checks: nvcc's file(line) locations become file:line") {
  CHECK(rewrite_nvcc_locations("lab2-kogge-stone/scan.cu(23): error: identifier \"x\" is undefined") ==
        "lab2-kogge-stone/scan.cu:23: error: identifier \"x\" is undefined");
  CHECK(rewrite_nvcc_locations("/tmp/a b/lab.h(7): warning #177-D: variable declared") ==
        "/tmp/a b/lab.h:7: warning #177-D: variable declared");
  CHECK(rewrite_nvcc_locations("scan.cu(3): catastrophic error: cannot open source file \"x.h\"") ==
        "scan.cu:3: catastrophic error: cannot open source file \"x.h\"");
  CHECK(rewrite_nvcc_locations("lab.h(7): warning #177-D: unused\nscan.cu(12): error: bad\n") ==
        "lab.h:7: warning #177-D: unused\nscan.cu:12: error: bad\n");
  // gcc's own format and text that only looks alike stay as they are.
  CHECK(rewrite_nvcc_locations("scan.cu:23:5: error: expected ';'") == "scan.cu:23:5: error: expected ';'");
  CHECK(rewrite_nvcc_locations("  detected during instantiation of f(int) at line 12") ==
        "  detected during instantiation of f(int) at line 12");
  CHECK(rewrite_nvcc_locations("call(3): not at a location") == "call(3): not at a location");
}

TEST_CASE("grader checks: reports name the student's file, whichever grading folder built the object") {
  const std::string display = "lab5-exclusive/scan.cu";
  std::string text = "misaligned access at /dev/shm/scanlab-grade-21333-12345/0-lab5-exclusive/scan.cu:16 by "
                     "thread (1,0,0); launched at /dev/shm/scanlab-grade-9-7/3-lab5-exclusive/scan.cu:42";
  show_student_path(text, "/dev/shm/scanlab-grade-9-7/3-lab5-exclusive/scan.cu", display);
  CHECK(text == "misaligned access at lab5-exclusive/scan.cu:16 by thread (1,0,0); launched at "
                "lab5-exclusive/scan.cu:42");
  // Not a grading folder: left alone.
  std::string other = "see /home/me/my-lab5-exclusive/scan.cu and 'lab5-exclusive/scan.cu'";
  const std::string before = other;
  show_student_path(other, "/dev/shm/x/0-lab5-exclusive/scan.cu", display);
  CHECK(other == before);
}

TEST_CASE("grader checks: a compiler message names the student's file at file:line") {
  const std::string nvcc =
      "/tmp/scanlab-grade-1/0-lab2-kogge-stone/scan.cu(23): error: identifier \"sectoin\" is undefined\n"
      "/tmp/scanlab-grade-1/0-lab2-kogge-stone/scan.cu(40): error: expected a \";\"\n"
      "2 errors detected in the compilation of \"/tmp/scanlab-grade-1/0-lab2-kogge-stone/scan.cu\".\n";
  const std::string m =
      compiler_message(nvcc, "/tmp/scanlab-grade-1/0-lab2-kogge-stone/scan.cu", "lab2-kogge-stone/scan.cu");
  CHECK_THAT(m, contains_text("lab2-kogge-stone/scan.cu:23: error: identifier \"sectoin\" is undefined"));
  CHECK_THAT(m, contains_text("lab2-kogge-stone/scan.cu:40: error: expected a \";\""));
  CHECK(m.find("/tmp/") == std::string::npos);
  CHECK(m.find("scan.cu(") == std::string::npos);
  const std::string gcc = compiler_message("/w/scan.cu:9:3: error: 'x' was not declared\n", "/w/scan.cu", "lab1-naive/scan.cu");
  CHECK(gcc == "lab1-naive/scan.cu:9:3: error: 'x' was not declared\n");
}

TEST_CASE("grader checks: library scans in the source are found") {
  // CUB, Thrust (as before).
  CHECK(find_library_scan("#include <cub/cub.cuh>\n") == "#include <cub/");
  CHECK(find_library_scan("thrust::inclusive_scan(a, a + n, b);") == "thrust::");
  // The standard library's scans, on the host.
  CHECK(find_library_scan("std::inclusive_scan(h.begin(), h.end(), h.begin());") == "std::inclusive_scan");
  CHECK(find_library_scan("std::partial_sum(h, h + n, h);") == "std::partial_sum");
  CHECK(find_library_scan("std :: exclusive_scan(h, h + n, h, 0.0f);") == "std :: exclusive_scan");
  CHECK(find_library_scan("std::transform_inclusive_scan(a, b, c, op, f);") == "std::transform_inclusive_scan");
  CHECK(find_library_scan("std::transform_exclusive_scan(a, b, c, 0, op, f);") == "std::transform_exclusive_scan");
  CHECK(find_library_scan("cuda::std::inclusive_scan(a, b, c);") == "std::inclusive_scan");
  CHECK(find_library_scan("using std::partial_sum;") == "std::partial_sum");
  CHECK(find_library_scan("__gnu_parallel::partial_sum(a, b, c);") == "__gnu_parallel::");
  // Unqualified: argument-dependent lookup or `using namespace std` finds the standard one.
  CHECK(find_library_scan("using namespace std;\nvoid scan() { partial_sum(h.begin(), h.end(), h.begin()); }") ==
        "partial_sum(");
  CHECK(find_library_scan("x = inclusive_scan (v.begin(), v.end(), v.begin());") == "inclusive_scan(");
  CHECK(find_library_scan("return exclusive_scan<float*>(a, b, c, 0.f);") == "exclusive_scan(");
}

TEST_CASE("grader checks: a student's own function named like a library scan is not a library call") {
  const std::string own =
      "__device__ float exclusive_scan(float* s, unsigned t) { return s[t]; }\n"
      "__global__ void k(float* s) { float v = exclusive_scan(s, threadIdx.x); }\n";
  CHECK(find_library_scan(own).empty());
  CHECK(find_library_scan("template <class T> __device__ T inclusive_scan(T v);\nvoid f() { inclusive_scan(1); }")
            .empty());
  CHECK(find_library_scan("auto partial_sum = [](float a) { return a; };\nfloat y = partial_sum(2.f);").empty());
  CHECK(find_library_scan("float partial_sum = 0; partial_sum += x;").empty());
  CHECK(find_library_scan("s.partial_sum(3); p->inclusive_scan(4); mine::exclusive_scan(5);").empty());
  CHECK(find_library_scan("__global__ void inclusive_scan_kernel(float* a) {}\ninclusive_scan_kernel<<<1, 1>>>(a);")
            .empty());
  CHECK(find_library_scan(strip_comments("// std::partial_sum would be too easy\n/* std::inclusive_scan */\n")).empty());
}

TEST_CASE("grader checks: performance points scale between zero_at and full_at of the reference") {
  performance_inputs in;
  in.copy_ms = 1.0;
  in.reference_ms = 1.15;  // 87% of a copy, like the lab 8 reference on an H100
  in.full_at = 0.85;
  in.zero_at = 0.25;
  in.points = 4;
  in.student_ms = 1.15;  // as fast as the reference
  performance_verdict v = score_performance(in);
  CHECK(v.score == 4);
  CHECK(v.passed);
  CHECK(v.diagnosis.empty());
  CHECK(v.problem.empty());
  in.student_ms = 1.15 / 0.55;  // 55% of the reference: half way
  v = score_performance(in);
  CHECK(v.score == 2);
  CHECK_FALSE(v.passed);
  in.student_ms = 10;  // 11.5% of the reference
  v = score_performance(in);
  CHECK(v.score == 0);
  CHECK(v.diagnosis.empty());
}

TEST_CASE("grader checks: a time faster than a device copy by more than the margin scores zero") {
  performance_inputs in;
  in.copy_ms = 1.0;
  in.reference_ms = 1.15;
  in.points = 2;
  in.max_of_copy = 1.1;
  in.student_ms = 1.0 / 1.05;  // 5% faster than the copy: noise, still plausible, full points
  performance_verdict v = score_performance(in);
  CHECK(v.diagnosis.empty());
  CHECK(v.score == 2);
  in.student_ms = 0.5;  // twice as fast as a copy: forged
  v = score_performance(in);
  CHECK(v.diagnosis == "implausible_timing");
  CHECK(v.score == 0);
  CHECK_FALSE(v.passed);
  CHECK(v.of_copy == 2.0);
  CHECK_THAT(v.problem, contains_text("implausible timing"));
  CHECK_THAT(v.problem, contains_text("device-to-device copy"));
  in.student_ms = 1e-6;  // "it took no time at all"
  CHECK(score_performance(in).diagnosis == "implausible_timing");
  in.max_of_copy = 3;  // an instructor's wider margin
  in.student_ms = 0.5;
  CHECK(score_performance(in).diagnosis.empty());
}

TEST_CASE("grader checks: missing or broken times are a failed run, not a score") {
  performance_inputs in;
  in.copy_ms = 1.0;
  in.reference_ms = 1.15;
  in.student_ms = 0;
  CHECK(score_performance(in).diagnosis == "performance_run_failed");
  in.student_ms = 1.2;
  in.copy_ms = 0;
  CHECK(score_performance(in).diagnosis == "performance_run_failed");
  in.copy_ms = -1;
  CHECK(score_performance(in).diagnosis == "performance_run_failed");
  in.copy_ms = 1.0;
  in.reference_ms = std::nan("");
  CHECK(score_performance(in).diagnosis == "performance_run_failed");
  CHECK(score_performance(in).score == 0);
}

TEST_CASE("grader checks: the CPU backend's named rejections are told from the student's compile errors") {
  const std::string display = "lab1-naive/scan.cu";
  // A macro of the backend's prelude: gcc reports it where the macro is defined, with a note that
  // leads back to the student's line.
  const std::string managed =
      "/src/cpu_backend/include/scanlab/cpu/prelude.h:37:21: error: static assertion failed: scanlab CPU backend: "
      "__managed__ memory (unified memory) is not supported; this file needs a GPU\n"
      "lab1-naive/scan.cu:9:1: note: in expansion of macro '__managed__'\n";
  backend_rejection r = find_backend_rejection(managed, display);
  CHECK(r.found);
  CHECK(r.line == 9);
  CHECK(r.feature == "__managed__ memory (unified memory) is not supported; this file needs a GPU");
  CHECK_THAT(describe_rejection(r, display), contains_text("(line 9): __managed__ memory"));
  CHECK_THAT(describe_rejection(r, display), contains_text("must be graded on a GPU"));
  // The rewriter's own error, at the student's line; a quoted #error.
  r = find_backend_rejection("lab1-naive/scan.cu:23:5: error: scanlab CPU backend: inline PTX (asm) cannot run on the "
                             "CPU; use the CUDA intrinsics\n",
                             display);
  CHECK(r.found);
  CHECK(r.line == 23);
  r = find_backend_rejection("In file included from lab1-naive/scan.cu:4:\n"
                             "/inc/cuda_fp16.h:3:2: error: #error \"scanlab CPU backend: <cuda_fp16.h> (half precision "
                             "arithmetic, __half) is not available on the CPU backend; this file needs a GPU\"\n",
                             display);
  CHECK(r.found);
  CHECK(r.feature == "<cuda_fp16.h> (half precision arithmetic, __half) is not available on the CPU backend; this "
                     "file needs a GPU");
  CHECK(r.line == 4);
  // At run time (no line): the runtime's message on stderr.
  r = find_backend_rejection("scanlab CPU backend: cudaCreateTextureObject is not supported on the CPU backend "
                             "(textures); this program needs a GPU\n",
                             display);
  CHECK(r.found);
  CHECK(r.line == 0);
  // The student's own errors, and a library scan's header stub, are not rejections.
  CHECK_FALSE(find_backend_rejection("lab1-naive/scan.cu:9:3: error: 'x' was not declared in this scope\n", display).found);
  CHECK_FALSE(find_backend_rejection("/inc/cub/cub.cuh:3:2: error: #error \"scanlab CPU backend: <cub/cub.cuh> (CUB) is "
                                     "not available here. A lab must implement its own scan\"\n",
                                     display)
                  .found);
}

TEST_CASE("grader checks: compiler messages keep the notes that lead back to the student's line") {
  const std::string text = "/inc/prelude.h:37:21: error: static assertion failed: no\n"
                           "/w/scan.cu:9:1: note: in expansion of macro 'M'\n"
                           "/w/scan.cu:10:1: note: something else\n";
  const std::string m = compiler_message(text, "/w/scan.cu", "lab1-naive/scan.cu");
  CHECK_THAT(m, contains_text("lab1-naive/scan.cu:9:1: note: in expansion of macro"));
  CHECK(m.find("something else") == std::string::npos);
}
