#!/usr/bin/env python3
"""Lay a Gradescope upload out the way `scanlab grade --submission` expects: <lab name>/scan.cu.

Students upload whatever is handy: one scan.cu, files named after labs (lab2.cu, lab3_scan.cu),
a zip, or their whole repository (labs/lab2-kogge-stone/scan.cu, ...). Each .cu file is given to
a lab by, in order: a folder named exactly like a lab; a folder or file name with "lab<N>"; the
"// Lab N:" header every stub starts with; and, for a lone scan.cu, the only lab the assignment
grades. Every decision is reported, so a student can see why a file was (not) graded.

  map_submission.py --labs-dir LABS [--labs "2 3"] UPLOAD_DIR OUT_DIR

LABS is the scanlab tree's labs/ folder: its lab<N>-<name>/ folders (each with the stub scan.cu)
are the labs, by number and name.
Exit status: 0 with at least one lab mapped, 3 when nothing could be mapped, 2 on bad usage.
"""
import argparse
import json
import re
import sys
import tempfile
import zipfile
from pathlib import Path

LAB_IN_NAME = re.compile(r"(?:^|[^a-z0-9])lab[ _-]?0*(\d+)(?![0-9])", re.IGNORECASE)
LAB_HEADER = re.compile(r"^\s*//\s*Lab\s+(\d+)\s*:", re.IGNORECASE | re.MULTILINE)
MAX_UPLOAD_BYTES = 16 * 1024 * 1024  # a scan.cu is a few KiB; refuse to unpack archives beyond this


def unpack_zips(upload, scratch, notes):
    """Extract uploaded .zip files into scratch (safely) and return the folders to scan."""
    roots = [upload]
    for archive in sorted(upload.rglob("*.zip")):
        target = scratch / archive.stem
        try:
            with zipfile.ZipFile(archive) as z:
                if sum(i.file_size for i in z.infolist()) > MAX_UPLOAD_BYTES:
                    notes.append(f"{archive.name}: larger than 16 MiB unpacked; ignored.")
                    continue
                for info in z.infolist():
                    dest = (target / info.filename).resolve()
                    if not str(dest).startswith(str(target.resolve())):
                        continue  # a path that climbs out of the folder: skip it
                    if info.is_dir():
                        dest.mkdir(parents=True, exist_ok=True)
                    else:
                        dest.parent.mkdir(parents=True, exist_ok=True)
                        dest.write_bytes(z.read(info))
            roots.append(target)
            notes.append(f"{archive.name}: unpacked.")
        except (zipfile.BadZipFile, OSError) as error:
            notes.append(f"{archive.name}: not a readable zip file ({error}); ignored.")
    return roots


def lab_of(path, rel, labs, only_lab, all_labs):
    """(lab id, reason) for one .cu file, or (None, reason). A folder named exactly like a lab is
    that lab's, whichever labs the assignment grades: a repository upload's labs/lab1-naive/scan.cu
    is lab 1's file, never "no lab named" nor another lab's."""
    names = {lab["name"]: lab["id"] for lab in all_labs.values()}
    for part in rel.parts[:-1]:
        if part in names:
            if names[part] in labs:
                return names[part], f"in a folder named {part}"
            return None, f"lab {names[part]}'s file, in its folder {part}: this assignment does not grade lab {names[part]}"
    for part in reversed(rel.parts):
        m = LAB_IN_NAME.search(Path(part).stem if part == rel.parts[-1] else part)
        if m and int(m.group(1)) in labs:
            return int(m.group(1)), f"\"lab{m.group(1)}\" in its path"
    try:
        head = path.read_text(encoding="utf-8", errors="replace")[:4096]
    except OSError:
        head = ""
    m = LAB_HEADER.search(head)
    if m and int(m.group(1)) in labs:
        return int(m.group(1)), f"its header says Lab {m.group(1)}"
    if only_lab is not None:
        if m:
            return only_lab, (f"the assignment grades lab {only_lab} only, though its header says "
                              f"Lab {m.group(1)}: did you upload the right file?")
        return only_lab, f"the assignment grades lab {only_lab} only"
    return None, "no lab named in its path or header"


