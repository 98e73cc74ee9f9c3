#!/usr/bin/env bash
# student_scans.sh CHECKOUT_ROOT BUILD_DIR OUT_DIR [ID ...]
# student_scans.sh --clone CHECKOUT_ROOT
#
# Builds each published scan program of tests/realcode/student_scans.txt unmodified with nvcc (a
# compile check) and with BUILD_DIR/bin/scanlab-nvcc, runs it on the CPU backend in forward, reverse
# and random thread order, checks its output (its own verdict or a CPU reference, see the table) and
# compares the three runs (a difference means a race). Writes OUT_DIR/student_scans.md and .csv,
# logs under OUT_DIR/logs/. --clone checks each repository out at its commit as
# CHECKOUT_ROOT/<owner>+<name> (needs network access). Environment: NVCC (default
# /usr/local/cuda/bin/nvcc, NVCC=none skips it), RUN_TIMEOUT (default 120 s per run).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
table="$here/student_scans.txt"
checker="$here/student_scan_check.py"

rows() { grep -v '^\s*#' "$table" | grep -v '^\s*$'; }
field() { echo "$1" | awk -F'|' -v n="$2" '{ s = $n; sub(/^ +/, "", s); sub(/ +$/, "", s); print s }'; }

if [[ "${1:-}" == --clone ]]; then
  root="${2:?usage: student_scans.sh --clone CHECKOUT_ROOT}"
  mkdir -p "$root"
  rows | while IFS= read -r row; do
    repo=$(field "$row" 2); commit=$(field "$row" 3); dest="$root/${repo/\//+}"
    [[ -d "$dest" ]] && continue
    git clone -q "https://github.com/$repo" "$dest" && git -C "$dest" checkout -q "$commit"
  done
  exit 0
fi

