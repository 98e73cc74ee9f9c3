#!/usr/bin/env bash
# CTest (label `release`): write a student release, check that nothing secret went out, then build
# and run lab 2 in it on the CPU backend, as a student would with `make lab2`.
#   test_release.sh RELEASE_TOOL SOURCE_DIR WORK_DIR
set -u
tool=$1 source=$2 work=$3
release="$work/student" build="$work/student-build"
fail() { echo "FAIL: $*" >&2; exit 1; }

rm -rf "$work" && mkdir -p "$work" || fail "cannot create $work"

# 1. The release itself (the tool audits it and exits 1 on a leak).
"$tool" --source "$source" "$release" || fail "scanlab-release exited with $?"

# 2. Independent leak checks.
[ -e "$release/solutions" ] && fail "solutions/ went out"
[ -e "$release/tests" ] && fail "tests/ went out"
[ -e "$release/.git" ] && fail ".git went out"
marker="SCANLAB-INSTRUCTOR-""ONLY"
if grep -rIl "$marker" "$release"; then fail "files with the instructor-only marker went out"; fi
# No solution file's content anywhere (byte for byte), and every stub unchanged.
for f in "$source"/solutions/*/*.cu; do
  [ -e "$f" ] || continue
  sum=$(sha256sum < "$f" | cut -d' ' -f1)
  find "$release" -type f -exec sha256sum {} + | grep -q "^$sum " && fail "a copy of $f went out"
done
for stub in "$source"/labs/*/scan.cu; do
  rel=${stub#"$source"/}
  cmp -s "$stub" "$release/$rel" || fail "the stub $rel differs in the release"
done
echo "release: no solution, test or marker in $(find "$release" -type f | wc -l) files; stubs intact"

# 3. The audit can fail: a small fake tree with a solution pasted into a public file (one line
#    changed, so only the code-line fingerprint can catch it), a rubric with a hidden key, and an
#    instructor note carrying the marker.
fake="$work/fake-source"
mkdir -p "$fake/labs/lab9-x" "$fake/solutions/lab9-x" "$fake/common" "$fake/grader/release" "$fake/docs"
cp "$source/grader/release/exclude.txt" "$fake/grader/release/"
echo '[{"id": 9, "name": "lab9-x"}]' > "$fake/labs/labs.json"
printf '// Lab 9: stub\nvoid scan(const float* in, float* out, unsigned n) {\n    // TODO\n}\n' > "$fake/labs/lab9-x/scan.cu"
cat > "$fake/solutions/lab9-x/scan.cu" <<'CU'
void scan(const float* in, float* out, unsigned n) {
    float running_total_of_inputs = 0.0f;
    for (unsigned element_index = 0; element_index < n; ++element_index) {
        running_total_of_inputs = running_total_of_inputs + in[element_index];
        out[element_index] = running_total_of_inputs; // the answer
    }
}
CU
sed 's/the answer/pasted/; 1s/.*/void my_scan(const float* in, float* out, unsigned n) {/' \
  "$fake/solutions/lab9-x/scan.cu" > "$fake/common/leak.cu"
echo '{"labs": {"9": {"points": 3, "hidden_seed": 1234, "secret_sizes": [7]}}}' > "$fake/grader/rubric.json"
echo "Staff only. $marker" > "$fake/docs/grading-notes.md"
"$tool" --source "$fake" "$work/fake-release" > "$work/fake.log" 2>&1; rc=$?
cat "$work/fake.log"
[ "$rc" -eq 1 ] || fail "the audit let a pasted solution through (exit $rc, expected 1)"
grep -q "common/leak.cu: .* code lines of solutions/lab9-x/scan.cu" "$work/fake.log" ||
  fail "the audit did not name common/leak.cu"
rm "$fake/common/leak.cu"
"$tool" --source "$fake" --force "$work/fake-release" > "$work/fake.log" 2>&1 ||
  { cat "$work/fake.log"; fail "the fake release without the leak failed"; }
grep -q "hidden_seed\|secret_sizes\|1234" "$work/fake-release/grader/rubric.json" && fail "rubric secrets went out"
grep -q '"points": 3' "$work/fake-release/grader/rubric.json" || fail "the rubric's public part is missing"
[ -e "$work/fake-release/docs/grading-notes.md" ] && fail "a file with the marker went out"
echo "audit: catches a pasted solution, strips rubric secrets, drops marked files"

# 4. `make lab2` in the release, CPU backend only (GPU and sanitizer variants off to keep the
#    build to one lab; no optimisation or debug information: the stub's check only has to run).
#    A stub must fail cleanly: exit 1 with its report, not a build error.
cd "$release" || fail "no release folder"
args="-DSCANLAB_ENABLE_GPU=OFF -DSCANLAB_ENABLE_ASAN=OFF -DSCANLAB_ENABLE_TSAN=OFF -DCMAKE_BUILD_TYPE=None"
out=$(make lab2 BACKEND=cpu BUILD_DIR="$build" JOBS=2 CMAKE_ARGS="$args" 2>&1); rc=$?
echo "$out" | tail -n 4
[ -x "$build/bin/lab2-kogge-stone-check-student-cpu" ] ||
  { echo "$out" | tail -n 40; fail "make lab2 did not build the lab 2 check"; }
echo "$out" | grep -q "scanlab: lab 2 (lab2-kogge-stone, student) on the cpu backend" ||
  fail "make lab2 did not run the lab 2 check"
echo "$out" | grep -q "cases passed" || fail "make lab2 printed no report"
[ "$rc" -ne 0 ] || fail "make lab2 succeeded on an unsolved stub"
# The check itself: exit 1 (cases failed), not a crash or a usage error.
"$build/bin/scanlab-run-lab" "$build" 2 cpu student --quiet >/dev/null 2>&1; rc=$?
[ "$rc" -eq 1 ] || fail "the stub's check exited with $rc (expected 1: cases failed)"

# 5. The solution target explains itself.
out=$(make lab2-solution BACKEND=cpu BUILD_DIR="$build" 2>&1); rc=$?
echo "$out"
[ "$rc" -ne 0 ] && echo "$out" | grep -q "not in this release" || fail "make lab2-solution did not say the solution is not in this release"
echo "PASS: the student release builds lab 2, runs its check, and leaks nothing"
