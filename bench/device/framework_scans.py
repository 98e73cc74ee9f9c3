#!/usr/bin/env python3
"""What a user would pick instead of writing a scan: torch.cumsum and cupy.cumsum, timed like
scanlab-bench times the labs, against copies measured in the same run.

    python3 bench/device/framework_scans.py [--log2 10 12 ... 30] [--json FILE]

For each size (float32, standard normal inputs): every implementation is checked once against a
float64 scan of the same inputs with GPU MODE's tolerance (|out - ref| <= tol + tol*|ref|,
tol = 1e-5*sqrt(n)), warmed up, then timed call by call with CUDA events, the L2 flushed before
each call while input and output could sit in it; the median is reported, with GB/s at 8 bytes per
element and the fraction of the copy ceiling (the faster of torch's and cupy's device copies, in
this run). Up to 2^20 the isolated-call latency is measured too (GPU idle before each call), the
number scanlab-bench's lat/copy4 column compares. --gpumode adds GPU MODE's timing of
torch.cumsum (fresh inputs before every call, mean until its standard error is under 0.1%).
Either library may be missing: its lines are left out and the run says so.
"""
import argparse
import json
import math
import statistics
import sys
import time

import torch

try:
    import cupy
except ImportError:  # the run still measures torch
    cupy = None


def l2_bytes():
    props = torch.cuda.get_device_properties(0)
    return getattr(props, "L2_cache_size", 50 * 1024 * 1024)


class Flusher:
    def __init__(self):
        self.buffer = torch.empty(2 * l2_bytes(), dtype=torch.uint8, device="cuda")
        self.value = 0

    def flush(self):
        self.value = (self.value + 1) % 256
        self.buffer.fill_(self.value)


def implementations(x, y):
    """name -> zero-argument callable writing y from x (the scans write an inclusive scan)."""
    out = {
        "torch-copy": lambda: y.copy_(x),
        "torch.cumsum": lambda: torch.cumsum(x, 0, out=y),
    }
    if cupy is not None:
        cx = cupy.from_dlpack(x)
        cy = cupy.from_dlpack(y)
        out["cupy-copy"] = lambda: cupy.copyto(cy, cx)
        out["cupy.cumsum"] = lambda: cupy.cumsum(cx, out=cy)
    return out


def within_tolerance(x, y):
    n = x.numel()
    ref = torch.cumsum(x.double(), 0)
    tol = 1e-5 * math.sqrt(n)
    bad = ~((y.double() - ref).abs() <= tol + tol * ref.abs())
    count = int(bad.sum())
    if count == 0:
        return ""
    first = int(bad.nonzero()[0])
    return f"{count} elements out of tolerance; first at {first}: expected {float(ref[first]):.6g}, got {float(y[first]):.6g}"


def timed(call, reps, flusher):
    """Seconds per call: events around each call, flushed before each, enqueued back to back."""
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(reps)]
    for start, stop in events:
        if flusher is not None:
            flusher.flush()
        start.record()
        call()
        stop.record()
    torch.cuda.synchronize()
    return [start.elapsed_time(stop) * 1e-3 for start, stop in events]


def isolated(call, reps, flusher):
    """Seconds per call with the GPU idle before each (the latency one call costs a program)."""
    times = []
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(reps):
        if flusher is not None:
            flusher.flush()
        torch.cuda.synchronize()
        start.record()
        call()
        stop.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(stop) * 1e-3)
    return times


