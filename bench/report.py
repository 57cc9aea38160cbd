#!/usr/bin/python3
"""Plots aclnn_bench results: one panel per operator, time against size on log-log axes.

  report.py RESULTS.json [--cases CASES.json] [-o PLOT.png]

RESULTS.json is `aclnn_bench --json` output. With CASES.json (`aclnn_bench --list-cases --json`),
only the members of size sweeps are drawn, one line per (sweep, device), and the x axis is the
case's bytes (or flops for compute-bound operators). Without it every result is drawn and the size is
recovered from the rate (GB/s x ms). PyTorch's times for the same cases are drawn dashed.
"""
import argparse
import json
import math
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("results", help="aclnn_bench --json output")
    p.add_argument("--cases", help="aclnn_bench --list-cases --json output (sweep membership and sizes)")
    p.add_argument("-o", "--out", default="benchmark.png", help="PNG to write (default benchmark.png)")
    p.add_argument("--dpi", type=int, default=72)
    return p.parse_args()


def size_of(result, case):
    """(size, unit) for the x axis: the case's bytes, else its flops, else what the rate implies."""
    if case is not None:
        if case.get("flops"):
            return case["flops"], "FLOP"
        if case.get("bytes"):
            return case["bytes"], "bytes"
    if result.get("gflops"):
        return result["gflops"] * result["ms"] * 1e6, "FLOP"
    if result.get("gbps"):
        return result["gbps"] * result["ms"] * 1e6, "bytes"
    return None, None


def short_device(name, types):
    """"pocl CPU" from "pocl: pthread-..." and the device's type."""
    platform = name.partition(": ")[0]
    return f"{platform} {types.get(name, '')}".strip()


def main():
    args = parse_args()
    with open(args.results) as f:
        doc = json.load(f)
    cases = {}
    if args.cases:
        with open(args.cases) as f:
            for c in json.load(f)["cases"]:
                cases[(c["op"], c["case"])] = c

    types = {d["name"]: d["type"] for d in doc.get("devices", [])}
    # op -> line label -> [(size, ms)]; PyTorch lines are keyed by their own label.
    lines = defaultdict(lambda: defaultdict(list))
    units = {}
    for r in doc["results"]:
        case = cases.get((r["op"], r["case"]))
        if args.cases and (case is None or not case.get("sweep")):
            continue
        size, unit = size_of(r, case)
        if not size or not r.get("ms"):
            continue
        units[r["op"]] = unit
        group = case["sweep"] if case else r["dtype"]
        lines[r["op"]][f"{short_device(r['device'], types)} [{group}]"].append((size, r["ms"]))
        if r.get("torch_ms"):
            torch_label = f"PyTorch {r['torch_device']} [{group}]"
            if (size, r["torch_ms"]) not in lines[r["op"]][torch_label]:
                lines[r["op"]][torch_label].append((size, r["torch_ms"]))

    ops = sorted(lines)
    if not ops:
        print("report.py: nothing to plot (no sweep results; run aclnn_bench without --quick)", file=sys.stderr)
        return 1
    cols = min(3, len(ops))
    rows = math.ceil(len(ops) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.4 * cols, 3.3 * rows), squeeze=False)
    for ax, op in zip(axes.flat, ops):
        for label, points in sorted(lines[op].items()):
            points.sort()
            xs, ys = zip(*points)
            style = "--" if label.startswith("PyTorch") else "-"
            ax.plot(xs, ys, style, marker="o", markersize=3, label=label)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(op, fontsize=10)
        ax.set_xlabel(f"{units[op]} moved" if units[op] == "bytes" else "FLOP", fontsize=8)
        ax.set_ylabel("ms (median)", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.grid(True, which="major", linewidth=0.3)
        ax.legend(fontsize=6)
    for ax in list(axes.flat)[len(ops):]:
        ax.axis("off")
    fig.suptitle(doc.get("machine", ""), fontsize=9)
    fig.tight_layout()
    fig.savefig(args.out, dpi=args.dpi)
    # A palette PNG is a quarter of the size of the RGBA one: the plot is committed under docs/img.
    from PIL import Image  # matplotlib depends on Pillow
    with Image.open(args.out) as image:
        image.convert("RGB").quantize(colors=128).save(args.out, optimize=True)
    print(f"report.py: wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
