#!/usr/bin/env python3
"""PyTorch's side of bench/gemm_probe: the same products through torch (cuBLAS on a CUDA GPU), fp32
with TF32 off and on, and conv_tbc itself (fp32 both ways, fp16), so that the probe's TFLOP/s have
their baseline from the same machine and run.

    python3 bench/gemm_probe/torch_gemm.py [--out DIR] [--device cuda|cpu] [--runs N] [--quick]

Writes DIR/torch_gemm.jsonl (one object per measurement, flushed as it goes) and DIR/torch_gemm.md.
"""
import argparse
import json
import os
import time


def shapes(quick):
    # (name, m, n, k, transA, transB): as gemm_probe.cpp names them.
    if quick:
        return [("NN 256x128x64", 256, 128, 64, False, False)]
    return [
        ("tap NN 8192x512x512", 8192, 512, 512, False, False),
        ("gradInput tap NT 8192x512x512", 8192, 512, 512, False, True),
        ("gradWeight tap TN 512x512x8192", 512, 512, 8192, True, False),
        ("square NN 4096", 4096, 4096, 4096, False, False),
    ]


def convs(quick):
    # (name, T, B, C_in, C_out, K, pad)
    if quick:
        return [("convtbc T32 B4 C64 K3", 32, 4, 64, 64, 3, 1)]
    return [
        ("convtbc T512 B16 C512 K3", 512, 16, 512, 512, 3, 1),
        ("convtbc T256 B16 C256 K3", 256, 16, 256, 256, 3, 1),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=".")
    ap.add_argument("--device", default=None)
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    import torch

    dev = args.device or ("cuda" if torch.cuda.is_available() else "cpu")
    cuda = dev == "cuda"
    jsonl = open(os.path.join(args.out, "torch_gemm.jsonl"), "w")
    md_lines = []

    def md(line):
        md_lines.append(line)
        with open(os.path.join(args.out, "torch_gemm.md"), "w") as f:
            f.write("\n".join(md_lines) + "\n")
        print(line, flush=True)

    def timed(fn):
        for _ in range(3):
            fn()
        if cuda:
            torch.cuda.synchronize()
        times = []
        for _ in range(args.runs):
            if cuda:
                s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                s.record()
                fn()
                e.record()
                e.synchronize()
                times.append(s.elapsed_time(e))
            else:
                t0 = time.perf_counter()
                fn()
                times.append((time.perf_counter() - t0) * 1e3)
        times.sort()
        return times[0], times[len(times) // 2]

    name = torch.cuda.get_device_name() if cuda else "CPU"
    md(f"# PyTorch {torch.__version__} on {name}")
    md("")
    md("| what | tf32 | best ms | median ms | TFLOP/s |")
    md("|---|---|---|---|---|")
    g = torch.Generator(device="cpu").manual_seed(5)

    def record(what, mode, best, median, flop):
        tflops = flop / (best * 1e-3) / 1e12
        md(f"| {what} | {mode} | {best:.4f} | {median:.4f} | {tflops:.2f} |")
        jsonl.write(json.dumps({"kind": "torch", "what": what, "mode": mode, "best_ms": best,
                                "median_ms": median, "tflops": tflops, "device": name,
                                "torch": torch.__version__}) + "\n")
        jsonl.flush()

    for tf32 in (False, True):
        if cuda:
            torch.backends.cuda.matmul.allow_tf32 = tf32
            torch.backends.cudnn.allow_tf32 = tf32
        elif tf32:
            break
        mode = "on" if tf32 else "off"
        for (what, m, n, k, ta, tb) in shapes(args.quick):
            a = torch.rand((k, m) if ta else (m, k), generator=g).to(dev)
            b = torch.rand((n, k) if tb else (k, n), generator=g).to(dev)
            aa = a.t() if ta else a
            bb = b.t() if tb else b
            best, median = timed(lambda: torch.mm(aa, bb))
            record(what, mode, best, median, 2.0 * m * n * k)
        for (what, t, bsz, cin, cout, kw, pad) in convs(args.quick):
            x = torch.rand(t, bsz, cin, generator=g).to(dev)
            w = torch.rand(kw, cin, cout, generator=g).to(dev)
            bias = torch.rand(cout, generator=g).to(dev)
            t_out = t + 2 * pad - kw + 1
            best, median = timed(lambda: torch.conv_tbc(x, w, bias, pad))
            record(what + " (conv_tbc)", mode, best, median, 2.0 * t_out * bsz * cin * cout * kw)
    if cuda:
        for (what, t, bsz, cin, cout, kw, pad) in convs(args.quick):
            x = torch.rand(t, bsz, cin, generator=g).to(dev).half()
            w = torch.rand(kw, cin, cout, generator=g).to(dev).half()
            bias = torch.rand(cout, generator=g).to(dev).half()
            t_out = t + 2 * pad - kw + 1
            best, median = timed(lambda: torch.conv_tbc(x, w, bias, pad))
            record(what + " (conv_tbc)", "fp16", best, median, 2.0 * t_out * bsz * cin * cout * kw)


if __name__ == "__main__":
    main()
