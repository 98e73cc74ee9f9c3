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
array_job=$(sbatch --parsable "${gpu_request[@]}" "$@" --array="0-$((n - 1))%${SCANLAB_MAX_PARALLEL:-8}" \
  --output="$out/logs/grade-%A_%a.log" \
  --export="ALL,SCANLAB_BACKEND=$backend,SCANLAB_LIST=$list,SCANLAB_OUT=$out" "$here/grade-array.sbatch")
collect_job=$(sbatch --parsable "$@" --dependency="afterany:$array_job" --cpus-per-task=1 \
  --job-name=scanlab-collect --output="$out/logs/collect-%j.log" \
  --wrap="python3 '$here/collect.py' '$out'")
echo "submit: $n submissions ($backend backend${gpu_request:+, one GPU per task}): array job $array_job, collector job $collect_job; summary: $out/summary.csv"
