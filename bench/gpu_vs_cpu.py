#!/usr/bin/env python3
"""One markdown table from two aclnn_bench --json files: a GPU run (with PyTorch CUDA beside it) and a
CPU run, usually from two machines (a GPU machine without network, scripts/gpu-kit/run.sh; the CPU
figures of docs/bench/results.json).

    bench/gpu_vs_cpu.py GPU_JSON CPU_JSON

Columns per case the GPU run timed: the GPU's device time, GB/s or GFLOP/s and % of the GPU's own copy
yardstick; its host wall time; PyTorch CUDA (CUDA-event / host wall time); ours against PyTorch CUDA by
device time and by host wall time (> 1: ours is faster); the best CPU device time of the CPU run and
GPU/CPU (that time over the GPU's). The CPU run is another run on another machine: the GPU/CPU column
says how much a GPU buys, not a same-run measurement.
"""
import argparse
import json


def load(path):
    with open(path) as f:
        return json.load(f)


def fmt(x, unit=""):
    if x is None:
        return ""
    s = f"{x:.3g}" if x < 100 else f"{x:.0f}"
    return s + unit


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("gpu")
    p.add_argument("cpu")
    args = p.parse_args()
    gpu, cpu = load(args.gpu), load(args.cpu)
    gpu_devices = {d["name"]: d for d in gpu["devices"] if d["type"] == "GPU"}
    if not gpu_devices:
        # A rehearsal of the GPU kit on a CPU machine: the first file's devices stand in for the GPU.
        gpu_devices = {d["name"]: d for d in gpu["devices"]}
    cpu_devices = {d["name"] for d in cpu["devices"] if d["type"] == "CPU"}
    best_cpu = {}
    for r in cpu["results"]:
        if r["device"] in cpu_devices:
            key = (r["op"], r["case"], r["dtype"])
            best_cpu[key] = min(best_cpu.get(key, float("inf")), r["ms"])
    rows = [r for r in gpu["results"] if r["device"] in gpu_devices]
    if not rows:
        raise SystemExit(f"{args.gpu}: no GPU results")
    print("| operator | case | dtype | GPU ms · rate · % copy | GPU host wall ms | PyTorch CUDA ms (event / wall) "
          "| vs PyTorch CUDA, device | vs PyTorch CUDA, host wall | best CPU ms | GPU/CPU |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        copy = gpu_devices[r["device"]].get("copy_gbps")
        rate = (fmt(r["gflops"], " GFLOP/s") if r.get("gflops") else
                fmt(r["gbps"], " GB/s") + (f" · {100 * r['gbps'] / copy:.1f}%" if r.get("gbps") and copy else ""))
        torch = r.get("torch_ms") if r.get("torch_device") == "cuda" else None
        torch_wall = r.get("torch_wall_ms") or torch
        c = best_cpu.get((r["op"], r["case"], r["dtype"]))
        print(f"| {r['op']} | {r['case']} | {r['dtype']} | {fmt(r['ms'])} · {rate} | {fmt(r['wall_ms'])} | "
              f"{fmt(torch) + ' / ' + fmt(torch_wall) if torch else ''} | "
              f"{fmt(torch / r['ms'], 'x') if torch else ''} | {fmt(torch_wall / r['wall_ms'], 'x') if torch else ''} | "
              f"{fmt(c) if c else ''} | {fmt(c / r['ms'], 'x') if c else ''} |")


if __name__ == "__main__":
    main()
