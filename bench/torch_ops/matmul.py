"""PyTorch baseline of Mm, BatchMatMul and Matmul for bench/torch_baseline.py.

Timed: `torch.mm(self, mat2)`, `torch.matmul(self, mat2)` (BatchMatMul: torch.bmm's product with a batch
of 1 broadcast, which torch.matmul does) and `torch.matmul(self, mat2)`.

params keys (the aclnn argument names, set by tests/cases/matmul_cases.cpp):
- `self`: self's shape
- `mat2`: mat2's shape
- `cubeMathType`: [0] (informational; PyTorch has no equivalent)
"""

from _params import ints


def _operands(torch, params, dtype, device):
    x = torch.randn(*ints(params, "self"), device=device).to(dtype)
    w = torch.randn(*ints(params, "mat2"), device=device).to(dtype)
    return x, w


def build_mm(torch, params, dtype, device):
    x, w = _operands(torch, params, dtype, device)
    return lambda: torch.mm(x, w)


def build_matmul(torch, params, dtype, device):
    x, w = _operands(torch, params, dtype, device)
    return lambda: torch.matmul(x, w)


BUILDERS = {
    "Mm": build_mm,
    "BatchMatMul": build_matmul,
    "Matmul": build_matmul,
}
