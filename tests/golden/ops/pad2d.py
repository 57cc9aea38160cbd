"""Golden data of the pads (ReflectionPad2d, ReplicationPad2d) and of their backwards: PyTorch's
F.pad(mode='reflect'/'replicate') and its autograd, checked against independent implementations of the
docs/ops index map."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, TOL, torch, np, ...)

# PyTorch 1.13 CPU pads only float32, float64, complex64 and complex128 natively.
NATIVE = (f32, f64, c64, c128)
FLOATS = ("f32", "f64", "f16", "bf16", "c64", "c128")


def mode_of(op):
    return "reflect" if op.startswith("reflection") else "replicate"


# The geometries, tested by the forward pads (f) and by their backwards (b): both modes test BOTH_MODES,
# then their own OWN_MODE list.
BOTH_MODES = [
    # name, self shape, padding (left, right, top, bottom), tested by
    ("f32_3d_zero_pads", (3, 4, 5), (0, 0, 0, 0), "fb"),
    ("f32_3d_asym", (2, 5, 6), (1, 3, 0, 2), "fb"),
    ("f32_4d_asym", (2, 2, 4, 5), (3, 1, 2, 3), "fb"),
    ("f32_4d_w_only", (2, 2, 4, 6), (2, 1, 0, 0), "fb"),
    ("f32_4d_h_only", (1, 3, 6, 4), (0, 0, 3, 1), "fb"),
    ("f32_4d_medium", (1, 2, 7, 8), (3, 5, 4, 2), "fb"),
    ("f32_4d_n3", (3, 1, 4, 3), (1, 2, 2, 1), "b"),
    ("f32_3d_wide", (1, 3, 17), (2, 16, 2, 1), "fb"),
    ("f32_4d_h1", (2, 3, 1, 6), (2, 3, 0, 0), "b"),
    ("f32_4d_neg_mixed", (1, 2, 6, 7), (-1, 2, 1, -2), "fb"),
    ("f32_4d_neg_all", (2, 2, 6, 7), (-2, -1, -1, -3), "fb"),
    ("f32_3d_neg_mixed", (3, 5, 4), (2, -1, -2, 3), "b"),
    ("f64_3d_asym", (2, 4, 5), (1, 2, 3, 0), "b"),
    ("f64_4d_asym", (1, 2, 4, 5), (2, 0, 1, 3), "fb"),
    ("f64_4d_neg", (1, 2, 5, 6), (-2, 1, 2, -1), "b"),
    ("f16_3d_asym", (2, 4, 5), (1, 2, 3, 0), "b"),
    ("f16_4d_asym", (1, 2, 4, 5), (3, 1, 2, 2), "fb"),
    ("f16_4d_neg", (1, 2, 5, 6), (-1, 2, 1, -2), "b"),
    ("bf16_3d_asym", (2, 4, 5), (1, 2, 3, 0), "b"),
    ("bf16_4d_asym", (1, 2, 4, 5), (3, 1, 2, 2), "b"),
    ("bf16_4d_neg", (1, 2, 5, 6), (-1, 2, 1, -2), "fb"),
    ("c64_3d_asym", (2, 4, 5), (1, 2, 3, 0), "b"),
    ("c64_4d_asym", (1, 2, 4, 5), (3, 1, 2, 2), "fb"),
    ("c64_4d_neg", (1, 2, 5, 6), (-1, 2, 1, -2), "b"),
    ("c128_4d_asym", (1, 2, 4, 5), (2, 1, 0, 3), "b"),
    ("c128_3d_asym", (2, 4, 5), (1, 2, 3, 0), "f"),
    ("i8_4d_asym", (1, 2, 4, 5), (2, 1, 3, 1), "f"),
    ("u8_3d_asym", (2, 4, 5), (1, 2, 3, 0), "f"),
    ("i16_4d_asym", (2, 1, 3, 4), (1, 2, 2, 1), "f"),
    ("i32_4d_asym", (1, 2, 4, 5), (3, 1, 2, 2), "f"),
    ("i64_4d_asym", (1, 2, 4, 5), (2, 2, 1, 3), "f"),
    ("bool_4d_asym", (1, 2, 4, 5), (1, 3, 2, 1), "f"),
]
OWN_MODE = {
    "reflect": [
        ("f32_4d_max_pads", (2, 2, 4, 5), (4, 4, 3, 3), "fb"),  # pad = dim-1 on every side
        ("f32_3d_max_pads_2x2", (1, 2, 2), (1, 1, 1, 1), "fb"),
        ("f32_3d_max_pads_3x7", (2, 3, 7), (6, 6, 2, 2), "b"),
        ("f32_4d_1x1_zero_pads", (2, 3, 1, 1), (0, 0, 0, 0), "fb"),
        # a left crop with a right pad that reflects back into the cropped columns
        ("f32_4d_reflect_into_crop", (1, 2, 3, 5), (-3, 4, -1, 2), "fb"),
        # a crop larger than the dimension, PyTorch 1.13 accepts it (pad < dim holds)
        ("f32_4d_crop_past_edge", (1, 1, 3, 5), (-6, 3, 0, 0), "fb"),
        ("f16_4d_max_pads", (1, 2, 3, 4), (3, 3, 2, 2), "b"),
        ("bf16_4d_max_pads", (1, 2, 3, 4), (3, 3, 2, 2), "b"),
        ("c64_4d_max_pads", (1, 2, 3, 4), (3, 3, 2, 2), "b"),
        ("f64_4d_max_pads", (1, 2, 3, 4), (3, 3, 2, 2), "b"),
    ],
    "replicate": [
        ("f32_4d_pads_gt_dim", (1, 2, 3, 4), (5, 7, 4, 6), "fb"),
        ("f32_3d_pads_gt_dim", (2, 2, 3), (6, 4, 5, 3), "b"),
        ("f32_4d_1x1", (2, 3, 1, 1), (2, 3, 1, 4), "fb"),
        ("f32_3d_1x1", (3, 1, 1), (3, 0, 2, 5), "fb"),
        ("f32_3d_1x1_zero_pads", (2, 1, 1), (0, 0, 0, 0), "b"),
        ("f32_4d_1xw", (1, 2, 1, 5), (2, 1, 3, 3), "b"),
        ("f32_4d_neg_and_gt_dim", (1, 2, 4, 5), (-4, 9, 6, -2), "fb"),
        # a crop larger than the dimension: PyTorch 1.13 accepts it
        ("f32_4d_crop_past_edge", (1, 1, 3, 5), (-6, 3, 0, 0), "fb"),
        ("f16_4d_1x1", (1, 2, 1, 1), (3, 2, 2, 3), "b"),
        ("bf16_4d_1x1", (1, 2, 1, 1), (3, 2, 2, 3), "b"),
        ("f16_4d_pads_gt_dim", (1, 2, 3, 2), (4, 3, 5, 4), "b"),
        ("bf16_4d_pads_gt_dim", (1, 2, 3, 2), (4, 3, 5, 4), "b"),
        ("c64_4d_1x1", (1, 2, 1, 1), (3, 2, 2, 3), "b"),
        ("c64_3d_pads_gt_dim", (2, 2, 3), (6, 4, 5, 3), "b"),
        ("f64_4d_1x1", (1, 2, 1, 1), (3, 2, 2, 3), "b"),
        ("i32_4d_pads_gt_dim", (1, 2, 3, 2), (4, 3, 5, 4), "f"),
    ],
}


def geometries(mode, direction):
    """(name, self shape, padding) of mode's cases that direction ("f" or "b") tests, in file order."""
    return [row[:3] for row in BOTH_MODES + OWN_MODE[mode] if direction in row[3]]


