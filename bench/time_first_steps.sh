#!/usr/bin/env bash
# Times a newcomer's first steps in fresh clones of this repository (issue 16's targets on two
# cores: a first `make lab3` in at most 60 s, a cold `make test` in at most 8 minutes):
#
#   bash bench/time_first_steps.sh [lab3|test|both] [COMMIT]     (default: both, HEAD)
#
# Each step runs in its own clone under $TMPDIR, with nothing built, and prints its wall time with
# the machine's core count and load; the clones are removed afterwards. Run it on an idle machine:
# the numbers are only as good as the machine is quiet.
set -uo pipefail
what=${1:-both}
commit=${2:-HEAD}
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
work=$(mktemp -d)
chmod 755 "$work"  # the graders drop to the user nobody: it must reach the clone, as in any checkout
trap 'rm -rf "$work"' EXIT
[[ -x /usr/local/cuda/bin/nvcc ]] && export PATH="/usr/local/cuda/bin:$PATH"

clone() {
  git clone -q "$repo" "$work/$1" && git -C "$work/$1" checkout -q "$commit"
}
report() {  # name seconds status
  printf '%-16s %6d s  exit %d  (%s cores, load before: %s, commit %s)\n' "$1" "$2" "$3" \
    "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)" "$(git -C "$repo" rev-parse --short "$commit")"
}

if [[ $what == lab3 || $what == both ]]; then
  clone lab3
  start=$(date +%s)
  (cd "$work/lab3" && make lab3 > "$work/lab3.log" 2>&1)
  status=$?  # 1 is right: the stub fails its cases
  report "make lab3" $(( $(date +%s) - start )) "$status"
  grep -E "^scanlab: (configuring|building|built)|cases passed" "$work/lab3.log"
fi
if [[ $what == test || $what == both ]]; then
  clone test
  start=$(date +%s)
  (cd "$work/test" && make test > "$work/test.log" 2>&1)
  status=$?
  report "make test" $(( $(date +%s) - start )) "$status"
  grep -E "tests passed|Total Test time|^\s+[0-9]+ - .*\((Failed|Timeout|Not Run)\)" "$work/test.log"
  cp "$work/test.log" "${TMPDIR:-/tmp}/scanlab-first-steps-test.log"  # per-test times, failures
  echo "log: ${TMPDIR:-/tmp}/scanlab-first-steps-test.log"
fi
