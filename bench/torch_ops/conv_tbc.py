"""PyTorch baseline of ConvTbc for bench/torch_baseline.py.

Timed: `torch.conv_tbc(self, weight, bias, pad)`

params keys (the aclnn argument names, set by tests/cases/conv_tbc_cases.cpp):
- `self`: [T, B, C_in]
- `weight`: [K, C_in, C_out]
- `pad`: [pad]
- `cubeMathType`: [0..3] (informational; PyTorch has no equivalent)
"""

from _params import first, ints  # noqa: F401


def build_conv_tbc(torch, params, dtype, device):
    t, b, c_in = ints(params, "self")
    k, _, c_out = ints(params, "weight")
    pad = int(first(params, "pad", 0))
    x = torch.randn(t, b, c_in, device=device).to(dtype)
    w = torch.randn(k, c_in, c_out, device=device).to(dtype)
    bias = torch.randn(c_out, device=device).to(dtype)
    return lambda: torch.conv_tbc(x, w, bias, pad)


BUILDERS = {
    "ConvTbc": build_conv_tbc,
}