def preference(rel, lab):
    """Lower is better: a file exactly where the student repository keeps it wins."""
    exact = rel.name == "scan.cu" and lab["name"] in rel.parts
    return (0 if exact else 1 if rel.name == "scan.cu" else 2, len(rel.parts), str(rel))


def labs_in(labs_dir: Path):
    """{number: {"id", "name"}} from the lab folders (the names the grader and the stubs use)."""
    labs = {}
    if labs_dir.is_dir():
        for folder in sorted(labs_dir.iterdir()):
            m = re.fullmatch(r"lab(\d+)-[a-z0-9-]+", folder.name)
            if m and (folder / "scan.cu").is_file():
                labs[int(m.group(1))] = {"id": int(m.group(1)), "name": folder.name}
    return labs


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labs-dir", required=True, type=Path, help="the scanlab tree's labs/ folder")
    parser.add_argument("--labs", default="", help="lab numbers this assignment grades (default: all)")
    parser.add_argument("--report", type=Path, help="write the mapping as JSON here")
    parser.add_argument("upload", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)

    all_labs = labs_in(args.labs_dir)
    if not all_labs:
        print(f"map_submission: no labs in {args.labs_dir} (expected folders lab<N>-<name> with a scan.cu)",
              file=sys.stderr)
        return 2
    try:
        wanted = [int(x) for x in args.labs.replace(",", " ").split()]
    except ValueError:
        print(f"map_submission: --labs must list lab numbers, not \"{args.labs}\"", file=sys.stderr)
        return 2
    unknown = [n for n in wanted if n not in all_labs]
    if unknown:
        print(f"map_submission: no lab {unknown[0]} (labs: {sorted(all_labs)})", file=sys.stderr)
        return 2
    labs = {n: all_labs[n] for n in wanted} if wanted else all_labs
    only_lab = next(iter(labs)) if len(labs) == 1 else None

    notes, mapping = [], {}
    if not args.upload.is_dir():
        notes.append("Nothing was uploaded.")
        candidates = []
    else:
        with tempfile.TemporaryDirectory() as scratch:
            candidates = []
            for root in unpack_zips(args.upload, Path(scratch), notes):
                for path in sorted(root.rglob("*.cu")):
                    rel = path.relative_to(root)
                    if any(p.startswith(".") or p == "__MACOSX" for p in rel.parts):
                        continue
                    lab, why = lab_of(path, rel, labs, only_lab, all_labs)
                    if lab is None:
                        hint = "" if "does not grade" in why else \
                            " Name it after its lab, e.g. lab2.cu, or upload labs/<lab>/scan.cu."
                        notes.append(f"{rel}: not graded ({why}).{hint}")
                        continue
                    candidates.append((preference(rel, labs[lab]), lab, rel, why, path.read_bytes()))
            candidates.sort(key=lambda c: c[0])
    for _, lab, rel, why, data in candidates:
        name = labs[lab]["name"]
        if lab in mapping:
            notes.append(f"{rel}: also for lab {lab}, but {mapping[lab]} is graded instead.")
            continue
        mapping[lab] = str(rel)
        (args.out / name).mkdir(parents=True, exist_ok=True)
        (args.out / name / "scan.cu").write_bytes(data)
        notes.append(f"{rel}: graded as lab {lab} ({name}/scan.cu; {why}).")
    missing = [n for n in labs if n not in mapping]
    if missing and mapping:
        notes.append("No file for lab " + ", ".join(str(n) for n in missing) + ": those labs score zero.")

    if notes:
        print("\n".join(notes))
    if args.report:
        args.report.write_text(json.dumps({"mapping": {str(k): v for k, v in mapping.items()},
                                           "notes": notes}, indent=2) + "\n", encoding="utf-8")
    if not mapping:
        print("No scan.cu for any lab was found in the upload.", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
