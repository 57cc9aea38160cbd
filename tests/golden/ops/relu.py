"""Golden data of Relu: torch.relu over every dtype CANN lists, with the special values (signed zeros,
infinities, NaN), checked against an independent plain-Python max(v, 0). Exact."""

import math

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

WIDTH = {torch.int8: 8, torch.uint8: 8, torch.int32: 32, torch.int64: 64}
SPECIAL = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -2.5, -6e4, 3e38, -1e-20]


def values(dtype, g):
    """24 values: the edges (the integers' extremes and 0, the SPECIAL floats), then random ones (integers over
    their width, int64 within +-2^53; floats randn * 4)."""
    if dtype in WIDTH:
        w = WIDTH[dtype]
        lo = 0 if dtype == torch.uint8 else (-(2 ** 53) if dtype == i64 else -(2 ** (w - 1)))
        hi = 2 ** 53 if dtype == i64 else (2 ** w - 1 if dtype == torch.uint8 else 2 ** (w - 1) - 1)
        rest = torch.randint(lo, hi, (20,), generator=g, dtype=i64)
        return torch.cat([torch.tensor([lo, hi, 0, 1], dtype=i64), rest]).to(dtype)
    return torch.cat([torch.tensor(SPECIAL, dtype=f64).to(dtype), rand((24 - len(SPECIAL),), dtype, g, scale=4.0)])


def plain_relu(x):
    """v if v > 0, NaN if NaN, else 0 (+0: CANN's contract, docs/ops/relu.md)."""
    out = [v if (v > 0 or (isinstance(v, float) and math.isnan(v))) else 0 for v in x.tolist()]
    return torch.tensor(out, dtype=f64 if x.dtype.is_floating_point else i64).to(x.dtype)


def same(a, b):
    """Bit for bit: equal values, NaN where NaN (of either sign), zeros' signs alike."""
    if not a.is_floating_point():
        return torch.equal(a, b)
    return torch.equal(torch.nan_to_num(a, nan=0.5), torch.nan_to_num(b, nan=0.5)) and \
        torch.equal(torch.isnan(a), torch.isnan(b)) and \
        torch.equal(torch.signbit(a) & ~torch.isnan(a), torch.signbit(b) & ~torch.isnan(b))


def relu_cases():
    cs = []
    every = [("f32", f32), ("f16", f16), ("i8", torch.int8), ("u8", torch.uint8), ("i32", i32), ("i64", i64),
             ("bf16", bf16)]
    for prefix, dt in every:
        name = "%s_edges" % prefix
        x = values(dt, gen_for("relu", name)).reshape(4, 6)
        # PyTorch 1.13's CPU relu has no float16 kernel: float16 goes through float32 (exact either way).
        out = torch.relu(x.float()).to(dt) if dt == f16 else torch.relu(x)
        if dt.is_floating_point:
            # PyTorch's relu (clamp_min) keeps -0; ours, per docs/ops/relu.md, computes x <= 0 ? 0 : x and gives
            # +0. The stored out follows that contract: -0's result is +0 (adding +0 turns only -0 into +0).
            out = out + 0.0
        assert same(out, plain_relu(x.reshape(-1)).reshape(4, 6)), name
        c = Case("relu", name)
        c.tensor("self", x)
        c.tensor("out", out)
        cs.append(c)
    return cs


FILES = [
    ("relu", relu_cases, [
        "out: torch.relu(self) over every dtype CANN lists, the edges first (the integers' extremes; signed",
        "zeros, infinities, NaN, which stays NaN). Exact. relu(-0) is stored as +0 (docs/ops/relu.md: x <= 0 ? 0",
        ": x), where PyTorch's clamp_min keeps -0. float16 is relu in float32, cast back (PyTorch 1.13 has no",
        "float16 relu on the CPU).",
    ]),
]
