"""Golden data of MaxUnpool2d (forward): PyTorch's max_unpool2d and the check against an
independent plain-Python scatter (docs/ops/max_unpool2d.md: the last input naming a position wins)."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

# PyTorch 1.13 CPU unpools only float32 and float64 natively.
NATIVE = (f32, f64)


def torch_unpool(x, idx, size):
    """aten::max_unpool2d itself for the dtypes PyTorch unpools; otherwise PyTorch's own scatter of the
    flat positions (in float64, exact) applied as a gather, with 0 where no input lands: still a copy, so
    every dtype is exact."""
    if x.dtype in NATIVE:
        return torch.ops.aten.max_unpool2d(x, idx.to(i64), list(size))
    hw = x.shape[-2] * x.shape[-1]
    lead = tuple(x.shape[:-2])
    pos = torch.arange(1, hw + 1, dtype=f64).expand(lead + (hw,)).reshape(lead + tuple(x.shape[-2:]))
    src = torch.ops.aten.max_unpool2d(pos.contiguous(), idx.to(i64), list(size)).long()  # 1 + i, or 0
    flat = x.reshape(lead + (hw,))
    padded = torch.cat([torch.zeros(lead + (1,), dtype=x.dtype), flat], dim=-1)
    return padded.gather(-1, src.reshape(lead + (-1,))).reshape(lead + tuple(size))


def unpool_ref(x, idx, size):
    """Plain Python: zeros, then each plane's inputs in increasing i (the last one wins)."""
    oH, oW = size
    hw = x.shape[-2] * x.shape[-1]
    xs = x.reshape(-1, hw).tolist()
    ks = idx.reshape(-1, hw).tolist()
    out = []
    for xv, kv in zip(xs, ks):
        plane = [0] * (oH * oW)
        for v, k in zip(xv, kv):
            assert 0 <= k < oH * oW
            plane[k] = v
        out.append(plane)
    return out


def pooled_indices(shape, size, g):
    """The positions MaxPool2d k2s2 would record: row 2h + (0|1), column 2w + (0|1)."""
    H, W = shape[-2], shape[-1]
    dh = torch.randint(0, 2, shape, generator=g)
    dw = torch.randint(0, 2, shape, generator=g)
    rows = 2 * torch.arange(H).view(H, 1) + dh
    cols = 2 * torch.arange(W).view(1, W) + dw
    return rows * size[1] + cols


def unpool_case(name, shape, size, dtype, idx_dtype, pick="unique", self_t=None, idx_t=None):
    op = "max_unpool2d"
    g = gen_for(op, name)
    shape = tuple(shape)
    x = rand(shape, dtype, g, scale=4.0) if self_t is None else self_t.to(dtype)
    plane = size[0] * size[1]
    hw = shape[-2] * shape[-1]
    if idx_t is not None:
        idx = idx_t
    elif pick == "unique":
        planes = int(np.prod(shape[:-2]))
        idx = torch.stack([torch.randperm(plane, generator=g)[:hw] for _ in range(planes)])
        idx = idx.reshape(shape)
    elif pick == "pooled":
        idx = pooled_indices(shape, size, g)
    else:  # duplicates: about three inputs per position
        idx = torch.randint(0, max(1, min(plane, hw // 3)), shape, generator=g)
    idx = idx.to(idx_dtype)
    y = torch_unpool(x, idx, size)
    assert tuple(y.shape) == shape[:-2] + tuple(size), name
    ref = unpool_ref(x, idx, size)
    flat = y.reshape(len(ref), -1).tolist()
    for a, b in zip(flat, ref):
        for u, v in zip(a, b):
            assert u == v or (u != u and v != v), name
    c = Case(op, name)
    c.param("outputSize", *size)
    c.tensor("self", x)
    c.tensor("indices", idx)
    c.tensor("out", y)
    return c


def unpool_cases():
    cs = []
    # The CANN docs' example: 1..4 into 4x4 at 3, 8, 11, 13.
    c = unpool_case("cann_sample", (1, 1, 2, 2), (4, 4), f32, i64, self_t=torch.tensor([1.0, 2, 3, 4]).view(1, 1, 2, 2),
                    idx_t=torch.tensor([3, 8, 11, 13]).view(1, 1, 2, 2))
    assert c.tensors[2][3] == [0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 3, 0, 4, 0, 0]
    cs.append(c)
    specs = [
        # name, self shape, outputSize, dtype, indices dtype, pick
        ("f32_4d_i64_pooled", (2, 3, 3, 4), (6, 8), f32, i64, "pooled"),
        ("f32_4d_i32_pooled_odd", (1, 2, 3, 3), (7, 7), f32, i32, "pooled"),
        ("f32_3d_i64_unique", (3, 4, 5), (5, 6), f32, i64, "unique"),
        ("f32_3d_i32_same_plane", (2, 3, 4), (4, 3), f32, i32, "unique"),
        ("f32_4d_i64_output_row", (2, 2, 2, 3), (1, 9), f32, i64, "unique"),
        ("f32_4d_i64_duplicates", (2, 2, 6, 7), (7, 8), f32, i64, "dups"),
        ("f32_3d_i32_duplicates", (2, 9, 9), (10, 10), f32, i32, "dups"),
        ("f64_4d_i64_pooled", (1, 2, 4, 5), (8, 10), f64, i64, "pooled"),
        ("f16_4d_i64_unique", (1, 2, 4, 5), (6, 7), f16, i64, "unique"),
        ("bf16_3d_i32_unique", (2, 3, 4), (5, 5), bf16, i32, "unique"),
        ("i8_4d_i64_pooled", (1, 2, 3, 4), (6, 8), torch.int8, i64, "pooled"),
        ("u8_3d_i32_unique", (2, 4, 5), (5, 6), torch.uint8, i32, "unique"),
        ("i16_4d_i64_duplicates", (2, 1, 5, 6), (6, 6), torch.int16, i64, "dups"),
        ("i32_4d_i32_unique", (1, 2, 4, 5), (6, 6), i32, i32, "unique"),
        ("i64_4d_i64_unique", (1, 2, 4, 5), (5, 7), i64, i64, "unique"),
        ("bool_4d_i64_pooled", (1, 2, 4, 5), (8, 10), torch.bool, i64, "pooled"),
        ("f32_4d_i64_1x1", (2, 3, 1, 1), (1, 1), f32, i64, "unique"),
        ("f32_4d_i64_wide_plane", (1, 1, 3, 3), (20, 31), f32, i64, "unique"),
    ]
    for name, shape, size, dtype, idx_dtype, pick in specs:
        cs.append(unpool_case(name, shape, size, dtype, idx_dtype, pick))
    # Every input names position 0: PyTorch keeps the last.
    c = unpool_case("f32_3d_i64_all_one_position", (1, 4, 5), (5, 4), f32, i64,
                    self_t=torch.arange(1.0, 21.0).view(1, 4, 5), idx_t=torch.zeros(1, 4, 5, dtype=i64))
    assert c.tensors[2][3][0] == 20.0
    cs.append(c)
    return cs


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("max_unpool2d", unpool_cases, [
        "out: torch.ops.aten.max_unpool2d for float32/float64; for the dtypes PyTorch 1.13 CPU does not unpool",
        "(integers, bool, float16, bfloat16) PyTorch's scatter of the flat positions applied as a gather. Indices",
        "unique within a plane (random or MaxPool2d k2s2 positions) or, in the *duplicates* and all_one_position",
        "cases, repeated: PyTorch's CPU kernel keeps the last input naming a position, as the operator does. A copy:",
        "every value is exact.",
    ]),
]