def pad_index(o, p, S, mode):
    """docs/ops (the pads): where padded coordinate o (pad p before, input size S) copies from, for
    mode 'reflect' or 'replicate'."""
    assert mode in ("reflect", "replicate"), mode
    i = o - p
    if mode == "replicate":
        return min(max(i, 0), S - 1)
    if i < 0:
        return -i
    if i >= S:
        return 2 * (S - 1) - i
    return i


def copies(H, W, pad, mode):
    """docs/ops's index map of an H x W plane: every padded position (oh, ow) with the input position
    (ih, iw) it copies, row by row. The forward copies along these pairs, the backward sums along them."""
    l, r, t, b = pad
    for oh in range(H + t + b):
        ih = pad_index(oh, t, H, mode)
        assert 0 <= ih < H
        for ow in range(W + l + r):
            iw = pad_index(ow, l, W, mode)
            assert 0 <= iw < W
            yield oh, ow, ih, iw


# ----------------------------------------------------------------------------------
# ReflectionPad2d / ReplicationPad2d
# ----------------------------------------------------------------------------------

def fwd_ref(x, pad, mode):
    l, r, t, b = pad
    H, W = x.shape[-2], x.shape[-1]
    out = torch.empty(tuple(x.shape[:-2]) + (H + t + b, W + l + r), dtype=x.dtype)
    for oh, ow, ih, iw in copies(H, W, pad, mode):
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


def fwd_case(op, name, shape, pad, dtype, self_t=None):
    mode = mode_of(op)
    g = gen_for(op, name)
    x = rand(shape, dtype, g) if self_t is None else self_t.to(dtype)
    y = torch_pad(x, pad, mode)
    l, r, t, b = pad
    assert tuple(y.shape) == tuple(shape[:-2]) + (shape[-2] + t + b, shape[-1] + l + r), name
    ref = fwd_ref(x, pad, mode)
    assert torch.equal(y, ref), op + "/" + name
    c = Case(op, name)
    c.param("padding", *pad)
    c.tensor("self", x)
    c.tensor("out", y)
    return c


