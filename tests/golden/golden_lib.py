"""The golden-data framework shared by the per-operator modules in ops/: the case record, the
writer, an independent parser for the round-trip check, and helpers (seeded generators, exact
random values, tolerances). See gen_golden.py."""

import math
import os
import struct
import sys
import zlib

import numpy as np


def _pin_openblas_kernels():
    """PyTorch's fp32 GEMMs (conv_tbc) run in OpenBLAS, which picks its kernels by the CPU it finds:
    the files had once been made with its SkylakeX kernels, an AMD EPYC VM later got Haswell's, and
    the last bits of conv_tbc's outputs differ between them. Pinning one kernel set (before torch loads OpenBLAS) makes the files
    byte-identical on every x86-64 machine with AVX2 and FMA; elsewhere OpenBLAS chooses, and NOTES
    says so."""
    if os.environ.get("OPENBLAS_CORETYPE"):
        return None
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), [])
    except OSError:
        flags = []
    if "avx2" in flags and "fma" in flags:
        os.environ["OPENBLAS_CORETYPE"] = "Haswell"
        return None
    return ("OpenBLAS chose its own kernels (no x86-64 AVX2 and FMA here): conv_tbc's fp32 results may "
            "differ in the last bits from the committed files")


_OPENBLAS_NOTE = _pin_openblas_kernels()
import torch  # noqa: E402  (after the OpenBLAS kernel choice)
import torch.nn.functional as F

MAX_FILE_BYTES = 300 * 1024

f16, bf16, f32, f64 = torch.float16, torch.bfloat16, torch.float32, torch.float64
c64, c128 = torch.complex64, torch.complex128
i32, i64 = torch.int32, torch.int64
LOWP = (f16, bf16)

DTYPE_NAMES = {
    torch.float32: "float32", torch.float16: "float16", torch.bfloat16: "bfloat16",
    torch.float64: "float64", torch.complex64: "complex64", torch.complex128: "complex128",
    torch.int8: "int8", torch.uint8: "uint8", torch.int16: "int16", torch.int32: "int32",
    torch.int64: "int64", torch.bool: "bool",
}
NAME_DTYPES = {v: k for k, v in DTYPE_NAMES.items()}
INT_DTYPES = (torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64, torch.bool)

# A case name's first word names its dtype ("f16_pad", "i64_4d"): dtype_of(name).
PREFIX_DTYPES = {"f32": f32, "f64": f64, "f16": f16, "bf16": bf16, "c64": c64, "c128": c128, "i8": torch.int8,
                 "u8": torch.uint8, "i16": torch.int16, "i32": torch.int32, "i64": torch.int64, "bool": torch.bool}


def dtype_of(name, allowed=None):
    """The dtype a case name begins with; allowed: the prefixes that module's cases may use."""
    prefix = name.split("_")[0]
    assert allowed is None or prefix in allowed, (name, allowed)
    return PREFIX_DTYPES[prefix]


def pair(v):
    """A one- or two-element attribute (kernel, stride, padding, dilation) as (H, W)."""
    return (v[0], v[0]) if len(v) == 1 else (v[0], v[1])


def window_count(n, k, d, p, s):
    """docs/ops (im2col): how many places a window of k taps, dilation d, fits along an axis of n elements
    padded by p on both sides, moving by stride s (0 or less: none)."""
    return (n + 2 * p - d * (k - 1) - 1) // s + 1


def window_params(c, k, d, p, s):
    """Record the im2col family's window attributes on case c, in the operators' order: kernelSize,
    dilation, padding, stride (two values each)."""
    c.param("kernelSize", *k)
    c.param("dilation", *d)
    c.param("padding", *p)
    c.param("stride", *s)


def pool_params(c, k, s, p, d, ceil):
    """Record the max-pool family's attributes on case c, in the operators' order: kernelSize, stride,
    padding, dilation (as the operator receives them: one or two values each), ceilMode."""
    c.param("kernelSize", *k)
    c.param("stride", *s)
    c.param("padding", *p)
    c.param("dilation", *d)
    c.param("ceilMode", int(ceil))


# ----------------------------------------------------------------------------------
# Case records and the writer
# ----------------------------------------------------------------------------------

