"""PyTorch baseline of the elementwise engine's Add, Mul, Cast and InplaceCopy for bench/torch_baseline.py.

Timed, with every output allocated once outside the timed call as the aclnn side's is (a fresh 32 MiB
result per call would add the allocator's page faults to PyTorch's time):
- Add: `torch.add(self, other, alpha=alpha, out=out)`
- Mul: `torch.mul(self, other, out=out)`
- Cast: `out.copy_(self)` with out of the requested dtype (what `self.to(dtype)` does after allocating)
- InplaceCopy: `selfRef.copy_(src)`, src a view of a contiguous storage with srcStrides

params keys (the aclnn argument names, set by tests/cases/elementwise_cases.cpp):
- `self`, `other`, `out`: shapes (other broadcasts to self's shape)
- `alpha`: [alpha] (Add)
- `dtype`: [aclDataType] (Cast: out's dtype, as CANN's enum number)
- `selfRef`, `src`: shapes; `srcStrides`: src's strides in elements; `selfRefDtype`: [aclDataType]
  (InplaceCopy)
"""

from _params import first, ints  # noqa: F401

# CANN's aclDataType numbers (include/acl/acl_base.h) by PyTorch dtype name.
_ACL_DTYPES = {0: "float32", 1: "float16", 2: "int8", 3: "int32", 4: "uint8", 6: "int16", 9: "int64",
               11: "float64", 12: "bool", 16: "complex64", 17: "complex128", 27: "bfloat16"}


def _acl_dtype(torch, params, key):
    return getattr(torch, _ACL_DTYPES[ints(params, key)[0]])


def _binary_builder(name):
    def build(torch, params, dtype, device):
        self_t = torch.randn(ints(params, "self"), device=device).to(dtype)
        other = torch.randn(ints(params, "other"), device=device).to(dtype)
        out = torch.empty(ints(params, "out"), device=device, dtype=dtype)
        if name == "add":
            alpha = first(params, "alpha", 1)
            return lambda: torch.add(self_t, other, alpha=alpha, out=out)
        return lambda: torch.mul(self_t, other, out=out)
    return build


def build_cast(torch, params, dtype, device):
    self_t = torch.randn(ints(params, "self"), device=device).to(dtype)
    out = torch.empty(ints(params, "out"), device=device, dtype=_acl_dtype(torch, params, "dtype"))
    return lambda: out.copy_(self_t)


def build_inplace_copy(torch, params, dtype, device):
    shape, strides = ints(params, "src"), ints(params, "srcStrides")
    storage = 1 + sum((n - 1) * s for n, s in zip(shape, strides))
    src = torch.randn(storage, device=device).to(dtype).as_strided(shape, strides)
    self_ref = torch.empty(ints(params, "selfRef"), device=device, dtype=_acl_dtype(torch, params, "selfRefDtype"))
    return lambda: self_ref.copy_(src)


BUILDERS = {
    "Add": _binary_builder("add"),
    "Mul": _binary_builder("mul"),
    "Cast": build_cast,
    "InplaceCopy": build_inplace_copy,
}
