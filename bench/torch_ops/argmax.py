"""PyTorch baseline of ArgMax for bench/torch_baseline.py.

Timed: `torch.argmax(self, dim, keepdim)`

params keys (the aclnn argument names, set by tests/cases/argmax_cases.cpp):
- `self`: shape of self
- `dim`: [dim]
- `keepdim`: [0 or 1]
"""

from _params import first, ints  # noqa: F401


def build_argmax(torch, params, dtype, device):
    self_t = torch.randn(ints(params, "self"), device=device).to(dtype)
    dim = int(first(params, "dim", 0))
    keepdim = bool(first(params, "keepdim", 0))
    return lambda: torch.argmax(self_t, dim, keepdim)


BUILDERS = {
    "ArgMax": build_argmax,
}
