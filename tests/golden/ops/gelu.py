"""Golden data of Gelu (always the tanh form, as CANN's aclnnGelu) and GeluV2 (approximate 0: the erf form,
1: the tanh form): torch.nn.functional.gelu over float32, float16 and bfloat16 (CANN's list), with the
special values, checked against independent plain-Python forms that do not cancel (x * sigmoid(2u) for the
tanh form, 0.5 x erfc(-x / sqrt 2) for the erf form)."""

import math

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

# gelu(-inf) is -inf * 0 = NaN, as PyTorch's (docs/ops/gelu.md); gelu(-20) and gelu(-50) are -0 in every
# dtype here (their exact values lie far below the smallest subnormal). The random arguments stay within
# -5 .. 10: PyTorch's forms 0.5 x (1 + tanh(u)) and 0.5 x (1 + erf(x / sqrt 2)) cancel in float64 too
# below about -6, where the float64 result would no longer be good to float32's precision.
EDGES = [0.0, -0.0, 1e-3, -1e-3, 3.0, -3.0, 20.0, -20.0, 50.0, -50.0, float("inf"), float("-inf"), float("nan")]
MANT = {f16: (10, -24), bf16: (7, -133), f32: (23, -149)}


def ulp(v, dtype):
    digits, least = MANT[dtype]
    return 2.0 ** least if v == 0 else 2.0 ** max(math.frexp(abs(v))[1] - 1 - digits, least)


def plain_gelu(v, approximate):
    if math.isnan(v) or v == -math.inf:
        return math.nan
    if v == math.inf:
        return v
    if approximate == "none":
        return 0.5 * v * math.erfc(-v / math.sqrt(2))
    w = 2 * math.sqrt(2 / math.pi) * (v + 0.044715 * v ** 3)
    e = math.exp(-abs(w))
    return v * (1 / (1 + e) if w >= 0 else e / (1 + e))


def gelu_case(op, name, x, approximate):
    # PyTorch's gelu of the exact inputs in float64, rounded once: its float32 and 16-bit kernels may land
    # elsewhere within their own error (and its float32 tanh form cancels in 1 + tanh(u) for negative x).
    out = F.gelu(x.to(f64), approximate=approximate).to(x.dtype)
    ref = torch.tensor([plain_gelu(v, approximate) for v in x.to(f64).reshape(-1).tolist()], dtype=f64).to(x.dtype)
    for gv, w in zip(out.reshape(-1).tolist(), ref.tolist()):
        assert (math.isnan(gv) and math.isnan(w)) or gv == w or abs(gv - w) <= ulp(w, x.dtype), (name, gv, w)
    c = Case(op, name)
    if op == "gelu_v2":
        c.param("approximate", 0 if approximate == "none" else 1)
    c.tensor("self", x)
    c.tensor("out", out)
    return c


def inputs(op, name, dt):
    g = gen_for(op, name)
    rest = torch.clamp(torch.randn((11,), generator=g, dtype=f64) * 3, -5, 10)
    return torch.cat([torch.tensor(EDGES, dtype=f64), rest]).to(dt).reshape(4, 6)


def gelu_cases():
    return [gelu_case("gelu", "%s_edges" % p, inputs("gelu", "%s_edges" % p, dt), "tanh")
            for p, dt in [("f32", f32), ("f16", f16), ("bf16", bf16)]]


def gelu_v2_cases():
    cs = []
    for form, approximate in [("erf", "none"), ("tanh", "tanh")]:
        for p, dt in [("f32", f32), ("f16", f16), ("bf16", bf16)]:
            name = "%s_%s_edges" % (p, form)
            cs.append(gelu_case("gelu_v2", name, inputs("gelu_v2", name, dt), approximate))
    return cs


FILES = [
    ("gelu", gelu_cases, [
        "out: torch.nn.functional.gelu(self, approximate='tanh') (aclnnGelu has no approximate attribute: CANN",
        "always computes the tanh form) over CANN's dtypes, the edges first (gelu(-inf) is NaN). Computed in",
        "float64 from the exact inputs and rounded once; checked against a plain x * sigmoid(2u) within 1 ulp.",
    ]),
    ("gelu_v2", gelu_v2_cases, [
        "out: torch.nn.functional.gelu(x, approximate='none' | 'tanh') for aclnnGeluV2's approximate 0 | 1, over",
        "CANN's dtypes, the edges first. Computed in float64 from the exact inputs and rounded once; checked",
        "against a plain 0.5 x erfc(-x / sqrt 2) or x * sigmoid(2u) within 1 ulp.",
    ]),
]
