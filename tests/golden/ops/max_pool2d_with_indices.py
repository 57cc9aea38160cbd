"""Golden data of MaxPool2dWithIndices (torch.nn.functional.max_pool2d(return_indices=True)) and
MaxPool2dWithIndicesBackward (aten::max_pool2d_with_indices_backward), with the forward checked
against an independent scan of docs/ops/max_pool2d_with_indices.md's rule."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

INF = float("inf")


def scan_ref(x, k, s, p, d, ceil):
    """The documented scan: rows then columns, greater or NaN replaces; a window with no element in
    the input reports -inf at PyTorch's first position."""
    (kH, kW), (sH, sW), (pH, pW), (dH, dW) = pair(k), pair(s), pair(p), pair(d)
    H, W = x.shape[-2], x.shape[-1]

    def osize(n, k_, s_, p_, d_):
        num = n + 2 * p_ - d_ * (k_ - 1) - 1 + (s_ - 1 if ceil else 0)
        o = num // s_ + 1
        if ceil and (o - 1) * s_ >= n + p_:
            o -= 1
        return o

    OH, OW = osize(H, kH, sH, pH, dH), osize(W, kW, sW, pW, dW)
    planes = x.reshape(-1, H * W).tolist()
    outs, idxs = [], []
    for pl in planes:
        for oh in range(OH):
            for ow in range(OW):
                h0, w0 = oh * sH - pH, ow * sW - pW
                he, we = min(h0 + (kH - 1) * dH + 1, H), min(w0 + (kW - 1) * dW + 1, W)
                while h0 < 0:
                    h0 += dH
                while w0 < 0:
                    w0 += dW
                best, at = -INF, h0 * W + w0
                for h in range(h0, he, dH):
                    for w in range(w0, we, dW):
                        v = pl[h * W + w]
                        if v > best or v != v:
                            best, at = v, h * W + w
                outs.append(best)
                idxs.append(at)
    return OH, OW, outs, idxs


def attrs_of(k, s, p, d):
    return list(k), list(s), list(p), list(d)


def forward(x, k, s, p, d, ceil):
    """PyTorch's max_pool2d; float16 through float32 (PyTorch 1.13 CPU has no float16 max_pool2d:
    a maximum is a selection, so the values are the same)."""
    xin = x.to(f32) if x.dtype == f16 else x
    y, i = F.max_pool2d(xin, pair(k), pair(s) if s else pair(k), pair(p), pair(d), ceil_mode=ceil,
                        return_indices=True)
    return y.to(x.dtype), i


def fwd_case(name, shape, k, s, p, d, ceil, dtype, idx_dtype, x=None):
    op = "max_pool2d_with_indices"
    g = gen_for(op, name)
    if x is None:
        x = rand(shape, dtype, g)
        # quantise to force ties
        x = (torch.floor(x.to(f32) * 3.0) / 2.0).to(dtype)
    x = x.to(dtype)
    y, i = forward(x, k, s, p, d, ceil)
    OH, OW, outs, idxs = scan_ref(x.to(f64), k, s if s else k, p, d, ceil)
    assert tuple(y.shape[-2:]) == (OH, OW), name
    got = y.to(f64).reshape(-1).tolist()
    assert all(a == b or (a != a and b != b) for a, b in zip(got, outs)), name
    assert i.reshape(-1).tolist() == idxs, name
    c = Case(op, name)
    pool_params(c, k, s if s else k, p, d, ceil)
    c.tensor("self", x)
    c.tensor("out", y)
    c.tensor("indices", i.to(idx_dtype))
    return c


def bwd_case(name, shape, k, s, p, d, ceil, dtype, idx_dtype):
    """gradInput by aten::max_pool2d_with_indices_backward in float32 (float16/bfloat16 inputs are
    widened, the result rounded once: what CANN's code does), checked against autograd."""
    op = "max_pool2d_with_indices_backward"
    g = gen_for(op, name)
    x = (torch.floor(rand(shape, f32, g) * 3.0) / 2.0).to(dtype)
    y, i = forward(x, k, s, p, d, ceil)
    go = rand(tuple(y.shape), dtype, g)
    gi = torch.ops.aten.max_pool2d_with_indices_backward(go.to(f32), x.to(f32), list(pair(k)), list(pair(s)),
                                                         list(pair(p)), list(pair(d)), ceil, i).to(dtype)
    xf = x.to(f32).clone().requires_grad_()
    yf = F.max_pool2d(xf, pair(k), pair(s), pair(p), pair(d), ceil_mode=ceil)
    yf.backward(go.to(f32))
    assert torch.equal(xf.grad.to(dtype), gi), name
    c = Case(op, name)
    pool_params(c, k, s, p, d, ceil)
    c.tensor("gradOutput", go)
    c.tensor("self", x)
    c.tensor("indices", i.to(idx_dtype))
    c.tensor("gradInput", gi)
    return c


