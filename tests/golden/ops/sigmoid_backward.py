"""Golden data of SigmoidBackward: gradInput = gradOutput * y * (1 - y), y the forward's output, over every
dtype CANN lists, output broadcast, with special values, checked against an independent plain-Python
product."""

import math

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

MANT = {f16: (10, -24), bf16: (7, -133), f32: (23, -149), f64: (52, -1074)}


def ulp(v, dtype):
    digits, least = MANT[dtype]
    return 2.0 ** least if v == 0 else 2.0 ** max(math.frexp(abs(v))[1] - 1 - digits, least)


def sigmoid_backward(g, y):
    """PyTorch's sigmoid_backward is g * conj((1 - y) * y) for complex dtypes (the conjugate of the
    derivative, autograd's convention); CANN's SigmoidGrad multiplies without conjugation (tests/
    test_sigmoid_backward.cpp): PyTorch's op on conj(y) is exactly that, g * (1 - y) * y."""
    return torch.ops.aten.sigmoid_backward(g, y.conj().resolve_conj() if y.is_complex() else y)


def sb_case(name, dt):
    gen = gen_for("sigmoid_backward", name)
    if dt.is_complex:
        g = rand((4, 6), dt, gen, scale=2.0)
        y = rand((4, 1), dt, gen, scale=1.0)
    else:
        g = rand((4, 6), dt, gen, scale=2.0)
        g[0, :4] = torch.tensor([float("inf"), float("nan"), -0.0, float("-inf")], dtype=f64).to(dt)
        # y is a sigmoid's output: in [0, 1], with both ends (the gradient is then 0; inf * 0 is NaN).
        y = torch.sigmoid(torch.randn((4, 1), generator=gen, dtype=f64) * 3).to(dt)
        y[1, 0], y[2, 0] = 0.0, 1.0
    wide = c128 if dt.is_complex else f64
    if dt in (f64, c128):
        out = sigmoid_backward(g, y)
    else:
        out = sigmoid_backward(g.to(wide), y.to(wide)).to(dt)
    gb, yb = torch.broadcast_tensors(g.to(wide), y.to(wide))
    ref = torch.tensor([a * (1 - b) * b for a, b in zip(gb.reshape(-1).tolist(), yb.reshape(-1).tolist())],
                       dtype=wide).to(dt)
    got, want = out.reshape(-1), ref
    if dt.is_complex:
        got, want = torch.view_as_real(got).reshape(-1), torch.view_as_real(want).reshape(-1)
    base = f64 if dt in (f64, c128) else (f32 if dt == c64 else dt)
    # PyTorch and the plain product round differently (float64's own roundings, a few ulp of the terms' size
    # for float64 and complex128, whose parts may cancel): within 8 ulp of |g| (complex: |g| |y| |1 - y|).
    scale = (gb.abs() * yb.abs() * (1 - yb).abs()).reshape(-1)
    if dt.is_complex:
        scale = scale.repeat_interleave(2)
    for gv, w, sc in zip(got.tolist(), want.tolist(), scale.tolist()):
        assert (math.isnan(gv) and math.isnan(w)) or gv == w or abs(gv - w) <= ulp(w, base) + 8 * ulp(sc, base), \
            (name, gv, w)
    c = Case("sigmoid_backward", name)
    c.tensor("gradOutput", g)
    c.tensor("output", y)
    c.tensor("gradInput", out)
    return c


def sb_cases():
    return [sb_case("%s_output_broadcast" % p, dt)
            for p, dt in [("f32", f32), ("f16", f16), ("f64", f64), ("c64", c64), ("c128", c128), ("bf16", bf16)]]


FILES = [
    ("sigmoid_backward", sb_cases, [
        "gradInput: gradOutput * (1 - y) * y (torch.ops.aten.sigmoid_backward; complex without its conjugation,",
        "as CANN's SigmoidGrad: PyTorch's op on conj(output)) over every dtype CANN lists, output broadcast from",
        "(4, 1), gradOutput with inf, NaN, -0 and y with 0 and 1. Computed in float64 (complex128) from the exact",
        "inputs and rounded once; float64 and complex128 natively. Checked against a plain-Python product.",
    ]),
]
