#!/usr/bin/env python3
"""Runs a GoogleTest program's tests in parallel processes, so that a crash or a hang costs one test.

    run_suite.py BINARY --out DIR [--jobs N] [--filter PATTERN] [--test-timeout S] [--deadline S]

The tests (from --gtest_list_tests, narrowed by --filter) are dealt round robin into N chunks; each
chunk runs as one process with --gtest_filter naming its tests. A test's end is read from gtest's own
progress lines ([ RUN ], [ OK ], [ SKIPPED ], [ FAILED ]). When a process dies (a signal, an abort) or
passes --test-timeout on one test, the test it was in is recorded as crashed or timed out and the
chunk's remaining tests run again in a new process. Past --deadline seconds, what has not run is
recorded as not run. Writes, as it goes (each file rewritten after every finished process):

  DIR/junit.xml      JUnit XML: one testcase per test, with failure text, skip reasons, crash/timeout
  DIR/summary.txt    counts, then every test that did not pass or skip, one line each
  DIR/chunk-*.log    each process's whole output

Exit status: 0 when every test passed or skipped, 1 otherwise (also when no test ran at all), 2 for a
usage error or a binary that cannot list its tests.
"""
import argparse
import os
import re
import subprocess
import sys
import threading
import time
from xml.sax.saxutils import escape, quoteattr

RUN = re.compile(r"^\[ RUN      \] (\S+)")
END = re.compile(r"^\[ *(OK|SKIPPED|FAILED) *\] (\S+)(?: \((\d+) ms\))?")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("binary")
    p.add_argument("--out", required=True)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--filter", default="*", help="gtest filter for the test list (default *)")
    p.add_argument("--test-timeout", type=float, default=300, help="seconds one test may take")
    p.add_argument("--deadline", type=float, default=0, help="seconds for the whole run (0: none)")
    return p.parse_args()


