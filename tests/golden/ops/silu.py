"""Golden data of Silu: torch.nn.functional.silu over float32, float16 and bfloat16 (CANN's list), with the
special values (signed zeros, infinities, NaN, saturating arguments), checked against an independent
plain-Python x * sigmoid(x)."""

import math

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

# silu(-inf) is -inf * 0 = NaN, as PyTorch's (docs/ops/silu.md); silu(-200) is -0 in every dtype here.
EDGES = [0.0, -0.0, 1e-3, -1e-3, 20.0, -20.0, 50.0, -50.0, 200.0, -200.0, float("inf"), float("-inf"), float("nan")]
MANT = {f16: (10, -24), bf16: (7, -133), f32: (23, -149)}


def ulp(v, dtype):
    digits, least = MANT[dtype]
    return 2.0 ** least if v == 0 else 2.0 ** max(math.frexp(abs(v))[1] - 1 - digits, least)


def plain_silu(v):
    if math.isnan(v) or v == -math.inf:
        return math.nan
    e = math.exp(-abs(v))
    return v * (1 / (1 + e) if v >= 0 else e / (1 + e))


def silu_cases():
    cs = []
    for prefix, dt in [("f32", f32), ("f16", f16), ("bf16", bf16)]:
        name = "%s_edges" % prefix
        g = gen_for("silu", name)
        x = torch.cat([torch.tensor(EDGES, dtype=f64).to(dt), rand((11,), dt, g, scale=4.0)]).reshape(4, 6)
        # PyTorch's silu of the exact inputs in float64, rounded once: its float32 and 16-bit kernels may land
        # elsewhere within their own error.
        out = F.silu(x.to(f64)).to(dt)
        ref = torch.tensor([plain_silu(v) for v in x.to(f64).reshape(-1).tolist()], dtype=f64).to(dt)
        for gv, w in zip(out.reshape(-1).tolist(), ref.tolist()):
            assert (math.isnan(gv) and math.isnan(w)) or abs(gv - w) <= ulp(w, dt) or gv == w, (name, gv, w)
        c = Case("silu", name)
        c.tensor("self", x)
        c.tensor("out", out)
        cs.append(c)
    return cs


FILES = [
    ("silu", silu_cases, [
        "out: torch.nn.functional.silu(self) over CANN's dtypes, the edges first (silu(-inf) is NaN). Computed in",
        "float64 from the exact inputs and rounded once; checked against a plain-Python x * sigmoid(x) within 1 ulp.",
    ]),
]
