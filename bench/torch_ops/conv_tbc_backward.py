"""PyTorch baseline of ConvTbcBackward for bench/torch_baseline.py.

Timed: `torch.ops.aten.conv_tbc_backward(self, input, weight, bias, pad)`

params keys (the aclnn argument names, set by tests/cases/):
- `input`: [T, B, C_in]
- `weight`: [K, C_in, C_out]
- `pad`: [pad]
- `self`, `bias`: shapes of the output gradient (T_out, B, C_out) and of bias (informational)
- `cubeMathType`: [0..3] (informational; PyTorch has no equivalent)
"""

from _params import first, ints  # noqa: F401


def build_conv_tbc_backward(torch, params, dtype, device):
    t, b, c_in = ints(params, "input")
    k, _, c_out = ints(params, "weight")
    pad = int(first(params, "pad", 0))
    t_out = t + 2 * pad + 1 - k
    x = torch.randn(t, b, c_in, device=device).to(dtype)
    w = torch.randn(k, c_in, c_out, device=device).to(dtype)
    bias = torch.randn(c_out, device=device).to(dtype)
    dy = torch.randn(t_out, b, c_out, device=device).to(dtype)
    return lambda: torch.ops.aten.conv_tbc_backward(dy, x, w, bias, pad)


BUILDERS = {
    "ConvTbcBackward": build_conv_tbc_backward,
}
