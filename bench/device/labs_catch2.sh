#!/usr/bin/env bash
# GPU run of the labs' Catch2 tests: every reference solution's cases (edge sizes, random sizes,
# large sizes up to 2^26, float data), one CTest test per group, e.g. "gpu:lab3 solution: edge
# sizes" (labels lab3, gpu, solutions). See tests/labs/CMakeLists.txt.
#
# Needs, in the build directory given as $1 (configured with -DSCANLAB_ENABLE_CPU=OFF is fine):
#     ninja -C build-gpu lab-cases-gpu
# which builds lab1-naive-cases-solution-gpu ... lab8-single-pass-cases-solution-gpu,
# lab8-single-pass-cases-advanced-gpu and the check executables their replay commands name.
#
# Usage (repository root): OUT=/some/dir bash bench/device/labs_catch2.sh build-gpu
# Budget: 90 s wall in all. Writes $OUT/labs/: gpu.txt, list.txt, ctest.log, ctest.xml (JUnit),
# summary.md. Every step runs under `timeout` and a failing step does not stop the next.
set -uo pipefail
BUILD=${1:?usage: bash bench/device/labs_catch2.sh <build dir>}
OUT=${OUT:-/tmp/scanlab-out}
DIR="$OUT/labs"
mkdir -p "$DIR"
BUILD=$(cd "$BUILD" 2>/dev/null && pwd) || { echo "no build directory '$1'" | tee "$DIR/summary.md"; exit 1; }
start=$(date +%s)
labels=(-L '^gpu$' -L '^solutions$')  # several -L: a test must match all of them

timeout 5 nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader >"$DIR/gpu.txt" 2>&1 ||
  echo "nvidia-smi: exit status $?" >>"$DIR/gpu.txt"

timeout 10 ctest --test-dir "$BUILD" -N "${labels[@]}" >"$DIR/list.txt" 2>&1 ||
  echo "ctest -N: exit status $?" >>"$DIR/list.txt"

timeout 70 ctest --test-dir "$BUILD" "${labels[@]}" -j1 --output-on-failure \
  --output-junit "$DIR/ctest.xml" >"$DIR/ctest.log" 2>&1
status=$?
[ "$status" -eq 124 ] && echo "*** stopped by timeout after 70 s: the tests after the last one above did not run" >>"$DIR/ctest.log"

# summary.md: the verdict, every test with its time, the failures' reports.
{
  echo "# Labs' Catch2 tests on the GPU"
  echo
  echo "GPU: $(head -1 "$DIR/gpu.txt")"
  echo "Build directory: $BUILD"
  echo "Command: ctest --test-dir <build> -L '^gpu\$' -L '^solutions\$' -j1 --output-on-failure"
  echo "ctest exit status: $status$([ "$status" -eq 124 ] && echo ' (timeout)'), wall time $(( $(date +%s) - start )) s"
  echo
  passed=$(grep -cE 'Test +#.* Passed' "$DIR/ctest.log")
  failed=$(grep -cE 'Test +#.*\*\*\*(Failed|Timeout|Exception)|Test +#.*Not Run' "$DIR/ctest.log")
  skipped=$(grep -cE 'Test +#.*\*\*\*Skipped' "$DIR/ctest.log")
  echo "Tests: $passed passed, $failed failed, $skipped skipped (skipped: the test found no usable GPU)"
  echo
  echo '```'
  grep -E 'tests passed|tests failed|Total Test time' "$DIR/ctest.log" || echo "(no ctest summary line: see ctest.log)"
  echo '```'
  echo
  echo "## Tests"
  echo '```'
  grep -E '^ *[0-9]+/[0-9]+ Test +#' "$DIR/ctest.log" || echo "(none ran: see ctest.log and list.txt)"
  echo '```'
  if grep -qE '\*\*\*Failed|\*\*\*Timeout|Not Run|\*\*\*Exception' "$DIR/ctest.log"; then
    echo
    echo "## Failures (first 120 lines of their output; the whole of it in ctest.log)"
    echo '```'
    grep -E -A12 'FAILED:|not run' "$DIR/ctest.log" | head -120
    echo '```'
  fi
} >"$DIR/summary.md" 2>&1
cat "$DIR/summary.md"
exit 0
