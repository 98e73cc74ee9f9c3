#!/usr/bin/env bash
# Records the expected output of every conformance program on a real GPU.
#
# Run from the repository root on a machine with a CUDA GPU and nvcc, with $OUT set to a writable folder:
#   OUT=/tmp/out tests/conformance/record_gpu.sh [programs/<area>/<name>.cu ...]
# For each program it writes $OUT/expected/<area>/<name>.out: the program's stdout followed by a last line
# "exit=<code>" (stderr goes to $OUT/logs/, it is never compared). Copy $OUT/expected/ over
# tests/conformance/expected/ to adopt the recording. $OUT/expected/RECORD.md says where and how it was made.
#
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc), NVCC_ARCH (default: native, falling
# back to sm_90 when native does not work), JOBS (default: number of cores).
set -u -o pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
programs_dir="$here/programs"
: "${OUT:?set OUT to the folder that receives expected/ and logs/}"
NVCC="${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"
JOBS="${JOBS:-$(nproc)}"
bin_dir="$OUT/bin"
log_dir="$OUT/logs"
exp_dir="$OUT/expected"
mkdir -p "$bin_dir" "$log_dir" "$exp_dir"

# The list of programs, as paths relative to programs/ (area/name.cu).
if [ "$#" -gt 0 ]; then
    list=$(for p in "$@"; do p="${p#"$programs_dir"/}"; p="${p#tests/conformance/programs/}"; p="${p#programs/}"; echo "$p"; done)
else
    list=$(cd "$programs_dir" && find . -name '*.cu' | sed 's|^\./||' | sort)
fi
total=$(echo "$list" | grep -c . || true)

# Architecture: -arch=native needs a visible GPU and nvcc >= 11.5; fall back to sm_90.
arch="${NVCC_ARCH:-native}"
if [ "$arch" = native ]; then
    probe="$OUT/arch_probe.cu"
    echo '__global__ void k() {} int main() { k<<<1, 1>>>(); return 0; }' > "$probe"
    "$NVCC" -arch=native -o "$OUT/arch_probe" "$probe" > /dev/null 2>&1 || arch=sm_90
    rm -f "$probe" "$OUT/arch_probe"
fi
nvidia-smi > /dev/null 2>&1 || echo "record_gpu: WARNING: nvidia-smi fails; is there a GPU?" >&2
echo "record_gpu: $total programs, nvcc=$NVCC, -arch=$arch, $JOBS jobs"

build_one() {  # $1 = area/name.cu
    local rel="$1" name="${1%.cu}"
    local flags
    flags=$(sed -n 's|^// conformance-flags:||p' "$programs_dir/$rel" | head -n 1)
    mkdir -p "$bin_dir/$(dirname "$rel")" "$log_dir/$(dirname "$rel")"
    # shellcheck disable=SC2086  # flags are words by design
    if "$NVCC" -arch="$arch" -O2 $flags -o "$bin_dir/$name" "$programs_dir/$rel" > "$log_dir/$name.build.log" 2>&1; then
        echo "built $rel"
    else
        echo "BUILD FAILED $rel"
    fi
}

run_one() {  # $1 = area/name.cu; the program runs in a scratch folder so stray files stay out of the tree
    local rel="$1" name="${1%.cu}"
    [ -x "$bin_dir/$name" ] || return 0
    mkdir -p "$exp_dir/$(dirname "$rel")"
    local work
    work=$(mktemp -d)
    (cd "$work" && timeout -k 5 20 "$bin_dir/$name" > "$exp_dir/$name.out" 2> "$log_dir/$name.stderr")
    local code=$?
    echo "exit=$code" >> "$exp_dir/$name.out"
    rm -rf "$work"
    echo "ran $rel exit=$code"
}
export -f build_one run_one
export programs_dir bin_dir log_dir exp_dir NVCC arch

start=$(date +%s)
echo "$list" | xargs -P "$JOBS" -I{} bash -c 'build_one "$@"' _ {} > "$OUT/build.txt"
built=$(grep -c '^built ' "$OUT/build.txt" || true)
# Runs: one at a time (about a minute in all). Programs that reset the device after a fatal error need the
# GPU to themselves: with runs in parallel, errors/error_after_reset once got cudaErrorDevicesUnavailable.
echo "$list" | xargs -P 1 -I{} bash -c 'run_one "$@"' _ {} > "$OUT/run.txt"
ran=$(grep -c '^ran ' "$OUT/run.txt" || true)
nonzero=$(grep '^ran ' "$OUT/run.txt" | grep -vc 'exit=0$' || true)
elapsed=$(( $(date +%s) - start ))

{
    echo "# Conformance recording"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    echo "- GPU: $(nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader 2>/dev/null | head -n 1)"
    echo "- driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1)"
    echo "- nvcc: $("$NVCC" --version | grep -i release)"
    echo "- flags: -arch=$arch -O2 (plus each program's \`// conformance-flags:\`)"
    echo "- programs: $total, built: $built, ran: $ran, non-zero exit: $nonzero, seconds: $elapsed"
    echo
    echo "## Build failures"
    grep '^BUILD FAILED' "$OUT/build.txt" | sed 's/^BUILD FAILED /- /' || echo "none"
    echo
    echo "## Non-zero exits (expected for programs that test exit on error)"
    grep '^ran ' "$OUT/run.txt" | grep -v 'exit=0$' | sed 's/^ran /- /' | sort || echo "none"
    echo
    echo "## Outputs reporting their own self-check failures (a bug in the program: fix it before adopting)"
    (cd "$exp_dir" && grep -rlE 'bad=[1-9]|BAD' --include='*.out' . | sed 's|^\./|- |' | sort) || echo "none"
} > "$exp_dir/RECORD.md"
cat "$exp_dir/RECORD.md"
