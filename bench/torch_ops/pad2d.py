"""PyTorch baseline of ReflectionPad2d and ReplicationPad2d for bench/torch_baseline.py.

Timed: `torch.ops.aten.reflection_pad2d(self, padding)` / `torch.ops.aten.replication_pad2d(self, padding)`

params keys (the aclnn argument names, set by tests/cases/pad2d_cases.cpp):
- `self`: shape of self, 3-D (C,H,W) or 4-D (N,C,H,W)
- `padding`: [left, right, top, bottom]
- `out`: shape of out (informational; derived from the two above)
"""

from _params import first, ints  # noqa: F401


def _pad2d_builder(aten_name):
    def build(torch, params, dtype, device):
        self_t = torch.randn(ints(params, "self"), device=device).to(dtype)
        padding = list(ints(params, "padding"))
        fn = getattr(torch.ops.aten, aten_name)
        return lambda: fn(self_t, padding)
    return build


BUILDERS = {
    "ReflectionPad2d": _pad2d_builder("reflection_pad2d"),
    "ReplicationPad2d": _pad2d_builder("replication_pad2d"),
}
