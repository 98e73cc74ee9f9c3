"""The submissions every platform test grades (lab 2, tests/grader/rubric.json): what each is and
what it must score. A platform's test uploads each and compares the score it reports."""
import os
import re

LAB = 2
GRADESCOPE_FULL = 9.0  # lab 2's points under tests/grader/rubric.json on the CPU backend (no performance)
PRAIRIELEARN_FULL = 1.0  # PrairieLearn scores a fraction

LIBCUXX = """#include <cuda/std/functional>
#include <cuda/std/limits>
// libcu++ on the host: the CPU backend compiles CCCL's headers, which a platform must carry.
static_assert(cuda::std::plus<int>{}(2, 3) == 5, "libcu++'s plus");
static_assert(cuda::std::numeric_limits<float>::digits == 24, "libcu++'s numeric_limits");
"""


def read(*parts):
    with open(os.path.join(*parts), encoding="utf-8") as f:
        return f.read()


def cases(source, results_folder, full_score):
    """(name, scan.cu text, check(score, text) -> problem or None). results_folder: where the
    platform's entry script leaves results (the forger tries to write there too); full_score: the
    platform's score for full marks."""
    solution = read(source, "solutions", "lab2-kogge-stone", "scan.cu")
    stub = read(source, "labs", "lab2-kogge-stone", "scan.cu")
    forger = read(os.path.dirname(os.path.abspath(__file__)), "forge_results.inc").replace("@RESULTS@", results_folder)
    broken = solution.replace("__global__", "__global__ int", 1)  # a type where none may stand
    assert broken != solution

    def full(score, text):
        return None if score == full_score else f"score {score}, expected {full_score}"

    def compile_error(score, text):
        if score != 0:
            return f"score {score}, expected 0"
        if "does not compile" not in text:
            return "the report does not say the file does not compile"
        # The "Not run here" list names each test's reason on one line: the compiler's, not a cut.
        cut = re.search(r"^- lab \d+: .*does not compile:\s*$", text, re.M)
        return f"a line cut after its colon: {cut.group(0)!r}" if cut else None

    def not_forged(score, text):
        if "FORGED" in text:
            return "the forged results reached the report"
        if "could not be read" in text or "lab 2: edge" not in text:
            return "the grader's own report did not reach the platform (the forger damaged it)"
        return None if score < full_score else f"score {score}: the forger's full marks got through"

    return [("correct", solution, full), ("broken", broken, compile_error),
            ("libcu++", LIBCUXX + solution, full), ("forging", stub + forger, not_forged)]