def fwd_cases():
    cs = []
    # The CANN docs' example: 4x3, kernel 2, stride 2 -> [1.7510, 0.9213] at [6, 11]... as PyTorch says.
    sample = torch.tensor([0.0850, -0.5147, -0.0212, -0.5654, -0.3222, 0.5847, 1.7510, 0.9954, 0.1842, 0.8392,
                           0.4835, 0.9213], dtype=f32).view(1, 1, 4, 3)
    cs.append(fwd_case("cann_sample", (1, 1, 4, 3), [2, 2], [2, 2], [0, 0], [1, 1], False, f32, i32, x=sample))
    nan = float("nan")
    specials = torch.tensor([[1, 3, 3, 2, -INF, 0],
                             [3, nan, 1, nan, -INF, -INF],
                             [-INF, -INF, 5, 5, 2, nan],
                             [-INF, -INF, 5, nan, nan, 1]], dtype=f32).view(1, 1, 4, 6)
    cs.append(fwd_case("f32_nan_ties_neginf", (1, 1, 4, 6), [2], [2], [0], [1], False, f32, i64, x=specials))
    cs.append(fwd_case("f32_nan_ties_neginf_overlap", (1, 1, 4, 6), [3, 2], [1], [1, 0], [1], True, f32, i32,
                       x=specials))
    cs.append(fwd_case("f32_empty_window_dilation", (1, 1, 2, 2), [2], [1], [1], [3], False, f32, i64,
                       x=torch.arange(4.0).view(1, 1, 2, 2)))
    common = [
        # name, shape, kernel, stride, padding, dilation, ceil, dtype, indices
        ("f32_4d_k2s2", (2, 3, 8, 8), [2, 2], [2, 2], [0, 0], [1, 1], False, f32, i64),
        ("f32_4d_k3s2p1", (2, 2, 9, 10), [3, 3], [2, 2], [1, 1], [1, 1], False, f32, i32),
        ("f32_3d_k3s1", (3, 7, 6), [3], [1], [0], [1], False, f32, i64),
        ("f32_4d_ceil", (1, 2, 7, 9), [3, 2], [2, 3], [1, 0], [1, 1], True, f32, i32),
        ("f32_4d_ceil_stride_gt_kernel", (1, 2, 10, 11), [2, 3], [3, 4], [1, 1], [1, 1], True, f32, i64),
        ("f32_4d_dilation", (1, 2, 11, 12), [3, 2], [2, 1], [1, 1], [2, 3], False, f32, i64),
        ("f32_4d_dilation_ceil", (2, 1, 10, 9), [2, 3], [3, 2], [1, 1], [3, 2], True, f32, i32),
        ("f32_4d_stride_empty", (1, 2, 6, 9), [2, 3], [], [1, 1], [1], False, f32, i64),
        ("f32_4d_rect", (1, 1, 5, 13), [1, 4], [1, 3], [0, 2], [1, 1], False, f32, i32),
        ("f16_4d_k3s2p1", (1, 3, 9, 8), [3, 3], [2, 2], [1, 1], [1, 1], False, f16, i64),
        ("f16_3d_ceil", (2, 7, 7), [2], [2], [1], [1], True, f16, i32),
        ("bf16_4d_k2s1", (2, 2, 6, 7), [2, 2], [1, 1], [0, 1], [1, 1], False, bf16, i64),
        ("bf16_3d_dilation", (2, 9, 8), [2, 2], [2, 1], [1, 1], [2, 2], True, bf16, i32),
    ]
    for name, shape, k, s, p, d, ceil, dt, it in common:
        cs.append(fwd_case(name, shape, k, s, p, d, ceil, dt, it))
    return cs


def bwd_cases():
    cases = [
        ("cann_sample_shape", (1, 1, 4, 3), [2, 2], [2, 2], [0, 0], [1, 1], False, f32, i32),
        ("f32_4d_k3s1_overlap", (2, 2, 8, 9), [3, 3], [1, 1], [1, 1], [1, 1], False, f32, i64),
        ("f32_4d_k3s2p1", (2, 3, 9, 10), [3, 3], [2, 2], [1, 1], [1, 1], False, f32, i32),
        ("f32_3d_ceil", (3, 7, 8), [3, 2], [2, 1], [1, 0], [1, 1], True, f32, i64),
        ("f32_4d_dilation", (1, 2, 11, 12), [3, 2], [1, 2], [1, 1], [2, 3], False, f32, i64),
        ("f16_4d_k3s1", (1, 3, 8, 7), [3, 3], [1, 1], [1, 1], [1, 1], False, f16, i64),
        ("bf16_4d_k2s1_ceil", (2, 2, 7, 7), [2, 2], [1, 1], [1, 1], [1, 1], True, bf16, i32),
    ]
    return [bwd_case(*c) for c in cases]


FILES = [
    ("max_pool2d_with_indices", fwd_cases, [
        "out, indices: torch.nn.functional.max_pool2d(return_indices=True) (float16 through float32: PyTorch 1.13",
        "CPU has no float16 max_pool2d; a maximum is a selection, so exact), checked against the documented scan.",
        "stride as the operator receives it except f32_4d_stride_empty (passed empty: = kernelSize).",
    ]),
    ("max_pool2d_with_indices_backward", bwd_cases, [
        "gradInput: aten::max_pool2d_with_indices_backward in float32 (float16/bfloat16 widened, rounded once),",
        "checked against autograd through F.max_pool2d.",
    ]),
]
