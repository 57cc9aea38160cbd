"""Golden data of Im2col (forward): PyTorch's F.unfold, checked against an independent implementation of
the docs/ops formula; out of another dtype: F.unfold, then PyTorch's .to(out dtype)."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

# PyTorch 1.13 CPU unfolds only floating and complex dtypes.
NATIVE = (f32, f64, f16, bf16, c64)


def unfold_ref(x, k, d, p, s):
    """docs/ops: out[n, (c*kh + i)*kw + j, oh*L1 + ow] = x[n, c, oh*sh - ph + i*dh, ow*sw - pw + j*dw], 0 outside."""
    N, C, H, W = x.shape
    L0 = window_count(H, k[0], d[0], p[0], s[0])
    L1 = window_count(W, k[1], d[1], p[1], s[1])
    out = torch.zeros((N, C * k[0] * k[1], L0 * L1), dtype=x.dtype)
    for c in range(C):
        for i in range(k[0]):
            for j in range(k[1]):
                row = (c * k[0] + i) * k[1] + j
                for oh in range(L0):
                    h = oh * s[0] - p[0] + i * d[0]
                    for ow in range(L1):
                        w = ow * s[1] - p[1] + j * d[1]
                        if 0 <= h < H and 0 <= w < W:
                            out[:, row, oh * L1 + ow] = x[:, c, h, w]
    return out


def torch_unfold(x, k, d, p, s):
    """F.unfold itself for the dtypes PyTorch unfolds; otherwise PyTorch's own index map (F.unfold of the
    positions + 1, in float64, exact; 0 marks the padding) applied as a gather: still a copy."""
    if x.dtype in NATIVE:
        return F.unfold(x, k, dilation=d, padding=p, stride=s)
    N, C, H, W = x.shape
    pos = (torch.arange(C * H * W, dtype=f64) + 1).view(1, C, H, W)
    idx = F.unfold(pos, k, dilation=d, padding=p, stride=s).long()[0]
    flat = torch.cat([torch.zeros((N, 1), dtype=x.dtype), x.reshape(N, C * H * W)], dim=1)
    return flat[:, idx.reshape(-1)].reshape((N,) + tuple(idx.shape))


def im2col_case(name, N, C, H, W, k, d, p, s, dtype, out_dtype=None, self_t=None):
    """N None: 3-D self (C, H, W) -> 2-D out."""
    op = "im2col"
    g = gen_for(op, name)
    out_dtype = dtype if out_dtype is None else out_dtype
    shape = (C, H, W) if N is None else (N, C, H, W)
    x = rand(shape, dtype, g) if self_t is None else self_t.to(dtype)
    x4 = x.unsqueeze(0) if N is None else x
    y = torch_unfold(x4, k, d, p, s)
    assert torch.equal(y, unfold_ref(x4, k, d, p, s)), op + "/" + name
    y = y.to(out_dtype)
    if N is None:
        y = y[0]
    c = Case(op, name)
    window_params(c, k, d, p, s)
    c.tensor("self", x)
    c.tensor("out", y)
    return c


def im2col_backward_cases():
    cs = []
    # The CANN docs' example: self (2, 2, 3) = 0..11, kernel 2x2, dilation 1, padding 1, stride 2 -> (8, 4).
    c = im2col_case("cann_sample", None, 2, 2, 3, (2, 2), (1, 1), (1, 1), (2, 2), f32,
                    self_t=torch.arange(12.0).view(2, 2, 3))
    assert c.tensors[1][2] == [8, 4], c.tensors[1][2]
    cs.append(c)
    specs = [
        # name, N, C, H, W, kernel, dilation, padding, stride
        ("f32_3d_basic", None, 2, 5, 6, (2, 3), (1, 1), (0, 0), (1, 1)),
        ("f32_4d_basic", 2, 2, 5, 4, (3, 2), (1, 1), (1, 0), (1, 1)),
        ("f32_4d_k3p1", 2, 3, 6, 7, (3, 3), (1, 1), (1, 1), (1, 1)),
        ("f32_3d_kernel_1x1", None, 3, 3, 4, (1, 1), (1, 1), (0, 0), (1, 1)),
        ("f32_3d_kernel_gt_image", None, 2, 2, 3, (4, 5), (1, 1), (2, 2), (1, 1)),
        ("f32_4d_stride_gt_kernel", 2, 2, 9, 10, (2, 2), (1, 1), (0, 0), (3, 4)),
        ("f32_4d_stride_pad", 2, 2, 8, 7, (2, 3), (1, 1), (1, 2), (4, 5)),
        ("f32_3d_dilation", None, 2, 7, 8, (3, 2), (2, 3), (1, 2), (1, 2)),
        ("f32_4d_nonsquare_all", 2, 2, 8, 11, (2, 3), (2, 1), (1, 2), (2, 3)),
        ("f32_4d_big_pad", 1, 2, 3, 3, (2, 2), (1, 1), (3, 2), (1, 1)),
        ("f64_4d_nonsquare_all", 2, 2, 8, 11, (2, 3), (2, 1), (1, 2), (2, 3)),
        ("f16_4d_k3p1", 1, 2, 6, 5, (3, 3), (1, 1), (1, 1), (1, 1)),
        ("bf16_3d_dilation", None, 2, 7, 8, (3, 2), (2, 3), (1, 2), (1, 2)),
        ("c64_4d_stride_pad", 1, 2, 6, 7, (2, 3), (1, 1), (1, 2), (2, 2)),
        ("c64_3d_basic", None, 2, 4, 5, (2, 2), (1, 1), (1, 0), (1, 1)),
        ("i8_4d_k3p1", 1, 2, 5, 6, (3, 3), (1, 1), (1, 1), (1, 1)),
        ("u8_3d_stride", None, 2, 6, 5, (2, 2), (1, 1), (1, 1), (2, 2)),
        ("i16_4d_dilation", 1, 2, 7, 6, (2, 2), (2, 2), (1, 0), (1, 1)),
        ("i32_4d_basic", 2, 1, 4, 5, (2, 3), (1, 1), (1, 1), (1, 2)),
        ("i64_3d_k3p1", None, 2, 5, 5, (3, 3), (1, 1), (1, 1), (1, 1)),
        ("bool_4d_k3p1", 1, 2, 4, 5, (3, 3), (1, 1), (1, 1), (1, 1)),
    ]
    for name, N, C, H, W, k, d, p, s in specs:
        cs.append(im2col_case(name, N, C, H, W, k, d, p, s, dtype_of(name)))
    # self and out of different dtypes: the copy, then PyTorch's cast (rounding once)
    cs.append(im2col_case("cast_f32_to_f16", 1, 2, 5, 6, (3, 2), (1, 1), (1, 1), (1, 1), f32, out_dtype=f16))
    cs.append(im2col_case("cast_f64_to_bf16", None, 2, 5, 4, (2, 2), (1, 1), (0, 1), (1, 1), f64, out_dtype=bf16))
    cs.append(im2col_case("cast_f16_to_f32", 1, 2, 5, 6, (3, 2), (1, 1), (1, 1), (1, 1), f16, out_dtype=f32))
    cs.append(im2col_case("cast_i32_to_f32", 1, 2, 4, 4, (2, 2), (1, 1), (1, 1), (1, 1), torch.int32,
                          out_dtype=f32))
    cs.append(im2col_case("cast_f32_to_c64", None, 2, 4, 4, (2, 2), (1, 1), (1, 1), (2, 1), f32, out_dtype=c64))
    cs.append(im2col_case("cast_bool_to_i64", 1, 1, 4, 5, (2, 2), (1, 1), (1, 1), (1, 1), torch.bool,
                          out_dtype=torch.int64))
    return cs


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("im2col", im2col_backward_cases, [
        "out: torch.nn.functional.unfold (aten::im2col) for floating and complex dtypes; for the dtypes PyTorch 1.13",
        "CPU does not unfold (integers, bool) PyTorch's index map (F.unfold of the positions) applied as a gather.",
        "cast_* cases: out = unfold(self).to(out dtype). A copy: every value is exact.",
    ]),
]
