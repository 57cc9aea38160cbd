"""PyTorch baseline of GroupNorm for bench/torch_baseline.py.

Timed: `F.group_norm(x, G, gamma, beta, eps)`, what a PyTorch user writes. The statistics PyTorch computes
internally are not returned; ours are (meanOut, rstdOut).

params keys (the aclnn argument names, set by tests/cases/):
- `self`: shape of self, (N, C, ...)
- `group`: [G]
- `eps`: [eps], optional (default 1e-5)
"""

from _params import first, ints  # noqa: F401


def build_group_norm(torch, params, dtype, device):
    import torch.nn.functional as F
    shape = ints(params, "self")
    groups = int(first(params, "group", 1))
    eps = float(first(params, "eps", 1e-5))
    c = shape[1]
    x = torch.randn(shape, device=device).to(dtype)
    gamma = torch.randn(c, device=device).to(dtype)
    beta = torch.randn(c, device=device).to(dtype)

    def run():
        return F.group_norm(x, groups, gamma, beta, eps)
    return run


BUILDERS = {
    "GroupNorm": build_group_norm,
}
