"""Golden data of UpsampleNearest2d and its backward: PyTorch's upsample_nearest2d (legacy 'nearest') and
upsample_nearest2d_backward, checked against an independent plain-Python gather and sum that take the
source index as PyTorch's CPU kernel does (nearest_idx: a copy for equal sizes, o >> 1 for twice the size,
else floor((float)o * scale) in float32; docs/ops/upsample_nearest2d.md)."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

OP = "upsample_nearest2d"
BACKWARD = "upsample_nearest2d_backward"


def src_index(o, n_in, n_out, scales=0.0, shortcuts=True):
    """shortcuts: nearest_idx's (the backward and the channels-last forward); PyTorch's channels-first
    forward takes the float formula alone."""
    if shortcuts and n_out == n_in:
        return o
    if shortcuts and n_out == 2 * n_in:
        return o >> 1
    if scales > 0:
        scale = np.float32(1.0 / scales)
    else:
        scale = np.float32(n_in) / np.float32(n_out)
    return min(int(math.floor(np.float32(o) * scale)), n_in - 1)


def to_layout(t, nhwc):
    """An (N, C, H, W) tensor as stored in the case's layout."""
    return t.permute(0, 2, 3, 1).contiguous() if nhwc else t


def forward_case(name, nchw, size, nhwc, scales=None, op=OP):
    """scales: V2's (scalesH, scalesW) as float32 values, passed to PyTorch as its optional doubles."""
    g = gen_for(op, name)
    dtype = dtype_of(name)
    N, C, H, W = nchw
    x = rand(nchw, dtype, g, scale=4.0)
    sh, sw = (0.0, 0.0) if scales is None else (float(np.float32(scales[0])), float(np.float32(scales[1])))
    # PyTorch 1.13's CPU kernel has no float16: the float32 resize of the exact values (a copy, so exact).
    # NHWC cases give PyTorch a channels-last tensor (its channels-last kernel); NCHW ones a contiguous one,
    # which PyTorch also counts as channels-last where C == 1 or H == W == 1.
    xin = x.to(f32) if dtype == f16 else x
    if nhwc:
        xin = xin.contiguous(memory_format=torch.channels_last)
    y = torch.ops.aten.upsample_nearest2d(xin, list(size), sh if sh > 0 else None,
                                          sw if sw > 0 else None).to(dtype).contiguous()
    OH, OW = size
    shortcuts = nhwc or C == 1 or (H == 1 and W == 1)
    rows = [src_index(o, H, OH, sh, shortcuts) for o in range(OH)]
    cols = [src_index(o, W, OW, sw, shortcuts) for o in range(OW)]
    xs = x.to(f64).tolist() if dtype not in INT_DTYPES else x.tolist()
    ys = y.to(f64).tolist() if dtype not in INT_DTYPES else y.tolist()
    for n in range(N):
        for c in range(C):
            for oh in range(OH):
                for ow in range(OW):
                    assert ys[n][c][oh][ow] == xs[n][c][rows[oh]][cols[ow]], name
    c = Case(op, name)
    c.param("outputSize", *size)
    c.param("nhwc", int(nhwc))
    if scales is not None:
        c.param("scales", sh, sw)
    c.tensor("self", to_layout(x, nhwc))
    c.tensor("out", to_layout(y, nhwc))
    return c


def forward_cases():
    cs = []
    specs = [
        # name (dtype first), (N, C, H, W), outputSize, NHWC
        ("f32_nchw_twice", (1, 2, 3, 4), (6, 8), False),
        ("f32_nhwc_up_odd", (2, 3, 5, 4), (7, 9), True),
        ("f32_nchw_down", (1, 3, 7, 9), (3, 4), False),
        ("f32_nchw_float_index", (1, 1, 3, 2), (123, 5), False),
        ("f64_nchw_up", (1, 2, 4, 3), (7, 5), False),
        ("u8_nhwc_up", (1, 3, 4, 4), (9, 6), True),
        ("bf16_nchw_down_by_two", (2, 2, 6, 8), (3, 2), False),
        ("f16_nhwc_mixed", (1, 2, 5, 6), (8, 4), True),
        ("f32_nchw_same", (2, 2, 3, 3), (3, 3), False),
        ("f32_nhwc_one_pixel", (1, 4, 1, 1), (3, 5), True),
        ("u8_nchw_float_index", (1, 2, 3, 2), (5, 82), False),
        ("f32_nhwc_down", (2, 3, 9, 7), (4, 5), True),
    ]
    for name, nchw, size, nhwc in specs:
        cs.append(forward_case(name, nchw, size, nhwc))
    # The float index: row 41 of 123 comes from row 0, where the exact quotient 41 * 3 / 123 is 1.
    assert src_index(41, 3, 123) == 0 and 41 * 3 // 123 == 1
    return cs


