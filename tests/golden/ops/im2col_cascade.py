"""Golden data of the patch-extraction cascades: ReflectionPad2d / ReplicationPad2d -> Im2col forward,
then Im2colBackward -> ReflectionPad2dBackward / ReplicationPad2dBackward, from PyTorch autograd on the
same inputs (tests/test_im2col_cascade.cpp runs the four operators through the aclnn API)."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)


def cascade_case(mode, name, shape, pad, k, d, p, s, dtype):
    """F.pad(x, pad, mode) then F.unfold; gradients of a random gradColumns by autograd.

    float32: one autograd pass over the chain. float16 / bfloat16 (PyTorch 1.13 CPU pads neither):
    autograd op by op in float32 from the exact 16-bit values, each op's result rounded once to the
    16-bit dtype before the next op, as a 16-bit network stores every activation and gradient."""
    op = "im2col_cascade"
    g = gen_for(op, name)
    x = rand(shape, dtype, g)
    x32 = x.detach().to(f32).clone().requires_grad_()
    xp32 = F.pad(x32, list(pad), mode=mode)
    xp_leaf = xp32.detach().requires_grad_()
    y32 = F.unfold(xp_leaf, k, dilation=d, padding=p, stride=s)
    gy = rand(tuple(y32.shape), dtype, g)
    # each op's backward in float32, its result rounded to dtype (a no-op for float32)
    (gp32,) = torch.autograd.grad(y32, xp_leaf, gy.to(f32))
    gp = gp32.to(dtype)
    (gx32,) = torch.autograd.grad(xp32, x32, gp.to(f32))
    gx = gx32.to(dtype)
    if dtype == f32:
        # the same as one autograd pass over the whole chain
        xa = x.detach().clone().requires_grad_()
        xpa = F.pad(xa, list(pad), mode=mode)
        xpa.retain_grad()
        F.unfold(xpa, k, dilation=d, padding=p, stride=s).backward(gy)
        assert torch.equal(xpa.grad, gp) and torch.equal(xa.grad, gx), name
    # independent checks: the forward is a copy; the gradients against double sums
    xp = xp32.detach().to(dtype)
    y = y32.detach().to(dtype)
    xp64 = F.pad(x.to(f64), list(pad), mode=mode)
    assert torch.equal(xp64.to(dtype), xp), name
    assert torch.equal(F.unfold(xp64.unsqueeze(0) if xp64.dim() == 3 else xp64, k, dilation=d, padding=p,
                                stride=s).reshape(y.shape).to(dtype), y), name
    fold = F.fold(gy.to(f64).unsqueeze(0) if gy.dim() == 2 else gy.to(f64), tuple(xp.shape[-2:]), k,
                  dilation=d, padding=p, stride=s).reshape(xp.shape)
    assert_close(gp, fold, *TOL[dtype], what=op + "/" + name)
    xr = x.to(f64).requires_grad_()
    (gx64,) = torch.autograd.grad(F.pad(xr, list(pad), mode=mode), xr, gp.to(f64))
    assert_close(gx, gx64, *TOL[dtype], what=op + "/" + name)
    c = Case(op, name)
    c.param("reflect", 1 if mode == "reflect" else 0)
    c.param("pad", *pad)
    window_params(c, k, d, p, s)
    c.tensor("self", x)
    c.tensor("padded", xp)
    c.tensor("columns", y)
    c.tensor("gradColumns", gy)
    c.tensor("gradPadded", gp)
    c.tensor("gradSelf", gx)
    return c


def cascade_cases():
    cs = []
    geometries = {
        # mode: [(tag, self shape, pad (left, right, top, bottom), kernel, dilation, padding, stride)]
        "reflect": [("4d", (1, 2, 4, 5), (2, 1, 1, 2), (2, 2), (1, 1), (1, 0), (1, 2)),
                    ("3d", (2, 4, 4), (3, 3, 3, 3), (2, 3), (2, 1), (0, 1), (2, 2))],
        "replicate": [("4d", (1, 2, 4, 5), (2, 1, 1, 2), (2, 2), (1, 1), (1, 0), (1, 2)),
                      ("3d", (2, 3, 4), (4, 2, 3, 5), (2, 3), (2, 1), (0, 1), (2, 2))],
    }
    for mode, geos in geometries.items():
        for dname, dtype in (("f32", f32), ("f16", f16), ("bf16", bf16)):
            for tag, shape, pad, k, d, p, s in geos:
                cs.append(cascade_case(mode, "%s_%s_%s" % (mode, dname, tag), shape, pad, k, d, p, s, dtype))
    return cs


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("im2col_cascade", cascade_cases, [
        "padded = F.pad(self, pad, mode) (reflect 1: 'reflect', 0: 'replicate'), columns = F.unfold(padded);",
        "gradPadded, gradSelf: PyTorch autograd of gradColumns through unfold and pad. float16/bfloat16: autograd",
        "op by op in float32 from the exact 16-bit values, each op's result rounded once to the 16-bit dtype.",
    ]),
]
