"""Golden data of pad2d_backward: PyTorch references and the checks against an independent implementation."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, TOL, torch, np, ...)

# ----------------------------------------------------------------------------------
# ReflectionPad2dBackward / ReplicationPad2dBackward
# ----------------------------------------------------------------------------------

def pad_ref(gout, in_shape, pad, mode):
    l, r, t, b = pad
    H, W = in_shape[-2], in_shape[-1]
    go = gout.detach().to(c128 if gout.is_complex() else f64).numpy()
    lead = go.shape[:-2]
    gi = np.zeros(tuple(lead) + (H, W), dtype=go.dtype)
    for oh in range(go.shape[-2]):
        ih = pad_index(oh, t, H, mode)
        assert 0 <= ih < H
        for ow in range(go.shape[-1]):
            iw = pad_index(ow, l, W, mode)
            assert 0 <= iw < W
            gi[..., ih, iw] += go[..., oh, ow]
    return torch.from_numpy(gi)


def pad_case(op, name, shape, pad, dtype, self_t=None, gout_t=None):
    mode = "reflect" if op.startswith("reflection") else "replicate"
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
    assert_close(gin, pad_ref(gout, shape, pad, mode), *TOL[cdt], what=op + "/" + name)
    c = Case(op, name)
    c.param("padding", *pad)
    c.tensor("gradOutput", gout)
    c.tensor("self", self_)
    c.tensor("gradInput", gin.to(dtype))
    return c


def pad_cases(op):
    refl = op.startswith("reflection")
    cs = []
    if refl:
        ones = torch.ones(1, 1, 4, 4)
        cs.append(pad_case(op, "cann_sample", (1, 1, 2, 2), (1, 1, 1, 1), f32,
                           self_t=torch.arange(1.0, 5.0).view(1, 1, 2, 2), gout_t=ones))
        assert cs[-1].tensors[2][3] == [4.0, 4.0, 4.0, 4.0]
    common = [
        # name, shape, pad
        ("f32_3d_zero_pads", (3, 4, 5), (0, 0, 0, 0)),
        ("f32_3d_asym", (2, 5, 6), (1, 3, 0, 2)),
        ("f32_4d_asym", (2, 2, 4, 5), (3, 1, 2, 3)),
        ("f32_4d_w_only", (2, 2, 4, 6), (2, 1, 0, 0)),
        ("f32_4d_h_only", (1, 3, 6, 4), (0, 0, 3, 1)),
        ("f32_4d_medium", (1, 2, 7, 8), (3, 5, 4, 2)),
        ("f32_4d_n3", (3, 1, 4, 3), (1, 2, 2, 1)),
        ("f32_3d_wide", (1, 3, 17), (2, 16, 2, 1)),
        ("f32_4d_h1", (2, 3, 1, 6), (2, 3, 0, 0)),
        ("f32_4d_neg_mixed", (1, 2, 6, 7), (-1, 2, 1, -2)),
        ("f32_4d_neg_all", (2, 2, 6, 7), (-2, -1, -1, -3)),
        ("f32_3d_neg_mixed", (3, 5, 4), (2, -1, -2, 3)),
        ("f64_3d_asym", (2, 4, 5), (1, 2, 3, 0)),
        ("f64_4d_asym", (1, 2, 4, 5), (2, 0, 1, 3)),
        ("f64_4d_neg", (1, 2, 5, 6), (-2, 1, 2, -1)),
        ("f16_3d_asym", (2, 4, 5), (1, 2, 3, 0)),
        ("f16_4d_asym", (1, 2, 4, 5), (3, 1, 2, 2)),
        ("f16_4d_neg", (1, 2, 5, 6), (-1, 2, 1, -2)),
        ("bf16_3d_asym", (2, 4, 5), (1, 2, 3, 0)),
        ("bf16_4d_asym", (1, 2, 4, 5), (3, 1, 2, 2)),
        ("bf16_4d_neg", (1, 2, 5, 6), (-1, 2, 1, -2)),
        ("c64_3d_asym", (2, 4, 5), (1, 2, 3, 0)),
        ("c64_4d_asym", (1, 2, 4, 5), (3, 1, 2, 2)),
        ("c64_4d_neg", (1, 2, 5, 6), (-1, 2, 1, -2)),
        ("c128_4d_asym", (1, 2, 4, 5), (2, 1, 0, 3)),
    ]
    if refl:
        common += [
            ("f32_4d_max_pads", (2, 2, 4, 5), (4, 4, 3, 3)),       # pad = dim-1 both sides
            ("f32_3d_max_pads_2x2", (1, 2, 2), (1, 1, 1, 1)),
            ("f32_3d_max_pads_3x7", (2, 3, 7), (6, 6, 2, 2)),
            ("f32_4d_1x1_zero_pads", (2, 3, 1, 1), (0, 0, 0, 0)),
            # a left crop with a right pad that reflects back into the cropped columns
            ("f32_4d_reflect_into_crop", (1, 2, 3, 5), (-3, 4, -1, 2)),
            # a crop larger than the dimension, PyTorch 1.13 accepts it (pad < dim holds)
            ("f32_4d_crop_past_edge", (1, 1, 3, 5), (-6, 3, 0, 0)),
            ("f16_4d_max_pads", (1, 2, 3, 4), (3, 3, 2, 2)),
            ("bf16_4d_max_pads", (1, 2, 3, 4), (3, 3, 2, 2)),
            ("c64_4d_max_pads", (1, 2, 3, 4), (3, 3, 2, 2)),
            ("f64_4d_max_pads", (1, 2, 3, 4), (3, 3, 2, 2)),
        ]
    else:
        common += [
            ("f32_4d_pads_gt_dim", (1, 2, 3, 4), (5, 7, 4, 6)),
            ("f32_3d_pads_gt_dim", (2, 2, 3), (6, 4, 5, 3)),
            ("f32_4d_1x1", (2, 3, 1, 1), (2, 3, 1, 4)),
            ("f32_3d_1x1", (3, 1, 1), (3, 0, 2, 5)),
            ("f32_3d_1x1_zero_pads", (2, 1, 1), (0, 0, 0, 0)),
            ("f32_4d_1xw", (1, 2, 1, 5), (2, 1, 3, 3)),
            ("f32_4d_neg_and_gt_dim", (1, 2, 4, 5), (-4, 9, 6, -2)),
            # a crop larger than the dimension: PyTorch 1.13 accepts it
            ("f32_4d_crop_past_edge", (1, 1, 3, 5), (-6, 3, 0, 0)),
            ("f16_4d_1x1", (1, 2, 1, 1), (3, 2, 2, 3)),
            ("bf16_4d_1x1", (1, 2, 1, 1), (3, 2, 2, 3)),
            ("f16_4d_pads_gt_dim", (1, 2, 3, 2), (4, 3, 5, 4)),
            ("bf16_4d_pads_gt_dim", (1, 2, 3, 2), (4, 3, 5, 4)),
            ("c64_4d_1x1", (1, 2, 1, 1), (3, 2, 2, 3)),
            ("c64_3d_pads_gt_dim", (2, 2, 3), (6, 4, 5, 3)),
            ("f64_4d_1x1", (1, 2, 1, 1), (3, 2, 2, 3)),
        ]
    for name, shape, pad in common:
        cs.append(pad_case(op, name, shape, pad, dtype_of(name, ("f32", "f64", "f16", "bf16", "c64", "c128"))))
    return cs


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("reflection_pad2d_backward", lambda: pad_cases("reflection_pad2d_backward"), [
        "gradInput: autograd through torch.nn.functional.pad(mode='reflect'), equal to aten::reflection_pad2d_backward.",
        "float16/bfloat16: PyTorch 1.13 CPU has no Half/BFloat16 reflection_pad2d; computed in float32 from the exact",
        "inputs and rounded to the dtype once.",
    ]),
    ("replication_pad2d_backward", lambda: pad_cases("replication_pad2d_backward"), [
        "gradInput: autograd through torch.nn.functional.pad(mode='replicate'), equal to aten::replication_pad2d_backward.",
        "float16/bfloat16: PyTorch 1.13 CPU has no Half/BFloat16 replication_pad2d; computed in float32 from the exact",
        "inputs and rounded to the dtype once.",
    ]),
]
