"""Golden data of SiluBackward: torch.ops.aten.silu_backward over float32, float16 and bfloat16 (CANN's
list), with the special values, checked against an independent plain-Python g * s * (1 + x (1 - s))."""

import math

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

EDGES = [0.0, -0.0, 1e-3, -1e-3, 20.0, -20.0, 50.0, -50.0, 200.0, -200.0, float("inf"), float("-inf"), float("nan")]
MANT = {f16: (10, -24), bf16: (7, -133), f32: (23, -149)}


def ulp(v, dtype):
    digits, least = MANT[dtype]
    return 2.0 ** least if v == 0 else 2.0 ** max(math.frexp(abs(v))[1] - 1 - digits, least)


def plain(g, x):
    """g * silu'(x); NaN at an infinite x (inf * 0 in s * (1 + x (1 - s)), as PyTorch's and ours:
    docs/ops/silu_backward.md)."""
    if math.isnan(x) or math.isnan(g) or math.isinf(x):
        return math.nan
    e = math.exp(-abs(x))
    s, rest = (1 / (1 + e), e / (1 + e)) if x >= 0 else (e / (1 + e), 1 / (1 + e))
    return g * s * (1 + x * rest)


def sb_cases():
    cs = []
    for prefix, dt in [("f32", f32), ("f16", f16), ("bf16", bf16)]:
        name = "%s_edges" % prefix
        gen = gen_for("silu_backward", name)
        g = rand((4, 6), dt, gen, scale=2.0)
        x = torch.cat([torch.tensor(EDGES, dtype=f64).to(dt), rand((11,), dt, gen, scale=4.0)]).reshape(4, 6)
        # PyTorch's silu_backward of the exact inputs in float64, rounded once (its float32 and 16-bit kernels
        # may land elsewhere within their own error).
        x64 = x.to(f64)
        out = torch.ops.aten.silu_backward(g.to(f64), x64).to(dt)
        ref = torch.tensor([plain(a, b) for a, b in zip(g.to(f64).reshape(-1).tolist(), x64.reshape(-1).tolist())],
                           dtype=f64).to(dt)
        for gv, w in zip(out.reshape(-1).tolist(), ref.tolist()):
            assert (math.isnan(gv) and math.isnan(w)) or gv == w or abs(gv - w) <= ulp(w, dt), (name, gv, w)
        c = Case("silu_backward", name)
        c.tensor("gradOutput", g)
        c.tensor("self", x)
        c.tensor("gradInput", out)
        cs.append(c)
    return cs


FILES = [
    ("silu_backward", sb_cases, [
        "gradInput: torch.ops.aten.silu_backward(gradOutput, self) over CANN's dtypes, the edges first. Computed",
        "in float64 from the exact inputs and rounded once (an infinite self gives NaN, as PyTorch's formula).",
        "Checked against a plain-Python form within 1 ulp.",
    ]),
]
