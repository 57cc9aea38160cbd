#!/usr/bin/python3
"""Turns a benchmark run from another machine into dated, generated files in docs/bench/.

  bench/import_run.py KIT_OUT [--date YYYY-MM-DD] [--name NAME] [--stamp TEXT] [--beside OTHER.json]
                      [--into README.md docs/benchmarks.md]
  bench/import_run.py --results R.json --cases C.json [--cpu-results CPU.json] [--profile P.txt] ...

KIT_OUT is the output folder scripts/gpu-kit/run.sh brought back: bench.json, bench.cases.json (older
runs: bench/cases.json inside logs.tar.gz), with --with-cpu bench-cpu.json, with --profile
bench/profile.txt inside logs.tar.gz, and summary.md (the run's date and commit). The explicit options
name the same files one by one. Writes, with STEM = docs/bench/<date>-<name>:

  STEM.json           the results (aclnn_bench --json), copied unchanged
  STEM.cases.json     the run's case list (aclnn_bench --list-cases)
  STEM.cpu.json       the same machine's CPU run, when there is one
  STEM.profile.txt    each kernel's device time and launch size, when there is one
  STEM.kit.md         the kit's summary.md (steps, the suite's counts, the precision report's worst ratios)
  STEM.md             the generated page: the summary against PyTorch (bench/summarize.py), every case,
                      per operator the ratios, the per-call cost and the share of the copy yardstick; with
                      --beside another run's JSON, this run's device times against that run's; with a CPU
                      run, its summary and every case too, and the GPU against the CPU case by case

and with --into, the summary of the run's own kind (GPU when it has a GPU device) between that kind's
markers of each page (bench/summarize.py), linking STEM.md; a CPU summary block is never touched by a
GPU run. Every figure comes from the JSON files; the stamp (--stamp, or the date and commit read from
summary.md) is the page's first line. The page ends with the command that regenerates it from the
dated files alone.
"""
import argparse
import io
import json
import os
import re
import shlex
import shutil
import statistics
import sys
import tarfile
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summarize  # noqa: E402

fmt = summarize.fmt


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("kit_out", nargs="?", help="scripts/gpu-kit/run.sh's output folder")
    p.add_argument("--results", help="the run's aclnn_bench --json (default KIT_OUT/bench.json)")
    p.add_argument("--cases", help="its case list (default KIT_OUT/bench.cases.json, else logs.tar.gz's)")
    p.add_argument("--cpu-results", help="the same machine's CPU run (default KIT_OUT/bench-cpu.json if any)")
    p.add_argument("--profile", help="the kernel profile (default logs.tar.gz's bench/profile.txt if any)")
    p.add_argument("--kit-summary", help="the kit's summary.md (default KIT_OUT/summary.md if any)")
    p.add_argument("--date", help="the run's date (default: summary.md's, else today, UTC)")
    p.add_argument("--name", help="the machine's name in the file names (default: from the first GPU's name)")
    p.add_argument("--stamp", help="the page's first line (default: the date and commit from summary.md)")
    p.add_argument("--beside", help="another run's JSON (e.g. another GPU): device times side by side")
    p.add_argument("--docs", default="docs/bench", help="where the dated files go (default docs/bench)")
    p.add_argument("--into", nargs="+", default=[], metavar="PAGE",
                   help="pages whose summary block of the run's kind to rewrite (README.md docs/benchmarks.md)")
    p.add_argument("--force", action="store_true", help="overwrite dated files of another run with the same stem")
    p.add_argument("--yardstick", default="Copy", help="the case list's yardstick operator, not counted")
    args = p.parse_args(argv)
    if not args.kit_out and not (args.results and args.cases):
        p.error("name the kit's output folder, or --results and --cases")
    return args


def from_archive(kit_out, member):
    """A member of KIT_OUT/logs.tar.gz as bytes, or None."""
    path = os.path.join(kit_out, "logs.tar.gz")
    if not os.path.isfile(path):
        return None
    with tarfile.open(path) as tar:
        try:
            f = tar.extractfile(member)
        except KeyError:
            return None
        return f.read() if f else None


