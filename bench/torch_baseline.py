#!/usr/bin/python3
"""PyTorch baseline for aclnn_bench: times the same operator cases with PyTorch.

Reads the case list written by `aclnn_bench --list-cases --json FILE` (op, case, dtype and the
params of each case; the params keys per operator are in the docstrings of bench/torch_ops/*.py), builds each case's
inputs with PyTorch and times the equivalent PyTorch computation on the CPU (torch.set_num_threads(N))
and on CUDA when a CUDA device is present. Writes

  {"torch_version": str, "python": str (the interpreter), "threads": int, "cuda": str|null (TF32 off on CUDA),
   "results": [{"op", "case", "dtype", "device": "cpu"|"cuda", "ms", "wall_ms"}],
   "skipped": [{"op", "case", "dtype", "device", "reason"}]}

or {"error": "..."} when PyTorch cannot be imported. Progress goes to stderr; stdout stays empty
unless --out is "-".
"""
import argparse
import json
import os
import statistics
import sys
import time


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", required=True, help="case list JSON from aclnn_bench --list-cases")
    p.add_argument("--out", default="-", help="where to write the results JSON (default stdout)")
    p.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="CPU threads (default: all CPUs)")
    p.add_argument("--quick", action="store_true", help="few runs per case, as aclnn_bench --quick and --demo")
    p.add_argument("--no-cuda", action="store_true", help="do not time on CUDA even when present")
    p.add_argument("--no-cpu", action="store_true", help="time on CUDA only (a GPU machine whose CPU is not "
                   "the one the CPU figures come from)")
    p.add_argument("--op", default="", help="only operators whose name contains this")
    return p.parse_args()


def write(path, doc):
    text = json.dumps(doc, indent=1)
    if path == "-":
        sys.stdout.write(text + "\n")
    else:
        with open(path, "w") as f:
            f.write(text + "\n")


# Each operator is a module in bench/torch_ops/ (torch_ops/<operator>.py) defining BUILDERS = {op name:
# builder}; a builder takes (torch, params, dtype, device) and returns a zero-argument callable that runs
# the computation PyTorch would do for the operator (inputs are built once, outside the timed callable).
# Adding an operator adds a module; nothing here changes.
TORCH_OPS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch_ops")


def load_builders():
    import glob
    import importlib.util
    sys.path.insert(0, TORCH_OPS_DIR)
    builders = {}
    for path in sorted(glob.glob(os.path.join(TORCH_OPS_DIR, "*.py"))):
        name = os.path.splitext(os.path.basename(path))[0]
        if name.startswith("_"):
            continue
        spec = importlib.util.spec_from_file_location("torch_ops_" + name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for op, build in module.BUILDERS.items():
            assert op not in builders, f"{op} is built by two modules in {TORCH_OPS_DIR}"
            builders[op] = build
    return builders


def time_case(torch, fn, device, quick):
    """Median milliseconds of fn() after one warm-up call: (device ms, host wall ms, wall spread). On the
    CPU both are the call's host time; on CUDA the first is CUDA-event time (the kernels alone) and the
    second the host time of the call and the synchronize (what a calling program waits). The spread is
    the slowest host wall time over the fastest."""
    min_runs, max_runs, target_s = (3, 20, 0.15) if quick else (10, 200, 2.0)
    floor_runs, slow_factor = (1, 3) if quick else (3, 5)
    cuda = device == "cuda"
    fn()
    if cuda:
        torch.cuda.synchronize()
    times, walls, spent = [], [], 0.0
    # As aclnn_bench: at least min_runs and target_s of runs, but slow cases stop after floor_runs once
    # they have spent slow_factor x target_s.
    while len(times) < max_runs and (len(times) < min_runs or spent < target_s) and \
            not (len(times) >= floor_runs and spent >= slow_factor * target_s):
        if cuda:
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            t0 = time.perf_counter()
            start.record()
            fn()
            end.record()
            torch.cuda.synchronize()
            wall = time.perf_counter() - t0
            spent += wall
            times.append(start.elapsed_time(end))
            walls.append(wall * 1e3)
        else:
            t0 = time.perf_counter()
            fn()
            dt = time.perf_counter() - t0
            spent += dt
            times.append(dt * 1e3)
            walls.append(dt * 1e3)
    return statistics.median(times), statistics.median(walls), max(walls) / min(walls)


def main():
    args = parse_args()
    try:
        import torch
    except Exception as e:  # ImportError, or a broken installation
        write(args.out, {"error": f"PyTorch is not importable by {sys.executable}: {e}. On Debian: "
                                  "ACLNN_WITH_TORCH=1 bash scripts/install-deps.sh (make demo does this "
                                  "unless ACLNN_WITH_TORCH=0)"})
        return 0
    with open(args.cases) as f:
        cases = json.load(f)["cases"]
    torch.manual_seed(0)
    torch.set_num_threads(args.threads)
    dtypes = {name: getattr(torch, name) for name in
              ("float32", "float16", "bfloat16", "float64", "complex64", "complex128",
               "int8", "uint8", "int16", "int32", "int64", "bool")}
    devices = [] if args.no_cpu else ["cpu"]
    cuda_name = None
    if not args.no_cuda and torch.cuda.is_available():
        devices.append("cuda")
        cuda_name = torch.cuda.get_device_name(0)
        # Full fp32 products, as ours: no TF32 in matrix products or cuDNN's convolutions.
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
    builders = load_builders()
    results, skipped = [], []
    for i, case in enumerate(cases):
        op, name, dtype_name = case["op"], case["case"], case["dtype"]
        if args.op and args.op not in op:
            continue
        for device in devices:
            print(f"[torch {device}] {op} case {i + 1}/{len(cases)}: {name}", file=sys.stderr, flush=True)
            entry = {"op": op, "case": name, "dtype": dtype_name, "device": device}
            builder = builders.get(op)
            if builder is None:
                skipped.append(dict(entry, reason=f"no PyTorch mapping for {op} in bench/torch_ops/"))
                continue
            if dtype_name not in dtypes:
                skipped.append(dict(entry, reason=f"dtype {dtype_name} has no PyTorch equivalent here"))
                continue
            try:
                fn = builder(torch, case.get("params", {}), dtypes[dtype_name], device)
                ms, wall_ms, wall_spread = time_case(torch, fn, device, args.quick)
            except Exception as e:  # PyTorch lacks a kernel for this dtype/device, or params are missing
                skipped.append(dict(entry, reason=f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"))
                continue
            finally:
                if device == "cuda":
                    torch.cuda.empty_cache()
            results.append(dict(entry, ms=ms, wall_ms=wall_ms, wall_spread=wall_spread))
    write(args.out, {"torch_version": torch.__version__, "python": sys.executable,
                     "threads": torch.get_num_threads(), "cuda": cuda_name,
                     "results": results, "skipped": skipped})
    return 0


if __name__ == "__main__":
    sys.exit(main())
