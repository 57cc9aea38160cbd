"""Golden data of Div and Divs: torch.div (true division) over every dtype CANN lists, broadcasting,
mixed-dtype promotion, special values (zero divisors, signed zeros, infinities, NaN, quotients that
overflow) and tensor-scalar quotients, checked against an independent plain-Python quotient (the operands
converted to the compute dtype, divided in double and rounded once: innocuous double rounding, as double
has more than 2p + 2 bits for every p here)."""

import math

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

WIDTH = {torch.int8: 8, torch.uint8: 8, torch.int16: 16, torch.int32: 32, torch.int64: 64}
INT_RANGE = {torch.int8: 128, torch.uint8: 256, torch.int16: 32768, torch.int32: 2 ** 31, torch.int64: 2 ** 53}


def quotient(a, b):
    """IEEE division in Python numbers (Python raises on a zero divisor)."""
    if isinstance(a, complex) or isinstance(b, complex):
        return complex(a) / complex(b)
    if b == 0:
        if a == 0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def plain(x, y, compute, out):
    xb, yb = torch.broadcast_tensors(x.to(compute), y.to(compute))
    res = [quotient(a, b) for a, b in zip(xb.reshape(-1).tolist(), yb.reshape(-1).tolist())]
    return torch.tensor(res, dtype=c128 if compute.is_complex else f64).reshape(xb.shape).to(out)


def same(a, b):
    """Bit for bit: equal values, NaN where NaN (of either sign), zeros' signs alike."""
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.is_complex():
        a, b = torch.view_as_real(a), torch.view_as_real(b)
    return torch.equal(torch.nan_to_num(a, nan=0.5), torch.nan_to_num(b, nan=0.5)) and \
        torch.equal(torch.isnan(a), torch.isnan(b)) and \
        torch.equal(torch.signbit(a) & ~torch.isnan(a), torch.signbit(b) & ~torch.isnan(b))


def draw(shape, dtype, g, divisor=False):
    """Integers over their whole width (int64: +-2^53), divisors without zero (the zero divisors have their own
    cases); floats randn * 4. Complex numerators have parts that are multiples of 1/16 below 32; complex
    divisors are 2^k times 1, i, 1 + i, 1 - i or -1 + i (k in -2..2): every quotient, and every step of Smith's form
    and of PyTorch's, is then exact, so the complex cases compare bit for bit however each side divides."""
    if dtype in WIDTH:
        r = INT_RANGE[dtype]
        v = torch.randint(0 if dtype == torch.uint8 else -r, r, shape, generator=g, dtype=torch.int64)
        if divisor:
            v = torch.where(v == 0, torch.ones_like(v), v)
        return v.to(dtype)
    if dtype == torch.bool:
        return torch.ones(shape, dtype=torch.bool) if divisor else rand(shape, dtype, g)
    if dtype.is_complex:
        if divisor:
            unit = torch.tensor([1, 1j, 1 + 1j, 1 - 1j, -1 + 1j], dtype=c128)
            k = torch.randint(-2, 3, shape, generator=g)
            return (unit[torch.randint(0, 5, shape, generator=g)] * torch.pow(2.0, k.to(f64))).to(dtype)
        re = torch.clamp(torch.round(torch.randn(shape, generator=g, dtype=f64) * 64), -500, 500) / 16
        im = torch.clamp(torch.round(torch.randn(shape, generator=g, dtype=f64) * 64), -500, 500) / 16
        return torch.complex(re, im).to(dtype)
    return rand(shape, dtype, g, scale=4.0)


SPECIAL = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -2.5, 3e30, -3e30, 6e4, 1e-20, 7.0]


def special(dtype):
    """Every pair of SPECIAL values (self varies along rows, other along columns): zero divisors of both signs
    (+-inf, and 0 / 0 NaN), inf / inf, NaN, and quotients that overflow (3e30 / 1e-20 in float32 and bfloat16,
    6e4 / 1e-20 in float16, where 1e-20 is 0 and 3e30 inf) or vanish (1e-20 / 3e30). No quotient is a subnormal
    float32 (a device may flush those to 0: OpenCL's CL_FP_DENORM is optional)."""
    v = torch.tensor(SPECIAL, dtype=f64).to(dtype)
    n = len(SPECIAL)
    return v.reshape(n, 1).expand(n, n).contiguous(), v.reshape(1, n).expand(n, n).contiguous()


def compute_of(x, other):
    """The dtype both divide in: PyTorch's result type, floating for integer operands (the default float32,
    CANN's F32: OPS_COMPANION, Div and Divs)."""
    t = torch.result_type(x, other)
    return t if t.is_floating_point or t.is_complex else f32


def div_case(op, name, x, y, scalar=False):
    other = y.item() if scalar else y
    out = torch.div(x, other)
    compute = compute_of(x, other)
    assert out.dtype == compute, name
    assert same(out, plain(x, y, compute, out.dtype)), name
    c = Case(op, name)
    c.tensor("self", x)
    c.tensor("other", y)
    c.tensor("out", out)
    return c


