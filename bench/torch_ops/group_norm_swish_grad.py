"""PyTorch baseline of GroupNormSwishGrad for bench/torch_baseline.py.

Timed: recompute xhat and z = xhat*gamma+beta from x, mean, rstd; swish derivative
`dy*sg*(1+s*z*(1-sg))`; `torch.ops.aten.native_group_norm_backward` (mean/rstd computed from x once,
outside the timing)

params keys (the aclnn argument names, set by tests/cases/):
- `x`: shape of x / dy, (N, C, ...)
- `numGroups`: [G]
- `swishScale`: [s]
- `dgammaIsRequire`, `dbetaIsRequire`: [0 or 1], optional (default 1)
"""

from _params import first, ints  # noqa: F401


def build_group_norm_swish_grad(torch, params, dtype, device):
    shape = ints(params, "x")
    groups = int(first(params, "numGroups", 1))
    scale = float(first(params, "swishScale", 1.0))
    n, c = shape[0], shape[1]
    hw = 1
    for d in shape[2:]:
        hw *= d
    x = torch.randn(shape, device=device).to(dtype)
    dy = torch.randn(shape, device=device).to(dtype)
    gamma = torch.randn(c, device=device).to(dtype)
    beta = torch.randn(c, device=device).to(dtype)
    xg = x.float().view(n, groups, -1)
    mean = xg.mean(-1).to(dtype)
    rstd = torch.rsqrt(xg.var(-1, unbiased=False) + 1e-5).to(dtype)
    bshape = [1, c] + [1] * (len(shape) - 2)
    mask = [True, bool(first(params, "dgammaIsRequire", 1)), bool(first(params, "dbetaIsRequire", 1))]

    def run():
        # Recompute the forward output from the saved statistics, apply the swish derivative, then
        # the group-norm backward: what a PyTorch user does for this fused operator.
        xhat = ((x.view(n, groups, -1) - mean.view(n, groups, 1)) * rstd.view(n, groups, 1)).view(shape)
        z = xhat * gamma.view(bshape) + beta.view(bshape)
        sg = torch.sigmoid(scale * z)
        g = dy * sg * (1 + scale * z * (1 - sg))
        return torch.ops.aten.native_group_norm_backward(g, x, mean, rstd, gamma, n, c, hw, groups, mask)
    return run


BUILDERS = {
    "GroupNormSwishGrad": build_group_norm_swish_grad,
}
