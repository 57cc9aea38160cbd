"""Golden data of the forward pads (ReflectionPad2d, ReplicationPad2d): PyTorch's
F.pad(mode='reflect'/'replicate') and the check against an independent implementation of the
docs/ops index map."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

# PyTorch 1.13 CPU pads only float32, float64, complex64 and complex128 natively.
NATIVE = (f32, f64, c64, c128)


def pad_ref(x, pad, mode):
    l, r, t, b = pad
    H, W = x.shape[-2], x.shape[-1]
    OH, OW = H + t + b, W + l + r
    out = torch.empty(tuple(x.shape[:-2]) + (OH, OW), dtype=x.dtype)
    for oh in range(OH):
        ih = pad_index(oh, t, H, mode)
        assert 0 <= ih < H
        for ow in range(OW):
            iw = pad_index(ow, l, W, mode)
            assert 0 <= iw < W
            out[..., oh, ow] = x[..., ih, iw]
    return out


def torch_pad(x, pad, mode):
    """F.pad itself for the dtypes PyTorch pads; otherwise PyTorch's own index map (F.pad of the
    flat positions, in float64, exact) applied with a gather: still a copy, so every dtype is exact."""
    if x.dtype in NATIVE:
        return F.pad(x, list(pad), mode=mode)
    H, W = x.shape[-2], x.shape[-1]
    pos = torch.arange(H * W, dtype=f64).view(1, 1, H, W)
    idx = F.pad(pos, list(pad), mode=mode).long()[0, 0]
    flat = x.reshape(tuple(x.shape[:-2]) + (H * W,))
    return flat[..., idx.reshape(-1)].reshape(tuple(x.shape[:-2]) + tuple(idx.shape))


def pad_case(op, name, shape, pad, dtype, self_t=None):
    mode = "reflect" if op.startswith("reflection") else "replicate"
    g = gen_for(op, name)
    x = rand(shape, dtype, g) if self_t is None else self_t.to(dtype)
    y = torch_pad(x, pad, mode)
    l, r, t, b = pad
    assert tuple(y.shape) == tuple(shape[:-2]) + (shape[-2] + t + b, shape[-1] + l + r), name
    ref = pad_ref(x, pad, mode)
    assert torch.equal(y, ref), op + "/" + name
    c = Case(op, name)
    c.param("padding", *pad)
    c.tensor("self", x)
    c.tensor("out", y)
    return c


def pad_cases(op):
    refl = op.startswith("reflection")
    cs = []
    if refl:
        # The CANN docs' example: 3x3 of 0..8, padding 2 on each side.
        cs.append(pad_case(op, "cann_sample", (1, 1, 3, 3), (2, 2, 2, 2), f32,
                           self_t=torch.arange(9.0).view(1, 1, 3, 3)))
        assert cs[-1].tensors[1][3][:7] == [8.0, 7.0, 6.0, 7.0, 8.0, 7.0, 6.0]
    else:
        cs.append(pad_case(op, "cann_sample", (1, 1, 3, 3), (2, 2, 2, 2), f32,
                           self_t=torch.arange(9.0).view(1, 1, 3, 3)))
        assert cs[-1].tensors[1][3][:7] == [0.0, 0.0, 0.0, 1.0, 2.0, 2.0, 2.0]
    common = [
        # name, shape, pad
        ("f32_3d_zero_pads", (3, 4, 5), (0, 0, 0, 0)),
        ("f32_3d_asym", (2, 5, 6), (1, 3, 0, 2)),
        ("f32_4d_asym", (2, 2, 4, 5), (3, 1, 2, 3)),
        ("f32_4d_w_only", (2, 2, 4, 6), (2, 1, 0, 0)),
        ("f32_4d_h_only", (1, 3, 6, 4), (0, 0, 3, 1)),
        ("f32_4d_medium", (1, 2, 7, 8), (3, 5, 4, 2)),
        ("f32_3d_wide", (1, 3, 17), (2, 16, 2, 1)),
        ("f32_4d_neg_mixed", (1, 2, 6, 7), (-1, 2, 1, -2)),
        ("f32_4d_neg_all", (2, 2, 6, 7), (-2, -1, -1, -3)),
        ("f64_4d_asym", (1, 2, 4, 5), (2, 0, 1, 3)),
        ("f16_4d_asym", (1, 2, 4, 5), (3, 1, 2, 2)),
        ("bf16_4d_neg", (1, 2, 5, 6), (-1, 2, 1, -2)),
        ("c64_4d_asym", (1, 2, 4, 5), (3, 1, 2, 2)),
        ("c128_3d_asym", (2, 4, 5), (1, 2, 3, 0)),
        ("i8_4d_asym", (1, 2, 4, 5), (2, 1, 3, 1)),
        ("u8_3d_asym", (2, 4, 5), (1, 2, 3, 0)),
        ("i16_4d_asym", (2, 1, 3, 4), (1, 2, 2, 1)),
        ("i32_4d_asym", (1, 2, 4, 5), (3, 1, 2, 2)),
        ("i64_4d_asym", (1, 2, 4, 5), (2, 2, 1, 3)),
        ("bool_4d_asym", (1, 2, 4, 5), (1, 3, 2, 1)),
    ]
    if refl:
        common += [
            ("f32_4d_max_pads", (2, 2, 4, 5), (4, 4, 3, 3)),  # pad = dim-1 on every side
            ("f32_3d_max_pads_2x2", (1, 2, 2), (1, 1, 1, 1)),
            ("f32_4d_1x1_zero_pads", (2, 3, 1, 1), (0, 0, 0, 0)),
            # a left crop with a right pad that reflects back into the cropped columns
            ("f32_4d_reflect_into_crop", (1, 2, 3, 5), (-3, 4, -1, 2)),
            ("f32_4d_crop_past_edge", (1, 1, 3, 5), (-6, 3, 0, 0)),
        ]
    else:
        common += [
            ("f32_4d_pads_gt_dim", (1, 2, 3, 4), (5, 7, 4, 6)),
            ("f32_4d_1x1", (2, 3, 1, 1), (2, 3, 1, 4)),
            ("f32_3d_1x1", (3, 1, 1), (3, 0, 2, 5)),
            ("f32_4d_neg_and_gt_dim", (1, 2, 4, 5), (-4, 9, 6, -2)),
            ("f32_4d_crop_past_edge", (1, 1, 3, 5), (-6, 3, 0, 0)),
            ("i32_4d_pads_gt_dim", (1, 2, 3, 2), (4, 3, 5, 4)),
        ]
    for name, shape, pad in common:
        cs.append(pad_case(op, name, shape, pad, dtype_of(name)))
    return cs


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("reflection_pad2d", lambda: pad_cases("reflection_pad2d"), [
        "out: torch.nn.functional.pad(mode='reflect') for float32/float64/complex; for the dtypes PyTorch 1.13 CPU",
        "does not pad (integers, bool, float16, bfloat16) PyTorch's index map (F.pad of the flat positions) applied",
        "as a gather. A copy: every value is exact.",
    ]),
    ("replication_pad2d", lambda: pad_cases("replication_pad2d"), [
        "out: torch.nn.functional.pad(mode='replicate') for float32/float64/complex; for the dtypes PyTorch 1.13 CPU",
        "does not pad (integers, bool, float16, bfloat16) PyTorch's index map (F.pad of the flat positions) applied",
        "as a gather. A copy: every value is exact.",
    ]),
]
