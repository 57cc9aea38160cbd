"""Golden data of conv_tbc (the forward), of conv_tbc_backward and of the conv_tbc -> conv_tbc_backward
cascade: PyTorch references, checked against independent implementations."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, TOL, torch, np, ...)

FLOATS = ("f32", "f16", "bf16")
GRAD_ROLES = ("gradInput", "gradWeight", "gradBias")


def conv_ref(x, w, b, pad):
    """out[t] = b + sum_k x[t + k - pad] @ w[k], in float64."""
    x, w, b = (t.detach().to(f64).numpy() for t in (x, w, b))
    T, B, Ci = x.shape
    K, _, Co = w.shape
    To = T + 2 * pad + 1 - K
    y = np.zeros((To, B, Co)) + b
    for t in range(To):
        for k in range(K):
            s = t + k - pad
            if 0 <= s < T:
                y[t] += x[s] @ w[k]
    return torch.from_numpy(y)


def tbc_ref(dy, x, w, pad):
    """The gradients of conv_ref (input, weight, bias) for the output gradient dy, in float64."""
    dy, x, w = (t.detach().to(f64).numpy() for t in (dy, x, w))
    T, B, Ci = x.shape
    K, _, Co = w.shape
    To = dy.shape[0]
    gi = np.zeros_like(x)
    gw = np.zeros_like(w)
    for k in range(K):
        for t in range(T):
            to = t + pad - k
            if 0 <= to < To:
                gi[t] += dy[to] @ w[k].T          # (B, Co) @ (Co, Ci)
                gw[k] += x[t].T @ dy[to]          # (Ci, B) @ (B, Co)
    gb = dy.sum(axis=(0, 1))
    return torch.from_numpy(gi), torch.from_numpy(gw), torch.from_numpy(gb)


def inputs(op, name, T, B, Ci, Co, K, dtype, ones=False, grad_rows=0):
    """self (T, B, C_in), weight (K, C_in, C_out), bias (C_out) and, with grad_rows, an output gradient
    (grad_rows, B, C_out), drawn in that order from the case's generator (all ones: the CANN samples)."""
    g = gen_for(op, name)
    shapes = [(T, B, Ci), (K, Ci, Co), (Co,)] + ([(grad_rows, B, Co)] if grad_rows else [])
    return [torch.ones(s, dtype=dtype) if ones else rand(s, dtype, g) for s in shapes]


def record(op, name, pad, roles, tensors):
    """The case record: param pad, then the tensors under their roles."""
    c = Case(op, name)
    c.param("pad", pad)
    for role, t in zip(roles, tensors):
        c.tensor(role, t)
    return c


# The geometries the forward (f) and the backward (b) are tested on.
SHAPES = [
    # name, T, B, C_in, C_out, K, pad, tested by
    ("f32_basic", 7, 3, 4, 5, 3, 0, "fb"),
    ("f32_pad", 6, 2, 3, 4, 3, 2, "fb"),
    ("f32_k1", 5, 2, 3, 2, 1, 0, "fb"),
    ("f32_k1_pad", 4, 2, 3, 2, 1, 1, "fb"),
    ("f32_k_gt_t", 2, 2, 3, 4, 5, 2, "b"),
    ("f32_pad_gt_k", 3, 2, 2, 3, 2, 3, "fb"),
    ("f32_k_eq_t_plus_pad", 2, 2, 3, 4, 4, 2, "f"),
    ("f32_b1", 6, 1, 3, 4, 2, 1, "fb"),
    ("f32_cin1", 6, 2, 1, 4, 3, 1, "fb"),
    ("f32_cout1", 6, 2, 4, 1, 3, 1, "fb"),
    ("f32_tout1", 4, 3, 3, 2, 4, 0, "fb"),
    ("f32_all_ones_dims", 1, 1, 1, 1, 1, 0, "fb"),
    ("f32_medium", 16, 4, 8, 6, 4, 1, "fb"),
    ("f32_wide_channels", 5, 2, 24, 20, 2, 1, "fb"),
    ("f16_small", 5, 2, 3, 4, 2, 0, "fb"),
    ("f16_pad", 4, 2, 3, 2, 3, 2, "fb"),
    ("f16_k_gt_t", 2, 1, 2, 3, 4, 2, "b"),
    ("bf16_small", 5, 2, 3, 4, 2, 0, "fb"),
    ("bf16_pad", 4, 2, 3, 2, 3, 2, "fb"),
    ("bf16_k_gt_t", 2, 1, 2, 3, 4, 2, "b"),
]


def shapes_for(direction):
    """SHAPES' (name, T, B, C_in, C_out, K, pad, dtype) that direction ("f" or "b") is tested on."""
    return [row[:-1] + (dtype_of(row[0], FLOATS),) for row in SHAPES if direction in row[-1]]


# ----------------------------------------------------------------------------------
# ConvTbc
# ----------------------------------------------------------------------------------

def fwd_case(name, T, B, Ci, Co, K, pad, dtype, ones=False):
    op = "conv_tbc"
    x, w, b = inputs(op, name, T, B, Ci, Co, K, dtype, ones)
    cdt = compute_dtype(dtype)
    y = torch.conv_tbc(x.to(cdt), w.to(cdt), b.to(cdt), pad)
    assert tuple(y.shape) == (T + 2 * pad + 1 - K, B, Co)
    assert_close(y, conv_ref(x, w, b, pad), 1e-5, 1e-5, op + "/" + name)
    if dtype == bf16:
        note_native_differs("conv_tbc/%s: native bf16" % name, torch.conv_tbc(x, w, b, pad), y.to(bf16))
    return record(op, name, pad, ("self", "weight", "bias", "out"), (x, w, b, y.to(dtype)))


