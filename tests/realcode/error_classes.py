#!/usr/bin/env python3
"""Groups the compiler errors of a cuda_samples.sh run by message, to find root causes.

    error_classes.py OUT_DIR [--min N]

Reads OUT_DIR/logs/*.build.log and prints, for every distinct error message (file, line and column
removed), how many samples hit it, which, and one exact line. A sample counts once per message.
The grouping is mechanical; naming the root cause behind a group is left to the reader
(tests/realcode/FAILURES.md).
"""
import collections
import pathlib
import re
import sys

LOCATION = re.compile(r"^.*?:\d+:\d+: (fatal )?error: ")
ANY_ERROR = re.compile(r"(fatal )?error: |undefined reference")


def messages(log):
    for line in log.read_text(errors="replace").splitlines():
        if not ANY_ERROR.search(line):
            continue
        key = LOCATION.sub("", line).strip()
        key = re.sub(r"/tmp/scanlab-nvcc\.\w+/\d+-", "", key)
        key = re.sub(r"\b\d+\b", "N", key) if "undefined reference" not in line else key
        yield key, line.strip()


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = pathlib.Path(sys.argv[1])
    minimum = int(sys.argv[sys.argv.index("--min") + 1]) if "--min" in sys.argv else 1
    samples = collections.defaultdict(set)
    example = {}
    for log in sorted((out / "logs").glob("*.build.log")):
        name = log.name[: -len(".build.log")]
        for key, line in messages(log):
            samples[key].add(name)
            example.setdefault(key, line)
    for key, names in sorted(samples.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        if len(names) < minimum:
            continue
        print(f"{len(names):3d}  {key[:200]}")
        print(f"     samples: {', '.join(sorted(names))}")
        print(f"     e.g. {example[key][:300]}")


if __name__ == "__main__":
    main()
