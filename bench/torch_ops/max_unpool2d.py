"""PyTorch baseline of MaxUnpool2d (forward) for bench/torch_baseline.py.

Timed: `torch.ops.aten.max_unpool2d(self, indices, outputSize)` with the positions MaxPool2d k2s2 would
record (row 2h + (0|1), column 2w + (0|1)), as the case in tests/cases/max_unpool2d_cases.cpp.

params keys (the aclnn argument names, set by tests/cases/max_unpool2d_cases.cpp):
- `self`: shape of self / indices, (N,C,H,W) or (C,H,W)
- `outputSize`: [oH, oW]
"""

from _params import first, ints  # noqa: F401


def build_max_unpool2d(torch, params, dtype, device):
    self_shape = ints(params, "self")
    out_h, out_w = ints(params, "outputSize")
    h, w = self_shape[-2], self_shape[-1]
    self_t = torch.randn(self_shape, device=device).to(dtype)
    rows = 2 * torch.arange(h, device=device).view(h, 1) + torch.randint(0, 2, self_shape, device=device)
    cols = 2 * torch.arange(w, device=device).view(1, w) + torch.randint(0, 2, self_shape, device=device)
    indices = (rows * out_w + cols).contiguous()
    size = [out_h, out_w]
    return lambda: torch.ops.aten.max_unpool2d(self_t, indices, size)


BUILDERS = {
    "MaxUnpool2d": build_max_unpool2d,
}
