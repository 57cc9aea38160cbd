"""Golden data of ConstantPadNd: torch.constant_pad_nd(self, pad, value) over every dtype CANN lists that
PyTorch 1.13 has (not UINT16 / UINT32 / UINT64), pads of one to three dims with crops, checked against an
independent plain-Python placement (self's element where it lands, the value elsewhere). Exact."""

import itertools

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

DTYPES = [("f32", f32), ("i32", i32), ("f16", f16), ("i8", torch.int8), ("f64", f64), ("i16", torch.int16),
          ("i64", i64), ("u8", torch.uint8), ("bool", torch.bool), ("c64", c64), ("c128", c128), ("bf16", bf16)]
PADS = {"last": [2, 1], "two_crop": [1, 2, -1, 1], "three": [-1, -2, 2, 0, 0, 1]}
VALUE = 2.5


def plain_pad(x, pad, value):
    """Every position of out: self's element at the position minus the begin pads, else value."""
    rank = x.dim()
    begin = [0] * rank
    shape = list(x.shape)
    for j in range(len(pad) // 2):
        begin[rank - 1 - j] = pad[2 * j]
        shape[rank - 1 - j] += pad[2 * j] + pad[2 * j + 1]
    out = torch.full(shape, value, dtype=x.dtype) if x.dtype != torch.bool else torch.full(shape, bool(value))
    for pos in itertools.product(*[range(s) for s in shape]):
        src = [p - b for p, b in zip(pos, begin)]
        if all(0 <= s < n for s, n in zip(src, x.shape)):
            out[pos] = x[tuple(src)]
    return out


def pad_cases():
    cs = []
    for prefix, dt in DTYPES:
        for what, pad in PADS.items():
            name = "%s_%s" % (prefix, what)
            x = rand((2, 3, 4), dt, gen_for("constant_pad_nd", name), scale=4.0)
            out = torch.constant_pad_nd(x, pad, VALUE)
            assert torch.equal(out, plain_pad(x, pad, VALUE)), name
            c = Case("constant_pad_nd", name)
            c.param("pad", *pad)
            c.param("value", VALUE)
            c.tensor("self", x)
            c.tensor("out", out)
            cs.append(c)
    return cs


FILES = [
    ("constant_pad_nd", pad_cases, [
        "out: torch.constant_pad_nd(self, pad, 2.5) of a 2 x 3 x 4 self over every dtype CANN lists that PyTorch",
        "1.13 has (its UINT16 / UINT32 / UINT64 are missing), pads (2, 1), (1, 2, -1, 1) and (-1, -2, 2, 0, 0, 1):",
        "crops among them. The value converts to self's dtype (2 for integers, true for bool). Exact.",
    ]),
]