def slug(device_name):
    """'nvidia: NVIDIA H100 80GB HBM3' -> 'nvidia-h100'; 'pocl: cpu-...-Intel(R) Xeon(R) Processor' -> ..."""
    name = device_name.split(": ", 1)[-1]
    words = []
    for w in name.split():
        if re.fullmatch(r"\d+(GB|MB|G)", w, re.I):
            break
        words.append(w)
    name = re.sub(r"\((R|TM)\)|\b(Processor|CPU)\b", "", " ".join(words))
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def median(xs):
    return statistics.median(xs) if xs else None


def span(xs, scale=1.0, unit=""):
    """'lo to hi (median m)' of xs, or '' when empty."""
    if not xs:
        return ""
    xs = [x * scale for x in xs]
    if len(xs) == 1:
        return f"{fmt(xs[0])}{unit}"
    return f"{fmt(min(xs))} to {fmt(max(xs))}{unit} (median {fmt(median(xs))})"


def ratio(a, b):
    return f"{a / b:.2f}x" if a and b else ""


class Run:
    """One aclnn_bench --json file, its results of one kind of device."""

    def __init__(self, doc, kind, yardstick):
        self.doc = doc
        self.kind = kind
        self.yardstick = yardstick
        self.devices = {d["name"]: d for d in doc["devices"] if d["type"] == kind}
        self.rows = [r for r in doc["results"] if r["device"] in self.devices]
        self.torch_device = summarize.torch_side(kind)

    def torch(self, r):
        """(PyTorch ms, PyTorch host wall ms) of a row on this kind's PyTorch side, or (None, None)."""
        if r.get("torch_device") != self.torch_device or not r.get("torch_ms"):
            return None, None
        return r["torch_ms"], r.get("torch_wall_ms") or r["torch_ms"]

    def copy_share(self, r):
        copy = self.devices[r["device"]].get("copy_gbps")
        return 100 * r["gbps"] / copy if r.get("gbps") and copy and not r.get("gflops") else None

    def best(self):
        """(op, case, dtype) -> the row of the device with the smallest host wall time."""
        out = {}
        for r in self.rows:
            key = (r["op"], r["case"], r["dtype"])
            if key not in out or r["wall_ms"] < out[key]["wall_ms"]:
                out[key] = r
        return out

    def operator_rows(self):
        return [r for r in self.rows if r["op"] != self.yardstick]


def device_table(run):
    lines = ["| device | type | copy yardstick (device to device, read + write) |", "|---|---|---|"]
    for d in run.doc["devices"]:
        lines.append(f"| {d['name']} | {d['type']} | {fmt(d['copy_gbps']) + ' GB/s' if d.get('copy_gbps') else ''} |")
    return lines


def every_case(run):
    theirs = "PyTorch CUDA" if run.kind == "GPU" else "PyTorch CPU"
    per_call = run.kind == "GPU"  # on the CPU PyTorch's two times are one
    head = (f"| operator | case | dtype | device | ms | host wall ms | GB/s (% of copy) | GFLOP/s (PyTorch's) | "
            f"{theirs} ms | {theirs} host wall ms | vs PyTorch, device | vs PyTorch, host wall | "
            f"our per-call us |" + (" PyTorch per-call us |" if per_call else ""))
    lines = [head, "|" + "---|" * head.count(" |")]
    for r in run.rows:
        tms, twall = run.torch(r)
        share = run.copy_share(r)
        rate = (fmt(r["gbps"]) + (f" ({share:.1f}%)" if share is not None else "")) if r.get("gbps") and not r.get(
            "gflops") else ""
        flops = (fmt(r["gflops"]) + (f" ({fmt(r['gflops'] * r['ms'] / tms)})" if tms else "")) if r.get(
            "gflops") else ""
        cells = [r["op"], r["case"], r["dtype"], r["device"].split(":")[0], fmt(r["ms"]), fmt(r["wall_ms"]), rate,
                 flops, fmt(tms) if tms else "", fmt(twall) if twall else "", ratio(tms, r["ms"]),
                 ratio(twall, r["wall_ms"]), fmt(1000 * (r["wall_ms"] - r["ms"]))]
        if per_call:
            cells.append(fmt(1000 * (twall - tms)) if tms else "")
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "ms: median device time (OpenCL event profiling); host wall: GetWorkspaceSize + run + synchronize; "
                  "% of copy: GB/s over the device's copy yardstick (memory-bound cases); GFLOP/s: the case's "
                  "flops over the device time, PyTorch's over its time in parentheses; vs PyTorch > 1: ours is "
                  "faster; per-call: host wall minus device time, in microseconds."]
    return lines


