"""A class of 62 submissions for the class report's test, with what each one must get.

Built from the repository: lab 1 fill-ins of the stub in several hands (correct ones, an exclusive
scan by mistake, a missing bounds guard, untouched stubs), the references, the mutants of labs 2-3
and the grader's known-wrong submissions; several students share one bug in different code; two
submit near-copies (one the other's file with every name changed and the layout redone).

make_class(source, mutants, submissions, folder) writes folder/<student>/<lab>/scan.cu (mutants:
<build>/tests/mutants/src, submissions: <build>/tests/grader/submissions, both with their patches
applied) and returns the truth:
{student: {lab: expectation}} with expectation "full" or the diagnosis the lab must carry; the
groups the report must find ({"lab2 race": [students]}); the students who handed in the stub; and
the student whose code puts markup into the grader's messages.
"""
import os
import re
import shutil

LAB1 = "lab1-naive"
LAB2 = "lab2-kogge-stone"
LAB3 = "lab3-double-buffer"

# Lab 1 kernel bodies, the way different students write them.
CORRECT_BODIES = [
    """    std::size_t {i} = blockIdx.x * (std::size_t)blockDim.x + threadIdx.x;
    if ({i} >= n) return;
    float {s} = 0.0f;
    for (std::size_t {j} = 0; {j} <= {i}; ++{j}) {s} += input[{j}];
    output[{i}] = {s};
""",
    """    const std::size_t {i} = (std::size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if ({i} < n) {{
        float {s} = 0;
        std::size_t {j} = 0;
        while ({j} <= {i}) {{ {s} += input[{j}]; {j}++; }}
        output[{i}] = {s};
    }}
""",
    """    int {i} = threadIdx.x + blockIdx.x * blockDim.x;
    if ({i} >= (int)n) return;
    float {s} = 0.0f;
    for (int {j} = 0; {j} < {i} + 1; {j}++) {{
        {s} = {s} + input[{j}];
    }}
    output[{i}] = {s};
""",
    """    std::size_t {i} = threadIdx.x + std::size_t(blockDim.x) * blockIdx.x;
    if ({i} >= n) {{ return; }}
    float {s} = input[0];
    for (std::size_t {j} = 1; {j} <= {i}; {j}++)
        {s} += input[{j}];
    output[{i}] = {s};
""",
]
EXCLUSIVE_BODIES = [  # j < i: the element itself is left out (an exclusive scan by mistake)
    """    std::size_t {i} = blockIdx.x * (std::size_t)blockDim.x + threadIdx.x;
    if ({i} >= n) return;
    float {s} = 0.0f;
    for (std::size_t {j} = 0; {j} < {i}; ++{j}) {s} += input[{j}];
    output[{i}] = {s};
""",
    """    unsigned {i} = blockIdx.x * blockDim.x + threadIdx.x;
    if ({i} < n) {{
        float {s} = 0.0f;
        for (unsigned {j} = 0; {j} < {i}; {j}++) {{ {s} += input[{j}]; }}
        output[{i}] = {s};
    }}
""",
]
UNGUARDED_BODIES = [  # no i < n check: the last block writes past the output
    """    std::size_t {i} = blockIdx.x * (std::size_t)blockDim.x + threadIdx.x;
    float {s} = 0.0f;
    for (std::size_t {j} = 0; {j} <= {i} && {j} < n; ++{j}) {s} += input[{j}];
    output[{i}] = {s};
""",
    """    int {i} = blockIdx.x * blockDim.x + threadIdx.x;
    float {s} = 0;
    for (int {j} = 0; {j} <= {i}; {j}++) {{
        if ({j} < (int)n) {s} += input[{j}];
    }}
    output[{i}] = {s};
""",
]
NAMES = [dict(i="i", s="sum", j="j"), dict(i="idx", s="acc", j="k"), dict(i="gid", s="total", j="t"),
         dict(i="tid", s="running", j="p"), dict(i="me", s="partial", j="m")]


def fill_stub(stub, body, student):
    """The lab 1 stub with its kernel's TODOs replaced by body."""
    start = stub.index("__global__ void naive_scan_kernel")
    open_brace = stub.index("{", start)
    close = stub.index("\n}\n", open_brace)
    return f"// {student}\n" + stub[:open_brace + 1] + "\n" + body + stub[close + 1:]


def renamed_copy(code):
    """A near-copy as students make one: every name of the original changed, comments dropped,
    the layout redone. copydetect compares the token stream with names abstracted, so this must
    still be flagged."""
    code = re.sub(r"//[^\n]*", "", code)
    for old, new in [("warp_inclusive_scan", "scan_lanes"), ("warp_totals", "partials"), ("value", "v"),
                     ("below", "prev"), ("lane", "ln"), ("warp", "w"), ("total", "tot"),
                     ("kogge_stone_shuffle_kernel", "my_scan_kernel"), ("stride", "off")]:
        code = re.sub(rf"\b{old}\b", new, code)
    code = re.sub(r"\n\s*\n+", "\n", code)
    return code.replace("    ", "  ")


def _write(folder, student, lab, text):
    path = os.path.join(folder, student, lab)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "scan.cu"), "w") as f:
        f.write(text)


def _read(path):
    with open(path) as f:
        return f.read()


