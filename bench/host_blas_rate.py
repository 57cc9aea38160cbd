#!/usr/bin/env python3
"""A BLAS library's own rate on the matrix products of the benchmark's GEMM cases: the ceiling of the host
BLAS backend (docs/gemm.md), to hold the operators' GFLOP/s against.

  host_blas_rate.py CASES.json [--library openblas|mkl|PATH] [--runs N] [--threads N]

CASES.json is `aclnn_bench --list-cases --json CASES.json` (optionally with --op/--case filters). The
library is OpenBLAS (libopenblas.so.0, the default) or oneMKL (mkl: .deps/mkl/lib/libmkl_rt.so as
scripts/install-deps.sh puts it, or a PATH to a libmkl_rt), set up as the library sets it up: the thread
count fixed (default: the number of online CPUs), oneMKL with GNU OpenMP and its strict reproducible
mode. For each ConvTbc and ConvTbcBackward case it times, on host memory, exactly the products the
operator runs, called from this process's main thread: per tap one
row-major cblas_sgemm on the rows that tap reaches (out += self * weight[k] for ConvTbc; gradInput +=
self * weight[k]^T and gradWeight[k] = input^T * self for ConvTbcBackward). Prints the median time of
the products alone and the GFLOP/s by the benchmark's count (2 * multiply-adds).
"""
import argparse
import array
import ctypes
import json
import os
import random
import statistics
import sys
import time

ROW_MAJOR, NO_TRANS, TRANS = 101, 111, 112


def tap_rows(T, t_out, pad, k):
    """The out rows [first, end) that tap k reaches; input row = out row + k - pad."""
    return max(0, pad - k), min(t_out, T + pad - k)


class Matrices:
    """count row-major rows x cols float matrices in one host buffer (plain ctypes: no numpy needed).
    m[i] is matrix i, m.row(r) the address of row r of matrix 0."""

    def __init__(self, count, rows, cols, rng=None):
        self.rows, self.cols = rows, cols
        n = count * rows * cols
        self.buf = (ctypes.c_float * n)()
        if rng:  # a random block of 4096 values, repeated: the values do not change the time
            block = array.array("f", (rng.uniform(-1, 1) for _ in range(4096))).tobytes()
            ctypes.memmove(self.buf, (block * (n // 4096 + 1))[:n * 4], n * 4)

    def row(self, r):
        return ctypes.addressof(self.buf) + 4 * r * self.cols

    def __getitem__(self, i):
        return self.row(i * self.rows)


def sgemm(blas, ta, tb, m, n, k, a, lda, b, ldb, beta, c, ldc):
    blas.cblas_sgemm(ROW_MAJOR, TRANS if ta else NO_TRANS, TRANS if tb else NO_TRANS, m, n, k, 1.0, a, lda, b, ldb,
                     beta, c, ldc)


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
    x = Matrices(1, T * B, cin, rng)
    w = Matrices(K, cin, cout, rng)
    dy = Matrices(1, t_out * B, cout, rng)
    out = Matrices(1, t_out * B, cout)
    gx = Matrices(1, T * B, cin)
    gw = Matrices(K, cin, cout)
    taps = [(k,) + tap_rows(T, t_out, pad, k) for k in range(K)]
    taps = [(k, f, e) for k, f, e in taps if e > f]
    macs = sum((e - f) * B * cin * cout for _, f, e in taps) * (1 if case["op"] == "ConvTbc" else 2)

    def run():
        for k, f, e in taps:
            rows = (e - f) * B
            xin = x.row((f + k - pad) * B)
            if case["op"] == "ConvTbc":
                sgemm(blas, False, False, rows, cout, cin, xin, cin, w[k], cout, 1.0, out.row(f * B), cout)
            else:
                sgemm(blas, False, True, rows, cin, cout, dy.row(f * B), cout, w[k], cout, 1.0,
                      gx.row((f + k - pad) * B), cin)
                sgemm(blas, True, False, cin, cout, rows, xin, cin, dy.row(f * B), cout, 0.0, gw[k], cout)
    return run, macs


def load(library, threads):
    """The BLAS library with cblas_sgemm's argument types, set up as host/blas/host_blas.cpp sets it up,
    and a line describing it."""
    if library == "openblas":
        blas = ctypes.CDLL("libopenblas.so.0")
        blas.openblas_set_num_threads(threads)
        blas.openblas_get_config.restype = ctypes.c_char_p
        description = f"OpenBLAS: {blas.openblas_get_config().decode()}"
    else:
        if library == "mkl":
            deps = os.environ.get("ACLNN_DEPS_DIR", os.path.join(os.path.dirname(__file__), "..", ".deps"))
            library = os.path.join(deps, "mkl", "lib", "libmkl_rt.so")
        blas = ctypes.CDLL(library)
        gnu_openmp, strict = 3, 0x10000  # MKL_THREADING_GNU, MKL_CBWR_STRICT
        if blas.MKL_Set_Threading_Layer(gnu_openmp) != gnu_openmp:
            raise SystemExit(f"{library}: GNU OpenMP threading refused")
        branch = blas.MKL_CBWR_Get_Auto_Branch()
        if blas.MKL_CBWR_Set(branch | strict) != 0:
            raise SystemExit(f"{library}: no strict reproducible mode for code branch {branch}")
        blas.MKL_Set_Dynamic(0)
        blas.MKL_Set_Num_Threads(threads)
        text = ctypes.create_string_buffer(256)
        blas.MKL_Get_Version_String(text, 255)
        description = f"oneMKL: {text.value.decode().split(' for ')[0]}, reproducible branch {branch} strict"
    i, f, p = ctypes.c_int, ctypes.c_float, ctypes.c_void_p
    blas.cblas_sgemm.argtypes = [i, i, i, i, i, i, f, p, i, p, i, f, p, i]
    blas.cblas_sgemm.restype = None
    return blas, f"{description}, {threads} threads"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases")
    ap.add_argument("--library", default="openblas", help="openblas, mkl or the path of a libmkl_rt")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    args = ap.parse_args(argv[1:])
    blas, description = load(args.library, args.threads)
    print(description)
    print("| operator | case | products ms (median) | GFLOP/s |\n|---|---|---|---|")
    rng = random.Random(1)
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
