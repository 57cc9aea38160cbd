"""PyTorch baselines of Convolution and ConvolutionBackward for bench/torch_baseline.py.

Timed: `torch.nn.functional.conv2d(input, weight, bias, 1, padding)` (Convolution) and
`torch.ops.aten.convolution_backward(gradOutput, input, weight, [C_out], 1, padding, 1, False, 0, 1,
[True, True, True])` (ConvolutionBackward: all three gradients, as the aclnn case asks for).

params keys (the aclnn argument names, set by tests/cases/convolution_cases.cpp):
- `input`: [N, C_in, H, W]
- `weight`: [C_out, C_in, KH, KW] (groups 1, stride 1, dilation 1)
- `padding`: [pad_h, pad_w]
"""

from _params import ints  # noqa: F401


def _tensors(torch, params, dtype, device):
    n, c, h, w = ints(params, "input")
    c_out, _, kh, kw = ints(params, "weight")
    ph, pw = ints(params, "padding")
    x = torch.randn(n, c, h, w, device=device).to(dtype)
    wt = torch.randn(c_out, c, kh, kw, device=device).to(dtype)
    bias = torch.randn(c_out, device=device).to(dtype)
    return x, wt, bias, (ph, pw)


def build_convolution(torch, params, dtype, device):
    x, w, bias, padding = _tensors(torch, params, dtype, device)
    return lambda: torch.nn.functional.conv2d(x, w, bias, 1, padding)


def build_convolution_backward(torch, params, dtype, device):
    x, w, bias, padding = _tensors(torch, params, dtype, device)
    dy = torch.randn_like(torch.nn.functional.conv2d(x, w, bias, 1, padding))
    c_out = w.shape[0]
    return lambda: torch.ops.aten.convolution_backward(dy, x, w, [c_out], [1, 1], list(padding), [1, 1], False,
                                                       [0, 0], 1, [True, True, True])


BUILDERS = {
    "Convolution": build_convolution,
    "ConvolutionBackward": build_convolution_backward,
}
