"""Golden data of Sigmoid: torch.sigmoid over every dtype CANN lists (integers and BOOL give a FLOAT out),
with the special values (signed zeros, infinities, NaN, arguments whose sigmoid saturates or vanishes),
checked against an independent plain-Python 1 / (1 + e^-x) in a form that does not cancel."""

import cmath
import math

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

# The floats' edges: tiny arguments of both signs, sigmoid's saturation (20, 50, 200 and their negatives:
# sigmoid(-200) is 0 in every dtype, sigmoid(-50) a normal float32), infinities and NaN. No edge gives a
# subnormal float32 result (a device may flush those: OpenCL's CL_FP_DENORM is optional).
EDGES = [0.0, -0.0, 1e-3, -1e-3, 20.0, -20.0, 50.0, -50.0, 200.0, -200.0, float("inf"), float("-inf"), float("nan")]
MANT = {f16: (10, -24), bf16: (7, -133), f32: (23, -149), f64: (52, -1074)}


def ulp(v, dtype):
    digits, least = MANT[dtype]
    return 2.0 ** least if v == 0 else 2.0 ** max(math.frexp(abs(v))[1] - 1 - digits, least)


def close(got, want, dtype, ulps):
    """Each value within ulps ulp of dtype at want, or the same non-finite value (NaN for NaN)."""
    for g, w in zip(got, want):
        if not (math.isfinite(g) and math.isfinite(w)):
            assert (math.isnan(g) and math.isnan(w)) or g == w, (g, w)
        else:
            assert abs(g - w) <= ulps * ulp(w, dtype), (g, w, dtype)


def plain_sigmoid(v):
    if isinstance(v, complex):
        return 1 / (1 + cmath.exp(-v))
    if math.isnan(v):
        return v
    e = math.exp(-abs(v))
    return 1 / (1 + e) if v >= 0 else e / (1 + e)


def sigmoid_case(name, x):
    """out: PyTorch's sigmoid of the exact inputs in float64 (complex128), rounded once to out's dtype; float64
    and complex128 natively (PyTorch's float32 and 16-bit kernels may land elsewhere within their own error)."""
    out_dtype = torch.result_type(x, 1.0) if x.dtype in INT_DTYPES else x.dtype
    wide = c128 if x.dtype.is_complex else f64
    # An integer or BOOL self is cast to out's dtype first (CANN; PyTorch too): exact for these values.
    out = torch.sigmoid(x.to(wide)).to(out_dtype) if out_dtype not in (f64, c128) else torch.sigmoid(x)
    ref = torch.tensor([plain_sigmoid(v) for v in x.to(wide).reshape(-1).tolist()], dtype=wide).to(out_dtype)
    base = f64 if out_dtype in (f64, c128) else (f32 if out_dtype == c64 else out_dtype)
    if out_dtype.is_complex:
        got, want = torch.view_as_real(out).reshape(-1).tolist(), torch.view_as_real(ref).reshape(-1).tolist()
    else:
        got, want = out.reshape(-1).tolist(), ref.tolist()
    # Against the plain form rounded to the dtype: 1 ulp where the stored value is float64 rounded once (half
    # an ulp, and float64's errors far below the other half); 4 ulp for float64 and complex128 (PyTorch's own
    # and Python's, each within 2 ulp).
    close(got, want, base, 4 if base == f64 else 1)
    c = Case("sigmoid", name)
    c.tensor("self", x)
    c.tensor("out", out)
    return c


def sigmoid_cases():
    cs = []
    for prefix, dt in [("f32", f32), ("f16", f16), ("f64", f64), ("bf16", bf16)]:
        name = "%s_edges" % prefix
        g = gen_for("sigmoid", name)
        x = torch.cat([torch.tensor(EDGES, dtype=f64).to(dt), rand((11,), dt, g, scale=4.0)]).reshape(4, 6)
        cs.append(sigmoid_case(name, x))
    # Integers and BOOL: -30..29 and each dtype's extremes (sigmoid 0 or 1 in float32; none subnormal).
    for prefix, dt in [("i8", torch.int8), ("i16", torch.int16), ("i32", i32), ("i64", i64), ("u8", torch.uint8)]:
        name = "%s_range" % prefix
        g = gen_for("sigmoid", name)
        lo, hi = {torch.int8: (-128, 127), torch.int16: (-32768, 32767), i32: (-2 ** 31, 2 ** 31 - 1),
                  i64: (-2 ** 53, 2 ** 53), torch.uint8: (0, 255)}[dt]
        rest = torch.randint(0 if dt == torch.uint8 else -30, 30, (22,), generator=g)
        cs.append(sigmoid_case(name, torch.cat([torch.tensor([lo, hi]), rest]).to(dt).reshape(4, 6)))
    cs.append(sigmoid_case("bool_both", torch.tensor([[0, 1], [1, 0]], dtype=torch.bool)))
    # Complex: re in about -6..6, im in about -1.5..1.5, where 1 + e^-z stays away from 0.
    for prefix, dt in [("c64", c64), ("c128", c128)]:
        name = "%s_random" % prefix
        g = gen_for("sigmoid", name)
        re = torch.clamp(torch.randn((4, 6), generator=g, dtype=f64) * 3, -6, 6)
        im = torch.clamp(torch.randn((4, 6), generator=g, dtype=f64), -1.5, 1.5)
        cs.append(sigmoid_case(name, torch.complex(re, im).to(dt)))
    return cs


FILES = [
    ("sigmoid", sigmoid_cases, [
        "out: torch.sigmoid(self) over every dtype CANN lists (integers and BOOL cast to FLOAT, out FLOAT), the",
        "edges first. Computed in float64 (complex128) from the exact inputs and rounded once to out's dtype;",
        "float64 and complex128 natively. Checked against a plain-Python sigmoid that does not cancel.",
    ]),
]
