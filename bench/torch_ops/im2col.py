"""PyTorch baseline of Im2col (forward) for bench/torch_baseline.py.

Timed: `F.unfold(self, kernelSize, dilation, padding, stride)`

params keys (the aclnn argument names, set by tests/cases/im2col_cases.cpp):
- `self`: shape of self, 3-D (C,H,W) or 4-D (N,C,H,W)
- `kernelSize`, `dilation`, `padding`, `stride`: [h, w] each
- `out`: shape of out (informational; derived from the others)
"""

from _params import first, ints  # noqa: F401


def build_im2col(torch, params, dtype, device):
    import torch.nn.functional as F
    self_t = torch.randn(ints(params, "self"), device=device).to(dtype)
    kernel, dilation = ints(params, "kernelSize"), ints(params, "dilation")
    padding, stride = ints(params, "padding"), ints(params, "stride")
    return lambda: F.unfold(self_t, kernel_size=kernel, dilation=dilation, padding=padding, stride=stride)


BUILDERS = {
    "Im2col": build_im2col,
}
