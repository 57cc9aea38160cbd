#!/usr/bin/env python3
"""OpenBLAS's own rate on the matrix products of the benchmark's GEMM cases: the ceiling of the host
BLAS backend (docs/gemm.md), to hold the operators' GFLOP/s against.

  openblas_rate.py CASES.json [--runs N] [--threads N]

CASES.json is `aclnn_bench --list-cases --json CASES.json` (optionally with --op/--case filters). For each
ConvTbc and ConvTbcBackward case it times, on host memory and with OpenBLAS's thread count fixed as the
library fixes it (the number of online CPUs), exactly the products the operator runs: per tap one
row-major cblas_sgemm on the rows that tap reaches (out += self * weight[k] for ConvTbc; gradInput +=
self * weight[k]^T and gradWeight[k] = input^T * self for ConvTbcBackward). Prints the median time of
the products alone and the GFLOP/s by the benchmark's count (2 * multiply-adds).
"""
import argparse
import ctypes
import json
import os
import statistics
import sys
import time

import numpy as np

ROW_MAJOR, NO_TRANS, TRANS = 101, 111, 112


def tap_rows(T, t_out, pad, k):
    """The out rows [first, end) that tap k reaches; input row = out row + k - pad."""
    return max(0, pad - k), min(t_out, T + pad - k)


def sgemm(blas, ta, tb, m, n, k, a, lda, b, ldb, beta, c, ldc):
    blas.cblas_sgemm(ROW_MAJOR, TRANS if ta else NO_TRANS, TRANS if tb else NO_TRANS, m, n, k, 1.0, a.ctypes.data,
                     lda, b.ctypes.data, ldb, beta, c.ctypes.data, ldc)


def products(blas, case, rng):
    """A closure running the case's products once, and their multiply-adds."""
    p = case["params"]
    K, cin, cout = (int(v) for v in p["weight"])
    pad = int(p["pad"][0])
    if case["op"] == "ConvTbc":
        T, B, _ = (int(v) for v in p["self"])
    else:
        T, B, _ = (int(v) for v in p["input"])
    t_out = T + 2 * pad + 1 - K
    x = rng.standard_normal((T * B, cin), dtype=np.float32)
    w = rng.standard_normal((K, cin, cout), dtype=np.float32)
    dy = rng.standard_normal((t_out * B, cout), dtype=np.float32)
    out = np.zeros((t_out * B, cout), dtype=np.float32)
    gx = np.zeros((T * B, cin), dtype=np.float32)
    gw = np.zeros((K, cin, cout), dtype=np.float32)
    taps = [(k,) + tap_rows(T, t_out, pad, k) for k in range(K)]
    taps = [(k, f, e) for k, f, e in taps if e > f]
    macs = sum((e - f) * B * cin * cout for _, f, e in taps) * (1 if case["op"] == "ConvTbc" else 2)

    def run():
        for k, f, e in taps:
            rows = (e - f) * B
            xin = x[(f + k - pad) * B:]
            if case["op"] == "ConvTbc":
                sgemm(blas, False, False, rows, cout, cin, xin, cin, w[k], cout, 1.0, out[f * B:], cout)
            else:
                sgemm(blas, False, True, rows, cin, cout, dy[f * B:], cout, w[k], cout, 1.0, gx[(f + k - pad) * B:],
                      cin)
                sgemm(blas, True, False, cin, cout, rows, xin, cin, dy[f * B:], cout, 0.0, gw[k], cout)
    return run, macs


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    args = ap.parse_args(argv[1:])
    blas = ctypes.CDLL("libopenblas.so.0")
    i, f, p = ctypes.c_int, ctypes.c_float, ctypes.c_void_p
    blas.cblas_sgemm.argtypes = [i, i, i, i, i, i, f, p, i, p, i, f, p, i]
    blas.cblas_sgemm.restype = None
    blas.openblas_set_num_threads(args.threads)
    blas.openblas_get_config.restype = ctypes.c_char_p
    print(f"OpenBLAS: {blas.openblas_get_config().decode()}, {args.threads} threads")
    print("| operator | case | products ms (median) | GFLOP/s |\n|---|---|---|---|")
    rng = np.random.default_rng(1)
    for case in json.load(open(args.cases))["cases"]:
        if case["op"] not in ("ConvTbc", "ConvTbcBackward") or case["dtype"] != "float32":
            continue
        run, macs = products(blas, case, rng)
        run()  # warm-up
        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            run()
            times.append((time.perf_counter() - t0) * 1e3)
        ms = statistics.median(times)
        print(f"| {case['op']} | {case['case']} | {ms:.3g} | {2 * macs / ms / 1e6:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
