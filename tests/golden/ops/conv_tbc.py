"""Golden data of conv_tbc (the forward) and of the conv_tbc -> conv_tbc_backward cascade: PyTorch
references, checked against an independent implementation."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, TOL, torch, np, ...)

FLOATS = ("f32", "f16", "bf16")


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


def inputs(op, name, T, B, Ci, Co, K, dtype, ones=False):
    g = gen_for(op, name)
    mk = (lambda s: torch.ones(s, dtype=dtype)) if ones else (lambda s: rand(s, dtype, g))
    return mk((T, B, Ci)), mk((K, Ci, Co)), mk((Co,))


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
        nat = torch.conv_tbc(x, w, b, pad)
        diff = int((nat != y.to(bf16)).sum())
        if diff:
            NOTES.append("conv_tbc/%s: native bf16 differs from fp32-then-round in %d of %d" % (name, diff, nat.numel()))
    c = Case(op, name)
    c.param("pad", pad)
    c.tensor("self", x)
    c.tensor("weight", w)
    c.tensor("bias", b)
    c.tensor("out", y.to(dtype))
    return c


def fwd_cases():
    cs = []
    # The CANN docs' sample: self (2, 2, 3), weight (3, 3, 4), bias (4), all ones, pad 1: out (2, 2, 4)
    # = 1 + 6 (two taps of three ones meet the input at each end).
    c = fwd_case("cann_sample", 2, 2, 3, 4, 3, 1, f32, ones=True)
    assert c.tensors[3][3] == [7.0] * 16
    cs.append(c)
    specs = [
        # name, T, B, C_in, C_out, K, pad
        ("f32_basic", 7, 3, 4, 5, 3, 0),
        ("f32_pad", 6, 2, 3, 4, 3, 2),
        ("f32_k1", 5, 2, 3, 2, 1, 0),
        ("f32_k1_pad", 4, 2, 3, 2, 1, 1),
        ("f32_pad_gt_k", 3, 2, 2, 3, 2, 3),
        ("f32_k_eq_t_plus_pad", 2, 2, 3, 4, 4, 2),
        ("f32_b1", 6, 1, 3, 4, 2, 1),
        ("f32_cin1", 6, 2, 1, 4, 3, 1),
        ("f32_cout1", 6, 2, 4, 1, 3, 1),
        ("f32_tout1", 4, 3, 3, 2, 4, 0),
        ("f32_all_ones_dims", 1, 1, 1, 1, 1, 0),
        ("f32_medium", 16, 4, 8, 6, 4, 1),
        ("f32_wide_channels", 5, 2, 24, 20, 2, 1),
        ("f16_small", 5, 2, 3, 4, 2, 0),
        ("f16_pad", 4, 2, 3, 2, 3, 2),
        ("bf16_small", 5, 2, 3, 4, 2, 0),
        ("bf16_pad", 4, 2, 3, 2, 3, 2),
    ]
    for name, T, B, Ci, Co, K, pad in specs:
        cs.append(fwd_case(name, T, B, Ci, Co, K, pad, dtype_of(name, FLOATS)))
    return cs


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
    dy = y.detach().to(f64)
    ref = torch.ops.aten.conv_tbc_backward(dy, x.to(f64), w.to(f64), b.to(f64), pad)
    for u, v, role in zip((xx.grad, ww.grad, bb.grad), ref, ("gi", "gw", "gb")):
        assert_close(u, v, 1e-4, 1e-4, op + "/" + name + "/" + role)
    c = Case(op, name)
    c.param("pad", pad)
    c.tensor("self", x)
    c.tensor("weight", w)
    c.tensor("bias", b)
    c.tensor("out", y)
    c.tensor("gradInput", xx.grad.to(dtype))
    c.tensor("gradWeight", ww.grad.to(dtype))
    c.tensor("gradBias", bb.grad.to(dtype))
    return c


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
    ("conv_tbc_cascade", cascade_cases, [
        "out = torch.conv_tbc(self, weight, bias, pad) in the case's dtype; gradients by autograd of sum(out^2)/2",
        "(so the backward's grad_output is out itself); float16/bfloat16 convolve in float32, rounded once.",
    ]),
]