def per_operator(run):
    """Per operator: the ratios, the per-call cost and the best share of the copy yardstick."""
    per_call = run.kind == "GPU"
    by_op = {}
    for r in run.operator_rows():
        by_op.setdefault(r["op"], []).append(r)
    head = ("| operator | cases | vs PyTorch, device | vs PyTorch, host wall | our per-call us |" +
            (" PyTorch per-call us |" if per_call else "") + " best % of copy |")
    lines = [head, "|" + "---|" * head.count(" |")]
    for op in sorted(by_op):
        rows = by_op[op]
        pairs = [(r, *run.torch(r)) for r in rows]
        dev = [t / r["ms"] for r, t, _ in pairs if t]
        wall = [w / r["wall_ms"] for r, t, w in pairs if t]
        ours = [r["wall_ms"] - r["ms"] for r in rows]
        theirs = [w - t for _, t, w in pairs if t]
        shares = [s for s in (run.copy_share(r) for r in rows) if s is not None]
        cells = [op, str(len(rows)), span(dev, unit="x"), span(wall, unit="x"), span(ours, 1000)]
        if per_call:
            cells.append(span(theirs, 1000))
        cells.append(f"{max(shares):.1f}%" if shares else "")
        lines.append("| " + " | ".join(cells) + " |")
    rows = run.operator_rows()
    if not rows:
        return lines + ["", f"No operator rows: the run timed the {run.yardstick} yardstick alone."]
    ours = [r["wall_ms"] - r["ms"] for r in rows]
    theirs = [w - t for r in rows for t, w in [run.torch(r)] if t]
    shares = [(run.copy_share(r), r) for r in rows if run.copy_share(r) is not None]
    lines += ["", f"Over the {len(rows)} operator rows (the {run.yardstick} yardstick left out): our per-call cost "
                  f"{span(ours, 1000, ' us')}" +
              (f"; PyTorch CUDA's {span(theirs, 1000, ' us')}" if per_call and theirs else "") + "."]
    if shares:
        top, r = max(shares, key=lambda s: s[0])
        lines[-1] += (f" Memory-bound rows: {len(shares)}, the best at {top:.1f}% of the copy yardstick "
                      f"({r['op']} {r['case']}, {r['dtype']}); {sum(1 for s, _ in shares if s >= 80)} at 80% or more.")
    return lines


def beside(run, other, other_name, speed):
    """This run's device times against another run's, case by case (the first device of the kind in each)."""
    mine, theirs = run.best(), other.best()
    keys = [k for k in mine if k in theirs]
    if not keys:
        return [f"No case of this run was timed in {other_name}."]
    copy_here = next(iter(run.devices.values())).get("copy_gbps")
    copy_there = next(iter(other.devices.values())).get("copy_gbps")
    lines = ["| operator | case | dtype | ms here | ms there | here / there | % of copy here | % of copy there |",
             "|---|---|---|---|---|---|---|---|"]
    for k in keys:
        a, b = mine[k], theirs[k]
        sa, sb = run.copy_share(a), other.copy_share(b)
        lines.append(f"| {k[0]} | {k[1]} | {k[2]} | {fmt(a['ms'])} | {fmt(b['ms'])} | {a['ms'] / b['ms']:.2f} | "
                     f"{'' if sa is None else f'{sa:.1f}%'} | {'' if sb is None else f'{sb:.1f}%'} |")
    ops = [k for k in keys if k[0] != run.yardstick]
    bound = [k for k in ops if run.copy_share(mine[k]) is not None]
    fast = [k for k in bound if (k[0], k[1]) in speed]

    def here_there(keys):
        return span([mine[k]["ms"] / theirs[k]["ms"] for k in keys])

    lines += ["", f"Copy yardstick here {fmt(copy_here)} GB/s, there {fmt(copy_there)} GB/s: here / there "
                  f"{copy_here / copy_there:.2f}. Device time here / there over the {len(ops)} operator cases both "
                  f"ran: {here_there(ops)}; over the {len(bound)} memory-bound ones: {here_there(bound)}; over the "
                  f"{len(fast)} memory-bound speed cases: {here_there(fast)}."]
    return lines


