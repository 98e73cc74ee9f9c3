# Sourced by the device scripts (bench_gpu.sh, perf_round2.sh, sections_round.sh), after they set
# STEP_DIR: `step NAME SECONDS command...` runs the command under a time limit with its output in
# $STEP_DIR/NAME.log, appends one line (exit status, seconds, seconds since sourcing) to
# $STEP_DIR/steps.txt, and never stops the script; `elapsed` gives the seconds since sourcing.
STEP_START=$(date +%s)
elapsed() { echo $(( $(date +%s) - STEP_START )); }
step() {
  local name=$1 limit=$2
  shift 2
  local t0=$(date +%s)
  timeout --kill-after=5 "$limit" "$@" >"$STEP_DIR/$name.log" 2>&1
  local rc=$?
  printf '%-24s exit %3s  %4ss  (t=%ss)\n' "$name" "$rc" "$(( $(date +%s) - t0 ))" "$(elapsed)" |
    tee -a "$STEP_DIR/steps.txt"
  return 0
}
