"""Golden data of group_norm_swish_grad: PyTorch references and the checks against an independent implementation."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, TOL, torch, np, ...)

# ----------------------------------------------------------------------------------
# GroupNormSwishGrad
# ----------------------------------------------------------------------------------

def gn_ref(dy, mean, rstd, x, gamma, beta, G, s):
    """docs/ops math, element by element in float64 (NumPy)."""
    dy, mean, rstd, x, gamma, beta = (t.detach().to(f64).numpy() for t in (dy, mean, rstd, x, gamma, beta))
    N, C = x.shape[0], x.shape[1]
    D = C // G
    x3 = x.reshape(N, C, -1)
    dy3 = dy.reshape(N, C, -1)
    HW = x3.shape[2]
    M = D * HW
    mean = mean.reshape(N, G)
    rstd = rstd.reshape(N, G)
    dx = np.zeros_like(x3)
    dgamma = np.zeros(C)
    dbeta = np.zeros(C)
    for n in range(N):
        for gi in range(G):
            cs = slice(gi * D, (gi + 1) * D)
            xhat = (x3[n, cs] - mean[n, gi]) * rstd[n, gi]
            z = xhat * gamma[cs, None] + beta[cs, None]
            sg = 1.0 / (1.0 + np.exp(-s * z))
            gz = dy3[n, cs] * sg * (1.0 + s * z * (1.0 - sg))
            dbeta[cs] += gz.sum(axis=1)
            dgamma[cs] += (gz * xhat).sum(axis=1)
            c1 = (gamma[cs] * gz.sum(axis=1)).sum() / M
            c2 = (gamma[cs] * (gz * xhat).sum(axis=1)).sum() / M
            dx[n, cs] = rstd[n, gi] * (gz * gamma[cs, None] - xhat * c2 - c1)
    return torch.from_numpy(dx.reshape(x.shape)), torch.from_numpy(dgamma), torch.from_numpy(dbeta)


def gn_compute(dy, mean, rstd, x, gamma, beta, G, s):
    """Swish derivative then aten::native_group_norm_backward, all in float64."""
    dy, mean, rstd, x, gamma, beta = (t.to(f64) for t in (dy, mean, rstd, x, gamma, beta))
    N, C = x.shape[0], x.shape[1]
    HW = x[0, 0].numel()
    bshape = (N, G) + (1,) * (x.dim() - 1)
    xg = x.reshape(N, G, C // G, *x.shape[2:])
    xhat = ((xg - mean.reshape(bshape)) * rstd.reshape(bshape)).reshape(x.shape)
    cshape = (1, C) + (1,) * (x.dim() - 2)
    z = xhat * gamma.reshape(cshape) + beta.reshape(cshape)
    sg = torch.sigmoid(s * z)
    gz = dy * sg * (1 + s * z * (1 - sg))
    dx, dgamma, dbeta = torch.ops.aten.native_group_norm_backward(
        gz.contiguous(), x.contiguous(), mean.reshape(N, G).contiguous(), rstd.reshape(N, G).contiguous(),
        gamma, N, C, HW, G, [True, True, True])
    return dx, dgamma, dbeta


def gn_case(name, shape, G, s, dtype, given_stats=False, explicit=None):
    op = "group_norm_swish_grad"
    g = gen_for(op, name)
    shape = tuple(shape)
    N, C = shape[0], shape[1]
    if explicit is not None:
        dy, mean, rstd, x, gamma, beta = (t.to(dtype) for t in explicit)
    else:
        x = rand(shape, dtype, g, scale=1.5, offset=0.5)
        dy = rand(shape, dtype, g)
        gamma = rand((C,), dtype, g, scale=0.8, offset=0.5)
        beta = rand((C,), dtype, g, scale=0.8)
        if given_stats:
            # arbitrary statistics: not those of x; the operator must use them as given
            mean = rand((N, G), dtype, g, scale=1.0, offset=0.3)
            rstd = (torch.rand((N, G), generator=g, dtype=f64) * 1.5 + 0.5).to(dtype)
        else:
            xg = x.to(f64).reshape(N, G, -1)
            mean = xg.mean(-1).to(dtype)
            rstd = (1.0 / torch.sqrt(xg.var(-1, unbiased=False) + 1e-5)).to(dtype)
    dx, dgamma, dbeta = gn_compute(dy, mean, rstd, x, gamma, beta, G, s)
    for u, v, role in zip((dx, dgamma, dbeta), gn_ref(dy, mean, rstd, x, gamma, beta, G, s),
                          ("dx", "dgamma", "dbeta")):
        assert_close(u, v, 1e-10, 1e-10, op + "/" + name + "/" + role)
    c = Case(op, name)
    c.param("numGroups", G)
    c.param("swishScale", float(s))
    for role, t in (("dy", dy), ("mean", mean), ("rstd", rstd), ("x", x), ("gamma", gamma), ("beta", beta)):
        c.tensor(role, t)
    for role, t in (("dxOut", dx), ("dgammaOut", dgamma), ("dbetaOut", dbeta)):
        if dtype == f32:
            c.tensor(role, t, dtype=f32, exact=False)  # float64-accurate values
        else:
            c.tensor(role, t.to(dtype))                  # computed in float64, rounded once
    return c


def gn_cases():
    cs = []
    v = torch.arange(1.0, 25.0).view(2, 3, 4)
    two = lambda *s: torch.full(s, 2.0)
    c = gn_case("cann_sample", (2, 3, 4), 1, 1.0, f32,
                explicit=(v, two(2, 1), two(2, 1), v, two(3), two(3)))
    dx, dg, db = (t[3] for t in c.tensors[6:9])
    want_dg, want_db = [1482.262, 2696.000, 4424.000], [67.129, 100.000, 132.000]
    want_dx = [634.102, -16.984, -673.737, -1330.053]
    assert all(abs(a - b) < 5e-4 for a, b in zip(dg, want_dg)), dg
    assert all(abs(a - b) < 5e-4 for a, b in zip(db, want_db)), db
    assert all(abs(a - b) < 5e-4 for a, b in zip(dx[:4], want_dx)), dx[:4]
    NOTES.append("group_norm_swish_grad/cann_sample reproduces docs/ops: dgamma %s dbeta %s dx[:4] %s"
                 % (["%.3f" % a for a in dg], ["%.3f" % a for a in db], ["%.3f" % a for a in dx[:4]]))
    cs.append(c)
    specs = [
        # name, shape, numGroups, swishScale, dtype, given stats
        ("f32_2d", (4, 12), 2, 1.0, f32, False),
        ("f32_2d_g_eq_c_given_stats", (3, 4), 4, 0.7, f32, True),
        ("f32_3d", (2, 4, 5), 2, 0.7, f32, False),
        ("f32_4d", (2, 6, 3, 4), 3, 2.5, f32, False),
        ("f32_5d", (2, 4, 2, 3, 2), 2, 1.0, f32, False),
        ("f32_8d", (2, 2, 1, 2, 1, 2, 1, 3), 2, 1.0, f32, False),
        ("f32_one_group", (3, 5, 7), 1, 1.0, f32, False),
        ("f32_g_eq_c", (2, 6, 5), 6, 0.7, f32, False),
        ("f32_large_hw_few_c", (1, 2, 16, 12), 1, 1.0, f32, False),
        ("f32_many_c_few_hw", (2, 64, 2), 16, 2.5, f32, False),
        ("f32_n1", (1, 4, 3, 3), 2, 1.0, f32, False),
        ("f32_given_stats", (2, 6, 4), 3, 1.0, f32, True),
        ("f32_given_stats_4d", (2, 4, 2, 3), 2, 0.7, f32, True),
        ("f16_3d", (2, 4, 5), 2, 1.0, f16, False),
        ("f16_4d", (2, 6, 3, 4), 3, 2.5, f16, False),
        ("f16_given_stats", (2, 4, 3), 2, 0.7, f16, True),
        ("bf16_3d", (2, 4, 5), 2, 1.0, bf16, False),
        ("bf16_4d", (2, 6, 3, 4), 3, 2.5, bf16, False),
        ("bf16_given_stats", (2, 4, 3), 2, 0.7, bf16, True),
    ]
    for name, shape, G, s, dt, given in specs:
        cs.append(gn_case(name, shape, G, s, dt, given_stats=given))
    return cs


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("group_norm_swish_grad", gn_cases, [
        "g = dy*sg*(1+s*z*(1-sg)) then aten::native_group_norm_backward(g, x, mean, rstd, gamma, N, C, HxW, G,",
        "[True,True,True]), all in float64 from the exact inputs. float32 cases: the outputs dxOut/dgammaOut/dbetaOut",
        "are stored float64-accurate (NOT rounded to float32). float16/bfloat16: rounded to the dtype once.",
        "mean/rstd are inputs: (N, G), computed from x (biased variance, eps 1e-5) except in *given_stats* cases.",
    ]),
]