def make_class(source, mutants, submissions, folder):
    truth = {}
    groups = {"lab1 out_of_bounds": [], "lab2 race": [], "lab2 divergent_barrier": [], "lab3 race": []}
    stub1 = _read(os.path.join(source, "labs", LAB1, "scan.cu"))

    def give(student, lab, text, expect):
        _write(folder, student, lab, text)
        truth.setdefault(student, {})[lab] = expect

    n = 0
    for k in range(20):  # correct lab 1 in four styles and five sets of names
        n += 1
        body = CORRECT_BODIES[k % 4].format(**NAMES[k % 5])
        give(f"student{n:02d}", LAB1, fill_stub(stub1, body, f"student{n:02d}"), "full")
    for k in range(7):   # the same bug, in several hands
        n += 1
        body = EXCLUSIVE_BODIES[k % 2].format(**NAMES[(k + 1) % 5])
        give(f"student{n:02d}", LAB1, fill_stub(stub1, body, f"student{n:02d}"), "wrong_output")
    for k in range(5):
        n += 1
        body = UNGUARDED_BODIES[k % 2].format(**NAMES[(k + 2) % 5])
        give(f"student{n:02d}", LAB1, fill_stub(stub1, body, f"student{n:02d}"), "out_of_bounds")
        groups["lab1 out_of_bounds"].append(f"student{n:02d}")
    stub_only = []
    for k in range(3):   # not started: the stub as handed out
        n += 1
        give(f"student{n:02d}", LAB1, stub1, "output_never_written")
        stub_only.append(f"student{n:02d}")

    # Lab 2: the references, the in-place race in five students' files, divergent barriers.
    sol2 = _read(os.path.join(source, "solutions", LAB2, "scan.cu"))
    race = _read(os.path.join(submissions, "race", LAB2, "scan.cu"))
    missing_barrier = _read(os.path.join(mutants, LAB2, "missing_barrier.cu"))
    n += 1
    give(f"student{n:02d}", LAB2, sol2, "full")
    shuffle = _read(os.path.join(source, "solutions", LAB2, "warp_shuffle.cu"))
    give("nearcopy_original", LAB2, shuffle, "full")
    give("nearcopy_renamed", LAB2, renamed_copy(shuffle), "full")
    for k, text in enumerate([race, race, missing_barrier, missing_barrier, race]):
        n += 1
        give(f"student{n:02d}", LAB2, f"// student{n:02d}, lab 2\n" + text.replace("temp", f"temp{k}"), "race")
        groups["lab2 race"].append(f"student{n:02d}")
    for name in ["early_return", "barrier_inside_if"]:
        n += 1
        give(f"student{n:02d}", LAB2, _read(os.path.join(mutants, LAB2, name + ".cu")), "divergent_barrier")
        groups["lab2 divergent_barrier"].append(f"student{n:02d}")
    for name, lab, expect in [("divergent_barrier", LAB2, "divergent_barrier"), ("compile_error", LAB2, "compile_error"),
                              ("empty_file", LAB2, "empty_file"), ("wrong_signature", LAB2, "wrong_signature"),
                              ("uses_cub", LAB2, "uses_library"), ("host_library_scan", LAB1, "uses_library"),
                              ("host_computed_decoy_kernel", LAB1, "host_computed_output"),
                              ("needs_gpu_inline_ptx", LAB1, "cannot_grade"), ("uses_managed_memory", LAB1, "full"),
                              ("uninitialised_shared", "lab5-exclusive", "wrong_output"),
                              ("early_return", "lab4-brent-kung", "divergent_barrier")]:
        shutil.copytree(os.path.join(submissions, name, lab), os.path.join(folder, name, lab))
        truth.setdefault(name, {})[lab] = expect
        if expect == "divergent_barrier" and lab == LAB2:
            groups["lab2 divergent_barrier"].append(name)

    # Lab 3, some with a lab 1 too (students hand in more than one lab).
    sol3 = _read(os.path.join(source, "solutions", LAB3, "scan.cu"))
    steps3 = _read(os.path.join(source, "solutions", LAB3, "warp_steps.cu"))
    into_read = _read(os.path.join(mutants, LAB3, "write_into_read_buffer.cu"))
    skip_last = _read(os.path.join(mutants, LAB3, "skip_last_element.cu"))
    for text, expect in [(sol3, "full"), (steps3, "full"), (into_read, "race"), (into_read, "race"),
                         (skip_last, "wrong_output"), (skip_last, "wrong_output")]:
        n += 1
        give(f"student{n:02d}", LAB3, text, expect)
        if expect == "race":
            groups["lab3 race"].append(f"student{n:02d}")
    for k in range(1, 5):  # four of the lab 1 students hand in lab 3's reference as well
        give(f"student{k:02d}", LAB3, sol3.replace("// Lab 3", f"// student{k:02d}: lab 3"), "full")

    # A student whose code carries markup into the grader's messages (the compiler quotes the
    # line): the report must show it as text.
    n += 1
    attack = fill_stub(stub1, "", f"student{n:02d}").replace(
        "std::size_t scan_workspace_bytes",
        "static int pwned = \"<script>document.title='pwned'</script><img src=x onerror=alert(1)>\";\n"
        "std::size_t scan_workspace_bytes")
    give(f"student{n:02d}", LAB1, attack, "compile_error")
    return truth, groups, stub_only, f"student{n:02d}"
