"""Golden data of max_unpool2d_backward: PyTorch references and the checks against an independent implementation."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, TOL, torch, np, ...)

# ----------------------------------------------------------------------------------
# MaxUnpool2dBackward
# ----------------------------------------------------------------------------------

def unpool_case(name, self_shape, outputSize, dtype, idx_dtype, out_dtype=None,
                gout_t=None, idx_t=None, self_t=None):
    op = "max_unpool2d_backward"
    g = gen_for(op, name)
    out_dtype = dtype if out_dtype is None else out_dtype
    self_shape = tuple(self_shape)
    oH, oW = outputSize
    gshape = self_shape[:-2] + (oH, oW)
    gout = rand(gshape, dtype, g, scale=4.0) if gout_t is None else gout_t.to(dtype)
    idx = (torch.randint(0, oH * oW, self_shape, generator=g) if idx_t is None else idx_t).to(idx_dtype)
    self_ = rand(self_shape, dtype, g) if self_t is None else self_t.to(dtype)
    out = gout.flatten(-2).gather(-1, idx.to(i64).flatten(-2)).view(self_shape)
    # cross-check with autograd through aten::max_unpool2d where it is differentiable
    if dtype in (f32, f64):
        x = self_.clone().requires_grad_()
        y = torch.ops.aten.max_unpool2d(x, idx.to(i64), list(outputSize))
        assert tuple(y.shape) == gshape
        y.backward(gout)
        assert torch.equal(torch.nan_to_num(x.grad, nan=0.5), torch.nan_to_num(out, nan=0.5)), name
    # plain-Python gather
    go = gout.flatten(-2).reshape(-1, oH * oW).tolist()
    ix = idx.flatten(-2).reshape(-1, self_shape[-2] * self_shape[-1]).tolist()
    ref = [[row[j] for j in irow] for row, irow in zip(go, ix)]
    flat = out.reshape(len(ref), -1).tolist()
    for a, b in zip(flat, ref):
        for u, v in zip(a, b):
            assert u == v or (u != u and v != v)
    c = Case(op, name)
    c.param("outputSize", *outputSize)
    c.tensor("gradOutput", gout)
    c.tensor("self", self_)
    c.tensor("indices", idx)
    c.tensor("out", out.to(out_dtype))
    return c


def unpool_cases():
    cs = []
    c = unpool_case("cann_sample", (1, 3, 2, 2), (3, 1), f32, i32,
                    gout_t=torch.arange(9.0).view(1, 3, 3, 1),
                    idx_t=torch.tensor([0, 1, 2, 1, 2, 0, 1, 1, 1, 0, 0, 0]).view(1, 3, 2, 2),
                    self_t=torch.ones(1, 3, 2, 2))
    assert c.tensors[3][3] == [0, 1, 2, 1, 5, 3, 4, 4, 7, 6, 6, 6]
    cs.append(c)
    specs = [
        # name, self shape, outputSize, dtype, indices dtype
        ("f32_4d_i64_larger", (2, 3, 3, 4), (6, 8), f32, i64),
        ("f32_4d_i32_larger", (2, 2, 4, 3), (5, 7), f32, i32),
        ("f32_3d_i32_smaller", (3, 4, 5), (3, 3), f32, i32),
        ("f32_3d_i64_smaller", (2, 5, 4), (2, 3), f32, i64),
        ("f32_4d_i64_output_1x1", (2, 2, 3, 3), (1, 1), f32, i64),
        ("f32_4d_i32_same_size", (1, 3, 4, 4), (4, 4), f32, i32),
        ("f32_4d_i64_medium", (2, 4, 8, 8), (16, 16), f32, i64),
        ("f64_4d_i64_larger", (2, 2, 3, 3), (5, 6), f64, i64),
        ("f64_3d_i32_smaller", (2, 4, 4), (3, 2), f64, i32),
        ("f16_4d_i32_larger", (2, 2, 3, 3), (5, 6), f16, i32),
        ("f16_3d_i64_smaller", (2, 4, 4), (3, 2), f16, i64),
        ("bf16_4d_i64_larger", (2, 2, 3, 3), (5, 6), bf16, i64),
        ("bf16_3d_i32_smaller", (2, 4, 4), (3, 2), bf16, i32),
        ("i32_4d_i32_larger", (2, 2, 3, 3), (5, 6), i32, i32),
        ("i64_4d_i64_larger", (2, 2, 3, 3), (5, 6), i64, i64),
        ("i64_3d_i32_smaller", (2, 4, 4), (3, 2), i64, i32),
        ("i8_4d_i64_larger", (2, 2, 3, 3), (5, 6), torch.int8, i64),
        ("u8_3d_i32_smaller", (2, 4, 4), (3, 2), torch.uint8, i32),
        ("u8_4d_i64_larger", (1, 3, 3, 3), (4, 5), torch.uint8, i64),
        ("i16_4d_i32_larger", (2, 2, 3, 3), (5, 6), torch.int16, i32),
        ("i16_3d_i64_smaller", (2, 4, 4), (3, 2), torch.int16, i64),
        ("bool_4d_i64_larger", (2, 2, 3, 3), (5, 6), torch.bool, i64),
    ]
    for name, shape, osz, dt, it in specs:
        cs.append(unpool_case(name, shape, osz, dt, it))
    # non-finite values propagate unchanged through the gather
    nf = torch.tensor([float("nan"), float("inf"), -float("inf"), -0.0, 1.5, -2.25,
                       3.0, float("nan"), 65504.0, 1e-30, -1e30, 0.0]).view(1, 2, 2, 3)
    cs.append(unpool_case("f32_4d_i64_nonfinite", (1, 2, 3, 2), (2, 3), f32, i64, gout_t=nf))
    # out in another dtype than gradOutput: out = cast(gathered value)
    cs.append(unpool_case("cast_i16_to_f32", (2, 2, 3, 3), (4, 4), torch.int16, i32, out_dtype=f32))
    cs.append(unpool_case("cast_f64_to_f32", (2, 3, 3), (3, 4), f64, i64, out_dtype=f32))
    cs.append(unpool_case("cast_f32_to_f16", (1, 2, 3, 3), (4, 3), f32, i32, out_dtype=f16))
    return cs


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("max_unpool2d_backward", unpool_cases, [
        "out = gradOutput.flatten(-2).gather(-1, indices.flatten(-2)), cast to out's dtype; float32/float64 cases",
        "also checked equal to autograd through aten::max_unpool2d. self holds arbitrary values (unused by the math).",
    ]),
]
