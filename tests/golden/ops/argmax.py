"""Golden data of ArgMax: torch.argmax(self, dim, keepdim) over every dtype CANN lists, values with many ties
and (floats) NaNs, checked against an independent plain-Python first-maximal-index loop (a NaN counting as
maximal, the first NaN winning). Exact (indices)."""

import math

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

DTYPES = [("f32", f32), ("f16", f16), ("f64", f64), ("i8", torch.int8), ("i16", torch.int16), ("i32", i32),
          ("i64", i64), ("u8", torch.uint8), ("bf16", bf16)]
SHAPE = (4, 5, 6)


def values(dtype, g):
    """120 whole numbers in [0, 6) (so many ties), floats with a NaN in some rows."""
    x = torch.randint(0, 6, SHAPE, generator=g, dtype=i64)
    if not dtype.is_floating_point:
        return x.to(dtype)
    x = x.to(f64)
    flat = x.reshape(-1)
    for at in torch.randint(0, flat.numel(), (6,), generator=g).tolist():
        flat[at] = float("nan")
    return x.to(dtype)


def plain_argmax(x, dim):
    """The first index along dim of a NaN, or else of the maximum, by loops over Python floats."""
    moved = x.to(f64).movedim(dim, -1)
    rows = moved.reshape(-1, moved.shape[-1]).tolist()
    out = []
    for row in rows:
        best = 0
        for e, v in enumerate(row):
            b = row[best]
            if math.isnan(b):
                break
            if math.isnan(v) or v > b:
                best = e
        out.append(best)
    return torch.tensor(out, dtype=i64).reshape(moved.shape[:-1])


def argmax_cases():
    cs = []
    for prefix, dt in DTYPES:
        for dim, keep in ((0, False), (1, True), (2, False), (-1, True)):
            name = "%s_dim%s%s" % (prefix, str(dim).replace("-", "m"), "_keepdim" if keep else "")
            x = values(dt, gen_for("argmax", name))
            # PyTorch 1.13's CPU argmax of float16 / bfloat16 goes through float32 (the values are exact there).
            got = torch.argmax(x.float() if dt in (f16, bf16) else x, dim=dim, keepdim=keep)
            want = plain_argmax(x, dim)
            if keep:
                want = want.unsqueeze(dim)
            assert torch.equal(got, want), name
            c = Case("argmax", name)
            c.param("dim", dim)
            c.param("keepdim", 1 if keep else 0)
            c.tensor("self", x)
            c.tensor("out", got)
            cs.append(c)
    return cs


FILES = [
    ("argmax", argmax_cases, [
        "out: torch.argmax(self, dim, keepdim) (INT64) over every dtype CANN lists, a 4 x 5 x 6 self of whole",
        "numbers in [0, 6) (many ties: the first maximal index wins) with six NaNs among the floats (a NaN counts",
        "as maximal, the first wins). Exact. float16 and bfloat16 are argmax in float32 (the same values).",
    ]),
]
