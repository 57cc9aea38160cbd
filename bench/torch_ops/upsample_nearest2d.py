"""PyTorch baseline of UpsampleNearest2d and UpsampleNearest2dBackward for bench/torch_baseline.py.

Timed: `torch.ops.aten.upsample_nearest2d(self, outputSize)` and
`torch.ops.aten.upsample_nearest2d_backward(gradOut, outputSize, inputSize)` (no scales), NCHW, as the
cases in tests/cases/upsample_nearest2d_cases.cpp.

params keys (set by tests/cases/upsample_nearest2d_cases.cpp):
- `self`: (N, C, H, W) of self (the forward) or of gradInput (the backward)
- `outputSize`: [outH, outW]
"""

from _params import ints  # noqa: F401


def build_upsample_nearest2d(torch, params, dtype, device):
    shape = ints(params, "self")
    size = ints(params, "outputSize")
    self_t = torch.randn(shape, device=device).to(dtype)
    return lambda: torch.ops.aten.upsample_nearest2d(self_t, size)


def build_upsample_nearest2d_backward(torch, params, dtype, device):
    shape = ints(params, "self")
    size = ints(params, "outputSize")
    grad = torch.randn(shape[:2] + size, device=device).to(dtype)
    return lambda: torch.ops.aten.upsample_nearest2d_backward(grad, size, shape)


BUILDERS = {
    "UpsampleNearest2d": build_upsample_nearest2d,
    "UpsampleNearest2dBackward": build_upsample_nearest2d_backward,
}
