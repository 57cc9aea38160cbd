"""PyTorch baseline of Cat for bench/torch_baseline.py.

Timed: `torch.cat(tensors, dim)`

params keys (the aclnn argument names, set by tests/cases/cat_cases.cpp):
- `tensors`: shape of each tensor (all alike)
- `count`: [how many tensors]
- `dim`: [dim]
"""

from _params import first, ints  # noqa: F401


def build_cat(torch, params, dtype, device):
    shape = ints(params, "tensors")
    tensors = [torch.randn(shape, device=device).to(dtype) for _ in range(int(first(params, "count", 2)))]
    dim = int(first(params, "dim", 0))
    return lambda: torch.cat(tensors, dim)


BUILDERS = {
    "Cat": build_cat,
}
