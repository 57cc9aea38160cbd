#!/usr/bin/env python3
"""Each kernel step's device time per benchmark case, from the stderr of
`ACLNN_OPENCL_LOG_LEVEL=debug aclnn_bench` (scripts/gpu-kit/run.sh --profile, profile.txt).

    kernel_profile.py LOG

aclnn_bench names each case in a progress line before timing it; the library logs one line per
executor step with its time. A case runs several times: the last run's line of each step is the one
kept, so that program builds and first-touch costs are behind it. Cases and steps keep the order in
which they first appear."""
import re
import sys

CASE = re.compile(r"\[[^]]*\] (\S+) case \d+/\d+ \(\d+/\d+ overall\): (.*)")
STEP = re.compile(r"aclnn-opencl debug: (aclnn\w+): step (\d+) \((.*)\) took ([\d.]+) ms")


def last_steps(lines):
    """{(case, call, step): text} of the last line of each case's steps."""
    last = {}
    case = ""
    for line in lines:
        m = CASE.match(line)
        if m:
            case = m.group(1) + " " + m.group(2).strip()
            continue
        m = STEP.match(line)
        if m:
            last[(case, m.group(1), int(m.group(2)))] = f"{m.group(4):>9} ms  {m.group(1)} step {m.group(2)}: {m.group(3)}"
    return last


def report(last):
    """The lines of profile.txt: a '== case' heading (after an empty line) above each case's steps."""
    out, current = [], None
    for (c, call, step), text in last.items():
        if c != current:
            out.append(f"\n== {c}")
            current = c
        out.append(text)
    return out


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: kernel_profile.py LOG")
    with open(sys.argv[1], errors="replace") as f:
        for line in report(last_steps(f)):
            print(line)