def gpu_against_cpu(gpu, cpu):
    """The same machine's GPU against its CPU, case by case, best device of each kind."""
    g, c = gpu.best(), cpu.best()
    keys = [k for k in g if k in c]
    lines = ["| operator | case | dtype | GPU host wall ms | CPU host wall ms | GPU/CPU, host wall | GPU ms | CPU ms | "
             "GPU/CPU, device |", "|---|---|---|---|---|---|---|---|---|"]
    for k in keys:
        a, b = g[k], c[k]
        lines.append(f"| {k[0]} | {k[1]} | {k[2]} | {fmt(a['wall_ms'])} | {fmt(b['wall_ms'])} | "
                     f"{ratio(b['wall_ms'], a['wall_ms'])} | {fmt(a['ms'])} | {fmt(b['ms'])} | {ratio(b['ms'], a['ms'])} |")
    ops = [k for k in keys if k[0] != gpu.yardstick]
    lines += ["", f"GPU/CPU > 1: the GPU is faster. Over the {len(ops)} operator cases: by host wall time "
                  f"{span([c[k]['wall_ms'] / g[k]['wall_ms'] for k in ops], unit='x')}, by device time "
                  f"{span([c[k]['ms'] / g[k]['ms'] for k in ops], unit='x')}. Per-call cost (host wall minus device "
                  f"time): the GPU's {span([g[k]['wall_ms'] - g[k]['ms'] for k in ops], 1000, ' us')}, the CPU's "
                  f"{span([c[k]['wall_ms'] - c[k]['ms'] for k in ops], 1000, ' us')}."]
    return lines


def load(path):
    with open(path) as f:
        return json.load(f)


