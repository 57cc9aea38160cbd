"""Golden data of Neg: torch.neg over every dtype CANN lists, with the special values (signed zeros,
infinities, NaN, the integers' most negative value, which wraps to itself), checked against an independent
plain-Python negation. Exact in every dtype."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

WIDTH = {torch.int8: 8, torch.int32: 32, torch.int64: 64}
SPECIAL = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -2.5, 6e4, 3e38, 1e-20]


def values(dtype, g):
    """24 values of dtype: random (integers over their width, int64 within +-2^53; floats randn * 4) after the
    edges (the most negative and largest integers; the SPECIAL floats, complex with them as parts)."""
    if dtype in WIDTH:
        lo = -(2 ** 53) if dtype == i64 else -(2 ** (WIDTH[dtype] - 1))
        hi = 2 ** 53 if dtype == i64 else 2 ** (WIDTH[dtype] - 1) - 1
        rest = torch.randint(lo, hi, (20,), generator=g, dtype=i64)
        return torch.cat([torch.tensor([lo, hi, 0, -1], dtype=i64), rest]).to(dtype)
    edges = torch.tensor(SPECIAL, dtype=f64)
    if dtype.is_complex:
        edges = torch.complex(edges, edges.flip(0))
    return torch.cat([edges.to(dtype), rand((24 - len(SPECIAL),), dtype, g, scale=4.0)])


def plain_neg(x):
    """-v in Python numbers, wrapped at the width (-(-2^(w-1)) is itself), floats' signs flipped."""
    out = []
    for v in x.tolist():
        if isinstance(v, int):
            w = WIDTH[x.dtype]
            v = (-v) & ((1 << w) - 1)
            out.append(v - (1 << w) if v >= 1 << (w - 1) else v)
        else:
            out.append(-v)
    wide = c128 if x.dtype.is_complex else (f64 if x.dtype.is_floating_point else i64)
    return torch.tensor(out, dtype=wide).to(x.dtype)


def same(a, b):
    """Bit for bit: equal values, NaN where NaN (of either sign), zeros' signs alike."""
    if a.is_complex():
        a, b = torch.view_as_real(a), torch.view_as_real(b)
    if not a.is_floating_point():
        return torch.equal(a, b)
    return torch.equal(torch.nan_to_num(a, nan=0.5), torch.nan_to_num(b, nan=0.5)) and \
        torch.equal(torch.isnan(a), torch.isnan(b)) and \
        torch.equal(torch.signbit(a) & ~torch.isnan(a), torch.signbit(b) & ~torch.isnan(b))


def neg_cases():
    cs = []
    every = [("i8", torch.int8), ("i32", i32), ("i64", i64), ("f16", f16), ("f32", f32), ("f64", f64),
             ("c64", c64), ("c128", c128), ("bf16", bf16)]
    for prefix, dt in every:
        name = "%s_edges" % prefix
        x = values(dt, gen_for("neg", name)).reshape(4, 6)
        if dt.is_complex:
            # PyTorch's complex neg computes 0 - z, which turns a part's +0 into +0; ours (docs/ops/neg.md) flips
            # each part's sign, as the real dtypes do (-0 from 0): the stored out is the parts' torch.neg.
            out = torch.view_as_complex(torch.neg(torch.view_as_real(x)))
            flips = int((torch.view_as_real(torch.neg(x)).signbit() != torch.view_as_real(out).signbit()).sum())
            NOTES.append("neg %s: PyTorch's native 0 - z differs in the sign of %d zero parts" % (name, flips))
        else:
            out = torch.neg(x)
        assert same(out, plain_neg(x.reshape(-1)).reshape(4, 6)), name
        c = Case("neg", name)
        c.tensor("self", x)
        c.tensor("out", out)
        cs.append(c)
    return cs


FILES = [
    ("neg", neg_cases, [
        "out: torch.neg(self) over every dtype CANN lists (self's dtype), the edges first: the integers' most",
        "negative value (which wraps to itself) and largest; signed zeros, infinities, NaN. Exact. Complex values",
        "flip both parts' signs (docs/ops/neg.md), where PyTorch's complex neg is 0 - z (+0 parts stay +0).",
    ]),
]
