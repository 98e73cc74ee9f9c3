#!/usr/bin/env bash
# Developers only: not part of a student release.     SCANLAB-INSTRUCTOR-ONLY
# Checks that scanlab builds and passes on 64-bit Arm Linux (aarch64), from an x86-64 Debian 12
# or Ubuntu machine: Debian's cross compiler builds the tree (cmake/toolchains/aarch64-linux-gnu.cmake,
# CPU backend only: there is no nvcc for arm64 here) and qemu-user runs what it built.
#
#   tools/check-arm64.sh [--quick] [--tree DIR] [--install] [--clean]
#
# It copies the source into a work folder ($SCANLAB_ARM64_DIR, default /var/tmp/scanlab-arm64):
# this checkout's HEAD (commit first), or with --tree DIR the files of DIR as they are now
# (a working tree with uncommitted changes; build*/ and what .gitignore names are left out).
# Then it configures <work>/build with the toolchain file, builds, and runs
#   1. lab 3's reference solution's checks (`make lab3-solution`, on the CPU backend);
#   2. `ctest -L arm64`: lab 3's reference as CTest cases, and the lab 2 mutant with the race
#      (missing barrier), which must be reported as a race on XY by file and line;
#      and `grader:race`, the grader's verdict on the known-wrong lab 2 submission (a race);
#   3. the rest of `ctest -L "lab3|grader|cpu"` (not with --quick, which builds only what 1-2 need).
# The last line says PASSED or FAILED and what failed; the exit status is 0 only when all passed.
#
#   --quick        only steps 1 and 2 (builds a few targets: about a quarter of the tree)
#   --tree DIR     test the files in DIR instead of HEAD's (rsync; uncommitted changes included)
#   --install      install what is missing (apt-get, as root) and register qemu-aarch64 with
#                  binfmt_misc; without it the script installs nothing and only names what is missing
#   --clean        start from an empty build folder (it is kept between runs otherwise: a second
#                  run rebuilds only what changed)
# Environment: SCANLAB_ARM64_DIR (work folder), JOBS (parallel jobs, default: all cores),
# CMAKE_ARGS (more configure arguments), SCANLAB_CCCL_INCLUDE_DIR (CCCL's headers, see
# cmake/ScanlabCccl.cmake; the toolkit's or PyPI's copy is found by itself).
# tools/check-platforms.sh arm64 runs this script too.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
work=${SCANLAB_ARM64_DIR:-/var/tmp/scanlab-arm64}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
quick=0
tree=""
install=0
clean=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --quick) quick=1 ;;
    --tree) [[ $# -ge 2 ]] || { echo "check-arm64: --tree needs a folder" >&2; exit 2; }
            tree=$(cd "$2" && pwd); shift ;;
    --install) install=1 ;;
    --clean) clean=1 ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "check-arm64: unknown argument $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done

say() { echo "check-arm64: $*"; }
die() { echo "check-arm64: $*" >&2; exit 1; }
as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else die "--install needs root (or sudo) for: $*"
  fi
}
started=$SECONDS
step_start=$SECONDS
step() { say "[$((SECONDS - started)) s] $*"; step_start=$SECONDS; }
step_done() { say "  ... $((SECONDS - step_start)) s"; }

# --- 1. What the cross build needs -----------------------------------------------------------
# Debian package names. The arm64 libraries come from Debian's arm64 archive (multiarch: the
# `:arm64` packages install beside the host's own). Catch2, CLI11 and nlohmann-json are headers
# (and CMake files) only: the host's package serves any architecture.
packages=(crossbuild-essential-arm64 qemu-user-static cmake ninja-build git rsync python3
          libboost-context-dev:arm64 libfmt-dev:arm64 libstdc++6:arm64
          catch2 libcli11-dev nlohmann-json3-dev)
