"""Golden data of Sub and Subs: torch.sub over every dtype CANN lists, broadcasting, alpha, mixed-dtype
promotion, special values (signed zeros, infinities, NaN, differences that overflow) and tensor-scalar
differences, checked against an independent plain-Python difference (integers wrapped at their width,
floats as the exact difference rounded once to the dtype)."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

WIDTH = {torch.int8: 8, torch.uint8: 8, torch.int16: 16, torch.int32: 32, torch.int64: 64}
# The magnitude of the integer inputs: differences that wrap at every width but int64's (which stays within
# the file's +-2^53 with alpha -7: values below 2^48).
INT_RANGE = {torch.int8: 128, torch.uint8: 256, torch.int16: 32768, torch.int32: 2 ** 31, torch.int64: 2 ** 48}


def wrap(v, dtype):
    if dtype == torch.bool:
        return bool(v)
    if dtype in WIDTH:
        w = WIDTH[dtype]
        v = int(v) & ((1 << w) - 1)
        return v - (1 << w) if dtype != torch.uint8 and v >= 1 << (w - 1) else v
    return v


def plain(x, y, alpha, compute, out):
    """x - alpha * y over the broadcast operands in Python numbers, the operands first converted to the compute
    dtype, the result wrapped (integers; BOOL: nonzero, as CANN computes it) or rounded once (floats: alpha is
    a power of two, so alpha * y is exact, and the difference of two values of the dtype is exact in double or
    correctly rounded for float64) to out's dtype."""
    xb, yb = torch.broadcast_tensors(x.to(compute), y.to(compute))
    res = [wrap(a - alpha * b, compute) for a, b in zip(xb.reshape(-1).tolist(), yb.reshape(-1).tolist())]
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
    """Integers over their whole width (int64: below 2^48); floats randn * 4 (complex too)."""
    if dtype in WIDTH:
        r = INT_RANGE[dtype]
        return torch.randint(0 if dtype == torch.uint8 else -r, r, shape, generator=g, dtype=torch.int64).to(dtype)
    return rand(shape, dtype, g, scale=4.0)


SPECIAL = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -2.5, 3e38, -3e38, 6e4, -6e4, 1e-20]


def special(dtype):
    """Every pair of SPECIAL values (self varies along rows, other along columns): 0 - 0 and -0 - 0 (signed
    zeros), inf - inf (NaN), NaN, and differences that overflow the dtype (3e38 is inf in float16; 3e38 -
    -3e38 overflows float32 and bfloat16; 6e4 - -6e4 float16)."""
    v = torch.tensor(SPECIAL, dtype=f64).to(dtype)
    n = len(SPECIAL)
    return v.reshape(n, 1).expand(n, n).contiguous(), v.reshape(1, n).expand(n, n).contiguous()


def sub_case(op, name, x, y, alpha=1, scalar=False):
    other = y.item() if scalar else y
    compute = torch.result_type(x, other)
    if torch.bool in (x.dtype, y.dtype):
        # PyTorch refuses to subtract a BOOL operand; CANN accepts it (BOOL - BOOL: true - true is false, false -
        # true is true, the difference nonzero): PyTorch's difference of the operands as int64 (or as the
        # floating compute dtype), cast to the compute dtype.
        wide = i64 if compute in INT_DTYPES else compute
        out = torch.sub(x.to(wide), y.to(wide), alpha=alpha).to(compute)
    else:
        out = torch.sub(x, other, alpha=alpha)
    ref = plain(x, y, alpha, compute, out.dtype)
    assert same(out, ref), name
    c = Case(op, name)
    c.param("alpha", alpha)
    c.tensor("self", x)
    c.tensor("other", y)
    c.tensor("out", out)
    return c