def div_cases():
    cs = []
    every = [("f16", f16), ("f32", f32), ("i64", i64), ("i32", i32), ("i16", torch.int16), ("i8", torch.int8),
             ("u8", torch.uint8), ("f64", f64), ("bool", torch.bool), ("bf16", bf16), ("c64", c64), ("c128", c128)]
    for prefix, dt in every:
        name = "%s_broadcast_rows" % prefix
        g = gen_for("div", name)
        cs.append(div_case("div", name, draw((3, 4, 5), dt, g), draw((4, 1), dt, g, divisor=True)))
    for prefix, dt in [("f32", f32), ("f16", f16), ("bf16", bf16), ("f64", f64)]:
        x, y = special(dt)
        cs.append(div_case("div", "%s_special" % prefix, x, y))
    # Integer and BOOL zero divisors: divided in F32, so x / 0 is +-inf and 0 / 0 NaN (no integer trap).
    for prefix, dt in [("i32", i32), ("u8", torch.uint8), ("bool", torch.bool)]:
        name = "%s_zero_divisors" % prefix
        g = gen_for("div", name)
        x = torch.tensor([0, 1, -5, 2 ** 31 - 1] if dt == i32 else [0, 1, 5, 100], dtype=i64).to(dt)
        cs.append(div_case("div", name, x, torch.zeros(4, dtype=dt)))
    g = gen_for("div", "f32_both_broadcast")
    cs.append(div_case("div", "f32_both_broadcast", draw((3, 1, 5), f32, g), draw((1, 4, 1), f32, g, divisor=True)))
    # Mixed dtypes: PyTorch's promotion, which CANN's PromoteType shares; integer pairs divide in F32.
    mixed = [("u8_i8_to_f32", torch.uint8, torch.int8), ("f16_bf16_to_f32", f16, bf16), ("i32_f16_to_f16", i32, f16),
             ("bool_i64_to_f32", torch.bool, i64), ("f32_c64_to_c64", f32, c64), ("i8_f32_to_f32", torch.int8, f32),
             ("i16_i32_to_f32", torch.int16, i32)]
    for name, a, b in mixed:
        name = "mixed_" + name
        g = gen_for("div", name)
        x = torch.randint(-2048, 2048, (2, 3, 4), generator=g).to(i32) if a == i32 else draw((2, 3, 4), a, g)
        if a == f32 and b == c64:
            x = draw((2, 3, 4), c64, g).real.contiguous()  # few-bit values: the complex quotient stays exact
        cs.append(div_case("div", name, x, draw((3, 4), b, g, divisor=True)))
    # Divs: the scalar is `other`, a rank-0 tensor holding its value and aclScalar dtype; PyTorch's result dtype
    # is CANN's (self's floating dtype; F32 for integer and BOOL selves). The float scalars are exact in the
    # compute dtype: PyTorch keeps a Python scalar in float for float16/bfloat16 tensors where CANN converts it
    # to the compute dtype, so a scalar of more bits would differ.
    scalars = [("f32_f32_scalar", f32, -1.75, f32), ("f16_f64_scalar", f16, 2.5, f64),
               ("bf16_f32_scalar", bf16, -1.5, f32), ("f64_f64_scalar", f64, 0.1, f64),
               ("i32_i32_scalar", i32, 7, i32), ("i16_i64_scalar", torch.int16, 3, i64),
               ("u8_f32_scalar", torch.uint8, 0.75, f32), ("bool_bool_scalar", torch.bool, True, torch.bool),
               ("c64_f32_scalar", c64, -0.5, f32), ("f32_special_zero_scalar", f32, 0.0, f32),
               ("f32_special_negzero_scalar", f32, -0.0, f32), ("i32_zero_scalar", i32, 0, i32)]
    for name, dt, value, sdt in scalars:
        g = gen_for("divs", name)
        x = special(dt)[0][:, :3].contiguous() if "special" in name else draw((4, 5), dt, g)
        cs.append(div_case("divs", name, x, torch.tensor(value, dtype=sdt), scalar=True))
    return cs


FILES = [
    ("div", div_cases, [
        "out: torch.div(self, other) (case div: tensor / tensor, broadcasting, every dtype CANN lists, mixed-dtype",
        "promotion by PyTorch's lattice, which CANN's PromoteType shares; special values) and torch.div(self,",
        "other.item()) (case divs: other is the aclScalar, a rank-0 tensor of its dtype). Integer and BOOL operands",
        "divide in float32 and give a float32 quotient, as CANN's do (an integer out, which CANN allows by casting",
        "that quotient, has no PyTorch counterpart: no case). Float quotients are correctly rounded (fp16/bf16: in",
        "float32, then rounded once); complex divisors are 2^k times 1, i or +-1 +- i, so complex quotients are",
        "exact.",
    ]),
]
