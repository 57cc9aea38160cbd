"""Golden data of Mul and Muls: torch.mul over every dtype CANN lists, broadcasting, mixed-dtype promotion,
special values (signed zeros, infinities, NaN, products that overflow) and tensor-scalar products, checked
against an independent plain-Python product (integers wrapped at their width, floats as the exact product
rounded once to the dtype)."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

WIDTH = {torch.int8: 8, torch.uint8: 8, torch.int16: 16, torch.int32: 32, torch.int64: 64}
# The magnitude of the integer inputs: products that wrap at every width but int64's (which stays within
# the file's +-2^53: values below 2^26).
INT_RANGE = {torch.int8: 128, torch.uint8: 256, torch.int16: 32768, torch.int32: 2 ** 31, torch.int64: 2 ** 26}


def wrap(v, dtype):
    if dtype == torch.bool:
        return bool(v)
    if dtype in WIDTH:
        w = WIDTH[dtype]
        v = int(v) & ((1 << w) - 1)
        return v - (1 << w) if dtype != torch.uint8 and v >= 1 << (w - 1) else v
    return v


def plain(x, y, fn, compute, out):
    """fn over the broadcast operands in Python numbers, the operands first converted to the compute dtype
    (as both CANN and PyTorch do), the result wrapped (integers) or rounded once (floats: the products of the
    values drawn here are exact in double, or correctly rounded for float64) to out's dtype."""
    xb, yb = torch.broadcast_tensors(x.to(compute), y.to(compute))
    res = [wrap(fn(a, b), compute) for a, b in zip(xb.reshape(-1).tolist(), yb.reshape(-1).tolist())]
    wide = c128 if compute.is_complex else (f64 if compute.is_floating_point else torch.int64)
    return torch.tensor(res, dtype=wide).reshape(xb.shape).to(out)


def same(a, b):
    """Bit for bit, as the tests compare: equal values, NaN where NaN (of either sign), zeros' signs alike."""
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.is_complex():
        a, b = torch.view_as_real(a), torch.view_as_real(b)
    if not a.is_floating_point():
        return torch.equal(a, b)
    return torch.equal(torch.nan_to_num(a, nan=0.5), torch.nan_to_num(b, nan=0.5)) and \
        torch.equal(torch.isnan(a), torch.isnan(b)) and \
        torch.equal(torch.signbit(a) & ~torch.isnan(a), torch.signbit(b) & ~torch.isnan(b))


def draw(shape, dtype, g):
    """Integers over their whole width (int64: below 2^26); floats randn * 4; complex parts are multiples of
    1/16 below 32 in magnitude, so that every complex product's partial products and sums are exact (CANN,
    PyTorch and an fma-contracted kernel then agree bit for bit)."""
    if dtype in WIDTH:
        r = INT_RANGE[dtype]
        return torch.randint(0 if dtype == torch.uint8 else -r, r, shape, generator=g, dtype=torch.int64).to(dtype)
    if dtype.is_complex:
        re = torch.clamp(torch.round(torch.randn(shape, generator=g, dtype=f64) * 64), -500, 500) / 16
        im = torch.clamp(torch.round(torch.randn(shape, generator=g, dtype=f64) * 64), -500, 500) / 16
        return torch.complex(re, im).to(dtype)
    return rand(shape, dtype, g, scale=4.0)


SPECIAL = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -2.5, 3e38, -3e38, 6e4, 1e-10, 7.0]


def special(dtype):
    """Every pair of SPECIAL values (self varies along rows, other along columns): signed zeros, infinities
    times zero (NaN), NaN, and products that overflow the dtype (3e38 is inf in float16; 3e38 * 7 overflows
    float32 and bfloat16). No product is a subnormal float32 (a device may flush those to 0: OpenCL's
    CL_FP_DENORM is optional); 1e-10 is 0 in float16."""
    v = torch.tensor(SPECIAL, dtype=f64).to(dtype)
    n = len(SPECIAL)
    return v.reshape(n, 1).expand(n, n).contiguous(), v.reshape(1, n).expand(n, n).contiguous()


