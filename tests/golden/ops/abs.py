"""Golden data of Abs: torch.abs over every dtype CANN lists, with the special values (signed zeros,
infinities, NaN, the integers' most negative value, which wraps to itself), checked against an independent
plain-Python absolute value. Exact in every real dtype; COMPLEX64's |z| (a FLOAT out) is hypot."""

import math

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

WIDTH = {torch.int8: 8, torch.uint8: 8, torch.int16: 16, torch.int32: 32, torch.int64: 64}
SPECIAL = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -2.5, -6e4, -3e38, -1e-20]


def values(dtype, g):
    """24 values of dtype: the edges (the most negative and largest integers; the SPECIAL floats, complex with
    them as parts), then random ones (integers over their width, int64 within +-2^53; floats randn * 4)."""
    if dtype == torch.bool:
        return torch.tensor([0, 1] * 12, dtype=torch.bool)
    if dtype in WIDTH:
        w = WIDTH[dtype]
        lo = 0 if dtype == torch.uint8 else (-(2 ** 53) if dtype == i64 else -(2 ** (w - 1)))
        hi = 2 ** 53 if dtype == i64 else (2 ** w - 1 if dtype == torch.uint8 else 2 ** (w - 1) - 1)
        rest = torch.randint(lo, hi, (20,), generator=g, dtype=i64)
        return torch.cat([torch.tensor([lo, hi, 0, 1], dtype=i64), rest]).to(dtype)
    edges = torch.tensor(SPECIAL, dtype=f64)
    if dtype.is_complex:
        edges = torch.complex(edges, edges.flip(0))
    return torch.cat([edges.to(dtype), rand((24 - len(SPECIAL),), dtype, g, scale=4.0)])


def plain_abs(x):
    """|v| in Python numbers: integers wrapped at their width (|-2^(w-1)| is itself), floats' sign cleared,
    complex as math.hypot, BOOL unchanged."""
    out = []
    for v in x.tolist():
        if isinstance(v, bool):
            out.append(v)
        elif isinstance(v, int):
            w = WIDTH[x.dtype]
            v = abs(v) & ((1 << w) - 1)
            out.append(v - (1 << w) if x.dtype != torch.uint8 and v >= 1 << (w - 1) else v)
        elif isinstance(v, complex):
            out.append(math.hypot(v.real, v.imag))
        else:
            out.append(abs(v))
    if x.dtype.is_complex:
        return torch.tensor(out, dtype=f64).to(f32)
    return torch.tensor(out, dtype=f64 if x.dtype.is_floating_point else i64).to(x.dtype)


def same(a, b):
    """Bit for bit: equal values, NaN where NaN (of either sign), zeros' signs alike."""
    if not a.is_floating_point():
        return torch.equal(a, b)
    return torch.equal(torch.nan_to_num(a, nan=0.5), torch.nan_to_num(b, nan=0.5)) and \
        torch.equal(torch.isnan(a), torch.isnan(b)) and \
        torch.equal(torch.signbit(a) & ~torch.isnan(a), torch.signbit(b) & ~torch.isnan(b))


def abs_cases():
    cs = []
    every = [("f64", f64), ("f32", f32), ("f16", f16), ("i64", i64), ("i32", i32), ("i16", torch.int16),
             ("i8", torch.int8), ("u8", torch.uint8), ("bool", torch.bool), ("bf16", bf16), ("c64", c64)]
    for prefix, dt in every:
        name = "%s_edges" % prefix
        x = values(dt, gen_for("abs", name)).reshape(4, 6)
        if dt == torch.bool:
            # PyTorch has no abs for BOOL; CANN copies BOOL (and UINT8) unchanged: the stored out is self.
            out = x.clone()
        elif dt.is_complex:
            # |z| of COMPLEX64 computed in complex128 and rounded once to FLOAT, as a hypot does: PyTorch's
            # vectorized float kernel forms sqrt(re^2 + im^2) in float, which overflows at 3e38 and flushes
            # 1e-20's square; the test allows OpenCL's hypot bound plus this rounding.
            out = torch.abs(x.to(c128)).to(f32)
            native = torch.abs(x)
            diff = int((native != out).sum() - (native.isnan() & out.isnan()).sum())
            NOTES.append("abs c64_edges: PyTorch's native float |z| differs from hypot in %d of 24 elements" % diff)
        else:
            out = torch.abs(x)
        assert same(out, plain_abs(x.reshape(-1)).reshape(4, 6)), name
        c = Case("abs", name)
        c.tensor("self", x)
        c.tensor("out", out)
        cs.append(c)
    return cs


FILES = [
    ("abs", abs_cases, [
        "out: torch.abs(self) over every dtype CANN lists, the edges first: the integers' most negative value",
        "(which wraps to itself) and largest; signed zeros, infinities, NaN. Exact for the real dtypes; BOOL,",
        "which PyTorch refuses, is CANN's copy. COMPLEX64 gives a FLOAT out, |z| in complex128 rounded once.",
    ]),
]
