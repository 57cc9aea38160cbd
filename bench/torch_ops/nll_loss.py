"""PyTorch baseline of NLLLoss for bench/torch_baseline.py.

Timed: `F.nll_loss(x, target, weight, reduction=..., ignore_index=-100)` (PyTorch computes the total
weight internally; ours returns it).

params keys (the aclnn argument names, set by tests/cases/):
- `self`: shape of self, (N, C)
- `reduction`: [0 none, 1 mean, 2 sum]
- `ignoreIndex`: [index], optional (default -100)
"""

from _params import first, ints  # noqa: F401


def build_nll_loss(torch, params, dtype, device):
    import torch.nn.functional as F
    shape = ints(params, "self")
    reduction = ("none", "mean", "sum")[int(first(params, "reduction", 1))]
    ignore = int(first(params, "ignoreIndex", -100))
    n, c = shape
    x = torch.log_softmax(torch.randn(shape, device=device), dim=1).to(dtype)
    target = torch.randint(0, c, (n,), device=device)
    weight = torch.rand(c, device=device).to(dtype) + 0.5

    def run():
        return F.nll_loss(x, target, weight, reduction=reduction, ignore_index=ignore)
    return run


BUILDERS = {
    "NLLLoss": build_nll_loss,
}
