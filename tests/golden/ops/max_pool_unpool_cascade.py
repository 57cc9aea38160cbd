"""Golden data of the SegNet cascade: MaxPool2dWithIndices -> MaxUnpool2d forward, then
MaxUnpool2dBackward -> MaxPool2dWithIndicesBackward backward, every value from PyTorch autograd on
the same inputs (tests/test_max_pool_unpool_cascade.cpp runs the four operators through our API)."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)


def cascade_case(name, shape, k, s, p, d, ceil, dtype, idx_dtype):
    """x -> (pooled, indices) = max_pool2d(x, return_indices) -> y = max_unpool2d(pooled, indices, (H, W));
    L = sum(y * gradY); autograd gives dL/dpooled and dL/dx. float16/bfloat16: the graph runs in
    float32 on the exact 16-bit values (PyTorch 1.13 CPU pools and unpools neither) and every result
    is rounded once: the forward values and dL/dpooled are selections (exact), dL/dx a sum per input
    element in PyTorch's order, rounded once, as MaxPool2dWithIndicesBackward promises."""
    op = "max_pool_unpool_cascade"
    g = gen_for(op, name)
    # Values on a grid (ties inside windows, as real activations after ReLU have) in the 16-bit types.
    x = (torch.floor(rand(shape, f32, g) * 3.0) / 2.0).to(dtype)
    H, W = shape[-2], shape[-1]
    gy = rand(shape, dtype, g)
    xf = x.to(f32).clone().requires_grad_()
    pooled, idx = F.max_pool2d(xf, pair(k), pair(s), pair(p), pair(d), ceil_mode=ceil, return_indices=True)
    pooled.retain_grad()
    y = F.max_unpool2d(pooled, idx, pair(k), pair(s), pair(p), output_size=(H, W))
    assert tuple(y.shape) == tuple(shape), name
    y.backward(gy.to(f32))
    # Independent checks: the unpool is a scatter (last wins), its gradient a gather.
    hw = H * W
    pl = pooled.detach().reshape(-1, pooled.shape[-2] * pooled.shape[-1])
    ix = idx.reshape(pl.shape)
    ref = torch.zeros(pl.shape[0], hw)
    for r in range(pl.shape[0]):
        for j in range(pl.shape[1]):
            ref[r, ix[r, j]] = pl[r, j]
    assert torch.equal(ref.view(y.shape), y.detach()), name
    gpool = gy.to(f32).reshape(-1, hw).gather(-1, ix).view(pooled.shape)
    assert torch.equal(gpool, pooled.grad), name
    c = Case(op, name)
    pool_params(c, k, s, p, d, ceil)
    c.tensor("self", x)
    c.tensor("gradY", gy)
    c.tensor("pooled", pooled.detach().to(dtype))
    c.tensor("indices", idx.to(idx_dtype))
    c.tensor("unpooled", y.detach().to(dtype))
    c.tensor("gradPooled", pooled.grad.to(dtype))
    c.tensor("gradSelf", xf.grad.to(dtype))
    return c


def cascade_cases():
    cases = [
        # name, shape, kernel, stride, padding, dilation, ceil, dtype, indices
        ("f32_4d_k2s2_segnet", (2, 3, 8, 10), [2, 2], [2, 2], [0, 0], [1, 1], False, f32, i64),
        ("f32_3d_k3s2p1_overlap", (3, 9, 7), [3, 3], [2, 2], [1, 1], [1, 1], False, f32, i32),
        ("f32_4d_k3s1p1_dense", (1, 2, 7, 8), [3], [1], [1], [1], False, f32, i64),
        ("f32_4d_k2s2_ceil", (1, 2, 9, 7), [2, 2], [2, 2], [0, 0], [1, 1], True, f32, i32),
        ("f16_4d_k2s2_segnet", (2, 2, 8, 8), [2, 2], [2, 2], [0, 0], [1, 1], False, f16, i64),
        ("f16_4d_k3s2p1_overlap", (1, 3, 9, 10), [3, 3], [2, 2], [1, 1], [1, 1], False, f16, i32),
        ("bf16_3d_k2s2_segnet", (2, 6, 8), [2], [2], [0], [1], False, bf16, i64),
        ("bf16_4d_k3s1p1_dense", (1, 2, 6, 7), [3, 3], [1, 1], [1, 1], [1, 1], False, bf16, i32),
    ]
    return [cascade_case(*c) for c in cases]


FILES = [
    ("max_pool_unpool_cascade", cascade_cases, [
        "The SegNet pool/unpool pair through PyTorch autograd: pooled, indices = F.max_pool2d(self,",
        "return_indices=True); unpooled = F.max_unpool2d(pooled, indices, outputSize = self's (H, W));",
        "L = sum(unpooled * gradY); gradPooled = dL/dpooled, gradSelf = dL/dself. float16/bfloat16 run in float32",
        "on their exact values, each result rounded once.",
    ]),
]
