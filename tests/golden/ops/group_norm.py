"""Golden data of group_norm (aclnnGroupNorm: F.group_norm with optional gamma/beta, meanOut/rstdOut in
self's dtype) and group_norm_backward (aclnnGroupNormBackward: aten::native_group_norm_backward from the
stored mean and rstd), each checked against an independent NumPy implementation of docs/ops."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

import torch.nn.functional as F


def gn_ref(x, gamma, beta, G, eps):
    """docs/ops/group_norm.md in float64 NumPy: two-pass statistics per (n, group)."""
    x = x.detach().to(f64).numpy()
    N, C = x.shape[0], x.shape[1]
    x3 = x.reshape(N, G, -1)
    mean = x3.mean(axis=2)
    var = ((x3 - mean[:, :, None]) ** 2).mean(axis=2)
    rstd = 1.0 / np.sqrt(var + eps)
    y = ((x3 - mean[:, :, None]) * rstd[:, :, None]).reshape(N, C, -1)
    if gamma is not None:
        y = y * gamma.to(f64).numpy()[None, :, None]
    if beta is not None:
        y = y + beta.to(f64).numpy()[None, :, None]
    return torch.from_numpy(y.reshape(x.shape)), torch.from_numpy(mean), torch.from_numpy(rstd)


def store_out(c, role, t, dtype):
    if dtype == f32:
        c.tensor(role, t, dtype=f32, exact=False)  # float64-accurate values
    else:
        c.tensor(role, t.to(dtype))                  # computed in float64, rounded once


def gn_case(name, shape, G, eps, dtype, affine=True, explicit=None):
    op = "group_norm"
    g = gen_for(op, name)
    C = shape[1]
    if explicit is not None:
        x, gamma, beta = (t.to(dtype) if t is not None else None for t in explicit)
    else:
        x = rand(shape, dtype, g, scale=1.5, offset=0.5)
        gamma = rand((C,), dtype, g, scale=0.8, offset=0.5) if affine else None
        beta = rand((C,), dtype, g, scale=0.8) if affine else None
    x64 = x.to(f64)
    g64 = gamma.to(f64) if gamma is not None else None
    b64 = beta.to(f64) if beta is not None else None
    N = shape[0]
    HW = x[0, 0].numel()
    y = F.group_norm(x64, G, g64, b64, eps)
    _, mean, rstd = torch.ops.aten.native_group_norm(x64.contiguous(), g64, b64, N, C, HW, G, eps)
    mean, rstd = mean.reshape(N, G), rstd.reshape(N, G)
    for u, v, role in zip((y, mean, rstd), gn_ref(x, gamma, beta, G, eps), ("out", "mean", "rstd")):
        assert_close(u, v, 1e-10, 1e-10, op + "/" + name + "/" + role)
    c = Case(op, name)
    c.param("group", G)
    c.param("eps", float(eps))
    c.param("affine", 1 if gamma is not None else 0)
    c.tensor("self", x)
    if gamma is not None:
        c.tensor("gamma", gamma)
        c.tensor("beta", beta)
    store_out(c, "out", y, dtype)
    store_out(c, "meanOut", mean, dtype)
    store_out(c, "rstdOut", rstd, dtype)
    return c


def gn_cases():
    v = torch.arange(1.0, 25.0).view(2, 3, 4)
    two = torch.full((3,), 2.0)
    cs = [gn_case("cann_sample", (2, 3, 4), 1, 1e-5, f32, explicit=(v, two, two))]
    specs = [
        # name, shape, group, eps, dtype, affine
        ("f32_2d", (4, 12), 3, 1e-5, f32, True),
        ("f32_3d", (2, 4, 5), 2, 1e-5, f32, True),
        ("f32_4d", (2, 6, 3, 4), 3, 1e-5, f32, True),
        ("f32_4d_no_affine", (2, 6, 3, 4), 3, 1e-5, f32, False),
        ("f32_5d_eps_0_1", (2, 4, 2, 3, 2), 2, 0.1, f32, True),
        ("f32_training_like", (2, 8, 8, 8), 2, 1e-5, f32, True),
        ("f16_4d", (2, 6, 3, 4), 3, 1e-5, f16, True),
        ("f16_no_affine", (2, 4, 7), 2, 1e-5, f16, False),
        ("bf16_4d", (2, 6, 3, 4), 3, 1e-5, bf16, True),
        ("bf16_group_of_300", (1, 4, 10, 15), 2, 1e-5, bf16, True),
    ]
    for name, shape, G, eps, dt, affine in specs:
        cs.append(gn_case(name, shape, G, eps, dt, affine))
    return cs


def gnb_ref(dy, x, mean, rstd, gamma, G):
    """docs/ops/group_norm_backward.md in float64 NumPy."""
    dy, x, mean, rstd = (t.to(f64).numpy() for t in (dy, x, mean, rstd))
    N, C = x.shape[0], x.shape[1]
    D = C // G
    ga = np.ones(C) if gamma is None else gamma.to(f64).numpy()
    x3 = x.reshape(N, G, D, -1)
    d3 = dy.reshape(N, G, D, -1)
    xhat = (x3 - mean[:, :, None, None]) * rstd[:, :, None, None]
    dbeta = d3.sum(axis=(0, 3)).reshape(C)
    dgamma = (d3 * xhat).sum(axis=(0, 3)).reshape(C)
    gg = d3 * ga.reshape(G, D)[None, :, :, None]
    M = D * x3.shape[3]
    c1 = gg.sum(axis=(2, 3)) / M
    c2 = (gg * xhat).sum(axis=(2, 3)) / M
    dx = rstd[:, :, None, None] * (gg - xhat * c2[:, :, None, None] - c1[:, :, None, None])
    return torch.from_numpy(dx.reshape(x.shape)), torch.from_numpy(dgamma), torch.from_numpy(dbeta)


def gnb_case(name, shape, G, dtype, affine=True):
    """The forward's statistics (in dtype, as aclnnGroupNorm stores them) and dy; the gradients from
    aten::native_group_norm_backward in float64 with those statistics."""
    op = "group_norm_backward"
    g = gen_for(op, name)
    N, C = shape[0], shape[1]
    HW = 1
    for d in shape[2:]:
        HW *= d
    x = rand(shape, dtype, g, scale=1.5, offset=0.5)
    gamma = rand((C,), dtype, g, scale=0.8, offset=0.5) if affine else None
    dy = rand(shape, dtype, g)
    _, mean, rstd = torch.ops.aten.native_group_norm(x.to(f64).contiguous(), None, None, N, C, HW, G, 1e-5)
    mean, rstd = mean.to(dtype), rstd.to(dtype)
    g64 = gamma.to(f64) if gamma is not None else torch.ones(C, dtype=f64)  # the op needs a tensor
    dx, dgamma, dbeta = torch.ops.aten.native_group_norm_backward(
        dy.to(f64).contiguous(), x.to(f64).contiguous(), mean.to(f64).reshape(N, G), rstd.to(f64).reshape(N, G),
        g64, N, C, HW, G, [True, True, True])
    for u, v, role in zip((dx, dgamma, dbeta), gnb_ref(dy, x, mean, rstd, gamma, G),
                          ("gradInput", "gradGamma", "gradBeta")):
        assert_close(u.reshape(v.shape), v, 1e-10, 1e-10, op + "/" + name + "/" + role)
    c = Case(op, name)
    c.param("group", G)
    c.param("affine", 1 if affine else 0)
    c.tensor("gradOut", dy)
    c.tensor("input", x)
    c.tensor("mean", mean.reshape(N, G))
    c.tensor("rstd", rstd.reshape(N, G))
    if affine:
        c.tensor("gamma", gamma)
    for role, t, shp in (("gradInput", dx, shape), ("gradGammaOut", dgamma, (C,)), ("gradBetaOut", dbeta, (C,))):
        c.tensor(role, t.reshape(shp), dtype=f64)
    return c


def gnb_cases():
    specs = [
        ("f32_4d", (2, 8, 4, 5), 4, f32, True),
        ("f32_3d_no_gamma", (3, 6, 50), 3, f32, False),
        ("f32_2d", (4, 12), 3, f32, True),
        ("f32_training_like", (2, 8, 8, 8), 2, f32, True),
        ("f16_4d", (2, 8, 4, 5), 4, f16, True),
        ("f16_3d_no_gamma", (2, 6, 30), 2, f16, False),
        ("bf16_4d", (2, 8, 4, 5), 4, bf16, True),
    ]
    return [gnb_case(*s) for s in specs]


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("group_norm", gn_cases, [
        "out = F.group_norm(self, group, gamma, beta, eps) (gamma/beta absent when affine is 0); meanOut/rstdOut",
        "from aten::native_group_norm (N, group); all in float64 from the exact inputs. float32 outputs stored",
        "float64-accurate (NOT rounded to float32); float16/bfloat16 outputs rounded once to self's dtype.",
    ]),
    ("group_norm_backward", gnb_cases, [
        "aten::native_group_norm_backward in float64 from the exact gradOut, input, gamma (absent when affine",
        "is 0) and the stored mean/rstd (the forward's statistics rounded to the dtype, eps 1e-5); the three",
        "gradients stored in float64.",
    ]),
]
