"""Golden data of Cat: torch.cat(tensors, dim) over every dtype CANN lists (three tensors along each of two
dims), mixed dtypes promoted (PyTorch's lattice, which CANN's PromoteType is), and a 1-D (0) tensor dropped,
checked against an independent NumPy concatenation of the tensors converted to the promoted dtype. Exact."""

import numpy as np

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

DTYPES = [("f32", f32), ("i32", i32), ("i64", i64), ("f16", f16), ("i16", torch.int16), ("i8", torch.int8),
          ("u8", torch.uint8), ("f64", f64), ("c64", c64), ("bf16", bf16), ("bool", torch.bool)]


def plain_cat(tensors, dim, dtype):
    """NumPy's concatenate of the non-dropped tensors, each converted to dtype first (through float64 / complex128
    or int64, exact for these values)."""
    kept = [t for t in tensors if not (t.dim() == 1 and t.shape[0] == 0)]
    wide = c128 if dtype.is_complex else (f64 if dtype.is_floating_point else i64)
    arrays = [t.to(dtype).to(wide).numpy() for t in kept]
    return torch.from_numpy(np.concatenate(arrays, axis=dim)).to(dtype)


def record(name, tensors, dim):
    out = torch.cat(tensors, dim)
    assert torch.equal(out, plain_cat(tensors, dim, out.dtype)), name
    c = Case("cat", name)
    c.param("dim", dim)
    for i, t in enumerate(tensors):
        c.tensor("tensors%d" % i, t)
    c.tensor("out", out)
    return c


def cat_cases():
    cs = []
    for prefix, dt in DTYPES:
        for dim in (1, -1):
            name = "%s_dim%s" % (prefix, "m1" if dim < 0 else dim)
            g = gen_for("cat", name)
            shapes = [(2, 3, 4), (2, 1, 4), (2, 2, 4)] if dim == 1 else [(2, 3, 4), (2, 3, 1), (2, 3, 5)]
            cs.append(record(name, [rand(s, dt, g, scale=4.0) for s in shapes], dim))
    # Mixed dtypes, the promoted dtype's values stored (CANN converts each input to it first).
    for name, a, b in (("i32_with_f16", i32, f16), ("u8_with_i8", torch.uint8, torch.int8),
                       ("f16_with_bf16", f16, bf16), ("bool_with_i64", torch.bool, i64)):
        g = gen_for("cat", name)
        x = rand((2, 3), a, g, scale=4.0)
        if a == i32:
            x = torch.randint(-3000, 3000, (2, 3), generator=g, dtype=i64).to(i32)
        cs.append(record(name, [x, rand((2, 2), b, g, scale=4.0)], 1))
    g = gen_for("cat", "f32_legacy_empty_dropped")
    cs.append(record("f32_legacy_empty_dropped", [rand((0,), f32, g), rand((3, 2), f32, g), rand((1, 2), f32, g)], 0))
    return cs


FILES = [
    ("cat", cat_cases, [
        "out: torch.cat(tensors, dim) over every dtype CANN lists (three tensors along dim 1 and along -1), mixed",
        "dtypes (INT32 with FLOAT16, UINT8 with INT8, FLOAT16 with BFLOAT16, BOOL with INT64: out in the promoted",
        "dtype) and a 1-D (0) tensor dropped. Tensors are tensors0, tensors1, ... in the list's order. Exact.",
    ]),
]
