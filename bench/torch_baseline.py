#!/usr/bin/python3
"""PyTorch baseline for aclnn_bench: times the same operator cases with PyTorch.

Reads the case list written by `aclnn_bench --list-cases --json FILE` (op, case, dtype and the
params of each case; the params keys per operator are in docs/benchmarks.md), builds each case's
inputs with PyTorch and times the equivalent PyTorch computation on the CPU (torch.set_num_threads(N))
and on CUDA when a CUDA device is present. Writes

  {"torch_version": str, "threads": int, "cuda": str|null,
   "results": [{"op", "case", "dtype", "device": "cpu"|"cuda", "ms"}],
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
    p.add_argument("--quick", action="store_true", help="few runs per case, as aclnn_bench --quick")
    p.add_argument("--no-cuda", action="store_true", help="do not time on CUDA even when present")
    p.add_argument("--op", default="", help="only operators whose name contains this")
    return p.parse_args()


def write(path, doc):
    text = json.dumps(doc, indent=1)
    if path == "-":
        sys.stdout.write(text + "\n")
    else:
        with open(path, "w") as f:
            f.write(text + "\n")


def ints(params, key):
    if key not in params:
        raise KeyError(f"the case has no params['{key}'] (see docs/benchmarks.md)")
    return [int(v) for v in params[key]]


def first(params, key, default):
    return params[key][0] if key in params and params[key] else default


# Each builder takes (torch, params, dtype, device) and returns a zero-argument callable that runs the
# computation PyTorch would do for the operator (inputs are built once, outside the timed callable).

def build_copy(torch, params, dtype, device):
    n = ints(params, "numel")[0]
    src = torch.randint(0, 100, (n,), device=device).to(dtype)
    dst = torch.empty_like(src)
    return lambda: dst.copy_(src)


def _pad2d_builder(aten_name):
    def build(torch, params, dtype, device):
        self_shape = ints(params, "self")
        left, right, top, bottom = ints(params, "padding")
        grad_shape = self_shape[:-2] + [self_shape[-2] + top + bottom, self_shape[-1] + left + right]
        self_t = torch.randn(self_shape, device=device).to(dtype)
        grad = torch.randn(grad_shape, device=device).to(dtype)
        fn = getattr(torch.ops.aten, aten_name)
        padding = [left, right, top, bottom]
        return lambda: fn(grad, self_t, padding)
    return build


def build_im2col_backward(torch, params, dtype, device):
    import torch.nn.functional as F
    grad_shape = ints(params, "gradOutput")
    grad = torch.randn(grad_shape, device=device).to(dtype)
    size = ints(params, "inputSize")
    kernel, dilation = ints(params, "kernelSize"), ints(params, "dilation")
    padding, stride = ints(params, "padding"), ints(params, "stride")
    return lambda: F.fold(grad, output_size=size, kernel_size=kernel, dilation=dilation, padding=padding,
                          stride=stride)


def build_max_unpool2d_backward(torch, params, dtype, device):
    self_shape = ints(params, "self")
    out_h, out_w = ints(params, "outputSize")
    lead = self_shape[:-2]
    grad = torch.randn(lead + [out_h, out_w], device=device).to(dtype)
    plane = self_shape[-2] * self_shape[-1]
    indices = torch.randint(0, out_h * out_w, lead + [plane], device=device)
    flat_grad = grad.flatten(-2)
    # The gradient of max_unpool2d is a gather of gradOutput at the indices, plane by plane.
    return lambda: torch.gather(flat_grad, -1, indices).view(self_shape)


def build_conv_tbc_backward(torch, params, dtype, device):
    t, b, c_in = ints(params, "input")
    k, _, c_out = ints(params, "weight")
    pad = int(first(params, "pad", 0))
    t_out = t + 2 * pad + 1 - k
    x = torch.randn(t, b, c_in, device=device).to(dtype)
    w = torch.randn(k, c_in, c_out, device=device).to(dtype)
    bias = torch.randn(c_out, device=device).to(dtype)
    dy = torch.randn(t_out, b, c_out, device=device).to(dtype)
    return lambda: torch.ops.aten.conv_tbc_backward(dy, x, w, bias, pad)


def build_group_norm_swish_grad(torch, params, dtype, device):
    shape = ints(params, "x")
    groups = int(first(params, "numGroups", 1))
    scale = float(first(params, "swishScale", 1.0))
    n, c = shape[0], shape[1]
    hw = 1
    for d in shape[2:]:
        hw *= d
    x = torch.randn(shape, device=device).to(dtype)
    dy = torch.randn(shape, device=device).to(dtype)
    gamma = torch.randn(c, device=device).to(dtype)
    beta = torch.randn(c, device=device).to(dtype)
    xg = x.float().view(n, groups, -1)
    mean = xg.mean(-1).to(dtype)
    rstd = torch.rsqrt(xg.var(-1, unbiased=False) + 1e-5).to(dtype)
    bshape = [1, c] + [1] * (len(shape) - 2)
    mask = [True, bool(first(params, "dgammaIsRequire", 1)), bool(first(params, "dbetaIsRequire", 1))]

    def run():
        # Recompute the forward output from the saved statistics, apply the swish derivative, then
        # the group-norm backward: what a PyTorch user does for this fused operator.
        xhat = ((x.view(n, groups, -1) - mean.view(n, groups, 1)) * rstd.view(n, groups, 1)).view(shape)
        z = xhat * gamma.view(bshape) + beta.view(bshape)
        sg = torch.sigmoid(scale * z)
        g = dy * sg * (1 + scale * z * (1 - sg))
        return torch.ops.aten.native_group_norm_backward(g, x, mean, rstd, gamma, n, c, hw, groups, mask)
    return run


BUILDERS = {
    "Copy": build_copy,
    "ReflectionPad2dBackward": _pad2d_builder("reflection_pad2d_backward"),
    "ReplicationPad2dBackward": _pad2d_builder("replication_pad2d_backward"),
    "Im2colBackward": build_im2col_backward,
    "MaxUnpool2dBackward": build_max_unpool2d_backward,
    "ConvTbcBackward": build_conv_tbc_backward,
    "GroupNormSwishGrad": build_group_norm_swish_grad,
}


def time_case(torch, fn, device, quick):
    """Median milliseconds of fn() after one warm-up call; CUDA is timed with events."""
    min_runs, max_runs, target_s = (3, 20, 0.3) if quick else (10, 200, 2.0)
    floor_runs, slow_factor = (1, 3) if quick else (3, 5)
    cuda = device == "cuda"
    fn()
    if cuda:
        torch.cuda.synchronize()
    times, spent = [], 0.0
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
            spent += time.perf_counter() - t0
            times.append(start.elapsed_time(end))
        else:
            t0 = time.perf_counter()
            fn()
            dt = time.perf_counter() - t0
            spent += dt
            times.append(dt * 1e3)
    return statistics.median(times)


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
    devices = ["cpu"]
    cuda_name = None
    if not args.no_cuda and torch.cuda.is_available():
        devices.append("cuda")
        cuda_name = torch.cuda.get_device_name(0)
    results, skipped = [], []
    for i, case in enumerate(cases):
        op, name, dtype_name = case["op"], case["case"], case["dtype"]
        if args.op and args.op not in op:
            continue
        for device in devices:
            print(f"[torch {device}] {op} case {i + 1}/{len(cases)}: {name}", file=sys.stderr, flush=True)
            entry = {"op": op, "case": name, "dtype": dtype_name, "device": device}
            builder = BUILDERS.get(op)
            if builder is None:
                skipped.append(dict(entry, reason=f"no PyTorch mapping for {op} in torch_baseline.py"))
                continue
            if dtype_name not in dtypes:
                skipped.append(dict(entry, reason=f"dtype {dtype_name} has no PyTorch equivalent here"))
                continue
            try:
                fn = builder(torch, case.get("params", {}), dtypes[dtype_name], device)
                ms = time_case(torch, fn, device, args.quick)
            except Exception as e:  # PyTorch lacks a kernel for this dtype/device, or params are missing
                skipped.append(dict(entry, reason=f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"))
                continue
            finally:
                if device == "cuda":
                    torch.cuda.empty_cache()
            results.append(dict(entry, ms=ms))
    write(args.out, {"torch_version": torch.__version__, "threads": torch.get_num_threads(), "cuda": cuda_name,
                     "results": results, "skipped": skipped})
    return 0


if __name__ == "__main__":
    sys.exit(main())
