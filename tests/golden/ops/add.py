"""Golden data of Add (and the elementwise engine's promotion and broadcasting): torch.add over every dtype
CANN lists, broadcast shapes and mixed-dtype pairs, checked against an independent plain-Python sum
(integers wrapped at their width, floats as the exact sum rounded once)."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

WIDTH = {torch.int8: 8, torch.uint8: 8, torch.int16: 16, torch.int32: 32, torch.int64: 64}


def plain_add(x, y, alpha, dtype):
    """Broadcast x + alpha * y in Python numbers (complex for complex), then into dtype: integers wrap,
    bool is nonzero, floats round once from the exact double sum (exact for these inputs: the sums of two
    values of at most 53 bits that the cases draw are exact in double)."""
    xb, yb = torch.broadcast_tensors(x, y)
    xs = xb.reshape(-1).tolist()
    ys = yb.reshape(-1).tolist()
    out = []
    for a, b in zip(xs, ys):
        v = a + alpha * b
        if dtype == torch.bool:
            v = bool(v)
        elif dtype in WIDTH:
            w = WIDTH[dtype]
            v = int(v) & ((1 << w) - 1)
            if dtype != torch.uint8 and v >= 1 << (w - 1):
                v -= 1 << w
        out.append(v)
    ref = torch.tensor(out, dtype=c128 if dtype.is_complex else (f64 if dtype.is_floating_point else torch.int64))
    return ref.to(dtype).reshape(xb.shape)


def add_case(name, xshape, yshape, xdtype, ydtype, alpha=1):
    op = "add"
    g = gen_for(op, name)
    small = dict(scale=4.0)
    x = rand(xshape, xdtype, g, **small) if xdtype not in WIDTH else torch.randint(-100, 100, xshape, generator=g).to(xdtype)
    y = rand(yshape, ydtype, g, **small) if ydtype not in WIDTH else torch.randint(-100, 100, yshape, generator=g).to(ydtype)
    out = torch.add(x, y, alpha=alpha)
    ref = plain_add(x.to(c128 if out.dtype.is_complex else (f64 if out.dtype.is_floating_point else torch.int64)),
                    y.to(c128 if out.dtype.is_complex else (f64 if out.dtype.is_floating_point else torch.int64)),
                    alpha, out.dtype)
    assert torch.equal(out, ref), name
    c = Case(op, name)
    c.param("alpha", alpha)
    c.tensor("self", x)
    c.tensor("other", y)
    c.tensor("out", out)
    return c


def add_cases():
    cs = []
    same = [("f32", f32, 1), ("f16", f16, 1), ("bf16", bf16, 1), ("f64", f64, 1), ("c64", c64, 1),
            ("c128", c128, 1), ("i8", torch.int8, 2), ("u8", torch.uint8, 3), ("i16", torch.int16, -2),
            ("i32", torch.int32, 5), ("i64", torch.int64, -7), ("bool", torch.bool, 1)]
    for prefix, dt, alpha in same:
        cs.append(add_case("%s_broadcast_rows" % prefix, (3, 4, 5), (4, 1), dt, dt, alpha))
    cs.append(add_case("f32_0d_other", (2, 7), (), f32, f32))
    cs.append(add_case("f32_both_broadcast", (3, 1, 5), (1, 4, 1), f32, f32))
    # Mixed dtypes: PyTorch's promotion, which CANN's PromoteType table shares.
    mixed = [("u8_i8_to_i16", torch.uint8, torch.int8, 1), ("f16_bf16_to_f32", f16, bf16, 1),
             ("i32_f16_to_f16", torch.int32, f16, 1), ("bool_i64_to_i64", torch.bool, torch.int64, 2),
             ("f32_c64_to_c64", f32, c64, 1), ("i8_f32_to_f32", torch.int8, f32, 1)]
    for name, a, b, alpha in mixed:
        cs.append(add_case("%s_%s" % ("mixed", name), (2, 3, 4), (3, 4), a, b, alpha))
    return cs


FILES = [
    ("add", add_cases, [
        "out: torch.add(self, other, alpha=alpha): broadcasting, every dtype CANN lists, mixed-dtype promotion",
        "(PyTorch's lattice, which CANN's PromoteType shares). alpha is 1 for the floating dtypes (PyTorch's CPU",
        "kernel fuses alpha * other into an fma where CANN rounds the product first) and whole for the integers.",
    ]),
]
