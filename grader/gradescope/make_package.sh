#!/usr/bin/env bash
# make_package.sh OUT_DIR [BUILD_DIR]: build OUT_DIR/scanlab-autograder.zip, the Gradescope
# autograder, with CCCL's libcu++ headers from BUILD_DIR's configuration (default: OUT_DIR/..).
# Zip layout (Gradescope unpacks it into /autograder/source): setup.sh, run_autograder,
# config.sh, map_submission.py at the top, the scanlab tree in scanlab/: what
# grader/release/exclude.txt lets out to a grading package (`scanlab release --package grading`,
# as the PrairieLearn image), so the two packages and the student release share one list.
# `make gradescope-package` calls this.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:?usage: make_package.sh OUT_DIR [BUILD_DIR]}
mkdir -p "$out"
out=$(cd "$out" && pwd)
build=${2:-$out/..}
stage="$out/autograder"
zip="$out/scanlab-autograder.zip"
rm -rf "$stage"
mkdir -p "$stage"

# --force: the stage is new, and a leak report then says "run again", not an option make lacks.
python3 "$root/grader/release/scanlab-release" --source "$root" --package grading \
  --keep-rubric-secrets --force --quiet "$stage/scanlab"
rm -f "$stage/scanlab/.scanlab-release"
# libcu++ (<cuda/std/...>, <cuda/atomic>) goes in the zip: Gradescope's image has no CUDA toolkit,
# and the headers this build was tested with need no download when the image is built.
"$here/package_cccl.sh" "$build" "$stage/cccl"
install -m 755 "$here/setup.sh" "$here/run_autograder" "$here/map_submission.py" "$stage/"
install -m 644 "$here/config.sh" "$stage/"

# Python's zipfile keeps the executable bits, which run_autograder and setup.sh need.
rm -f "$zip"
(cd "$stage" && python3 - "$zip" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for base, dirs, files in os.walk("."):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(base, name)
            z.write(path, os.path.relpath(path, "."))
PY
)
echo "gradescope package: $zip ($(du -h "$zip" | cut -f1), $(find "$stage" -type f | wc -l) files)"
echo "  Upload it as the Gradescope assignment's autograder (base image Ubuntu 24.04; config.sh inside says which labs)."