def fwd_cases():
    # The CANN docs' sample: self (2, 2, 3), weight (3, 3, 4), bias (4), all ones, pad 1: out (2, 2, 4)
    # = 1 + 6 (two taps of three ones meet the input at each end).
    c = fwd_case("cann_sample", 2, 2, 3, 4, 3, 1, f32, ones=True)
    assert c.tensors[3][3] == [7.0] * 16
    return [c] + [fwd_case(*row) for row in shapes_for("f")]


# ----------------------------------------------------------------------------------
# ConvTbcBackward
# ----------------------------------------------------------------------------------

def bwd_case(name, T, B, Ci, Co, K, pad, dtype, ones=False):
    op = "conv_tbc_backward"
    To = T + 2 * pad + 1 - K
    assert To >= 1
    x, w, b, dy = inputs(op, name, T, B, Ci, Co, K, dtype, ones, grad_rows=To)
    cdt = compute_dtype(dtype)
    xx, ww, bb = (t.to(cdt).requires_grad_() for t in (x, w, b))
    y = torch.conv_tbc(xx, ww, bb, pad)
    assert tuple(y.shape) == (To, B, Co)
    y.backward(dy.to(cdt))
    grads = (xx.grad, ww.grad, bb.grad)
    a = torch.ops.aten.conv_tbc_backward(dy.to(cdt), x.to(cdt), w.to(cdt), b.to(cdt), pad)
    for u, v in zip(grads, a):
        assert torch.equal(u, v), name
    for u, v, role in zip(grads, tbc_ref(dy, x, w, pad), ("gi", "gw", "gb")):
        assert_close(u, v, 1e-4, 1e-4, op + "/" + name + "/" + role)
    if dtype == bf16:
        nat = torch.ops.aten.conv_tbc_backward(dy, x, w, b, pad)
        for u, v, role in zip(nat, grads, GRAD_ROLES):
            note_native_differs("conv_tbc_backward/%s: native bf16 %s" % (name, role), u, v.to(bf16))
    return record(op, name, pad, ("self", "input", "weight", "bias") + GRAD_ROLES,
                  (dy, x, w, b) + tuple(t.to(dtype) for t in grads))


def bwd_cases():
    c = bwd_case("cann_sample", 5, 1, 2, 2, 1, 0, f32, ones=True)
    assert c.tensors[4][3] == [2.0] * 10 and c.tensors[5][3] == [5.0] * 4 and c.tensors[6][3] == [5.0, 5.0]
    return [c] + [bwd_case(*row) for row in shapes_for("b")]


# ----------------------------------------------------------------------------------
# ConvTbc -> ConvTbcBackward (the cascade)
# ----------------------------------------------------------------------------------

def cascade_case(name, T, B, Ci, Co, K, pad, dtype):
    """loss = sum(y^2) / 2 of y = conv_tbc(x, w, b, pad) stored in dtype, so dloss/dy = y: the backward is
    fed the forward's own output. fp16/bf16: the convolution runs in fp32 from the exact inputs and its
    result is rounded once to dtype (as the operators do; CPU PyTorch 1.13 has no Half addmm); autograd
    carries the gradient through that rounding unchanged."""
    op = "conv_tbc_cascade"
    x, w, b = inputs(op, name, T, B, Ci, Co, K, dtype)
    cdt = compute_dtype(dtype)
    xx, ww, bb = (t.to(cdt).requires_grad_() for t in (x, w, b))
    y = torch.conv_tbc(xx, ww, bb, pad).to(dtype)
    loss = (y.to(f64) ** 2).sum() / 2
    loss.backward()
    grads = (xx.grad, ww.grad, bb.grad)
    dy = y.detach().to(f64)
    ref = torch.ops.aten.conv_tbc_backward(dy, x.to(f64), w.to(f64), b.to(f64), pad)
    for u, v, role in zip(grads, ref, ("gi", "gw", "gb")):
        assert_close(u, v, 1e-4, 1e-4, op + "/" + name + "/" + role)
    return record(op, name, pad, ("self", "weight", "bias", "out") + GRAD_ROLES,
                  (x, w, b, y) + tuple(t.to(dtype) for t in grads))


def cascade_cases():
    specs = [
        ("f32_basic", 7, 3, 4, 5, 3, 1),
        ("f32_pad_gt_k", 3, 2, 2, 3, 2, 3),
        ("f32_medium", 16, 4, 8, 6, 4, 1),
        ("f16_pad", 6, 2, 3, 4, 3, 1),
        ("bf16_pad", 6, 2, 3, 4, 3, 1),
        ("bf16_medium", 12, 3, 8, 6, 3, 2),
    ]
    return [cascade_case(n, T, B, Ci, Co, K, pad, dtype_of(n, FLOATS)) for n, T, B, Ci, Co, K, pad in specs]


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("conv_tbc", fwd_cases, [
        "out: torch.conv_tbc; float16 (no CPU Half addmm in 1.13) and bfloat16: computed in float32 from the",
        "exact inputs, rounded once.",
    ]),
    ("conv_tbc_backward", bwd_cases, [
        "gradInput/gradWeight/gradBias: autograd through torch.conv_tbc, equal to aten::conv_tbc_backward.",
        "float16 (no CPU Half addmm in 1.13) and bfloat16: computed in float32 from the exact inputs, rounded once.",
    ]),
    ("conv_tbc_cascade", cascade_cases, [
        "out = torch.conv_tbc(self, weight, bias, pad) in the case's dtype; gradients by autograd of sum(out^2)/2",
        "(so the backward's grad_output is out itself); float16/bfloat16 convolve in float32, rounded once.",
    ]),
]
