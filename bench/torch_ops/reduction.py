"""PyTorch baseline of ReduceSum, Mean, Softmax, LogSoftmax, SoftmaxBackward and LogSoftmaxBackward for
bench/torch_baseline.py.

Timed: `torch.sum(self, dims, keepdim, dtype=dtype)` (every dim when dims is empty: `torch.sum(self,
dtype=dtype)`), `torch.mean(self, dim, keepdim, dtype=dtype)` likewise, `torch.softmax(self, dim)`,
`torch.log_softmax(self, dim)`, and the backwards `torch._softmax_backward_data(gradOutput, output, dim,
input_dtype)` and `torch._log_softmax_backward_data(...)` (that signature since PyTorch 1.11: 1.13 and 2.x
alike; output is the forward's result of other random values).

params keys (the aclnn argument names, set by tests/cases/reduction_cases.cpp):
- ReduceSum: `self` (shape), `dims` (the reduced dims; empty: every dim), `keepDims` ([0 or 1])
- Mean: `self`, `dim` (the reduced dims; empty: every dim), `keepDim`
- Softmax, LogSoftmax: `self` (shape), `dim` ([dim])
- SoftmaxBackward, LogSoftmaxBackward: `gradOutput` (shape; output has the same), `dim` ([dim])
"""

from _params import first, ints


def _reducer(name, dims_key, keep_key):
    def build(torch, params, dtype, device):
        reduce = getattr(torch, name)
        x = torch.randn(ints(params, "self"), device=device).to(dtype)
        dims = ints(params, dims_key)
        keepdim = bool(first(params, keep_key, 0))
        if not dims:
            return lambda: reduce(x, dtype=dtype)
        return lambda: reduce(x, dims, keepdim, dtype=dtype)
    return build


def _forward(log):
    def build(torch, params, dtype, device):
        x = torch.randn(ints(params, "self"), device=device).to(dtype)
        dim = int(first(params, "dim", -1))
        if log:
            return lambda: torch.log_softmax(x, dim)
        return lambda: torch.softmax(x, dim)
    return build


def _backward(log):
    def build(torch, params, dtype, device):
        shape = ints(params, "gradOutput")
        dim = int(first(params, "dim", -1))
        grad = torch.randn(shape, device=device).to(dtype)
        z = torch.randn(shape, device=device)
        output = (torch.log_softmax(z, dim) if log else torch.softmax(z, dim)).to(dtype)
        if log:
            return lambda: torch._log_softmax_backward_data(grad, output, dim, dtype)
        return lambda: torch._softmax_backward_data(grad, output, dim, dtype)
    return build


BUILDERS = {
    "ReduceSum": _reducer("sum", "dims", "keepDims"),
    "Mean": _reducer("mean", "dim", "keepDim"),
    "Softmax": _forward(False),
    "LogSoftmax": _forward(True),
    "SoftmaxBackward": _backward(False),
    "LogSoftmaxBackward": _backward(True),
}