def sub_cases():
    cs = []
    # alpha: whole for the integers; for the floating dtypes 1 or a power of two, where alpha * other is exact,
    # so PyTorch's CPU kernel (alpha * other fused into one fma) and CANN's (the product rounded first, in F32
    # for F16 and BF16 when alpha != 1) agree.
    every = [("f32", f32, 1), ("i32", i32, 5), ("i64", i64, -7), ("f16", f16, 1), ("i16", torch.int16, -2),
             ("i8", torch.int8, 2), ("u8", torch.uint8, 3), ("f64", f64, 1), ("bool", torch.bool, 1),
             ("bf16", bf16, 1), ("c64", c64, 1), ("c128", c128, 1)]
    for prefix, dt, alpha in every:
        name = "%s_broadcast_rows" % prefix
        g = gen_for("sub", name)
        cs.append(sub_case("sub", name, draw((3, 4, 5), dt, g), draw((4, 1), dt, g), alpha))
    for prefix, dt, alpha in [("f32", f32, 2), ("f16", f16, 0.5), ("bf16", bf16, -4), ("f64", f64, 0.25)]:
        name = "%s_alpha_pow2" % prefix
        g = gen_for("sub", name)
        cs.append(sub_case("sub", name, draw((4, 6), dt, g), draw((4, 6), dt, g), alpha))
    for prefix, dt in [("f32", f32), ("f16", f16), ("bf16", bf16), ("f64", f64)]:
        x, y = special(dt)
        cs.append(sub_case("sub", "%s_special" % prefix, x, y))
    g = gen_for("sub", "f32_both_broadcast")
    cs.append(sub_case("sub", "f32_both_broadcast", draw((3, 1, 5), f32, g), draw((1, 4, 1), f32, g)))
    # Mixed dtypes: PyTorch's promotion, which CANN's PromoteType shares.
    mixed = [("u8_i8_to_i16", torch.uint8, torch.int8, 1), ("f16_bf16_to_f32", f16, bf16, 1),
             ("i32_f16_to_f16", i32, f16, 1), ("bool_i64_to_i64", torch.bool, i64, 2), ("f32_c64_to_c64", f32, c64, 1),
             ("i8_f32_to_f32", torch.int8, f32, 1)]
    for name, a, b, alpha in mixed:
        name = "mixed_" + name
        g = gen_for("sub", name)
        x = torch.randint(-2048, 2048, (2, 3, 4), generator=g).to(i32) if a == i32 else draw((2, 3, 4), a, g)
        cs.append(sub_case("sub", name, x, draw((3, 4), b, g), alpha))
    # Subs: the scalar is `other`, a rank-0 tensor holding its value and aclScalar dtype; the result dtype
    # PyTorch gives each pair is CANN's compute dtype (OPS_COMPANION 1.4). The float scalars are exact in the
    # compute dtype: PyTorch keeps a Python scalar in float for float16/bfloat16 tensors where CANN converts
    # it to the compute dtype, so a scalar of more bits would differ.
    scalars = [("f32_f32_scalar", f32, -1.75, f32, 1), ("f16_f64_scalar", f16, 2.5, f64, 1),
               ("bf16_f32_scalar", bf16, -1.5, f32, 1), ("f64_f64_scalar", f64, 0.1, f64, 1),
               ("i32_i64_scalar", i32, 12345, i64, 3), ("i32_f32_scalar", i32, 1.5, f32, 1),
               ("u8_i64_scalar", torch.uint8, 200, i64, 1), ("i8_i64_scalar", torch.int8, -100, i64, 2),
               ("bool_i64_scalar", torch.bool, 3, i64, 1), ("c64_f32_scalar", c64, -0.5, f32, 1),
               ("f32_special_inf_scalar", f32, float("inf"), f32, 1)]
    for name, dt, value, sdt, alpha in scalars:
        g = gen_for("subs", name)
        x = special(dt)[0][:, :3].contiguous() if "special" in name else draw((4, 5), dt, g)
        cs.append(sub_case("subs", name, x, torch.tensor(value, dtype=sdt), alpha, scalar=True))
    return cs


FILES = [
    ("sub", sub_cases, [
        "out: torch.sub(self, other, alpha=alpha) (case sub: tensor - tensor, broadcasting, every dtype CANN lists,",
        "mixed-dtype promotion by PyTorch's lattice, which CANN's PromoteType shares; special values) and",
        "torch.sub(self, other.item(), alpha=alpha) (case subs: other is the aclScalar, a rank-0 tensor of its dtype).",
        "A BOOL operand, which PyTorch refuses, is CANN's: the int64 difference, cast (BOOL: nonzero). alpha is whole",
        "for the integers and a power of two for the floats (alpha * other exact: PyTorch's fma and CANN's rounded",
        "product agree). Integers wrap at their width; floats are correctly rounded: every value is bit-exact.",
    ]),
]
