"""A copy of the grader that another user can run, for tests that grade as `nobody` from a
checkout that user cannot enter (a home folder of mode 700, `mktemp -d`).

The platforms' entry scripts run the grader as an unprivileged user, which must read the grader,
its runners, bin/scanlab-grader.json and the tree it names. Installed as the platforms install it
(setup.sh, the PrairieLearn image) that holds; a test using the developer's checkout in place does
not, so it grades from this copy: the tracked tree, the grader's executables, the rewriter and
libcu++, with scanlab-grader.json pointing into the copy.
"""
import json
import os
import shutil
import stat
import subprocess


def closed_folder(*paths):
    """The first folder on the way to any of paths that others cannot enter, or None."""
    for path in paths:
        p = os.path.abspath(path)
        while True:
            if not os.stat(p).st_mode & stat.S_IXOTH:
                return p
            parent = os.path.dirname(p)
            if parent == p:
                break
            p = parent
    return None


def copy_into(src, dst):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    if os.path.isdir(src):
        shutil.copytree(src, dst, symlinks=False, dirs_exist_ok=True)
    else:
        shutil.copy2(src, dst)


def open_copy(source, scanlab, dest):
    """Copies the grader into dest (a folder others can enter); returns (source, scanlab) there."""
    source = os.path.abspath(source)
    bin_dir = os.path.dirname(os.path.abspath(scanlab))
    with open(os.path.join(bin_dir, "scanlab-grader.json"), encoding="utf-8") as f:
        config = json.load(f)
    tree, build = os.path.join(dest, "source"), os.path.join(dest, "build")
    files = subprocess.run(["git", "-C", source, "ls-files", "-z"], check=True, capture_output=True).stdout
    for rel in filter(None, files.decode().split("\0")):
        if os.path.isfile(os.path.join(source, rel)):
            copy_into(os.path.join(source, rel), os.path.join(tree, rel))

    build_root = os.path.dirname(bin_dir)

    def moved(path):
        """path in the copy: the build's under build/ (checked first: it may sit in the tree),
        the tree's under source/."""
        if not path:
            return path
        for old, new in ((build_root, build), (source, tree)):
            rel = os.path.relpath(os.path.abspath(path), old)
            if not rel.startswith(".."):
                return os.path.join(new, rel)
        return path  # outside both (a system compiler): used in place

    for name in os.listdir(bin_dir):
        if name == "scanlab" or name.startswith("scanlab-runner-"):
            copy_into(os.path.join(bin_dir, name), moved(os.path.join(bin_dir, name)))
    for key in ("rewriter", "cccl_include"):
        if config.get(key):
            copy_into(config[key], moved(config[key]))
    for key in ("source_dir", "bin_dir", "rewriter", "cpu_include", "common_include", "cccl_include"):
        config[key] = moved(config.get(key, ""))
    with open(os.path.join(moved(bin_dir), "scanlab-grader.json"), "w", encoding="utf-8") as f:
        json.dump(config, f, indent=2)
    for base, dirs, names in os.walk(dest):
        for name in dirs + names:
            path = os.path.join(base, name)
            os.chmod(path, os.stat(path).st_mode | stat.S_IROTH | (stat.S_IXOTH if os.stat(path).st_mode & stat.S_IXUSR else 0))
    os.chmod(dest, 0o755)
    return tree, os.path.join(moved(bin_dir), "scanlab")
