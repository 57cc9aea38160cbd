#!/usr/bin/python3
"""Checks what `aclnn_bench --demo` (make demo) selects, from the registered cases themselves: every
operator with a speed case or a size sweep exactly once, by the smallest of those cases (bytes, then
flops), a FLOAT one whenever the operator has one; and --quick's list still every speed case and, of
each sweep's other members, the smallest alone (CTest bench_demo_cases).

usage: test_demo_cases.py ACLNN_BENCH"""
import json
import subprocess
import sys


def cases(bench, *flags):
    out = subprocess.run([bench, "--list-cases", *flags], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["cases"]


def key(c):
    return (c["op"], c["case"], c["dtype"])


def size(c):
    return (c["bytes"], c["flops"])


def main():
    bench = sys.argv[1]
    every, quick, demo = cases(bench), cases(bench, "--quick"), cases(bench, "--demo")
    eligible = [c for c in every if c["speed"] or c["sweep"]]
    ops = sorted({c["op"] for c in eligible})
    failures = []
    if len(ops) < 30:
        failures.append(f"only {len(ops)} operators have speed or sweep cases: the case list did not load")
    demo_ops = [c["op"] for c in demo]
    if sorted(demo_ops) != ops:
        failures.append(f"--demo operators {sorted(demo_ops)} are not each operator once: {ops}")
    for c in demo:
        mine = [o for o in eligible if o["op"] == c["op"]]
        floats = [o for o in mine if o["dtype"] == "float32"]
        pool = floats or mine
        best = min(size(o) for o in pool)
        if key(c) not in {key(o) for o in pool} or size(c) != best:
            failures.append(f"--demo took {key(c)} for {c['op']}; the smallest of {[key(o) for o in pool]} is wanted")
    # --quick: every speed case, and per (op, sweep) one member, the smallest.
    quick_keys = {key(c) for c in quick}
    for c in every:
        if c["speed"] and key(c) not in quick_keys:
            failures.append(f"--quick lacks the speed case {key(c)}")
    sweeps = {(c["op"], c["sweep"]) for c in every if c["sweep"]}
    for op, sweep in sorted(sweeps):
        members = [c for c in every if c["op"] == op and c["sweep"] == sweep]
        smallest = min(members, key=size)
        others = [c for c in members if key(c) in quick_keys and c is not smallest and not c["speed"]]
        if key(smallest) not in quick_keys or others:
            failures.append(f"--quick took {[key(c) for c in members if key(c) in quick_keys]} of sweep {op}/{sweep}")
    for f in failures:
        print("FAIL:", f)
    print(f"{len(demo)} demo cases over {len(ops)} operators, {len(quick)} quick cases, {len(sweeps)} sweeps checked")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
