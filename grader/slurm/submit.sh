#!/bin/bash
# submit.sh SUBMISSIONS_DIR OUT_DIR [sbatch options...]
# Grades every subfolder of SUBMISSIONS_DIR as one Slurm array task (at most $SCANLAB_MAX_PARALLEL
# at once, default 8), then runs collect.py after all of them to write OUT_DIR/summary.csv.
# sbatch options are passed to both jobs (e.g. --partition=gpu --account=course). A GPU
# (--gres=gpu:1) is requested for the array only when SCANLAB_BACKEND is gpu (the default);
# SCANLAB_BACKEND=cpu asks for none, so it runs on CPU-only nodes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
subs=${1:?usage: submit.sh SUBMISSIONS_DIR OUT_DIR [sbatch options...]}
out=${2:?usage: submit.sh SUBMISSIONS_DIR OUT_DIR [sbatch options...]}
shift 2
subs=$(cd "$subs" && pwd)
mkdir -p "$out/logs"
out=$(cd "$out" && pwd)

list="$out/submissions.txt"
find "$subs" -mindepth 1 -maxdepth 1 -type d ! -name '.*' | sort > "$list"
n=$(wc -l < "$list")
[ "$n" -gt 0 ] || { echo "submit: no submission folders in $subs" >&2; exit 1; }

backend=${SCANLAB_BACKEND:-gpu}
gpu_request=()
[ "$backend" = gpu ] && gpu_request=(--gres=gpu:1)
# The grader this checkout built, by absolute path: the tasks then do not depend on the folder
# sbatch was called from (grade-array.sbatch's default is the submit folder's build/).
bin=${SCANLAB_BIN:-$here/../../build/bin/scanlab}
[ -x "$bin" ] || { echo "submit: no grader at $bin: build it (ninja -C build scanlab) or set SCANLAB_BIN" >&2; exit 1; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")

# A task whose request no node of the partition can hold (grade-array.sbatch asks 4 CPUs and
# 16 GB) would wait in the queue forever without a word: ask Slurm first, with the same options.
if ! why=$(sbatch --test-only "${gpu_request[@]}" "$@" --array=0 --output=/dev/null \
             --export="ALL,SCANLAB_LIST=$list,SCANLAB_OUT=$out" "$here/grade-array.sbatch" 2>&1); then
  echo "submit: Slurm says no node can run one grading task as requested:" >&2
  printf '  %s\n' "$why" >&2
  asks=$(sed -n 's/^#SBATCH --\(cpus-per-task\|mem\)=\(.*\)/--\1=\2/p' "$here/grade-array.sbatch" | paste -sd' ')
  echo "  Each task asks $asks${gpu_request:+ --gres=gpu:1} unless your options say otherwise." >&2
  echo "  Ask for less (e.g. submit.sh SUBMISSIONS OUT --cpus-per-task=2 --mem=4G) or name another --partition." >&2
  exit 1
fi

array_job=$(sbatch --parsable "${gpu_request[@]}" "$@" --array="0-$((n - 1))%${SCANLAB_MAX_PARALLEL:-8}" \
  --output="$out/logs/grade-%A_%a.log" \
  --export="ALL,SCANLAB_BACKEND=$backend,SCANLAB_BIN=$bin,SCANLAB_LIST=$list,SCANLAB_OUT=$out" "$here/grade-array.sbatch")
collect_job=$(sbatch --parsable "$@" --dependency="afterany:$array_job" --cpus-per-task=1 \
  --job-name=scanlab-collect --output="$out/logs/collect-%j.log" \
  --wrap="python3 '$here/collect.py' '$out'")
echo "submit: $n submissions ($backend backend${gpu_request:+, one GPU per task}): array job $array_job, collector job $collect_job; summary: $out/summary.csv"
