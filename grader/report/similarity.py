"""Submissions of one lab whose code is suspiciously alike, measured by copydetect (PyPI; winnowed
fingerprints of the token stream, with names and literals abstracted, so renaming variables or
reformatting does not hide a copy). The lab's stub is copydetect's boilerplate: code every student
was given never counts as shared.

Comparing every pair is quadratic; a class of 1,000 would take minutes. Files are compared only
when they share fingerprints that are not everyone's (an inverted index, as MOSS does), which
leaves a handful of pairs per file.
"""
import hashlib
import os
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

try:
    from copydetect import CodeFingerprint, compare_files
    MISSING = ""
except ImportError as e:  # the report says so and leaves similarity out
    CodeFingerprint = compare_files = None
    MISSING = f"copydetect is not installed ({e}): tools/setup-debian.sh installs it"

NOISE = 25       # tokens: shorter matches are never reported (copydetect's default)
GUARANTEE = 30   # tokens: every match this long is found
COMMON = 0.5     # a fingerprint in more than half of a lab's files (and more than 10) is the class's idiom


@dataclass
class Pair:
    lab: int
    a: str            # student names, a < b
    b: str
    similarity: float  # the larger of the two files' shares of copied tokens
    shares: tuple      # (share of a, share of b)
    tokens: int        # copied tokens (in a)
    regions: tuple     # ([(start, end) characters in a], [... in b]) of the copied code
    code: tuple        # (text of a, text of b)


def _fingerprint(args):
    path, text, boilerplate = args
    import io
    fp = CodeFingerprint(path, NOISE, GUARANTEE - NOISE + 1, boilerplate=boilerplate, fp=io.StringIO(text))
    return fp


def _boilerplate(stub_path):
    if not stub_path or not os.path.isfile(stub_path):
        return []
    return list(CodeFingerprint(stub_path, NOISE, GUARANTEE - NOISE + 1).hashes)


def lab_pairs(lab_id, files, stub_path, threshold, min_tokens, jobs=None):
    """files: {student: path}. Pairs at or above threshold that share at least min_tokens tokens,
    most alike first. The second bound is for labs where students write a few lines into a stub:
    there, every correct file is the same handful of tokens, and a match at a stub's edges reaches
    into the stub (a window that spans both is not boilerplate), so two honest lab 1 files share
    about 170 tokens; a copied kernel of a later lab shares hundreds."""
    if CodeFingerprint is None or len(files) < 2:
        return []
    boiler = _boilerplate(stub_path)
    texts = {}
    for name, path in files.items():
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                texts[name] = f.read()
        except OSError:
            continue
    # Identical files are fingerprinted once.
    by_digest = defaultdict(list)
    for name, text in texts.items():
        by_digest[hashlib.sha256(text.encode()).hexdigest()].append(name)
    digests = list(by_digest)
    work = [(files[by_digest[d][0]] + ".cu", texts[by_digest[d][0]], boiler) for d in digests]
    if len(work) > 16 and (jobs or os.cpu_count() or 1) > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            prints = list(pool.map(_fingerprint, work, chunksize=16))
    else:
        prints = [_fingerprint(w) for w in work]
    fingerprints = {}
    for d, fp in zip(digests, prints):
        for name in by_digest[d]:
            fingerprints[name] = fp
    # Candidates: pairs sharing a fingerprint that is not common to the class.
    holders = defaultdict(set)
    for name, fp in fingerprints.items():
        for h in set(fp.hashes):
            holders[h].add(name)
    limit = max(10, int(COMMON * len(fingerprints)))
    shared = Counter()
    for names in holders.values():
        if len(names) > limit:
            continue
        ordered = sorted(names)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1:]:
                shared[(a, b)] += 1
    pairs = []
    for (a, b) in shared:
        tokens, (sa, sb), (slices_a, slices_b) = compare_files(fingerprints[a], fingerprints[b])
        sim = max(float(sa), float(sb))
        if sim < threshold or tokens < min_tokens:
            continue
        regions_a = [(int(s), int(e)) for s, e in zip(*slices_a)] if len(slices_a) else []
        regions_b = [(int(s), int(e)) for s, e in zip(*slices_b)] if len(slices_b) else []
        pairs.append(Pair(lab_id, a, b, sim, (float(sa), float(sb)), int(tokens), (regions_a, regions_b),
                          (texts[a], texts[b])))
    pairs.sort(key=lambda p: (-p.similarity, p.a, p.b))
    return pairs