def fwd_cases(op):
    # The CANN docs' example: 3x3 of 0..8, padding 2 on each side.
    cs = [fwd_case(op, "cann_sample", (1, 1, 3, 3), (2, 2, 2, 2), f32, self_t=torch.arange(9.0).view(1, 1, 3, 3))]
    if mode_of(op) == "reflect":
        assert cs[-1].tensors[1][3][:7] == [8.0, 7.0, 6.0, 7.0, 8.0, 7.0, 6.0]
    else:
        assert cs[-1].tensors[1][3][:7] == [0.0, 0.0, 0.0, 1.0, 2.0, 2.0, 2.0]
    for name, shape, pad in geometries(mode_of(op), "f"):
        cs.append(fwd_case(op, name, shape, pad, dtype_of(name)))
    return cs


# ----------------------------------------------------------------------------------
# ReflectionPad2dBackward / ReplicationPad2dBackward
# ----------------------------------------------------------------------------------

def bwd_ref(gout, in_shape, pad, mode):
    H, W = in_shape[-2], in_shape[-1]
    go = gout.detach().to(c128 if gout.is_complex() else f64).numpy()
    gi = np.zeros(tuple(go.shape[:-2]) + (H, W), dtype=go.dtype)
    for oh, ow, ih, iw in copies(H, W, pad, mode):
        gi[..., ih, iw] += go[..., oh, ow]
    return torch.from_numpy(gi)


def bwd_case(op, name, shape, pad, dtype, self_t=None, gout_t=None):
    mode = mode_of(op)
    aten_bw = (torch.ops.aten.reflection_pad2d_backward if mode == "reflect"
               else torch.ops.aten.replication_pad2d_backward)
    g = gen_for(op, name)
    shape = tuple(shape)
    l, r, t, b = pad
    oshape = shape[:-2] + (shape[-2] + t + b, shape[-1] + l + r)
    assert oshape[-1] >= 1 and oshape[-2] >= 1
    self_ = rand(shape, dtype, g) if self_t is None else self_t.to(dtype)
    gout = rand(oshape, dtype, g) if gout_t is None else gout_t.to(dtype)
    cdt = compute_dtype(dtype)
    x = self_.to(cdt).requires_grad_()
    y = F.pad(x, list(pad), mode=mode)
    assert y.shape == oshape, (y.shape, oshape)
    y.backward(gout.to(cdt))
    gin = x.grad
    gin2 = aten_bw(gout.to(cdt), self_.to(cdt), list(pad))
    assert torch.equal(gin, gin2), name
    assert_close(gin, bwd_ref(gout, shape, pad, mode), *TOL[cdt], what=op + "/" + name)
    c = Case(op, name)
    c.param("padding", *pad)
    c.tensor("gradOutput", gout)
    c.tensor("self", self_)
    c.tensor("gradInput", gin.to(dtype))
    return c


def bwd_cases(op):
    cs = []
    if mode_of(op) == "reflect":
        ones = torch.ones(1, 1, 4, 4)
        cs.append(bwd_case(op, "cann_sample", (1, 1, 2, 2), (1, 1, 1, 1), f32,
                           self_t=torch.arange(1.0, 5.0).view(1, 1, 2, 2), gout_t=ones))
        assert cs[-1].tensors[2][3] == [4.0, 4.0, 4.0, 4.0]
    for name, shape, pad in geometries(mode_of(op), "b"):
        cs.append(bwd_case(op, name, shape, pad, dtype_of(name, FLOATS)))
    return cs


# The .golden files this module writes: (file name, case maker, comment lines), each direction in each mode.
MODES = (("reflect", "reflection_pad2d"), ("replicate", "replication_pad2d"))
FILES = [(op, lambda op=op: fwd_cases(op), [
    "out: torch.nn.functional.pad(mode='%s') for float32/float64/complex; for the dtypes PyTorch 1.13 CPU" % mode,
    "does not pad (integers, bool, float16, bfloat16) PyTorch's index map (F.pad of the flat positions) applied",
    "as a gather. A copy: every value is exact.",
]) for mode, op in MODES] + [(op + "_backward", lambda op=op: bwd_cases(op + "_backward"), [
    "gradInput: autograd through torch.nn.functional.pad(mode='%s'), equal to aten::%s_backward." % (mode, op),
    "float16/bfloat16: PyTorch 1.13 CPU has no Half/BFloat16 %s; computed in float32 from the exact" % op,
    "inputs and rounded to the dtype once.",
]) for mode, op in MODES]
