"""Golden data of im2col_backward: PyTorch references and the checks against an independent implementation."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, TOL, torch, np, ...)

# ----------------------------------------------------------------------------------
# Im2colBackward (col2im, F.fold)
# ----------------------------------------------------------------------------------

def fold_ref(gout, N, C, inputSize, k, d, p, s):
    H, W = inputSize
    L0 = window_count(H, k[0], d[0], p[0], s[0])
    L1 = window_count(W, k[1], d[1], p[1], s[1])
    go = gout.detach().to(f64).numpy().reshape(N, C * k[0] * k[1], L0 * L1)
    out = np.zeros((N, C, H, W))
    for c in range(C):
        for ki in range(k[0]):
            for kj in range(k[1]):
                row = c * k[0] * k[1] + ki * k[1] + kj
                for oh in range(L0):
                    h = oh * s[0] - p[0] + ki * d[0]
                    if not 0 <= h < H:
                        continue
                    for ow in range(L1):
                        w = ow * s[1] - p[1] + kj * d[1]
                        if 0 <= w < W:
                            out[:, c, h, w] += go[:, row, oh * L1 + ow]
    return torch.from_numpy(out)


def fold_case(name, N, C, inputSize, k, d, p, s, dtype, out_dtype=None, gout_t=None):
    """N None: 2-D gradOutput (C*kh*kw, L) -> out (C, H, W)."""
    op = "im2col_backward"
    g = gen_for(op, name)
    out_dtype = dtype if out_dtype is None else out_dtype
    H, W = inputSize
    L0 = window_count(H, k[0], d[0], p[0], s[0])
    L1 = window_count(W, k[1], d[1], p[1], s[1])
    assert L0 >= 1 and L1 >= 1
    gshape = (C * k[0] * k[1], L0 * L1) if N is None else (N, C * k[0] * k[1], L0 * L1)
    gout = rand(gshape, dtype, g) if gout_t is None else gout_t.to(dtype)
    cdt = f64 if dtype == f64 else f32  # fp16/bf16: fp32 from the exact inputs
    out = F.fold(gout.to(cdt), output_size=inputSize, kernel_size=k, dilation=d, padding=p, stride=s)
    oshape = (C, H, W) if N is None else (N, C, H, W)
    assert tuple(out.shape) == oshape
    ref = fold_ref(gout, 1 if N is None else N, C, inputSize, k, d, p, s).view(oshape)
    assert_close(out, ref, *TOL[cdt], what=op + "/" + name)
    if dtype in LOWP:
        native = F.fold(gout, output_size=inputSize, kernel_size=k, dilation=d, padding=p, stride=s)
        note_native_differs("im2col_backward/%s: native %s F.fold" % (name, DTYPE_NAMES[dtype]),
                            native.to(out_dtype), out.to(out_dtype))
    c = Case(op, name)
    c.param("inputSize", *inputSize)
    window_params(c, k, d, p, s)
    c.tensor("gradOutput", gout)
    c.tensor("out", out.to(out_dtype))
    return c


def fold_cases():
    cs = []
    sample = torch.arange(8, dtype=f64) + 0.1
    c = fold_case("cann_sample", None, 1, (1, 1), (2, 2), (1, 1), (1, 1), (1, 2), f32,
                  gout_t=sample.view(4, 2))
    assert abs(c.tensors[1][3][0] - 9.2) < 1e-5, c.tensors[1][3]
    cs.append(c)
    specs = [
        # name, N, C, inputSize, kernel, dilation, padding, stride
        ("f32_2d_basic", None, 2, (5, 6), (2, 3), (1, 1), (0, 0), (1, 1)),
        ("f32_3d_basic", 2, 2, (5, 4), (3, 2), (1, 1), (1, 0), (1, 1)),
        ("f32_3d_n1_c1", 1, 1, (4, 4), (3, 3), (1, 1), (1, 1), (1, 1)),
        ("f32_2d_kernel_1x1", None, 3, (3, 4), (1, 1), (1, 1), (0, 0), (1, 1)),
        ("f32_2d_kernel_gt_image", None, 2, (2, 3), (4, 5), (1, 1), (2, 2), (1, 1)),
        ("f32_3d_kernel_gt_image", 2, 1, (1, 2), (3, 4), (1, 1), (2, 3), (1, 2)),
        ("f32_2d_stride_gt_kernel", None, 2, (9, 10), (2, 2), (1, 1), (0, 0), (3, 4)),
        ("f32_3d_stride_gt_kernel_pad", 2, 2, (8, 7), (2, 3), (1, 1), (1, 2), (4, 5)),
        ("f32_2d_dilation", None, 2, (7, 8), (3, 2), (2, 3), (1, 2), (1, 2)),
        ("f32_3d_dilation_stride", 2, 2, (9, 8), (2, 3), (3, 2), (2, 1), (2, 3)),
        ("f32_3d_nonsquare_all", 2, 2, (8, 11), (2, 3), (2, 1), (1, 2), (2, 3)),
        ("f32_3d_big_pad", 1, 2, (3, 3), (2, 2), (1, 1), (3, 2), (1, 1)),
        ("f32_3d_medium", 1, 2, (6, 6), (3, 3), (1, 1), (1, 1), (1, 1)),
        ("f64_2d_dilation", None, 2, (7, 8), (3, 2), (2, 3), (1, 2), (1, 2)),
        ("f64_3d_nonsquare_all", 2, 2, (8, 11), (2, 3), (2, 1), (1, 2), (2, 3)),
        ("f16_2d_basic", None, 2, (5, 6), (2, 3), (1, 1), (0, 0), (1, 1)),
        ("f16_3d_nonsquare_all", 2, 2, (8, 11), (2, 3), (2, 1), (1, 2), (2, 3)),
        ("f16_3d_kernel_gt_image", 1, 2, (2, 3), (4, 5), (1, 1), (2, 2), (1, 1)),
        ("bf16_2d_basic", None, 2, (5, 6), (2, 3), (1, 1), (0, 0), (1, 1)),
        ("bf16_3d_nonsquare_all", 2, 2, (8, 11), (2, 3), (2, 1), (1, 2), (2, 3)),
        ("bf16_3d_kernel_gt_image", 1, 2, (2, 3), (4, 5), (1, 1), (2, 2), (1, 1)),
    ]
    for name, N, C, ins, k, d, p, s in specs:
        dtype = dtype_of(name, ("f32", "f64", "f16", "bf16"))
        cs.append(fold_case(name, N, C, ins, k, d, p, s, dtype))
    # gradOutput and out of different dtypes: computed in fp32, cast to out's dtype once
    cs.append(fold_case("cast_f16_to_f32", 1, 2, (6, 5), (3, 2), (1, 1), (1, 1), (1, 1), f16, out_dtype=f32))
    cs.append(fold_case("cast_f32_to_bf16", 1, 2, (6, 5), (3, 2), (1, 1), (1, 1), (1, 1), f32, out_dtype=bf16))
    cs.append(fold_case("cast_bf16_to_f16", None, 2, (5, 4), (2, 2), (1, 1), (0, 1), (1, 1), bf16, out_dtype=f16))
    return cs


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("im2col_backward", fold_cases, [
        "out: torch.nn.functional.fold (aten::col2im). float16/bfloat16 gradOutput: fold in float32 from the exact",
        "inputs, cast to out's dtype once. cast_* cases: gradOutput and out dtypes differ.",
    ]),
]