command -v dpkg-query >/dev/null || die "this script is for Debian and Ubuntu (no dpkg-query here)"
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
need_arch=0
dpkg --print-foreign-architectures | grep -qx arm64 || need_arch=1
if [[ ${#missing[@]} -gt 0 ]]; then
  if [[ $install == 0 ]]; then
    echo "check-arm64: missing Debian packages: ${missing[*]}" >&2
    echo "  Install them (or run this script with --install, as root):" >&2
    [[ $need_arch == 0 ]] || echo "    dpkg --add-architecture arm64 && apt-get update" >&2
    echo "    apt-get install ${missing[*]}" >&2
    exit 1
  fi
  if [[ $need_arch == 1 ]]; then
    say "adding the arm64 architecture to dpkg (for the :arm64 libraries)"
    as_root dpkg --add-architecture arm64
  fi
  say "installing: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# CCCL's headers (libcu++) are architecture-independent: the host's CUDA toolkit's or PyPI's copy
# serves the arm64 build. Without them the build works, but CPU tests using <cuda/...> fail.
cccl=""
for d in "${SCANLAB_CCCL_INCLUDE_DIR:-}" /usr/local/cuda/include/cccl "$HOME/.local/share/scanlab/cccl"/nvidia/cu*/include/cccl; do
  if [[ -n $d && -e $d/cuda/std/atomic ]]; then cccl=$d; break; fi
done
[[ -n $cccl ]] || say "warning: CCCL's headers not found (tools/setup-debian.sh installs them): tests of <cuda/...> will fail"

# scanlab runs the programs it builds by their path, not through CMake's emulator: the Catch2
# listing after each test executable is linked, CTest's generated test lines, the mutant runner,
# the grader's runners, scanlab-run-lab. So the kernel must run arm64 programs itself, through
# binfmt_misc with qemu-aarch64 registered (Debian's qemu-user-static ships the registration in
# /usr/lib/binfmt.d; systemd or binfmt-support apply it at boot, containers often lack it).
# A tiny program tells: without binfmt_misc the listings come out empty and CTest would report
# success on fewer tests, so the script stops instead. It starts a thread, as the CPU backend's
# watchdog does: that is where a mismatched loader and C library hang (see below).
mkdir -p "$work"
probe="$work/arm64-probe"
printf '%s\n' '#include <pthread.h>' 'static void* run(void* p) { return p; }' \
  'int main(void) { pthread_t t; return pthread_create(&t, 0, run, 0) || pthread_join(t, 0); }' |
  aarch64-linux-gnu-gcc -x c - -pthread -o "$probe"
# No QEMU_LD_PREFIX=/usr/aarch64-linux-gnu (qemu's -L): with it the cross toolchain's loader meets
# the multiarch libc.so.6, another glibc build, and programs hang at their first thread (see the
# toolchain file). The multiarch loader and libraries (libc6:arm64) are one build.
unset QEMU_LD_PREFIX
binfmt=/proc/sys/fs/binfmt_misc
conf=/usr/lib/binfmt.d/qemu-aarch64.conf
probe_status=0
timeout 60 "$probe" 2>/dev/null || probe_status=$?
if [[ $probe_status != 0 ]] && grep -qx enabled "$binfmt/qemu-aarch64" 2>/dev/null; then
  die "qemu-aarch64 is registered, but an arm64 test program failed (exit status $probe_status; 124: it hung)"
elif [[ $probe_status != 0 ]]; then
  if [[ $install == 0 ]]; then
    echo "check-arm64: this machine cannot run arm64 programs directly (binfmt_misc: no qemu-aarch64 handler)." >&2
    echo "  Register it (as root), or run this script with --install:" >&2
    [[ -e $binfmt/register ]] || echo "    mount -t binfmt_misc binfmt_misc $binfmt" >&2
    echo "    grep -v '^#' $conf > $binfmt/register" >&2
    echo "  (undo: echo -1 > $binfmt/qemu-aarch64)" >&2
    exit 1
  fi
  say "registering qemu-aarch64 with binfmt_misc ($conf)"
  [[ -e $binfmt/register ]] || as_root mount -t binfmt_misc binfmt_misc "$binfmt"
  if [[ -e $binfmt/qemu-aarch64 ]]; then
    echo 1 | as_root tee "$binfmt/qemu-aarch64" >/dev/null  # registered but disabled
  else
    grep -v '^#' "$conf" | as_root tee "$binfmt/register" >/dev/null
  fi
  timeout 60 "$probe" || die "an arm64 program still does not run after registering qemu-aarch64"
fi

# --- 2. The source -----------------------------------------------------------------------------
src="$work/src"
build="$work/build"
if [[ -n $tree ]]; then
  step "copying $tree into $src (uncommitted changes included)"
  # rsync keeps the times of unchanged files, so a second run rebuilds only what changed.
  mkdir -p "$src"
  rm -rf "$src/.git"  # a clone's history would describe other files than these
  rsync -a --delete --exclude=/.git --exclude='/build*/' --filter=':- .gitignore' "$tree/" "$src/"
  what="the tree $tree"
else
  head=$(git -C "$here" rev-parse HEAD)
  step "checking out $here's HEAD ($(git -C "$here" log -1 --format='%h %s' | cut -c1-60)) into $src"
  [[ -z $(git -C "$here" status --porcelain --untracked-files=no) ]] ||
    say "note: $here has uncommitted changes, which are not tested (--tree $here tests them)"
  [[ -d $src/.git ]] || { rm -rf "$src"; git clone --quiet --no-checkout "$here" "$src"; }
  # A checkout over the previous one: only files that changed get new times.
  git -C "$src" fetch --quiet "$here" "$head"
  git -C "$src" checkout --quiet --force --detach "$head"
  git -C "$src" clean --quiet -ffdx
  what="HEAD ${head:0:10}"
fi
step_done

# --- 3. Configure and build ----------------------------------------------------------------------
# The toolchain file of the source tested, else (a HEAD from before it existed) this checkout's.
toolchain="$src/cmake/toolchains/aarch64-linux-gnu.cmake"
[[ -f $toolchain ]] || toolchain="$here/cmake/toolchains/aarch64-linux-gnu.cmake"
[[ $clean == 0 ]] || rm -rf "$build"
step "configuring $build (toolchain $toolchain)"
# The GPU backend is off: nvcc does not exist for this target here. CMAKE_ARGS is split on spaces.
# shellcheck disable=SC2086
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DSCANLAB_ENABLE_GPU=OFF \
  ${cccl:+-DSCANLAB_CCCL_INCLUDE_DIR="$cccl"} ${CMAKE_ARGS:-} > "$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; die "configuring failed (log: $work/configure.log)"; }
grep -E '^-- scanlab:' "$work/configure.log" | sed 's/^/  /' || true
step_done

catch_arm64=()  # the Catch2 test executables labelled arm64 (--quick checks that they listed cases)
if [[ $quick == 1 ]]; then
  # The targets of steps 1-2 only: every test executable labelled arm64, the programs the other
  # arm64 tests run, lab 3's reference checks and the grader (with its runners and the rewriter).
  # A Catch2 executable's tests exist only once it is built (CTest reads its listing), so its
  # labels are read from the listing command CMake wrote into build.ninja (LABELS=a,b,c).
  mapfile -t catch_arm64 < <(grep -oE 'EXE=[^ ]+ -D "?PREFIX=[^ ]+ -D "?LABELS=[^ "]+' "$build/build.ninja" |
    grep -E 'LABELS=([^ ]*,)?arm64(,|$)' | sed -E 's/^EXE=([^ ]+) .*/\1/' | xargs -r -n1 basename | sort -u)
  mapfile -t programs < <(ctest --test-dir "$build" -N -L arm64 --show-only=json-v1 | python3 -c '
import json, os, sys
build = sys.argv[1] + "/"
for test in json.load(sys.stdin)["tests"]:
    for word in test.get("command", []):
        path = word.split("=", 1)[1] if word.startswith("-D") and "=" in word else word
        if path.startswith(build):
            print(os.path.basename(path))' "$build")
  known=$(ninja -C "$build" -t targets all 2>/dev/null | sed -n 's/^\([^ :]*\): phony$/\1/p')
  targets=()
  for t in "${catch_arm64[@]}" "${programs[@]}" check-lab3-solution scanlab; do
    if grep -qxF -- "$t" <<<"$known"; then targets+=("$t"); fi
  done
  if [[ ${#catch_arm64[@]} -eq 0 ]]; then
    # A tree from before the arm64 label: lab 3's cases and the lab 2 race mutant by name.
    mapfile -t -O "${#targets[@]}" targets < <(grep -E '^(lab3-[a-z0-9-]+-cases-solution-cpu(-asan)?|lab2-[a-z0-9-]+-check-mutant-missing_barrier-cpu)$' <<<"$known")
  fi
  mapfile -t targets < <(printf '%s\n' "${targets[@]}" | sort -u)
  [[ ${#targets[@]} -ge 4 ]] || die "--quick: did not find the lab 3, lab 2 race and grader targets (found: ${targets[*]:-none})"
  step "building ${targets[*]} (-j $jobs)"
  cmake --build "$build" -j "$jobs" --target "${targets[@]}"
else
  step "building everything (-j $jobs)"
  cmake --build "$build" -j "$jobs"
fi
file -L "$build/bin/scanlab" | grep -q 'ARM aarch64' || die "$build/bin/scanlab is not an arm64 program: $(file -L "$build/bin/scanlab")"
step_done

# --- 4. Run ------------------------------------------------------------------------------------
declare -A result
failed=()
step_log="$work/step.log"
run_step() {  # name command...
  local name=$1; shift
  step "$name: $*"
  local counts=""
  if "$@" 2>&1 | tee "$step_log"; then result[$name]=passed; else result[$name]=FAILED; failed+=("$name"); fi
  # CTest's summary: "97% tests passed, 1 tests failed out of 32".
  counts=$(sed -n 's/^[0-9]*% tests passed, \([0-9]*\) tests\{0,1\} failed out of \([0-9]*\)$/\1 \2/p' "$step_log" | tail -n 1)
  if [[ -n $counts ]]; then
    read -r nfailed ntotal <<<"$counts"
    result[$name]+=" ($((ntotal - nfailed))/$ntotal)"
  fi
  # A lab check's summary: "lab3 (cpu backend, solution): 19/19 cases passed".
  counts=$(sed -n 's/^lab[0-9].*: \([0-9]*\/[0-9]*\) cases passed$/\1/p' "$step_log" | tail -n 1)
  [[ -z $counts ]] || result[$name]+=" ($counts cases)"
  step_done
}

# 1. `make lab3-solution` (the Makefile's own rule: scanlab-run-lab builds and runs the check).
run_step "lab 3 reference" timeout 900 make -C "$src" --no-print-directory lab3-solution BUILD_DIR="$build" BACKEND=cpu JOBS="$jobs"

# 2. The arm64 label, and the grader's race verdict. A tree from before the label existed gets
# the same tests by name.
ctest_run() { ctest --test-dir "$build" --output-on-failure -j "$jobs" "$@"; }
arm64_count=$(ctest --test-dir "$build" -N -L arm64 | sed -n 's/^Total Tests: //p')
if [[ ${arm64_count:-0} -gt 0 ]]; then
  arm64_select=(-L arm64)
else
  say "no test is labelled arm64 in this tree: selecting lab 3's reference and the lab 2 race by name"
  arm64_select=(-R '^cpu(-asan)?:lab3 solution|^cpu:mutant lab2-kogge-stone/missing_barrier$')
fi
run_step "ctest arm64 (lab 3 reference, lab 2 race)" ctest_run "${arm64_select[@]}"
run_step "grader: lab 2 race verdict" ctest_run -R '^grader:race$'

# 3. The rest of lab3|grader|cpu (what step 2 ran is left out).
if [[ $quick == 0 ]]; then
  if [[ ${arm64_select[0]} == -L ]]; then
    run_step 'ctest -L "lab3|grader|cpu"' ctest_run -L 'lab3|grader|cpu' -LE arm64 -E '^grader:race$'
  else
    run_step 'ctest -L "lab3|grader|cpu"' ctest_run -L 'lab3|grader|cpu' -E '^grader:race$'
  fi
fi
# A test executable that was not built leaves a placeholder test, without labels, that a run by
# label never sees: none may be left (with --quick: of the arm64 ones built).
not_built_pattern='_NOT_BUILT$'
if [[ $quick == 1 ]]; then
  not_built_pattern="^($(IFS='|'; echo "${catch_arm64[*]:-none}"))_NOT_BUILT\$"
fi
not_built=$(ctest --test-dir "$build" -N -R "$not_built_pattern" | sed -n 's/^Total Tests: //p')
if [[ ${not_built:-0} != 0 ]]; then
  failed+=("not built")
  result["not built"]="$not_built test executables (ctest -N -R '$not_built_pattern')"
fi

summary=""
for k in "lab 3 reference" "ctest arm64 (lab 3 reference, lab 2 race)" "grader: lab 2 race verdict" 'ctest -L "lab3|grader|cpu"' "not built"; do
  [[ -n ${result[$k]:-} ]] && summary+="$k: ${result[$k]}; "
done
if [[ ${#failed[@]} -eq 0 ]]; then
  echo "check-arm64: PASSED on arm64 (qemu-user) for $what in $((SECONDS - started)) s: ${summary%; }"
else
  echo "check-arm64: FAILED on arm64 (qemu-user) for $what in $((SECONDS - started)) s: ${summary%; }"
  exit 1
fi
