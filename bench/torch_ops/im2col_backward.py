"""PyTorch baseline of Im2colBackward for bench/torch_baseline.py.

Timed: `F.fold(gradOutput, inputSize, kernelSize, dilation, padding, stride)`

params keys (the aclnn argument names, set by tests/cases/):
- `gradOutput`: shape, 2-D (C*kh*kw, L) or 3-D (N, C*kh*kw, L)
- `inputSize`, `kernelSize`, `dilation`, `padding`, `stride`: [h, w] each
"""

from _params import first, ints  # noqa: F401


def build_im2col_backward(torch, params, dtype, device):
    import torch.nn.functional as F
    grad_shape = ints(params, "gradOutput")
    grad = torch.randn(grad_shape, device=device).to(dtype)
    size = ints(params, "inputSize")
    kernel, dilation = ints(params, "kernelSize"), ints(params, "dilation")
    padding, stride = ints(params, "padding"), ints(params, "stride")
    return lambda: F.fold(grad, output_size=size, kernel_size=kernel, dilation=dilation, padding=padding,
                          stride=stride)


BUILDERS = {
    "Im2colBackward": build_im2col_backward,
}