def list_tests(binary, pattern):
    out = subprocess.run([binary, "--gtest_list_tests", "--gtest_filter=" + pattern],
                         capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        sys.exit(f"run_suite: {binary} --gtest_list_tests failed ({out.returncode}):\n{out.stderr[-4000:]}")
    tests, suite = [], None
    for line in out.stdout.splitlines():
        if not line.strip():
            continue
        if not line.startswith(" "):
            suite = line.split("#")[0].strip()
        else:
            tests.append(suite + line.split("#")[0].strip())
    return tests


class Results:
    def __init__(self, out_dir, tests):
        self.out_dir, self.tests = out_dir, tests
        self.status = {}   # name -> (status, ms, text)
        self.lock = threading.Lock()
        self.started = time.time()

    def record(self, name, status, ms, text):
        with self.lock:
            self.status[name] = (status, ms, text)

    def write(self):
        with self.lock:
            items = [(t, self.status.get(t, ("notrun", 0, "not run: the run's deadline passed first")))
                     for t in self.tests]
        counts = {}
        for _, (s, _, _) in items:
            counts[s] = counts.get(s, 0) + 1
        suites = {}
        for name, r in items:
            suites.setdefault(name.split(".")[0], []).append((name, r))
        xml = ['<?xml version="1.0" encoding="UTF-8"?>',
               f'<testsuites tests="{len(items)}" failures="{counts.get("failed", 0)}" '
               f'errors="{counts.get("crashed", 0) + counts.get("timeout", 0) + counts.get("notrun", 0)}" '
               f'skipped="{counts.get("skipped", 0)}" time="{time.time() - self.started:.1f}">']
        for suite, cases in suites.items():
            xml.append(f'  <testsuite name={quoteattr(suite)} tests="{len(cases)}">')
            for name, (s, ms, text) in cases:
                attrs = f'classname={quoteattr(suite)} name={quoteattr(name[len(suite) + 1:])} time="{ms / 1000:.3f}"'
                body = ""
                if s == "failed":
                    body = f'<failure message="failed">{escape(text)}</failure>'
                elif s in ("crashed", "timeout", "notrun"):
                    body = f'<error message="{s}">{escape(text)}</error>'
                elif s == "skipped":
                    body = f'<skipped message={quoteattr(text.strip()[-300:])}/>'
                xml.append(f"    <testcase {attrs}>{body}</testcase>" if body else f"    <testcase {attrs}/>")
            xml.append("  </testsuite>")
        xml.append("</testsuites>")
        tmp = os.path.join(self.out_dir, "junit.xml.tmp")
        with open(tmp, "w") as f:
            f.write("\n".join(xml) + "\n")
        os.replace(tmp, os.path.join(self.out_dir, "junit.xml"))
        lines = [f"tests {len(items)}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())),
                 f"elapsed {time.time() - self.started:.0f} s"]
        for name, (s, ms, text) in items:
            if s not in ("passed", "skipped"):
                first = next((l for l in text.splitlines() if "Failure" in l or "error" in l.lower()), "")
                lines.append(f"{s.upper():8} {name}  {first.strip()[:200]}")
        tmp = os.path.join(self.out_dir, "summary.txt.tmp")
        with open(tmp, "w") as f:
            f.write("\n".join(lines) + "\n")
        os.replace(tmp, os.path.join(self.out_dir, "summary.txt"))
        return counts


def run_chunk(binary, chunk, index, results, args, deadline):
    """Runs the chunk's tests; after a crash or a hang, the rest again in a new process."""
    attempt = 0
    while chunk:
        if deadline and time.time() > deadline:
            return
        attempt += 1
        log_path = os.path.join(args.out, f"chunk-{index:02d}-{attempt}.log")
        done, current, text, started = set(), None, [], None
        with open(log_path, "w") as log:
            proc = subprocess.Popen([binary, "--gtest_filter=" + ":".join(chunk), "--gtest_color=no"],
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                    errors="replace", bufsize=1)
            timer_state = {"hung": False}

            def watchdog():
                while proc.poll() is None:
                    now = time.time()
                    if (started_box[0] and now - started_box[0] > args.test_timeout) or \
                            (deadline and now > deadline):
                        timer_state["hung"] = True
                        proc.kill()
                        return
                    time.sleep(0.5)

            started_box = [time.time()]
            threading.Thread(target=watchdog, daemon=True).start()
            for line in proc.stdout:
                log.write(line)
                m = RUN.match(line)
                if m:
                    current, text, started_box[0] = m.group(1), [], time.time()
                    continue
                m = END.match(line)
                if m and m.group(2) == current:
                    kind = {"OK": "passed", "SKIPPED": "skipped", "FAILED": "failed"}[m.group(1)]
                    results.record(current, kind, int(m.group(3) or 0), "".join(text))
                    done.add(current)
                    current, started_box[0] = None, time.time()
                    continue
                if current:
                    text.append(line)
            rc = proc.wait()
        if current and current not in done:
            why = "timeout" if timer_state["hung"] else "crashed"
            detail = (f"killed after {args.test_timeout:.0f} s" if why == "timeout" else f"exit status {rc}")
            results.record(current, why, 0, f"{detail}; output so far:\n" + "".join(text)[-8000:])
            done.add(current)
        elif not done:
            # No test started (a set-up failure, or names gtest did not run): never loop on them.
            for t in chunk:
                results.record(t, "crashed", 0, f"the process exited {rc} before this test started; see {log_path}")
            results.write()
            return
        chunk = [t for t in chunk if t not in results.status]
        results.write()


def main():
    args = parse_args()
    os.makedirs(args.out, exist_ok=True)
    binary = os.path.abspath(args.binary)
    tests = list_tests(binary, args.filter)
    if not tests:
        sys.exit(f"run_suite: no test matches {args.filter!r}")
    results = Results(args.out, tests)
    deadline = time.time() + args.deadline if args.deadline else 0
    jobs = max(1, min(args.jobs, len(tests)))
    chunks = [tests[i::jobs] for i in range(jobs)]
    print(f"run_suite: {len(tests)} tests in {jobs} processes", flush=True)
    threads = [threading.Thread(target=run_chunk, args=(binary, c, i, results, args, deadline))
               for i, c in enumerate(chunks)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    counts = results.write()
    print(open(os.path.join(args.out, "summary.txt")).read(), end="")
    bad = sum(v for k, v in counts.items() if k not in ("passed", "skipped"))
    return 1 if bad or not counts.get("passed") else 0


if __name__ == "__main__":
    sys.exit(main())