class Case:
    def __init__(self, op, name):
        assert " " not in name and " " not in op
        self.op = op
        self.name = name
        self.params = []   # (name, [numbers])
        self.tensors = []  # (role, dtype name, dims, values, exact)

    def param(self, name, *values):
        self.params.append((name, list(values)))

    def tensor(self, role, t, dtype=None, exact=True):
        """Record tensor t under role. dtype (a torch dtype) overrides the label; t may
        then hold more precise values than the label (exact=False says that is meant)."""
        dtype = t.dtype if dtype is None else dtype
        t = t.detach().contiguous()
        if dtype.is_complex:
            vals = torch.view_as_real(t.to(c128)).reshape(-1).tolist()
        elif dtype in INT_DTYPES:
            vals = [int(v) for v in t.to(torch.int64).reshape(-1).tolist()]
        else:
            vals = t.to(f64).reshape(-1).tolist()
        if exact and dtype not in INT_DTYPES:
            # every value must be exactly representable in the labelled dtype
            back = torch.tensor(vals, dtype=f64)
            if dtype.is_complex:
                rt = torch.view_as_real(torch.view_as_complex(back.view(-1, 2)).to(dtype).to(c128)).reshape(-1)
            else:
                rt = back.to(dtype).to(f64)
            ok = torch.equal(torch.nan_to_num(rt, nan=0.5), torch.nan_to_num(back, nan=0.5))
            assert ok, "%s/%s %s: values not exact in %s" % (self.op, self.name, role, dtype)
        if dtype in INT_DTYPES:
            assert all(abs(v) <= 2 ** 53 for v in vals), "int value beyond 2^53"
        self.tensors.append((role, DTYPE_NAMES[dtype], list(t.shape), vals, exact))


def fmt_num(v):
    if isinstance(v, (bool, int)):
        return "%d" % v
    return "%.17g" % v


def fmt_param(v):
    if isinstance(v, (bool, int)):
        return "%d" % v
    return repr(float(v))  # shortest round trip: 1.0, 0.7, 2.5


def write_file(path, cases, comments):
    lines = ["# aclnn-opencl golden reference data. Generated by tests/golden/gen_golden.py; do not edit.",
             "# torch %s, python %s, numpy %s" % (torch.__version__, sys.version.split()[0], np.__version__)]
    lines += ["# " + c for c in comments]
    for c in cases:
        lines.append("case %s %s" % (c.op, c.name))
        for pname, pvals in c.params:
            lines.append("param %s %s" % (pname, " ".join(fmt_param(v) for v in pvals)))
        for role, dt, dims, vals, _ in c.tensors:
            lines.append("tensor %s %s %d%s" % (role, dt, len(dims), "".join(" %d" % d for d in dims)))
            lines.append(" ".join(fmt_num(v) for v in vals))
        lines.append("end")
    data = "\n".join(lines) + "\n"
    with open(path, "w") as fh:
        fh.write(data)
    return len(data)


# ----------------------------------------------------------------------------------
# A parser of the format, independent of the writer, for the round-trip self-check
# ----------------------------------------------------------------------------------

def parse_file(path):
    cases = []
    cur = None
    with open(path) as fh:
        lines = fh.read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line or line.startswith("#"):
            continue
        tok = line.split()
        if tok[0] == "case":
            assert cur is None and len(tok) == 3, "%s:%d" % (path, i)
            cur = {"op": tok[1], "name": tok[2], "params": [], "tensors": []}
        elif tok[0] == "param":
            assert cur is not None and len(tok) >= 3, "%s:%d" % (path, i)
            cur["params"].append((tok[1], [float(v) for v in tok[2:]]))
        elif tok[0] == "tensor":
            assert cur is not None, "%s:%d" % (path, i)
            role, dt, rank = tok[1], tok[2], int(tok[3])
            dims = [int(d) for d in tok[4:]]
            assert len(dims) == rank and dt in NAME_DTYPES, "%s:%d" % (path, i)
            numel = 1
            for d in dims:
                numel *= d
            vals = [float(v) for v in lines[i].split()]
            i += 1
            want = numel * (2 if NAME_DTYPES[dt].is_complex else 1)
            assert len(vals) == want, "%s:%d: %d values, want %d" % (path, i, len(vals), want)
            cur["tensors"].append((role, dt, dims, vals))
        elif tok[0] == "end":
            assert cur is not None, "%s:%d" % (path, i)
            cases.append(cur)
            cur = None
        else:
            raise AssertionError("%s:%d: unknown line %r" % (path, i, line[:40]))
    assert cur is None, "%s: missing end" % path
    return cases


