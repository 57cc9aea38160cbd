"""PyTorch baseline of ReflectionPad2dBackward and ReplicationPad2dBackward for bench/torch_baseline.py.

Timed: `torch.ops.aten.reflection_pad2d_backward(gradOutput, self, padding)` / `replication_pad2d_backward`

params keys (the aclnn argument names, set by tests/cases/):
- `self`: shape of self, 3-D (C,H,W) or 4-D (N,C,H,W)
- `padding`: [left, right, top, bottom]
- `gradOutput`: shape of gradOutput (informational; derived from the two above)
"""

from _params import first, ints  # noqa: F401


def _pad2d_builder(aten_name):
    def build(torch, params, dtype, device):
        self_shape = ints(params, "self")
        left, right, top, bottom = ints(params, "padding")
        grad_shape = self_shape[:-2] + [self_shape[-2] + top + bottom, self_shape[-1] + left + right]
        self_t = torch.randn(self_shape, device=device).to(dtype)
        grad = torch.randn(grad_shape, device=device).to(dtype)
        fn = getattr(torch.ops.aten, aten_name)
        padding = [left, right, top, bottom]
        return lambda: fn(grad, self_t, padding)
    return build


BUILDERS = {
    "ReflectionPad2dBackward": _pad2d_builder("reflection_pad2d_backward"),
    "ReplicationPad2dBackward": _pad2d_builder("replication_pad2d_backward"),
}
