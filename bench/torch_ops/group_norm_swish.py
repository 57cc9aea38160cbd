"""PyTorch baseline of GroupNormSwish for bench/torch_baseline.py.

Timed: `F.group_norm(x, G, gamma, beta, eps)` then `F.silu` (or `y * sigmoid(s * y)` for a swishScale
other than 1; nothing after the group norm when activateSwish is 0): what a PyTorch user writes for this
fused operator. The statistics PyTorch computes internally are not returned; ours are (meanOut, rstdOut).

params keys (the aclnn argument names, set by tests/cases/):
- `x`: shape of x, (N, C, ...)
- `numGroups`: [G]
- `eps`: [eps], optional (default 1e-5)
- `activateSwish`: [0 or 1], optional (default 1)
- `swishScale`: [s], optional (default 1)
"""

from _params import first, ints  # noqa: F401


def build_group_norm_swish(torch, params, dtype, device):
    import torch.nn.functional as F
    shape = ints(params, "x")
    groups = int(first(params, "numGroups", 1))
    eps = float(first(params, "eps", 1e-5))
    swish = bool(first(params, "activateSwish", 1))
    scale = float(first(params, "swishScale", 1.0))
    c = shape[1]
    x = torch.randn(shape, device=device).to(dtype)
    gamma = torch.randn(c, device=device).to(dtype)
    beta = torch.randn(c, device=device).to(dtype)

    def run():
        y = F.group_norm(x, groups, gamma, beta, eps)
        if not swish:
            return y
        if scale == 1.0:
            return F.silu(y)
        return y * torch.sigmoid(scale * y)
    return run


BUILDERS = {
    "GroupNormSwish": build_group_norm_swish,
}
