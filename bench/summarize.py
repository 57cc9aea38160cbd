#!/usr/bin/python3
"""Summarizes an aclnn_bench --json file against its PyTorch baseline, as markdown.

  summarize.py RESULTS.json --cases CASES.json [--kind CPU|GPU] [--stamp TEXT] [--link PATH]

For every case with a PyTorch time on that kind of device: our best host wall time over the devices of
that kind (GetWorkspaceSize + run + synchronize) against PyTorch's (call + synchronize), and the same by
device time. Prints how many cases are at least as fast, the speed cases, and every case behind, so
that the README and docs/benchmarks.md quote generated figures only (bench/update_docs.sh puts this
between their "summary" markers). --link names the dated file the figures come from.
"""
import argparse
import json
import sys


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("results")
    p.add_argument("--cases", required=True, help="the case list of the same run (aclnn_bench --list-cases)")
    p.add_argument("--kind", default="CPU", choices=("CPU", "GPU"))
    p.add_argument("--stamp", default="", help="a first line: when, where, which commit")
    p.add_argument("--link", default="", help="the dated file with every figure")
    p.add_argument("--yardstick", default="Copy", help="the case list's yardstick operator, not counted")
    return p.parse_args()


def fmt(x):
    return f"{x:.3g}" if x < 100 else f"{x:.0f}"


def main():
    args = parse_args()
    with open(args.results) as f:
        doc = json.load(f)
    with open(args.cases) as f:
        speed = {(c["op"], c["case"]) for c in json.load(f)["cases"] if c.get("speed")}
    kinds = {d["name"]: d["type"] for d in doc["devices"]}
    torch_device = "cuda" if args.kind == "GPU" else "cpu"
    best = {}  # (op, case, dtype) -> (our wall, our device ms, device label, torch wall, torch ms)
    for r in doc["results"]:
        if kinds.get(r["device"]) != args.kind or r["torch_device"] != torch_device or r["op"] == args.yardstick:
            continue
        key = (r["op"], r["case"], r["dtype"])
        if key not in best or r["wall_ms"] < best[key][0]:
            best[key] = (r["wall_ms"], r["ms"], r["device"].split(":")[0], r["torch_wall_ms"], r["torch_ms"])
    if not best:
        print(f"summarize: no {args.kind} case in {args.results} has a PyTorch time", file=sys.stderr)
        return 1
    torch = doc.get("torch") or {}
    rows = sorted(best.items(), key=lambda kv: kv[1][3] / kv[1][0])
    ahead = sum(1 for _, v in rows if v[3] >= v[0])
    ahead_device = sum(1 for _, v in rows if v[4] >= v[1])
    out = []
    if args.stamp:
        out.append(args.stamp)
        out.append("")
    out.append(f"Against PyTorch {torch.get('version', '?')} ({torch.get('threads', '?')} threads), ours on the "
               f"faster {args.kind} device per case: **{ahead} of {len(rows)} operator cases at least as fast by host wall "
               f"time** (GetWorkspaceSize + run + synchronize against PyTorch's call), {ahead_device} of "
               f"{len(rows)} by device time." + (f" Every figure: [{args.link}]({args.link})." if args.link else ""))
    out.append("")
    out.append("| case | dtype | device | our host wall ms | PyTorch ms | host wall ratio | device ratio |")
    out.append("| --- | --- | --- | --- | --- | --- | --- |")
    shown = [(k, v) for k, v in rows if (k[0], k[1]) in speed or v[3] < v[0]]
    for (op, case, dtype), (wall, ms, device, twall, tms) in sorted(shown, key=lambda kv: kv[0]):
        mark = " ★" if (op, case) in speed else ""
        out.append(f"| {op} {case}{mark} | {dtype} | {device} | {fmt(wall)} | {fmt(twall)} | "
                   f"{twall / wall:.2f}x | {tms / ms:.2f}x |")
    out.append("")
    out.append("★ = speed case; the other rows are the cases behind PyTorch by host wall time (ratio < 1: "
               "PyTorch is faster).")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