def main(argv=None):
    args = parse_args(argv)
    kit = args.kit_out
    results = args.results or os.path.join(kit, "bench.json")
    doc = load(results)
    cases_bytes = None
    if args.cases:
        cases_bytes = open(args.cases, "rb").read()
    elif os.path.isfile(os.path.join(kit, "bench.cases.json")):
        cases_bytes = open(os.path.join(kit, "bench.cases.json"), "rb").read()
    else:
        cases_bytes = from_archive(kit, "bench/cases.json")
    if cases_bytes is None:
        raise SystemExit(f"import_run: no case list: {kit} has no bench.cases.json, nor bench/cases.json in "
                         "logs.tar.gz (--cases names one)")
    cases = json.loads(cases_bytes)
    cpu_path = args.cpu_results or (os.path.join(kit, "bench-cpu.json") if kit and os.path.isfile(
        os.path.join(kit, "bench-cpu.json")) else None)
    profile = open(args.profile, "rb").read() if args.profile else (
        from_archive(kit, "bench/profile.txt") if kit else None)
    kit_summary_path = args.kit_summary or (os.path.join(kit, "summary.md") if kit and os.path.isfile(
        os.path.join(kit, "summary.md")) else None)
    kit_summary = open(kit_summary_path).read() if kit_summary_path else ""
    bundle = re.search(r"^bundle: commit ([0-9a-f]{7,40})([^;]*);[^;]*?(\d{4}-\d\d-\d\d)T", kit_summary, re.M)

    kind = summarize.default_kind(doc)
    run = Run(doc, kind, args.yardstick)
    if not run.rows:
        raise SystemExit(f"import_run: {results} has no timed case")
    date = args.date or (bundle.group(3) if bundle else datetime.now(timezone.utc).strftime("%Y-%m-%d"))
    name = args.name or slug(next(iter(run.devices)))
    stamp = args.stamp if args.stamp is not None else (
        f"Run of {date} by `scripts/gpu-kit/run.sh` at commit {bundle.group(1)[:7]}{bundle.group(2)}." if bundle
        else f"Run of {date}.")
    stem = os.path.join(args.docs, f"{date}-{name}")
    os.makedirs(args.docs, exist_ok=True)

    def put(suffix, data):
        """Writes STEM+suffix; refuses to replace another run's file unless --force."""
        path = stem + suffix
        if os.path.exists(path) and open(path, "rb").read() != data and not args.force and suffix != ".md":
            raise SystemExit(f"import_run: {path} exists with other contents (another run that day? --name, --force)")
        with open(path, "wb") as f:
            f.write(data)
        return path

    written = [put(".json", open(results, "rb").read()), put(".cases.json", cases_bytes)]
    cpu = None
    if cpu_path:
        written.append(put(".cpu.json", open(cpu_path, "rb").read()))
        cpu = Run(load(cpu_path), "CPU", args.yardstick)
    if profile:
        written.append(put(".profile.txt", profile))
    if kit_summary:
        written.append(put(".kit.md", kit_summary.encode()))
    other = None
    if args.beside:
        other_doc = load(args.beside)
        other = Run(other_doc, summarize.default_kind(other_doc), args.yardstick)

    speed = summarize.speed_cases(cases)
    base = os.path.basename(stem)
    page = [f"# Benchmark of {date} on {name}", "", stamp, "",
            f"Generated by `bench/import_run.py` from [{base}.json]({base}.json) (the results, aclnn_bench's "
            f"schema in docs/benchmarks.md) and [{base}.cases.json]({base}.cases.json) (the case list)" +
            (f", the same machine's CPU run [{base}.cpu.json]({base}.cpu.json)" if cpu else "") +
            (f"; each kernel's device time and launch size: [{base}.profile.txt]({base}.profile.txt)" if profile else "") +
            (f"; the kit's own summary (steps, the suite's counts): [{base}.kit.md]({base}.kit.md)" if kit_summary else "") +
            ". Machine: " + doc["machine"] + ".", ""]
    page += device_table(run) + [""]
    theirs = "PyTorch CUDA" if kind == "GPU" else "PyTorch"
    page += [f"## Against {theirs}", ""]
    text = summarize.summary_text(doc, speed, kind, args.yardstick)
    page += [text or f"No {kind} case has a PyTorch time.", ""]
    page += ["## Per operator", ""] + per_operator(run) + [""]
    if other:
        page += [f"## Beside {os.path.basename(args.beside)}", "",
                 f"This run's device times (here) against those of [{os.path.basename(args.beside)}]"
                 f"({os.path.relpath(args.beside, args.docs)}) (there), another run on another device: {', '.join(other.devices)}.",
                 ""] + beside(run, other, os.path.basename(args.beside), speed) + [""]
    page += ["## Every case", ""] + every_case(run) + [""]
    if cpu:
        cpu_text = summarize.summary_text(cpu.doc, speed, "CPU", args.yardstick)
        page += ["## The same machine's CPU", ""] + device_table(cpu) + [""]
        page += [cpu_text or "No CPU case has a PyTorch time.", ""]
        page += ["### Per operator on the CPU", ""] + per_operator(cpu) + [""]
        if kind == "GPU":
            page += ["### The GPU against the CPU", ""] + gpu_against_cpu(run, cpu) + [""]
        page += ["### Every case on the CPU", ""] + every_case(cpu) + [""]
    again = ["bench/import_run.py", "--results", stem + ".json", "--cases", stem + ".cases.json"]
    again += ["--cpu-results", stem + ".cpu.json"] if cpu else []
    again += ["--profile", stem + ".profile.txt"] if profile else []
    again += ["--kit-summary", stem + ".kit.md"] if kit_summary else []
    again += ["--date", date, "--name", name, "--stamp", stamp]
    again += ["--beside", args.beside] if args.beside else []
    again += ["--docs", args.docs] if os.path.normpath(args.docs) != os.path.normpath("docs/bench") else []
    page += ["## This page", "", "Regenerated from the files above by", "", "```", shlex.join(again), "```", ""]
    with open(stem + ".md", "w") as f:
        f.write("\n".join(page))
    written.append(stem + ".md")

    for target in args.into:
        rel = os.path.relpath(stem + ".md", os.path.dirname(target) or ".")
        if summarize.summary_text(doc, speed, kind, args.yardstick) is None:
            raise SystemExit(f"import_run: no {kind} case has a PyTorch time: {target} left as it was")
        summarize.write_into(target, lambda speed_only: summarize.summary_text(
            doc, speed, kind, args.yardstick, stamp, rel, base + ".md", speed_only), kind)
        written.append(f"{target} ({kind} summary)")
    print("import_run: wrote " + ", ".join(written))
    return 0


if __name__ == "__main__":
    sys.exit(main())
