#!/usr/bin/env bash
# cuda_samples.sh SAMPLES_CHECKOUT BUILD_DIR OUT_DIR [SAMPLE_NAME ...]
#
# Builds every in-scope NVIDIA cuda-samples program (tests/realcode/cuda_samples_scope.txt) unmodified
# with BUILD_DIR/bin/scanlab-nvcc, checks that nvcc compiles the same command line, runs what built,
# and classifies each one. Writes OUT_DIR/cuda_samples.md and OUT_DIR/cuda_samples.csv, with the
# logs under OUT_DIR/logs/. Nothing of the samples is changed or copied into this repository.
#
# SAMPLES_CHECKOUT is a checkout (or `git archive`) of github.com/NVIDIA/cuda-samples; its commit is
# read from .git or from a file .commit at its top. Optional SAMPLE_NAMEs (e.g. vectorAdd) limit the run.
# Environment: NVCC (default /usr/local/cuda/bin/nvcc; set NVCC=none to skip the nvcc check),
# RUN_TIMEOUT (default 120 s; results/cuda-samples.md was run with 600: some samples run fixed sizes
# that a GPU finishes in under a second and the CPU backend, some 1000x slower, in minutes), and the
# usual SCANLAB_* variables for the runs.
# nvcc's verdicts are cached in OUT_DIR/nvcc/ (they do not change with scanlab); delete it to redo them.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
[[ $# -ge 3 ]] || { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
checkout=$(cd "$1" && pwd) || exit 2
build_dir=$(cd "$2" && pwd) || exit 2
mkdir -p "$3" && out=$(cd "$3" && pwd) || exit 2
shift 3
only=("$@")

scope="$here/cuda_samples_scope.txt"
nvcc="${NVCC:-/usr/local/cuda/bin/nvcc}"
scanlab_nvcc="$build_dir/bin/scanlab-nvcc"
run_timeout="${RUN_TIMEOUT:-120}"
[[ -x "$scanlab_nvcc" ]] || { echo "cuda_samples.sh: $scanlab_nvcc not found (build the scanlab-nvcc target)" >&2; exit 2; }

mkdir -p "$out/logs" "$out/bin" "$out/nvcc"
csv="$out/cuda_samples.csv"
header="sample,nvcc,scanlab_build,ran,status,seconds,reason"
# With SAMPLE_NAMEs, the other samples' rows of an earlier run in OUT_DIR are kept.
previous=$(mktemp)
trap 'rm -f "$previous"' EXIT
if [[ ${#only[@]} -gt 0 && -f "$csv" ]]; then tail -n +2 "$csv" > "$previous"; fi
echo "$header" > "$csv"

samples_commit() {
  if [[ -d "$checkout/.git" ]]; then git -C "$checkout" rev-parse HEAD
  elif [[ -f "$checkout/.commit" ]]; then cat "$checkout/.commit"
  else echo unknown; fi
}

# The scanlab tree that BUILD_DIR was configured from, and whether it had uncommitted changes.
scanlab_tree() {
  local src
  src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build_dir/CMakeCache.txt" 2>/dev/null)
  if [[ -n "$src" ]] && git -C "$src" rev-parse HEAD >/dev/null 2>&1; then
    local dirty=""
    [[ -n $(git -C "$src" status --porcelain -- cpu_backend common 2>/dev/null) ]] && dirty=" plus uncommitted changes in cpu_backend/ or common/"
    echo "$(git -C "$src" rev-parse --short HEAD)$dirty ($src)"
  elif [[ -f "$src/.commit" ]]; then
    echo "$(cut -c1-7 "$src/.commit") (a git archive in $src)"
  else echo "unknown ($src)"; fi
}

# The source files of a sample, from its CMakeLists.txt add_executable(name files...).
sample_sources() {
  tr '\n' ' ' < "$1/CMakeLists.txt" | grep -oE 'add_executable\([^)]*\)' | head -1 |
    sed -E 's/add_executable\(\s*[^ ]+\s+//; s/\)$//' | tr ' ' '\n' | grep -E '\.(cu|cpp|c)$'
}

# The include directories a sample's CMakeLists.txt adds with target_include_directories (its own
# folder, inc/), CMake variables other than CMAKE_CURRENT_SOURCE_DIR (the toolkit's) left out.
sample_includes() {
  tr '\n' ' ' < "$1/CMakeLists.txt" | grep -oE 'target_include_directories\([^)]*\)' |
    sed -E 's/target_include_directories\(\s*[^ ]+//; s/\)$//' | tr ' ' '\n' |
    grep -vE '^\s*$|^(PUBLIC|PRIVATE|INTERFACE)$' | sed "s#\${CMAKE_CURRENT_SOURCE_DIR}#$1#" | grep -v '\$' |
    sed "s#^\([^/]\)#$1/\1#"
}

# The libraries a sample's CMakeLists.txt links with target_link_libraries that a command line must
# name: CUDA::curand as -lcurand (the host API). cudart is implicit; a sample that names other CUDA::
# libraries without calling them (conjugateGradientMultiBlockCG: cublas, cusparse) builds without them.
sample_libs() {
  tr '\n' ' ' < "$1/CMakeLists.txt" | grep -oE 'target_link_libraries\([^)]*\)' | grep -q 'CUDA::curand' &&
    echo -lcurand
}

# One line that says why a build failed: the first compiler error, paths shortened.
first_error() {
  grep -m1 -E '(error|Error)( |:)|#error|undefined reference' "$1" |
    sed -e "s#$checkout/##g" -e 's#/tmp/scanlab-nvcc\.[A-Za-z0-9]*/[0-9]*-##g' -e 's/,/;/g' | cut -c1-300
}

# Every distinct error message of a build log (for FAILURES.md), one per line.
all_errors() {
  grep -E ' error: |#error|undefined reference' "$1" |
    sed -e "s#$checkout/##g" -e 's#/tmp/scanlab-nvcc\.[A-Za-z0-9]*/[0-9]*-##g' | sort -u
}

# One line that says why a run failed: a failure line the sample printed, else its last line.
run_reason() {
  local line
  line=$(grep -m1 -iE 'scanlab|error|fail|mismatch|abort|terminate|exception|assert|segmentation|watchdog' "$1")
  [[ -n "$line" ]] || line=$(grep -v '^\s*$' "$1" | tail -1)
  echo "$line" | sed 's/,/;/g' | cut -c1-300
}

while IFS='|' read -r path inout what args; do
  path=$(echo "$path" | xargs); inout=$(echo "$inout" | xargs); args=$(echo "$args" | xargs)
  [[ -z "$path" || "$path" == \#* || "$inout" != in ]] && continue
  name=$(basename "$path")
  if [[ ${#only[@]} -gt 0 && ! " ${only[*]} " =~ " $name " ]]; then
    grep "^$path," "$previous" >> "$csv"  # not re-run: the earlier result stays
    continue
  fi
  dir="$checkout/Samples/$path"
  mapfile -t srcs < <(sample_sources "$dir")
  incs=(-I"$checkout/Common")
  while IFS= read -r inc; do [[ -n "$inc" ]] && incs+=(-I"$inc"); done < <(sample_includes "$dir")
  libs=(); while IFS= read -r lib; do [[ -n "$lib" ]] && libs+=("$lib"); done < <(sample_libs "$dir")
  echo "== $path" >&2

  # nvcc: the reference compiler; a sample it rejects is not counted.
  nv=skipped
  if [[ "$nvcc" != none ]]; then
    if [[ ! -f "$out/nvcc/$name.rc" ]]; then
      (cd "$dir" && "$nvcc" -arch=sm_90 "${incs[@]}" "${srcs[@]}" "${libs[@]}" -o "$out/nvcc/$name.exe") > "$out/nvcc/$name.log" 2>&1
      echo $? > "$out/nvcc/$name.rc"
      rm -f "$out/nvcc/$name.exe"
    fi
    [[ $(cat "$out/nvcc/$name.rc") == 0 ]] && nv=yes || nv=no
  fi

  status= ran=no built=no reason= secs=
  build_log="$out/logs/$name.build.log"
  run_log="$out/logs/$name.run.log"
  if (cd "$dir" && "$scanlab_nvcc" -arch=sm_90 "${incs[@]}" "${srcs[@]}" "${libs[@]}" -o "$out/bin/$name") > "$build_log" 2>&1; then
    built=yes
    start=$(date +%s.%N)
    # shellcheck disable=SC2086  # args are the sample's own flags, split on purpose
    (cd "$dir" && timeout -k 5 "$run_timeout" stdbuf -oL "$out/bin/$name" $args) > "$run_log" 2>&1 < /dev/null
    rc=$?
    secs=$(printf '%.1f' "$(echo "$(date +%s.%N) - $start" | bc)")
    if [[ $rc -eq 124 || $rc -eq 137 ]]; then status=timeout; reason="no result within ${run_timeout} s: $(run_reason "$run_log")"
    elif [[ $rc -gt 128 ]]; then status=crashed; reason="signal $((rc - 128)): $(run_reason "$run_log")"
    else
      ran=yes
      if [[ $rc -eq 2 ]]; then status=waived; reason="waived (exit 2): $(run_reason "$run_log")"
      elif [[ $rc -eq 0 ]] && ! grep -qE 'FAIL|Test failed|test failed|Result = FAIL' "$run_log"; then status=passed
      else status=wrong; reason="exit $rc: $(run_reason "$run_log")"; fi
    fi
  else
    all_errors "$build_log" > "$out/logs/$name.errors.txt"
    reason=$(first_error "$build_log")
    [[ -n "$reason" ]] || reason=$(grep -v '^\s*$' "$build_log" | tail -1 | sed 's/,/;/g' | cut -c1-300)
    if grep -q 'scanlab CPU backend' "$build_log"; then status=rejected
      reason=$(grep -m1 'scanlab CPU backend' "$build_log" | sed -e "s#$checkout/##g" -e 's/,/;/g' | cut -c1-300)
    else status=build-fails; fi
  fi
  [[ $nv == no ]] && status="nvcc-fails ($status)"
  echo "$path,$nv,$built,$ran,$status,$secs,$reason" >> "$csv"
  echo "   $status ${reason:0:160}" >&2
done < "$scope"

# The summary counts only what nvcc compiles; the table is made from the CSV.
declare -A count=()
rows=()
total=0 built_n=0 ran_n=0 passed_n=0 rejected_n=0
while IFS=, read -r s nv b r st secs reason; do
  [[ $s == sample ]] && continue
  count[$st]=$(( ${count[$st]:-0} + 1 ))
  rows+=("| $s | $nv | $b | $r | $st | $secs | ${reason//|/\\|} |")
  [[ $nv == no ]] && continue
  total=$((total + 1))
  [[ $b == yes ]] && built_n=$((built_n + 1))
  [[ $r == yes ]] && ran_n=$((ran_n + 1))
  [[ $st == passed ]] && passed_n=$((passed_n + 1))
  [[ $st == rejected ]] && rejected_n=$((rejected_n + 1))
done < "$csv"

{
  echo "# NVIDIA cuda-samples on the scanlab CPU backend"
  echo
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  [[ ${#only[@]} -gt 0 ]] && echo "- re-run at this date: ${only[*]} (the other rows are from the earlier run in the same folder)"
  echo "- scanlab: $(scanlab_tree)"
  echo "- cuda-samples: github.com/NVIDIA/cuda-samples at $(samples_commit)"
  echo "- nvcc: $([[ "$nvcc" == none ]] && echo 'not checked' || "$nvcc" --version | tail -2 | head -1)"
  echo "- command: \`$([[ "$run_timeout" != 120 ]] && echo "RUN_TIMEOUT=$run_timeout ")tests/realcode/cuda_samples.sh <cuda-samples checkout> <build dir> <out dir>\`"
  echo "  (each sample: \`scanlab-nvcc -arch=sm_90 -I Common [its target_include_directories] <its CMake sources>\` in its directory, run there under \`timeout -k 5 $run_timeout\` with the arguments in cuda_samples_scope.txt)"
  echo
  echo "**In scope and compiled by nvcc: $total. Built by scanlab-nvcc: $built_n. Ran to the end: $ran_n. Passed: $passed_n.** Rejected on purpose (a scanlab message naming the feature): $rejected_n."
  echo
  echo "| status | samples |"
  echo "|---|---|"
  for k in "${!count[@]}"; do echo "| $k | ${count[$k]} |"; done | sort
  echo
  echo "Statuses: passed (exit 0, the sample's own check printed no failure); wrong (ran, its own check failed);"
  echo "waived (exit 2: the sample found the device lacking); crashed / timeout; build-fails (first compiler"
  echo "error shown); rejected (scanlab's own message naming an unsupported feature); nvcc-fails (not counted)."
  echo
  echo "| sample | nvcc | built | ran | status | run s | reason |"
  echo "|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
} > "$out/cuda_samples.md"
echo "wrote $out/cuda_samples.md and $out/cuda_samples.csv: $total in scope, $built_n built, $ran_n ran, $passed_n passed" >&2
