"""Golden data of Exp: torch.exp over every dtype CANN lists (BOOL and INT64 give a FLOAT out), with the
special values (signed zeros, infinities, NaN, arguments whose exp overflows or vanishes in the dtype),
checked against an independent plain-Python math.exp / cmath.exp."""

import cmath
import math

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

# Each dtype's edges: e^0 = e^-0 = 1, e^inf = inf, e^-inf = 0, NaN, then the largest arguments whose exp is
# finite and the first that overflows, and one whose exp is below half the dtype's smallest subnormal (0).
EDGES = {
    f32: [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 88.5, 89.0, -87.0, -110.0],
    f16: [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 11.0, 12.0, -9.0, -20.0],
    bf16: [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 88.5, 89.0, -87.0, -110.0],
    f64: [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 709.0, 710.0, -700.0, -746.0],
}
MANT = {f16: (10, -24), bf16: (7, -133), f32: (23, -149), f64: (52, -1074)}


def ulp(v, dtype):
    digits, least = MANT[dtype]
    return 2.0 ** least if v == 0 else 2.0 ** max(math.frexp(abs(v))[1] - 1 - digits, least)


def close(got, want, dtype, ulps):
    """Each value within ulps ulp of dtype at want, or the same non-finite value (NaN for NaN)."""
    for g, w in zip(got, want):
        if math.isnan(w) or math.isinf(w) or math.isnan(g) or math.isinf(g):
            assert (math.isnan(g) and math.isnan(w)) or g == w, (g, w)
        else:
            assert abs(g - w) <= ulps * ulp(w, dtype), (g, w, dtype)


def plain_exp(v):
    if isinstance(v, complex):
        return cmath.exp(v)
    try:
        return math.exp(v)
    except OverflowError:
        return math.inf


def exp_case(name, x):
    """out: PyTorch's exp of the exact inputs in float64 (complex128), rounded once to out's dtype; float64 and
    complex128 natively. PyTorch's float32 and 16-bit kernels (vectorized approximations, float16 through
    float32) may land elsewhere within their own error; the stored value is the correctly rounded one but for
    float64's error, which the check against math.exp bounds."""
    out_dtype = torch.result_type(x, 1.0) if x.dtype in INT_DTYPES else x.dtype
    wide = c128 if x.dtype.is_complex else f64
    out = torch.exp(x.to(wide)).to(out_dtype) if out_dtype not in (f64, c128) else torch.exp(x)
    ref = torch.tensor([plain_exp(v) for v in x.to(wide).reshape(-1).tolist()], dtype=wide).to(out_dtype)
    base = f64 if out_dtype in (f64, c128) else (f32 if out_dtype == c64 else out_dtype)
    if out_dtype.is_complex:
        got = torch.view_as_real(out).reshape(-1).tolist()
        want = torch.view_as_real(ref).reshape(-1).tolist()
    else:
        got, want = out.reshape(-1).tolist(), ref.tolist()
    # The stored value against math.exp's rounded to the dtype, both within an ulp or so of e^x: 1 ulp of the
    # dtype where the stored one is float64 rounded once (half an ulp, plus math's and PyTorch's float64
    # errors, far below the other half); 4 ulp for float64 and complex128 (PyTorch's own and Python's, each
    # within 2 ulp).
    close(got, want, base, 4 if base == f64 else 1)
    c = Case("exp", name)
    c.tensor("self", x)
    c.tensor("out", out)
    return c


def exp_cases():
    cs = []
    for prefix, dt in [("f32", f32), ("f16", f16), ("bf16", bf16), ("f64", f64)]:
        name = "%s_edges" % prefix
        g = gen_for("exp", name)
        x = torch.cat([torch.tensor(EDGES[dt], dtype=f64).to(dt), rand((21,), dt, g, scale=3.0)]).reshape(5, 6)
        cs.append(exp_case(name, x))
    for prefix, dt in [("c64", c64), ("c128", c128)]:
        name = "%s_random" % prefix
        g = gen_for("exp", name)
        # re in about -9..9, im in about -6..6: e^re stays normal in float32, cos and sin cover their periods.
        cs.append(exp_case(name, rand((4, 6), dt, g, scale=3.0)))
    g = gen_for("exp", "i64_small")
    cs.append(exp_case("i64_small", torch.randint(-20, 20, (4, 6), generator=g).to(i64)))
    cs.append(exp_case("bool_both", torch.tensor([[0, 1], [1, 0]], dtype=torch.bool)))
    return cs


FILES = [
    ("exp", exp_cases, [
        "out: torch.exp(self) over every dtype CANN lists (BOOL and INT64 compute in FLOAT and give a FLOAT out),",
        "the edges first (e^+-0 = 1, e^inf, e^-inf = 0, NaN, the last finite and first infinite results, a result",
        "below half the smallest subnormal). Computed in float64 (complex128) from the exact inputs and rounded once",
        "to the out dtype; float64 and complex128 natively. Checked against Python's math.exp and cmath.exp.",
    ]),
]
