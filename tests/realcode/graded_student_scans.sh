#!/usr/bin/env bash
# Published student scans graded the way a course grades them: each program's device scan is put
# behind the lab contract (`scan()` and `scan_workspace_bytes()` of lab 7, the hierarchical scan of
# the whole array) and graded by `scanlab grade` with the default rubric, on the CPU backend or on
# a GPU. Nothing published is kept in this repository: the submission files are assembled at run
# time in OUT from the checkouts (tests/realcode/student_scans.txt names their commits), followed
# by the few lines of adapter below, which are ours.
#
#   bash tests/realcode/graded_student_scans.sh CHECKOUTS SCANLAB_BIN BACKEND OUT
#     CHECKOUTS    folder holding the checkouts (owner+repo folders, as student_scans.sh uses)
#     SCANLAB_BIN  the scanlab command (build/bin/scanlab, or a carried one)
#     BACKEND      cpu or gpu
# Writes OUT/subs/<id>/lab7-hierarchical/scan.cu, OUT/results/ (one JSON per program, summary.csv)
# and OUT/grade.log.
set -uo pipefail
CHECKOUTS=${1:?checkouts folder}
SCANLAB=${2:?scanlab command}
BACKEND=${3:?cpu or gpu}
OUT=${4:?output folder}
mkdir -p "$OUT/subs"

# id, checkout, file, kind: programs whose device scan is `void scan_gpu_d(float* in, float* out,
# unsigned N)` over the whole array (input and output in device memory); kind says whether it is an
# inclusive or an exclusive scan (lab 7 wants the inclusive one: the adapter adds the input after an
# exclusive scan, in a kernel of ours).
PROGRAMS="
learncuda-ks-segmented stanleyedward+learn_cuda 11_scan_koggeStone/1_segmentedScan.cu inclusive
learncuda-ks-shared stanleyedward+learn_cuda 11_scan_koggeStone/2_sharedScan.cu inclusive
learncuda-ks-double stanleyedward+learn_cuda 11_scan_koggeStone/3_doubleBufferScan.cu inclusive
learncuda-ks-coarsened stanleyedward+learn_cuda 11_scan_koggeStone/5_coarsenedScan.cu inclusive
learncuda-brent-kung stanleyedward+learn_cuda 12_scan_brentKung/1_scan.cu inclusive
cmps297s-a6 stanleyedward+learn_cuda CMPS297S_GPU_Computing_Assignments/Assignment_6/kernel.cu exclusive
"
echo "$PROGRAMS" | while read -r id checkout file kind; do
  [ -n "$id" ] || continue
  src="$CHECKOUTS/$checkout/$file"
  [ -f "$src" ] || { echo "missing: $src" >&2; continue; }
  dir="$OUT/subs/$id/lab7-hierarchical"
  mkdir -p "$dir"
  {
    echo "// Assembled by tests/realcode/graded_student_scans.sh from $checkout/$file, then the lab's entry points."
    echo '#include <cstddef>'
    echo '#include "lab.h"'
    # The file itself, with the headers it includes from its own folder written in place (the grader
    # compiles scan.cu alone, as a course's grader would receive it).
    awk -v dir="$(dirname "$src")" '
      match($0, /^[ \t]*#[ \t]*include[ \t]*"[^"]+"/) {
        name = $0; sub(/^[^"]*"/, "", name); sub(/".*$/, "", name)
        path = dir "/" name
        if ((getline probe < path) >= 0) { close(path); while ((getline line < path) > 0) print line; close(path); next }
      }
      { print }' "$src"
    echo
    echo '// --- the lab contract, calling the published scan (the workspace is not used) ---'
    echo 'std::size_t scan_workspace_bytes(unsigned) { return 0; }'
    if [ "$kind" = exclusive ]; then
      echo '__global__ void adapter_exclusive_to_inclusive(const float* input, float* output, unsigned n) {'
      echo '  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;'
      echo '  if (i < n) output[i] += input[i];'
      echo '}'
    fi
    echo 'void scan(const float* input, float* output, unsigned n, void*) {'
    echo '  scan_gpu_d(const_cast<float*>(input), output, n);'
    [ "$kind" = exclusive ] && echo '  if (n > 0) adapter_exclusive_to_inclusive<<<(n + 255) / 256, 256>>>(input, output, n);'
    echo '}'
  } >"$dir/scan.cu"
done
timeout -k 10 3000 "$SCANLAB" grade --batch "$OUT/subs" --out "$OUT/results" --backend "$BACKEND" --lab 7 \
  --jobs "$(nproc)" --seed 7 --regrade >"$OUT/grade.log" 2>&1
echo "scanlab grade exit $?" >>"$OUT/grade.log"
tail -12 "$OUT/grade.log"
