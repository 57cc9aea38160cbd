"""Golden data of group_norm_swish (the forward): PyTorch's group_norm (+ y * sigmoid(s * y)), checked
against an independent NumPy implementation of docs/ops/group_norm_swish.md; and the cascade
GroupNormSwish -> GroupNormSwishGrad: PyTorch autograd's gradients of sum(dy * forward)."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

import torch.nn.functional as F


def gns_ref(x, gamma, beta, G, eps, swish, s):
    """docs/ops math in float64 NumPy: two-pass statistics per (n, group)."""
    x, gamma, beta = (t.detach().to(f64).numpy() for t in (x, gamma, beta))
    N, C = x.shape[0], x.shape[1]
    D = C // G
    x3 = x.reshape(N, G, -1)
    mean = x3.mean(axis=2)
    var = ((x3 - mean[:, :, None]) ** 2).mean(axis=2)
    rstd = 1.0 / np.sqrt(var + eps)
    xhat = ((x3 - mean[:, :, None]) * rstd[:, :, None]).reshape(N, C, -1)
    y = xhat * gamma[None, :, None] + beta[None, :, None]
    if swish:
        y = y / (1.0 + np.exp(-s * y))
    return (torch.from_numpy(y.reshape(x.shape)), torch.from_numpy(mean), torch.from_numpy(rstd))


def gns_torch(x, gamma, beta, G, eps, swish, s):
    """F.group_norm in float64 (mean/rstd from aten::native_group_norm), then the swish."""
    x, gamma, beta = (t.to(f64) for t in (x, gamma, beta))
    N, C = x.shape[0], x.shape[1]
    HW = x[0, 0].numel()
    y = F.group_norm(x, G, gamma, beta, eps)
    _, mean, rstd = torch.ops.aten.native_group_norm(x.contiguous(), gamma, beta, N, C, HW, G, eps)
    if swish:
        y = y * torch.sigmoid(s * y)
    return y, mean.reshape(N, G), rstd.reshape(N, G)


def store_out(c, role, t, dtype):
    if dtype == f32:
        c.tensor(role, t, dtype=f32, exact=False)  # float64-accurate values
    else:
        c.tensor(role, t.to(dtype))                  # computed in float64, rounded once


def gns_case(name, shape, G, eps, swish, s, dtype, pdtype=None, explicit=None):
    op = "group_norm_swish"
    pdtype = dtype if pdtype is None else pdtype
    g = gen_for(op, name)
    C = shape[1]
    if explicit is not None:
        x, gamma, beta = explicit[0].to(dtype), explicit[1].to(pdtype), explicit[2].to(pdtype)
    else:
        x = rand(shape, dtype, g, scale=1.5, offset=0.5)
        gamma = rand((C,), pdtype, g, scale=0.8, offset=0.5)
        beta = rand((C,), pdtype, g, scale=0.8)
    y, mean, rstd = gns_torch(x, gamma, beta, G, eps, swish, s)
    for u, v, role in zip((y, mean, rstd), gns_ref(x, gamma, beta, G, eps, swish, s), ("y", "mean", "rstd")):
        assert_close(u, v, 1e-10, 1e-10, op + "/" + name + "/" + role)
    c = Case(op, name)
    c.param("numGroups", G)
    c.param("eps", float(eps))
    c.param("activateSwish", 1 if swish else 0)
    c.param("swishScale", float(s))
    c.tensor("x", x)
    c.tensor("gamma", gamma)
    c.tensor("beta", beta)
    store_out(c, "yOut", y, dtype)
    store_out(c, "meanOut", mean, pdtype)
    store_out(c, "rstdOut", rstd, pdtype)
    return c


def gns_cases():
    v = torch.arange(1.0, 25.0).view(2, 3, 4)
    two = torch.full((3,), 2.0)
    cs = [gns_case("cann_sample", (2, 3, 4), 1, 1e-5, True, 1.0, f32, explicit=(v, two, two))]
    y = cs[0].tensors[3][3]
    NOTES.append("group_norm_swish/cann_sample: yOut[:4] %s" % ["%.6f" % a for a in y[:4]])
    specs = [
        # name, shape, numGroups, eps, activateSwish, swishScale, dtype, gamma's dtype
        ("f32_2d", (4, 12), 3, 1e-5, True, 1.0, f32, f32),
        ("f32_3d", (2, 4, 5), 2, 1e-5, True, 0.7, f32, f32),
        ("f32_4d", (2, 6, 3, 4), 3, 1e-5, True, 2.5, f32, f32),
        ("f32_4d_no_swish", (2, 6, 3, 4), 3, 1e-5, False, 1.0, f32, f32),
        ("f32_5d_eps_0_1", (2, 4, 2, 3, 2), 2, 0.1, True, 1.0, f32, f32),
        ("f32_8d", (2, 2, 1, 2, 1, 2, 1, 3), 2, 1e-5, True, 1.0, f32, f32),
        ("f32_g_eq_c", (2, 6, 5), 6, 1e-5, True, -0.5, f32, f32),
        ("f32_group_of_300", (1, 4, 10, 15), 2, 1e-5, True, 1.0, f32, f32),
        ("f32_group_of_1100", (2, 4, 22, 25), 2, 1e-6, True, 1.0, f32, f32),
        ("f16_4d", (2, 6, 3, 4), 3, 1e-5, True, 1.0, f16, f16),
        ("f16_gamma_f32", (2, 4, 5, 5), 2, 1e-5, True, 1.0, f16, f32),
        ("f16_no_swish", (2, 4, 7), 2, 1e-5, False, 1.0, f16, f16),
        ("bf16_4d", (2, 6, 3, 4), 3, 1e-5, True, 1.0, bf16, bf16),
        ("bf16_gamma_f32", (2, 4, 5, 5), 4, 1e-5, True, 1.7, bf16, f32),
    ]
    for name, shape, G, eps, swish, s, dt, pdt in specs:
        cs.append(gns_case(name, shape, G, eps, swish, s, dt, pdt))
    return cs


def cascade_case(name, shape, G, s, dtype):
    """x, gamma, beta, dy in dtype; the gradients of sum(dy * swish(group_norm(x) * gamma + beta)) by
    autograd in float64 (mean and rstd depend on x: the true gradient)."""
    op = "group_norm_swish_cascade"
    g = gen_for(op, name)
    C = shape[1]
    x = rand(shape, dtype, g, scale=1.5, offset=0.5)
    gamma = rand((C,), dtype, g, scale=0.8, offset=0.5)
    beta = rand((C,), dtype, g, scale=0.8)
    dy = rand(shape, dtype, g)
    xs, gs, bs = (t.to(f64).requires_grad_(True) for t in (x, gamma, beta))
    y = F.group_norm(xs, G, gs, bs, 1e-5)
    y = y * torch.sigmoid(s * y)
    (y * dy.to(f64)).sum().backward()
    c = Case(op, name)
    c.param("numGroups", G)
    c.param("swishScale", float(s))
    for role, t in (("x", x), ("gamma", gamma), ("beta", beta), ("dy", dy)):
        c.tensor(role, t)
    for role, t in (("dx", xs.grad), ("dgamma", gs.grad), ("dbeta", bs.grad)):
        c.tensor(role, t, dtype=f64)
    return c


def cascade_cases():
    specs = [
        ("f32_4d", (2, 8, 4, 5), 4, 1.0, f32),
        ("f32_3d_s0_7", (3, 6, 50), 3, 0.7, f32),
        ("f16_4d", (2, 8, 4, 5), 4, 1.0, f16),
        ("f16_3d_s1_5", (2, 6, 30), 2, 1.5, f16),
        ("bf16_4d", (2, 8, 4, 5), 4, 1.0, bf16),
        ("bf16_3d_s0_7", (2, 6, 30), 3, 0.7, bf16),
    ]
    return [cascade_case(*s) for s in specs]


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("group_norm_swish", gns_cases, [
        "y = F.group_norm(x, G, gamma, beta, eps), then y * sigmoid(s * y) when activateSwish; meanOut/rstdOut from",
        "aten::native_group_norm (N, G); all in float64 from the exact inputs. float32 cases: outputs stored",
        "float64-accurate (NOT rounded to float32). float16/bfloat16 outputs: rounded once to their dtype",
        "(yOut: x's dtype; meanOut/rstdOut: gamma's dtype).",
    ]),
    ("group_norm_swish_cascade", cascade_cases, [
        "GroupNormSwish -> GroupNormSwishGrad: the autograd gradients dx, dgamma, dbeta (float64) of",
        "sum(dy * swish(F.group_norm(x, G, gamma, beta, 1e-5))) with swish(y) = y * sigmoid(s * y), from the",
        "exact inputs x, gamma, beta, dy (all of one dtype).",
    ]),
]