def gpumode_mean(n, flusher, seed, max_seconds=2.0, max_calls=1000):
    """GPU MODE's timing of torch.cumsum at n: fresh inputs, flush, one call, until the standard
    error of the mean is under 0.1% of it."""
    gen = torch.Generator(device="cuda")
    x = torch.empty(n, dtype=torch.float32, device="cuda")
    y = torch.empty_like(x)
    times = []
    began = time.monotonic()
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for r in range(max_calls):
        gen.manual_seed(seed + r)
        torch.randn(n, generator=gen, out=x)
        flusher.flush()
        start.record()
        torch.cumsum(x, 0, out=y)
        stop.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(stop) * 1e-3)
        if len(times) >= 3:
            mean = statistics.fmean(times)
            if statistics.stdev(times) / math.sqrt(len(times)) < 0.001 * mean or time.monotonic() - began > max_seconds:
                break
    problem = within_tolerance(x, y)
    mean = statistics.fmean(times)
    return {"name": "torch.cumsum", "n": n, "mean_us": mean * 1e6,
            "standard_error_us": statistics.stdev(times) / math.sqrt(len(times)) * 1e6, "calls": len(times),
            "status": "ok" if not problem else "wrong", "detail": problem}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--log2", type=int, nargs="+", default=[10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30])
    ap.add_argument("--json", help="write every point to this file")
    ap.add_argument("--min-reps", type=int, default=15)
    ap.add_argument("--min-time", type=float, default=0.01, help="seconds of timed calls per point, at least")
    ap.add_argument("--latency-max-log2", type=int, default=20)
    ap.add_argument("--latency-reps", type=int, default=100)
    ap.add_argument("--gpumode", action="store_true", help="also GPU MODE's timing of torch.cumsum, 2^18..2^28")
    args = ap.parse_args()
    if not torch.cuda.is_available():
        print("framework_scans: no GPU for torch", file=sys.stderr)
        return 77
    props = torch.cuda.get_device_properties(0)
    doc = {"benchmark": "framework_scans", "gpu": props.name, "torch": torch.__version__,
           "cupy": cupy.__version__ if cupy is not None else None, "command": " ".join(sys.argv), "points": []}
    print(f"framework_scans on {props.name}: torch {torch.__version__}, cupy {doc['cupy'] or 'missing'}")
    flusher = Flusher()
    gen = torch.Generator(device="cuda")
    for k in args.log2:
        n = 1 << k
        gen.manual_seed(k)
        x = torch.randn(n, generator=gen, dtype=torch.float32, device="cuda")
        y = torch.empty_like(x)
        flush = flusher if 8.0 * n < 4.0 * l2_bytes() else None
        rows = {}
        for name, call in implementations(x, y).items():
            y.fill_(float("nan"))
            call()
            torch.cuda.synchronize()
            problem = "" if "copy" in name else within_tolerance(x, y)
            point = {"name": name, "log2n": k, "n": n, "status": "ok" if not problem else "wrong"}
            if problem:
                point["detail"] = problem
                rows[name] = point
                continue
            for _ in range(2):
                call()
            probe = statistics.median(timed(call, 3, flush))
            reps = max(args.min_reps, min(400, math.ceil(args.min_time / max(probe, 1e-7))))
            times = timed(call, reps, flush)
            point.update(median_us=statistics.median(times) * 1e6, min_us=min(times) * 1e6, reps=reps,
                         gbps=8.0 * n / statistics.median(times) / 1e9)
            if k <= args.latency_max_log2:
                point["latency_us"] = statistics.median(isolated(call, args.latency_reps, flush)) * 1e6
            rows[name] = point
        copies = [p["median_us"] for p in rows.values() if "copy" in p["name"] and p["status"] == "ok"]
        ceiling = min(copies) if copies else None
        copy_latency = [p["latency_us"] for p in rows.values() if "copy" in p["name"] and "latency_us" in p]
        print(f"\nn = 2^{k}{' (L2 flushed before each call)' if flush else ''}")
        print(f"  {'implementation':<16} {'median us':>11} {'GB/s':>9} {'of copy':>8} {'latency us':>11} {'lat/copy':>9}")
        for p in rows.values():
            if p["status"] != "ok":
                print(f"  {p['name']:<16} {'WRONG':>11}  {p['detail']}")
            else:
                if ceiling:
                    p["fraction_of_copy"] = ceiling / p["median_us"]
                lat = p.get("latency_us")
                if lat and copy_latency:
                    p["latency_vs_copy"] = lat / min(copy_latency)
                print(f"  {p['name']:<16} {p['median_us']:11.2f} {p['gbps']:9.1f} {p.get('fraction_of_copy', 0):8.3f} "
                      f"{lat if lat else 0:11.2f} {p.get('latency_vs_copy', 0):9.2f}")
            doc["points"].append(p)
        sys.stdout.flush()
        del x, y
        torch.cuda.empty_cache()
    if args.gpumode:
        print("\nGPU MODE's timing of torch.cumsum (fresh normal inputs and an L2 flush before every call):")
        doc["gpumode"] = []
        for k in range(18, 29):
            r = gpumode_mean(1 << k, flusher, seed=1000 * k)
            doc["gpumode"].append(r)
            print(f"  n = 2^{k}: mean {r['mean_us']:.1f} us +- {r['standard_error_us']:.2f} ({r['calls']} calls) {r['status']}")
        means = [r["mean_us"] for r in doc["gpumode"]]
        doc["gpumode_geometric_mean_us"] = math.exp(sum(math.log(m) for m in means) / len(means))
        print(f"  geometric mean {doc['gpumode_geometric_mean_us']:.1f} us; at 2^28 {means[-1]:.1f} us")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
