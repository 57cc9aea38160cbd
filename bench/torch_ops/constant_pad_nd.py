"""PyTorch baseline of ConstantPadNd for bench/torch_baseline.py.

Timed: `torch.constant_pad_nd(self, pad, value)`

params keys (the aclnn argument names, set by tests/cases/constant_pad_nd_cases.cpp):
- `self`: shape of self
- `pad`: the pad array (last dim's begin, end, the dim before's, ...)
- `value`: [the value]
"""

from _params import first, ints  # noqa: F401


def build_constant_pad_nd(torch, params, dtype, device):
    self_t = torch.randn(ints(params, "self"), device=device).to(dtype)
    pad = list(ints(params, "pad"))
    value = float(first(params, "value", 0.0))
    return lambda: torch.constant_pad_nd(self_t, pad, value)


BUILDERS = {
    "ConstantPadNd": build_constant_pad_nd,
}
