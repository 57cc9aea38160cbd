"""Golden data of Cast: Tensor.to(dtype) between the dtypes CANN lists and PyTorch has, for values every
conversion defines (no NaN, no value past an integer target's range: PyTorch leaves those to the C++
cast), checked against plain Python (floats to integers truncate toward zero; integers wrap)."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

DTYPES = [("f32", f32), ("f16", f16), ("bf16", bf16), ("f64", f64), ("i8", torch.int8), ("u8", torch.uint8),
          ("i16", torch.int16), ("i32", torch.int32), ("i64", torch.int64), ("bool", torch.bool),
          ("c64", c64), ("c128", c128)]


def source(dtype, g):
    """Values every target holds after truncation: floats in [0, 99], integers in [0, 100), so that uint8
    keeps them too; complex values (only cast to complex) of any size."""
    if dtype == torch.bool:
        return torch.randint(0, 2, (3, 5), generator=g).bool()
    if dtype.is_complex:
        return rand((3, 5), dtype, g, scale=30.0)
    if dtype.is_floating_point:
        return rand((3, 5), f64, g, scale=30.0).abs().clamp(max=99).to(dtype)
    return torch.randint(0, 100, (3, 5), generator=g).to(dtype)


def plain_cast(x, to):
    vals = x.reshape(-1).tolist()
    out = []
    for v in vals:
        if isinstance(v, complex) and not to.is_complex:
            v = v.real
        if to == torch.bool:
            out.append(bool(v))
        elif to.is_complex:
            out.append(complex(v))
        elif to.is_floating_point:
            out.append(float(v))
        else:
            out.append(int(v))  # truncation toward zero
    holder = c128 if to.is_complex else (f64 if to.is_floating_point else (torch.bool if to == torch.bool else torch.int64))
    return torch.tensor(out, dtype=holder).to(to).reshape(x.shape)


def cast_cases():
    cs = []
    for fp, f in DTYPES:
        for tp, t in DTYPES:
            if f.is_complex and not t.is_complex:
                continue  # PyTorch warns and drops the imaginary part; CANN's rule is ours to document
            name = "%s_to_%s" % (fp, tp)
            g = gen_for("cast", name)
            x = source(f, g)
            y = x.to(t)
            assert torch.equal(y, plain_cast(x, t)), name
            c = Case("cast", name)
            c.tensor("self", x)
            c.tensor("out", y)
            cs.append(c)
    return cs


FILES = [
    ("cast", cast_cases, [
        "out: self.to(dtype) for every pair of the 12 dtypes CANN lists and PyTorch 1.13 has (complex to real",
        "left out); values in [0, 99] so that every target holds their truncation.",
    ]),
]
