"""Golden data of conv_tbc_backward: PyTorch references and the checks against an independent implementation."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, TOL, torch, np, ...)

# ----------------------------------------------------------------------------------
# ConvTbcBackward
# ----------------------------------------------------------------------------------

def tbc_ref(dy, x, w, pad):
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


def tbc_case(name, T, B, Ci, Co, K, pad, dtype, ones=False):
    op = "conv_tbc_backward"
    g = gen_for(op, name)
    To = T + 2 * pad + 1 - K
    assert To >= 1
    mk = (lambda s: torch.ones(s, dtype=dtype)) if ones else (lambda s: rand(s, dtype, g))
    x, w, b, dy = mk((T, B, Ci)), mk((K, Ci, Co)), mk((Co,)), mk((To, B, Co))
    cdt = compute_dtype(dtype)
    xx, ww, bb = (t.to(cdt).requires_grad_() for t in (x, w, b))
    y = torch.conv_tbc(xx, ww, bb, pad)
    assert tuple(y.shape) == (To, B, Co)
    y.backward(dy.to(cdt))
    a = torch.ops.aten.conv_tbc_backward(dy.to(cdt), x.to(cdt), w.to(cdt), b.to(cdt), pad)
    for u, v in zip((xx.grad, ww.grad, bb.grad), a):
        assert torch.equal(u, v), name
    for u, v, role in zip((xx.grad, ww.grad, bb.grad), tbc_ref(dy, x, w, pad), ("gi", "gw", "gb")):
        assert_close(u, v, 1e-4, 1e-4, op + "/" + name + "/" + role)
    if dtype == bf16:
        nat = torch.ops.aten.conv_tbc_backward(dy, x, w, b, pad)
        for u, v, role in zip(nat, (xx.grad, ww.grad, bb.grad), ("gradInput", "gradWeight", "gradBias")):
            diff = int((u != v.to(bf16)).sum())
            if diff:
                NOTES.append("conv_tbc_backward/%s: native bf16 %s differs from fp32-then-round in %d of %d"
                             % (name, role, diff, u.numel()))
    c = Case(op, name)
    c.param("pad", pad)
    c.tensor("self", dy)
    c.tensor("input", x)
    c.tensor("weight", w)
    c.tensor("bias", b)
    c.tensor("gradInput", xx.grad.to(dtype))
    c.tensor("gradWeight", ww.grad.to(dtype))
    c.tensor("gradBias", bb.grad.to(dtype))
    return c


def tbc_cases():
    cs = []
    c = tbc_case("cann_sample", 5, 1, 2, 2, 1, 0, f32, ones=True)
    assert c.tensors[4][3] == [2.0] * 10 and c.tensors[5][3] == [5.0] * 4 and c.tensors[6][3] == [5.0, 5.0]
    cs.append(c)
    specs = [
        # name, T, B, C_in, C_out, K, pad
        ("f32_basic", 7, 3, 4, 5, 3, 0),
        ("f32_pad", 6, 2, 3, 4, 3, 2),
        ("f32_k1", 5, 2, 3, 2, 1, 0),
        ("f32_k1_pad", 4, 2, 3, 2, 1, 1),
        ("f32_k_gt_t", 2, 2, 3, 4, 5, 2),
        ("f32_pad_gt_k", 3, 2, 2, 3, 2, 3),
        ("f32_b1", 6, 1, 3, 4, 2, 1),
        ("f32_cin1", 6, 2, 1, 4, 3, 1),
        ("f32_cout1", 6, 2, 4, 1, 3, 1),
        ("f32_tout1", 4, 3, 3, 2, 4, 0),
        ("f32_all_ones_dims", 1, 1, 1, 1, 1, 0),
        ("f32_medium", 16, 4, 8, 6, 4, 1),
        ("f32_wide_channels", 5, 2, 24, 20, 2, 1),
        ("f16_small", 5, 2, 3, 4, 2, 0),
        ("f16_pad", 4, 2, 3, 2, 3, 2),
        ("f16_k_gt_t", 2, 1, 2, 3, 4, 2),
        ("bf16_small", 5, 2, 3, 4, 2, 0),
        ("bf16_pad", 4, 2, 3, 2, 3, 2),
        ("bf16_k_gt_t", 2, 1, 2, 3, 4, 2),
    ]
    for name, T, B, Ci, Co, K, pad in specs:
        dtype = dtype_of(name, ("f32", "f16", "bf16"))
        cs.append(tbc_case(name, T, B, Ci, Co, K, pad, dtype))
    return cs


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("conv_tbc_backward", tbc_cases, [
        "gradInput/gradWeight/gradBias: autograd through torch.conv_tbc, equal to aten::conv_tbc_backward.",
        "float16 (no CPU Half addmm in 1.13) and bfloat16: computed in float32 from the exact inputs, rounded once.",
    ]),
]
