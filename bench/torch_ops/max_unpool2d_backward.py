"""PyTorch baseline of MaxUnpool2dBackward for bench/torch_baseline.py.

Timed: `torch.gather(gradOutput.flatten(-2), -1, indices.flatten(-2))` (random valid indices)

params keys (the aclnn argument names, set by tests/cases/):
- `self`: shape of self / indices / out, (N,C,H,W) or (C,H,W)
- `outputSize`: [oH, oW]
"""

from _params import first, ints  # noqa: F401


def build_max_unpool2d_backward(torch, params, dtype, device):
    self_shape = ints(params, "self")
    out_h, out_w = ints(params, "outputSize")
    lead = self_shape[:-2]
    grad = torch.randn(lead + [out_h, out_w], device=device).to(dtype)
    plane = self_shape[-2] * self_shape[-1]
    indices = torch.randint(0, out_h * out_w, lead + [plane], device=device)
    flat_grad = grad.flatten(-2)
    # The gradient of max_unpool2d is a gather of gradOutput at the indices, plane by plane.
    return lambda: torch.gather(flat_grad, -1, indices).view(self_shape)


BUILDERS = {
    "MaxUnpool2dBackward": build_max_unpool2d_backward,
}
