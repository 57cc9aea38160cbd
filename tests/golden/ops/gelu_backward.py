"""Golden data of GeluBackward (the tanh form, the backward of aclnnGelu) and GeluBackwardV2 (approximate
"none": the erf form, "tanh"): torch.ops.aten.gelu_backward over float32, float16 and bfloat16 (CANN's
list), with the special values and a broadcast case, checked against independent plain-Python derivatives
in forms that do not cancel."""

import math

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

# The random arguments stay within -5 .. 10: PyTorch's forms cancel in float64 too below about -6 (see
# gelu.py); +-20 and +-50 have derivatives 0 or 1 to every dtype's precision.
EDGES = [0.0, -0.0, 1e-3, -1e-3, 3.0, -3.0, 20.0, -20.0, 50.0, -50.0, float("inf"), float("-inf"), float("nan")]
MANT = {f16: (10, -24), bf16: (7, -133), f32: (23, -149)}
K0, K1 = math.sqrt(2 / math.pi), 0.044715


def ulp(v, dtype):
    digits, least = MANT[dtype]
    return 2.0 ** least if v == 0 else 2.0 ** max(math.frexp(abs(v))[1] - 1 - digits, least)


def plain(g, x, approximate):
    """g * gelu'(x); at infinite x its limits (g and 0)."""
    if math.isnan(x) or math.isnan(g):
        return math.nan
    if math.isinf(x):
        return g if x > 0 else 0.0 * g
    if approximate == "none":
        cdf = 0.5 * math.erfc(-x / math.sqrt(2))
        return g * (cdf + x * math.exp(-0.5 * x * x) / math.sqrt(2 * math.pi))
    v = 2 * K0 * (x + K1 * x ** 3)
    e = math.exp(-abs(v))
    s, rest = (1 / (1 + e), e / (1 + e)) if v >= 0 else (e / (1 + e), 1 / (1 + e))
    return g * (s + x * s * rest * 2 * K0 * (1 + 3 * K1 * x * x))


def gb_case(op, name, dt, approximate, xshape=(4, 6)):
    gen = gen_for(op, name)
    g = rand((4, 6), dt, gen, scale=2.0)
    n = int(torch.tensor(xshape).prod())
    rest = torch.clamp(torch.randn((max(n - len(EDGES), 0),), generator=gen, dtype=f64) * 3, -5, 10)
    x = torch.cat([torch.tensor(EDGES, dtype=f64), rest])[:n].to(dt).reshape(xshape)
    # PyTorch's gelu_backward of the exact inputs in float64, rounded once; at an infinite self PyTorch's
    # formulas give inf * 0 = NaN where CANN's kernels (and ours, docs/ops/gelu_backward.md) take the limits,
    # gradOutput and 0: the stored gradInput does.
    g64, x64 = torch.broadcast_tensors(g.to(f64), x.to(f64))
    out = torch.ops.aten.gelu_backward(g64, x64, approximate=approximate)
    out = torch.where(x64 == math.inf, g64, torch.where(x64 == -math.inf, 0.0 * g64, out)).to(dt)
    ref = torch.tensor([plain(a, b, approximate) for a, b in zip(g64.reshape(-1).tolist(), x64.reshape(-1).tolist())],
                       dtype=f64).to(dt)
    for gv, w in zip(out.reshape(-1).tolist(), ref.tolist()):
        assert (math.isnan(gv) and math.isnan(w)) or gv == w or abs(gv - w) <= ulp(w, dt), (name, gv, w)
    c = Case(op, name)
    if op == "gelu_backward_v2":
        c.param("approximate", 0 if approximate == "none" else 1)
    c.tensor("gradOutput", g)
    c.tensor("self", x)
    c.tensor("gradInput", out)
    return c


def gb_cases():
    cs = [gb_case("gelu_backward", "%s_edges" % p, dt, "tanh")
          for p, dt in [("f32", f32), ("f16", f16), ("bf16", bf16)]]
    cs.append(gb_case("gelu_backward", "f32_self_broadcast", f32, "tanh", (1, 6)))
    return cs


def gb_v2_cases():
    return [gb_case("gelu_backward_v2", "%s_%s_edges" % (p, form), dt, approximate)
            for form, approximate in [("erf", "none"), ("tanh", "tanh")]
            for p, dt in [("f32", f32), ("f16", f16), ("bf16", bf16)]]


FILES = [
    ("gelu_backward", gb_cases, [
        "gradInput: torch.ops.aten.gelu_backward(gradOutput, self, approximate='tanh') (CANN's GeluGrad is the",
        "tanh form's derivative) over CANN's dtypes, the edges first, and self broadcast. Computed in float64 from",
        "the exact inputs and rounded once; at an infinite self the limits (gradOutput, 0), as CANN's kernel,",
        "where PyTorch's formula gives NaN. Checked against a plain-Python derivative within 1 ulp.",
    ]),
    ("gelu_backward_v2", gb_v2_cases, [
        "gradInput: torch.ops.aten.gelu_backward(gradOutput, self, approximate) for aclnnGeluBackwardV2's",
        "\"none\" | \"tanh\" (param approximate 0 | 1), over CANN's dtypes, the edges first. Computed in float64",
        "from the exact inputs and rounded once; at an infinite self the limits (gradOutput, 0), as CANN's kernel.",
    ]),
]