def v2_cases():
    specs = [
        # name, (N, C, H, W), outputSize, NHWC, (scalesH, scalesW)
        ("f32_nchw_scales", (2, 3, 3, 4), (5, 6), False, (1.5, 2.5)),
        ("f32_nhwc_down_scales", (1, 2, 7, 9), (3, 4), True, (0.3, 0.5)),
        ("f32_nchw_twice_scaled", (1, 2, 4, 5), (8, 8), False, (3.0, 1.7)),
        ("f32_nhwc_twice_unused_scale", (1, 2, 4, 5), (8, 8), True, (3.0, 1.7)),
        ("f32_nchw_c1_twice_unused_scale", (1, 1, 4, 5), (8, 5), False, (3.0, 1.7)),
        ("u8_nchw_no_scales", (1, 1, 3, 2), (13, 5), False, (0.0, -1.0)),
        ("bf16_nhwc_same_height", (2, 2, 5, 5), (5, 9), True, (0.5, 1.8)),
        ("f64_nchw_scales", (1, 2, 4, 3), (7, 5), False, (1.75, 1.6)),
    ]
    return [forward_case(name, nchw, size, nhwc, scales, op="upsample_nearest2d_v2")
            for name, nchw, size, nhwc, scales in specs]


def backward_case(name, nchw, size, nhwc, scales=(0.0, 0.0)):
    g = gen_for(BACKWARD, name)
    dtype = dtype_of(name)
    N, C, H, W = nchw
    OH, OW = size
    go = rand((N, C, OH, OW), dtype, g, scale=2.0)
    sh, sw = scales
    native = torch.ops.aten.upsample_nearest2d_backward(go.to(f32) if dtype == f16 else go, list(size), list(nchw),
                                                        sh if sh > 0 else None, sw if sw > 0 else None)
    # Plain Python: each input element's terms, rows in order and each row's columns in order, summed in
    # float32 and rounded once to the dtype (the operator's documented order; PyTorch's for float32).
    rows = [src_index(o, H, OH, sh) for o in range(OH)]
    cols = [src_index(o, W, OW, sw) for o in range(OW)]
    gs = go.to(f64).tolist()
    ref = np.zeros((N, C, H, W), dtype=np.float32)
    for n in range(N):
        for c in range(C):
            for ih in range(H):
                for iw in range(W):
                    s = np.float32(0)
                    for oh in range(OH):
                        if rows[oh] != ih:
                            continue
                        for ow in range(OW):
                            if cols[ow] == iw:
                                s = np.float32(s + np.float32(gs[n][c][oh][ow]))
                    ref[n, c, ih, iw] = s
    ours = torch.from_numpy(ref).to(dtype)
    if dtype == f32:
        assert torch.equal(native, ours), name
    else:
        note_native_differs("%s/%s" % (BACKWARD, name), native.to(dtype), ours)
        assert_close(native.to(f64), ours.to(f64), 4e-2, 4e-2, name)
    c = Case(BACKWARD, name)
    c.param("outputSize", *size)
    c.param("nhwc", int(nhwc))
    c.param("scales", float(sh), float(sw))
    c.tensor("gradOut", to_layout(go, nhwc))
    c.tensor("gradInput", to_layout(ours, nhwc))
    return c


def backward_cases():
    specs = [
        ("f32_nchw_twice", (1, 2, 3, 4), (6, 8), False),
        ("f32_nhwc_up_odd", (2, 3, 5, 4), (7, 9), True),
        ("f32_nchw_down", (1, 3, 7, 9), (3, 4), False),
        ("f32_nchw_float_index", (1, 1, 3, 2), (123, 5), False),
        ("f32_nchw_scales", (1, 2, 4, 5), (8, 8), False, (3.0, 3.0)),
        ("f32_nhwc_scales", (2, 1, 5, 6), (9, 4), True, (1.7, 0.6)),
        ("bf16_nchw_up", (1, 2, 3, 3), (7, 8), False),
        ("f16_nhwc_down", (1, 2, 6, 6), (4, 3), True),
    ]
    return [backward_case(*s) for s in specs]


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("upsample_nearest2d", forward_cases, [
        "out: torch.ops.aten.upsample_nearest2d (legacy 'nearest', no scales); float16, which PyTorch 1.13's CPU",
        "kernel lacks, through float32 (a copy: exact). param nhwc 1: self and out are stored N, H, W, C (the",
        "operator's NHWC format). Every value is exact.",
    ]),
    ("upsample_nearest2d_v2", v2_cases, [
        "out: torch.ops.aten.upsample_nearest2d with scales_h, scales_w (param scales, float32 values as V2 takes",
        "them; 0 or less: none); nhwc as in upsample_nearest2d, and PyTorch given a channels-last tensor there.",
        "Equal and doubled sizes ignore the scale in PyTorch's channels-last kernel (NHWC, or NCHW with C == 1),",
        "not in its channels-first one. Every value is exact.",
    ]),
    ("upsample_nearest2d_backward", backward_cases, [
        "gradInput: each input element's gradOut terms summed in float32, rows then columns in order, rounded once;",
        "for float32 this is torch.ops.aten.upsample_nearest2d_backward bit for bit (checked). bfloat16: PyTorch",
        "1.13 sums in bfloat16 (the notes count the differences); float16 (not in PyTorch 1.13's CPU kernel) from",
        "the exact values. param scales: scalesH, scalesW (0: the sizes' ratio); nhwc as in upsample_nearest2d.",
    ]),
]
