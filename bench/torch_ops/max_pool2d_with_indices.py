"""PyTorch baseline of MaxPool2dWithIndices and MaxPool2dWithIndicesBackward for bench/torch_baseline.py.

Timed: `torch.ops.aten.max_pool2d_with_indices(self, kernel, stride, padding, dilation, ceil_mode)` and
`torch.ops.aten.max_pool2d_with_indices_backward(grad_output, self, kernel, stride, padding, dilation,
ceil_mode, indices)` (PyTorch's indices are always int64).

params keys (set by tests/cases/max_pool2d_cases.cpp):
- `self`: shape of self, 3-D (C,H,W) or 4-D (N,C,H,W)
- `kernel`, `stride`, `padding`, `dilation`: [H, W] each (stride already resolved)
- `ceil_mode`: [0 or 1]
- `indices_int64`: [0 or 1] (informational: PyTorch's are int64)
"""

from _params import first, ints  # noqa: F401


def _args(params):
    return (ints(params, "kernel"), ints(params, "stride"), ints(params, "padding"), ints(params, "dilation"),
            bool(first(params, "ceil_mode", 0)))


def _forward(torch, params, dtype, device):
    self_t = torch.randn(ints(params, "self"), device=device).to(dtype)
    k, s, p, d, ceil = _args(params)
    return lambda: torch.ops.aten.max_pool2d_with_indices(self_t, k, s, p, d, ceil)


def _backward(torch, params, dtype, device):
    self_t = torch.randn(ints(params, "self"), device=device).to(dtype)
    k, s, p, d, ceil = _args(params)
    out, idx = torch.ops.aten.max_pool2d_with_indices(self_t, k, s, p, d, ceil)
    grad = torch.randn(out.shape, device=device).to(dtype)
    return lambda: torch.ops.aten.max_pool2d_with_indices_backward(grad, self_t, k, s, p, d, ceil, idx)


BUILDERS = {
    "MaxPool2dWithIndices": _forward,
    "MaxPool2dWithIndicesBackward": _backward,
}
