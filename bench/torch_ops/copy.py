"""PyTorch baseline of the Copy yardstick case for bench/torch_baseline.py.

Timed: `dst.copy_(src)`

params keys (the aclnn argument names, set by tests/cases/):
- `numel`: [bytes copied]
"""

from _params import first, ints  # noqa: F401


def build_copy(torch, params, dtype, device):
    n = ints(params, "numel")[0]
    src = torch.randint(0, 100, (n,), device=device).to(dtype)
    dst = torch.empty_like(src)
    return lambda: dst.copy_(src)


BUILDERS = {
    "Copy": build_copy,
}
