#!/usr/bin/env bash
# PrairieLearn external-grader entry point (externalGradingOptions.entrypoint "/grader/run.sh").
# PrairieLearn mounts the job folder at /grade: the student's files in /grade/student, the
# question's tests/ folder in /grade/tests, the submission's data in /grade/data/data.json; this
# script writes /grade/results/results.json and always exits 0 with a results.json in place.
# PrairieLearn's graders have no GPU and no network: scanlab grades on its CPU backend, offline.
#
# Settings, in /grade/tests/scanlab.json (the question's): {"labs": [2], "rubric": "...", "jobs": 2}
# ("jail": false grades without scanlab's jail, only where the grading container refuses user
# namespaces: the container is then the only wall, and every report says so)
# ("rubric" relative to the scanlab tree, default grader/rubric.json); "labs" may also come from
# data.json's params.scanlab_labs (a question's server.py can set it).
#
# As root (PrairieLearn's default) the grading runs as the unprivileged SCANLAB_GRADE_USER
# (default scanlab-student, made by the Dockerfile) with no new privileges, on a read-only copy
# of the student's files; only root writes /grade/results. The grader hands its results to root
# through a descriptor root opened on a file in a folder only root can enter (--prairielearn
# /dev/fd/3), so the result never passes through anything the grading user can write, and a
# process the student's code left running cannot change it after the grader is gone.
#
# Overrides, to run it outside the image: SCANLAB_GRADE_ROOT (for /grade), SCANLAB_TREE (for
# /opt/scanlab), SCANLAB_BIN (the grader), SCANLAB_GRADE_USER.
set -uo pipefail
GRADE=${SCANLAB_GRADE_ROOT:-/grade}
TREE=${SCANLAB_TREE:-/opt/scanlab}
SCANLAB=${SCANLAB_BIN:-$TREE/build/bin/scanlab}
case $SCANLAB in /*) ;; *) SCANLAB="$PWD/$SCANLAB" ;; esac
GRADE_USER=${SCANLAB_GRADE_USER:-scanlab-student}
here=$(cd "$(dirname "$0")" && pwd)
MAP=$here/map_submission.py
[ -f "$MAP" ] || MAP=$TREE/grader/gradescope/map_submission.py   # running from a scanlab checkout
RESULTS=$GRADE/results/results.json
mkdir -p "$GRADE/results"

# A results.json that grades nothing: gradable false keeps PrairieLearn from recording a score.
not_gradable() {
  python3 - "$RESULTS" "$1" <<'PY'
import json, os, sys
path, message = sys.argv[1], sys.argv[2][:100000]
with open(path + ".tmp", "w", encoding="utf-8") as f:
    json.dump({"gradable": False, "score": 0.0, "message": message, "tests": []}, f, indent=2)
os.replace(path + ".tmp", path)
PY
}

# Settings: the question's tests/scanlab.json, then data.json's params.
read -r labs rubric jobs jail < <(python3 - "$GRADE/tests/scanlab.json" "$GRADE/data/data.json" <<'PY'
import json, sys
def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}
config, data = load(sys.argv[1]), load(sys.argv[2])
labs = (data.get("params") or {}).get("scanlab_labs") or config.get("labs") or []
labs = labs if isinstance(labs, list) else [labs]
print(",".join(str(int(x)) for x in labs) or "-", config.get("rubric") or "-", int(config.get("jobs") or 2),
      "off" if config.get("jail") is False else "on")
PY
)
[ "$labs" = - ] && labs=""
labs=${labs//,/ }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
notes="$work/mapping.txt"
python3 "$MAP" --labs-dir "$TREE/labs" --labs "$labs" "$GRADE/student" "$work/submission" >"$notes" 2>&1
if [ $? -ne 0 ]; then
  not_gradable "$(head -c 20000 "$notes")
Nothing to grade: upload scan.cu (or files named after their labs, e.g. lab2.cu)."
  exit 0
fi
chmod -R a+rX,go-w "$work/submission"

out="$work/out"
mkdir -p "$out/tmp"
handoff="$work/handoff"   # the grader's results, written through a descriptor root opens here
mkdir -m 700 "$handoff"
run_as=()
if [ "$(id -u)" = 0 ]; then
  if ! id -u "$GRADE_USER" >/dev/null 2>&1; then
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$GRADE_USER" ||
      { not_gradable "The grader could not create its user. Not your fault: please tell the course staff."; exit 0; }
  fi
  uid=$(id -u "$GRADE_USER") gid=$(id -g "$GRADE_USER")
  chown -R "$uid:$gid" "$out"
  chmod -R go-w "$GRADE/student" "$GRADE/tests" "$GRADE/data" 2>/dev/null
  chmod 755 "$GRADE/results"
  run_as=(setpriv --reuid="$uid" --regid="$gid" --clear-groups --no-new-privs --)
  echo "scanlab grader: grading as $GRADE_USER (uid $uid), no new privileges, on a read-only copy"
fi

seed=$(od -An -N6 -tu8 /dev/urandom | tr -d ' ')
echo "scanlab grader: seed $seed (replay: scanlab grade --seed $seed ...)"
args=(grade --submission "$work/submission" --backend cpu --seed "$seed" --jobs "$jobs" --no-colour
      --prairielearn /dev/fd/3)
for lab in $labs; do args+=(--lab "$lab"); done
[ "$rubric" != - ] && args+=(--rubric "$TREE/$rubric")
[ "$jail" = off ] && args+=(--no-jail)
unset SCANLAB_GRADER_SEED
# The prelude the image precompiled next to the grader (used only when root owns it).
(cd "$out" && HOME="$out" TMPDIR="$out/tmp" SCANLAB_PCH_SEED="$(dirname "$SCANLAB")/../pch-seed" \
   "${run_as[@]}" "$SCANLAB" "${args[@]}" 3>"$handoff/results.json")
rc=$?
echo "scanlab grader: scanlab grade exited with $rc"
if [ ! -s "$handoff/results.json" ]; then
  not_gradable "The grader stopped before writing results (exit status $rc). Not your fault: please tell the course staff."
  exit 0
fi
# Root writes the results: the file mapping in front of the grader's message, still under 1 MB.
python3 - "$handoff/results.json" "$RESULTS" "$notes" <<'PY'
import json, os, sys
source, path = sys.argv[1], sys.argv[2]
notes = open(sys.argv[3], encoding="utf-8", errors="replace").read().strip()[:4000]
try:
    with open(source, encoding="utf-8") as f:
        results = json.load(f)
    assert isinstance(results, dict) and isinstance(results.get("gradable"), bool)
except (ValueError, AssertionError):
    results = {"gradable": False, "score": 0.0, "tests": [],
               "message": "The grader's results could not be read. Not your fault: please tell the course staff."}
allowed = {"gradable", "score", "message", "output", "tests"}
results = {k: v for k, v in results.items() if k in allowed}
results["message"] = "Files:\n" + notes + "\n\n" + results.get("message", "")
text = json.dumps(results, indent=2)
if len(text.encode()) >= 1000 * 1000:  # the grader kept it under 1 MB; the notes are at most 4 KB more
    results["message"] = results["message"][:2000]
    text = json.dumps(results, indent=2)
with open(path + ".tmp", "w", encoding="utf-8") as f:
    f.write(text)
os.replace(path + ".tmp", path)
PY
exit 0