[[ $# -ge 3 ]] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
root=$(cd "$1" && pwd) || exit 2
build_dir=$(cd "$2" && pwd) || exit 2
mkdir -p "$3" && out=$(cd "$3" && pwd) || exit 2
shift 3
only=("$@")
nvcc="${NVCC:-/usr/local/cuda/bin/nvcc}"
scanlab_nvcc="$build_dir/bin/scanlab-nvcc"
run_timeout="${RUN_TIMEOUT:-120}"
[[ -x "$scanlab_nvcc" ]] || { echo "student_scans.sh: $scanlab_nvcc not found" >&2; exit 2; }
mkdir -p "$out/logs" "$out/bin"

# The commit a checkout is at: .git, or a .commit file written next to a `git archive`.
checkout_commit() {
  if [[ -d "$1/.git" ]]; then git -C "$1" rev-parse HEAD; elif [[ -f "$1/.commit" ]]; then cat "$1/.commit"; else echo unknown; fi
}

# Runs the program once in the given thread order; echoes the exit status.
run_once() {  # id order workdir args...
  local id=$1 order=$2 wd=$3; shift 3
  (cd "$wd" && SCANLAB_THREAD_ORDER=$order SCANLAB_SEED=7 timeout -k 5 "$run_timeout" stdbuf -oL "$out/bin/$id" "$@") \
    > "$out/logs/$id.$order.out" 2> "$out/logs/$id.$order.err" < /dev/null
  echo $?
}

# The CPU backend's own reports on standard error (detectors, rejected features, crashes).
detector_lines() {
  grep -hE 'scanlab|divergent barrier|deadlock|out of bounds|illegal|watchdog|hang|race' "$@" 2>/dev/null |
    sort -u | head -3 | tr '\n' ' ' | sed 's/,/;/g' | cut -c1-240
}

csv="$out/student_scans.csv"
echo "id,repository,path,commit,nvcc,scanlab_build,ran,right,orders_agree,detector,status,note" > "$csv"
md_rows=()
declare -A count=()
while IFS= read -r row; do
  id=$(field "$row" 1); repo=$(field "$row" 2); want_commit=$(field "$row" 3); wd_rel=$(field "$row" 4)
  srcs=$(field "$row" 5); flags=$(field "$row" 6); args=$(field "$row" 7); check=$(field "$row" 8)
  if [[ ${#only[@]} -gt 0 && ! " ${only[*]} " =~ " $id " ]]; then continue; fi
  echo "== $id" >&2
  repo_dir="$root/${repo/\//+}"
  wd="$repo_dir/$wd_rel"
  if [[ "$wd_rel" == *\* ]]; then  # a trailing * is a glob, for a directory name with odd spaces
    wd=$(compgen -G "$repo_dir/$wd_rel" | head -1)
  fi
  commit=$(checkout_commit "$repo_dir")
  note="" nv=skipped built=no ran=no right=- agree=- detector="" status=""
  [[ "$commit" != "$want_commit" ]] && note="checkout at $commit, table says $want_commit; "
  if [[ ! -d "$wd" ]]; then
    status=missing; note+="no checkout at $wd"
  else
    read -r -a src_arr <<< "$srcs"
    src_arr=("${src_arr[@]/#@driver\//$here/drivers/}")  # our own harnesses, for files without a main
    read -r -a flag_arr <<< "$flags"
    read -r -a arg_arr <<< "$args"
    if [[ "$nvcc" != none ]]; then
      (cd "$wd" && "$nvcc" -arch=sm_90 "${flag_arr[@]}" "${src_arr[@]}" -o "$out/bin/$id.nvcc") > "$out/logs/$id.nvcc.log" 2>&1 \
        && nv=yes || nv=no
      rm -f "$out/bin/$id.nvcc"
    fi
    # scanlab-nvcc takes -Xcompiler's argument as a host flag only in the -X form it knows; pass host flags directly.
    sl_flags=()
    for ((k = 0; k < ${#flag_arr[@]}; k++)); do
      if [[ "${flag_arr[k]}" == -Xcompiler ]]; then sl_flags+=("${flag_arr[k + 1]}"); k=$((k + 1)); else sl_flags+=("${flag_arr[k]}"); fi
    done
    if (cd "$wd" && "$scanlab_nvcc" -arch=sm_90 "${sl_flags[@]}" "${src_arr[@]}" -o "$out/bin/$id") > "$out/logs/$id.build.log" 2>&1; then
      built=yes
      rc=$(run_once "$id" forward "$wd" "${arg_arr[@]}")
      detector=$(detector_lines "$out/logs/$id.forward.err")
      if [[ $rc -eq 124 || $rc -eq 137 ]]; then
        status=timeout; note+="no result within ${run_timeout} s (forward order); "
        right=$(python3 "$checker" "$check" "$out/logs/$id.forward.out" | cut -c1-160)
        note+="output so far: $right"; right=-
      elif [[ $rc -gt 128 ]]; then
        status=crashed; note+="signal $((rc - 128)); $(tail -2 "$out/logs/$id.forward.err" | tr '\n' ' ' | cut -c1-160)"
      else
        ran=yes
        verdict=$(python3 "$checker" "$check" "$out/logs/$id.forward.out")
        case "$verdict" in pass) right=yes ;; none*) right=unknown ;; *) right=no; note+="${verdict#fail: }; " ;; esac
        [[ $rc -ne 0 ]] && { right=no; note+="exit status $rc; "; }
        agree=yes
        for order in reverse random; do
          rc2=$(run_once "$id" $order "$wd" "${arg_arr[@]}")
          d=$(detector_lines "$out/logs/$id.$order.err"); [[ -n "$d" && -z "$detector" ]] && detector="($order) $d"
          if [[ $rc2 -ne $rc ]] || ! cmp -s <(python3 "$checker" --normalize "$out/logs/$id.forward.out") \
                                         <(python3 "$checker" --normalize "$out/logs/$id.$order.out"); then
            agree=no; note+="$order thread order: exit $rc2 and/or different output; "
          fi
        done
        if [[ $right == yes && $agree == yes ]]; then status=passed
        elif [[ $right == unknown && $agree == yes ]]; then status=ran
        else status=wrong; fi
      fi
    else
      first=$(grep -m1 -E ' error: |#error' "$out/logs/$id.build.log" | sed -e "s#$root/##g" -e 's#/tmp/scanlab-nvcc\.[A-Za-z0-9]*/[0-9]*-##g' | cut -c1-200)
      if grep -q 'scanlab CPU backend' "$out/logs/$id.build.log"; then
        status=rejected; first=$(grep -m1 'scanlab CPU backend' "$out/logs/$id.build.log" | sed 's#.*error: ##' | cut -c1-200)
      else status=build-fails; fi
      note+="$first"
    fi
  fi
  [[ $nv == no ]] && status="nvcc-fails ($status)"
  count[$status]=$(( ${count[$status]:-0} + 1 ))
  note=${note%; }
  echo "$id,$repo,$wd_rel/{$srcs},$commit,$nv,$built,$ran,$right,$agree,${detector//,/;},$status,${note//,/;}" >> "$csv"
  md_rows+=("| $id | [$repo](https://github.com/$repo/tree/$want_commit) \`${wd_rel%\*}\`: ${srcs} | $nv | $built | $ran | $right | $agree | $status | ${detector//|/\\|} ${note//|/\\|} |")
done < <(rows)

{
  echo "# Published student and textbook scans on the scanlab CPU backend"
  echo
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build_dir/CMakeCache.txt" 2>/dev/null)
  echo "- scanlab: $(git -C "$src" rev-parse --short HEAD 2>/dev/null || cut -c1-7 "$src/.commit" 2>/dev/null) ($src)"
  echo "- command: \`tests/realcode/student_scans.sh <checkout root> <build dir> <out dir>\` (programs and commits: tests/realcode/student_scans.txt)"
  echo "- each program: \`nvcc -arch=sm_90\` and \`scanlab-nvcc -arch=sm_90\` on its own sources, run with SCANLAB_THREAD_ORDER=forward, reverse, random (seed 7), \`timeout -k 5 $run_timeout\`"
  echo
  echo "| status | programs |"
  echo "|---|---|"
  for k in "${!count[@]}"; do echo "| $k | ${count[$k]} |"; done | sort
  echo
  echo "Columns: nvcc builds; scanlab-nvcc builds; ran to the end (forward order); right (its own check or the CPU"
  echo "reference in the table; unknown: it prints nothing checkable); the three thread orders agree (outputs without"
  echo "timing lines, and exit status); status; the CPU backend's reports and notes."
  echo
  echo "| id | program | nvcc | built | ran | right | orders agree | status | reports and notes |"
  echo "|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${md_rows[@]}"
} > "$out/student_scans.md"
echo "wrote $out/student_scans.md" >&2
