#!/usr/bin/env bash
# The class report's build time for 1,000 submissions (issue: under 30 s on two cores), on a quiet
# machine: the CTest grader:class report leaves a graded class of 62 in its work folder; this copies
# it to 1,000 submissions and times `scanlab report` over them, five times.
#   bench/report/class_report_scale.sh [BUILD]     (after ctest -R "grader:class report")
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
src=$(cd "$(dirname "$0")/../.." && pwd)
work=$build/tests/grader/results
[[ -d $work/class-report/out ]] || { echo "run ctest -R 'grader:class report' in $build first" >&2; exit 1; }
nproc_used=$(nproc)
for i in 1 2 3 4 5; do
  /usr/bin/python3 "$src/tests/grader/report/class_report_test.py" --scanlab "$build/bin/scanlab" --source "$src" \
    --mutants "$build/tests/mutants/src" --submissions "$build/tests/grader/submissions" --work "$work" --scale-only | grep -E "1,000 submissions"
done
echo "($nproc_used cores, $(date -u +%Y-%m-%d))"