def same_bits(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return struct.pack("<d", a) == struct.pack("<d", b)


def check_round_trip(path, cases):
    parsed = parse_file(path)
    assert len(parsed) == len(cases), path
    names = set()
    for p, c in zip(parsed, cases):
        assert (p["op"], p["name"]) == (c.op, c.name)
        assert c.name not in names, "duplicate case name " + c.name
        names.add(c.name)
        assert len(p["params"]) == len(c.params)
        for (pn, pv), (cn, cv) in zip(p["params"], c.params):
            assert pn == cn and len(pv) == len(cv)
            assert all(same_bits(float(a), float(b)) for a, b in zip(pv, cv)), (c.name, pn)
        assert len(p["tensors"]) == len(c.tensors)
        for (pr, pd, pdims, pvals), (cr, cd, cdims, cvals, _) in zip(p["tensors"], c.tensors):
            assert (pr, pd, pdims) == (cr, cd, cdims), (c.name, pr)
            assert len(pvals) == len(cvals)
            assert all(same_bits(float(a), float(b)) for a, b in zip(pvals, cvals)), (c.name, pr)
    return len(parsed)


# ----------------------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------------------

def gen_for(op, name):
    g = torch.Generator()
    g.manual_seed(zlib.crc32(("%s/%s" % (op, name)).encode()))
    return g


def rand(shape, dtype, g, scale=1.0, offset=0.0):
    """Random values exactly representable in dtype (drawn in float, cast once)."""
    shape = tuple(shape)
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, generator=g).bool()
    if dtype in INT_DTYPES:
        lo, hi = {torch.int8: (-128, 128), torch.uint8: (0, 256), torch.int16: (-32768, 32768),
                  torch.int32: (-2 ** 31, 2 ** 31), torch.int64: (-2 ** 53, 2 ** 53)}[dtype]
        return torch.randint(lo, hi, shape, generator=g, dtype=torch.int64).to(dtype)
    if dtype.is_complex:
        re = torch.randn(shape, generator=g, dtype=f64) * scale + offset
        im = torch.randn(shape, generator=g, dtype=f64) * scale
        return torch.complex(re, im).to(dtype)
    return (torch.randn(shape, generator=g, dtype=f64) * scale + offset).to(dtype)


def note_native_differs(what, native, ours):
    """Note (NOTES) how many elements of PyTorch's native low-precision result differ from ours, computed in
    float32 from the exact inputs and rounded once (the stored one)."""
    diff = int((native != ours).sum())
    if diff:
        NOTES.append("%s differs from fp32-then-round in %d of %d elements" % (what, diff, native.numel()))


def compute_dtype(dtype):
    """fp16/bf16 are computed in fp32 from their exact values and rounded once."""
    return f32 if dtype in LOWP else dtype


def assert_close(got, ref, rtol, atol, what):
    got = got.detach().to(c128 if got.is_complex() else f64)
    ref = ref.detach().to(c128 if ref.is_complex() else f64)
    assert got.shape == ref.shape, "%s: shape %s vs %s" % (what, tuple(got.shape), tuple(ref.shape))
    if not torch.allclose(got, ref, rtol=rtol, atol=atol, equal_nan=True):
        err = (got - ref).abs().max().item()
        raise AssertionError("%s: max abs err %g" % (what, err))


TOL = {f64: (1e-12, 1e-12), c128: (1e-12, 1e-12), f32: (1e-5, 1e-5), c64: (1e-5, 1e-5),
       f16: (2e-3, 2e-3), bf16: (1.6e-2, 1.6e-2)}

NOTES = []  # things found while generating, printed at the end
if _OPENBLAS_NOTE:
    NOTES.append(_OPENBLAS_NOTE)