def mul_case(op, name, x, y, scalar=False):
    out = torch.mul(x, y.item() if scalar else y)
    compute = torch.result_type(x, y.item() if scalar else y)
    ref = plain(x, y, lambda a, b: a * b, compute, out.dtype)
    assert same(out, ref), name
    c = Case(op, name)
    c.tensor("self", x)
    c.tensor("other", y)
    c.tensor("out", out)
    return c


def mul_cases():
    cs = []
    every = [("f32", f32), ("f16", f16), ("i32", i32), ("f64", f64), ("i8", torch.int8), ("u8", torch.uint8),
             ("i16", torch.int16), ("i64", i64), ("bool", torch.bool), ("c128", c128), ("c64", c64), ("bf16", bf16)]
    for prefix, dt in every:
        name = "%s_broadcast_rows" % prefix
        g = gen_for("mul", name)
        cs.append(mul_case("mul", name, draw((3, 4, 5), dt, g), draw((4, 1), dt, g)))
    for prefix, dt in [("f32", f32), ("f16", f16), ("bf16", bf16), ("f64", f64)]:
        x, y = special(dt)
        cs.append(mul_case("mul", "%s_special" % prefix, x, y))
    g = gen_for("mul", "f32_both_broadcast")
    cs.append(mul_case("mul", "f32_both_broadcast", draw((3, 1, 5), f32, g), draw((1, 4, 1), f32, g)))
    # Mixed dtypes: PyTorch's promotion, which CANN's PromoteType shares.
    mixed = [("u8_i8_to_i16", torch.uint8, torch.int8), ("f16_bf16_to_f32", f16, bf16), ("i32_f16_to_f16", i32, f16),
             ("bool_i64_to_i64", torch.bool, i64), ("f32_c64_to_c64", f32, c64), ("i8_f32_to_f32", torch.int8, f32)]
    for name, a, b in mixed:
        name = "mixed_" + name
        g = gen_for("mul", name)
        x = draw((2, 3, 4), a, g)
        if a == f32 and b == c64:
            x = draw((2, 3, 4), c64, g).real.contiguous()  # few-bit values: the complex product stays exact
        if a == i32:
            x = torch.randint(-2048, 2048, (2, 3, 4), generator=g).to(i32)  # exact in float16
        cs.append(mul_case("mul", name, x, draw((3, 4), b, g)))
    # Muls: the scalar is `other`, a rank-0 tensor holding its value and aclScalar dtype. Its value is exact in
    # the compute dtype: PyTorch keeps a Python scalar in float for float16/bfloat16 tensors where CANN converts
    # it to the compute dtype (bfloat16 self computes in float32 on A2/A3), so a scalar of more bits would differ.
    scalars = [("f32_by_f32", f32, -1.75, f32), ("f16_by_f64", f16, 2.5, f64), ("bf16_by_f32", bf16, -1.5, f32),
               ("f64_by_f64", f64, 0.1, f64), ("i32_by_i64", i32, 12345, i64), ("i16_by_f32", torch.int16, 2.5, f32),
               ("i8_by_i64", torch.int8, 3, i64), ("u8_by_i64", torch.uint8, 7, i64),
               ("bool_by_f64", torch.bool, 1.5, f64), ("c64_by_f32", c64, -0.5, f32),
               ("f32_special_by_zero", f32, 0.0, f32), ("f32_special_by_inf", f32, float("inf"), f32)]
    for name, dt, value, sdt in scalars:
        g = gen_for("muls", name)
        x = special(dt)[0][:, :3].contiguous() if "special" in name else draw((4, 5), dt, g)
        cs.append(mul_case("muls", name, x, torch.tensor(value, dtype=sdt), scalar=True))
    return cs


FILES = [
    ("mul", mul_cases, [
        "out: torch.mul(self, other) (case mul: tensor * tensor, broadcasting, every dtype CANN lists, mixed-dtype",
        "promotion by PyTorch's lattice, which CANN's PromoteType shares; special values) and torch.mul(self,",
        "other.item()) (case muls: other is the aclScalar, a rank-0 tensor of its dtype; PyTorch's result dtype is",
        "CANN's compute dtype for these pairs). Integers wrap at their width. Float products are correctly rounded",
        "(complex parts are few-bit values, so their products and sums are exact): every value is bit-exact.",
    ]),
]
