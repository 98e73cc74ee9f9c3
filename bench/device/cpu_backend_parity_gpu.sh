#!/usr/bin/env bash
# GPU half of the CPU backend's parity checks (issue 14): the Catch2 tests that build for every
# backend (features, device API values, runtime API, cooperative groups, libcu++) run on the GPU,
# so their references are checked against real hardware; optionally, conformance programs given as
# arguments are recorded again (tests/conformance/record_gpu.sh).
#
# Usage (repository root, GPU machine): OUT=/some/dir bash bench/device/cpu_backend_parity_gpu.sh [programs...]
# Builds in build-parity-gpu/ with the CPU backend off (the GPU machine has no Boost.Context).
# Writes to $OUT: parity-gpu.md (summary), ctest.log, ctest.xml (JUnit), build.log and, when programs
# are given, conformance.tgz (expected/ and logs/). Every step runs under `timeout`.
set -uo pipefail
OUT=${OUT:-/tmp/scanlab-out}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
targets=(features-gpu device-api-gpu runtime-api-gpu cooperative-groups-gpu libcudacxx-gpu)
start=$(date +%s)
{
  echo "# CPU backend parity tests on a GPU"
  echo
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
  echo "- GPU: $(timeout 5 nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader | head -n 1)"
  echo "- nvcc: $(nvcc --version | grep -i release)"
} >"$OUT/parity-gpu.md"

timeout 420 cmake -S . -B build-parity-gpu -G Ninja -DSCANLAB_ENABLE_CPU=OFF -DSCANLAB_BUILD_LABS=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$OUT/build.log" 2>&1 &&
  timeout 420 cmake --build build-parity-gpu -j "$(nproc)" --target "${targets[@]}" >>"$OUT/build.log" 2>&1
echo "- build: exit $? after $(( $(date +%s) - start )) s (targets: ${targets[*]})" >>"$OUT/parity-gpu.md"

timeout 240 ctest --test-dir build-parity-gpu -L '^gpu$' -j4 --output-on-failure --timeout 60 \
  --output-junit "$OUT/ctest.xml" >"$OUT/ctest.log" 2>&1
echo "- ctest -L gpu: exit $?; $(grep -E 'tests passed' "$OUT/ctest.log")" >>"$OUT/parity-gpu.md"
grep -E '\*\*\*|Failed' "$OUT/ctest.log" | sed 's/^/  - /' >>"$OUT/parity-gpu.md"

if [ "$#" -gt 0 ]; then
  rec=$(mktemp -d)
  OUT="$rec" timeout -k 10 300 bash tests/conformance/record_gpu.sh "$@" >"$rec/record.log" 2>&1
  echo "- conformance recording of $# programs: exit $?" >>"$OUT/parity-gpu.md"
  tar -C "$rec" -czf "$OUT/conformance.tgz" expected logs record.log
fi
echo "- total: $(( $(date +%s) - start )) s" >>"$OUT/parity-gpu.md"
cat "$OUT/parity-gpu.md"
