"""Golden data of ThresholdBackward (ReLU's gradient at threshold 0): torch.ops.aten.threshold_backward over
every dtype CANN lists, thresholds 0 and others, self values at the threshold, signed zeros, infinities and
NaN, checked against an independent plain-Python mask. Exact."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)


def plain(g, x, t):
    """g where x > t, else 0 (a NaN x is not greater than anything: 0, CANN's mask)."""
    return [gv if xv > t else 0 for gv, xv in zip(g, x)]


def tb_case(name, dt, t):
    gen = gen_for("threshold_backward", name)
    if dt.is_floating_point:
        g = rand((4, 6), dt, gen, scale=4.0)
        edges = torch.tensor([t, 0.0, -0.0, float("inf"), float("-inf"), float("nan"), t + 0.5, t - 0.5], dtype=f64)
        x = torch.cat([edges, torch.randn((16,), generator=gen, dtype=f64) * 2 + t]).to(dt).reshape(4, 6)
    else:
        lo, hi = {torch.int8: (-128, 128), torch.uint8: (0, 256), i32: (-2 ** 31, 2 ** 31)}[dt]
        g = torch.randint(lo, hi, (4, 6), generator=gen, dtype=i64).to(dt)
        edges = torch.tensor([t, t + 1, t - 1, lo, hi - 1], dtype=i64)
        rest = torch.randint(max(lo, t - 10), min(hi, t + 10), (19,), generator=gen)
        x = torch.cat([edges, rest]).to(dt).reshape(4, 6)
    # PyTorch 1.13's CPU kernel has no float16 form: float16 goes through float32 (a select: exact either way).
    wide = f32 if dt == f16 else dt
    out = torch.ops.aten.threshold_backward(g.to(wide), x.to(wide), t).to(dt)
    # PyTorch's mask is self <= threshold ? 0 : grad, which passes a NaN self's gradient through; CANN's is
    # self > threshold (docs/ops/threshold_backward.md): the stored out is 0 there.
    out = torch.where(torch.isnan(x), torch.zeros_like(out), out) if dt.is_floating_point else out
    ref = torch.tensor(plain(g.reshape(-1).tolist(), x.reshape(-1).tolist(), t), dtype=f64 if dt.is_floating_point
                       else i64).to(dt).reshape(4, 6)
    assert torch.equal(out, ref), name
    c = Case("threshold_backward", name)
    c.param("threshold", t)
    c.tensor("gradOutput", g)
    c.tensor("self", x)
    c.tensor("out", out)
    return c


def tb_cases():
    # Thresholds: 0 (ReLU's backward; CANN's ReluGrad) and others exact in float16 and bfloat16 (PyTorch
    # converts the threshold to a float16 self's dtype, CANN compares in float32: a threshold of more bits
    # would differ); whole for the integers (CANN truncates a real threshold for them, PyTorch does not).
    rows = [("f32_zero", f32, 0), ("f32_half", f32, 0.5), ("i32_three", i32, 3), ("f16_neg", f16, -1.25),
            ("i8_neg", torch.int8, -2), ("u8_hundred", torch.uint8, 100), ("bf16_half", bf16, 0.5),
            ("bf16_zero", bf16, 0)]
    return [tb_case(name, dt, t) for name, dt, t in rows]


FILES = [
    ("threshold_backward", tb_cases, [
        "out: torch.ops.aten.threshold_backward(gradOutput, self, threshold) over every dtype CANN lists; exact.",
        "A NaN self gives 0 (CANN's mask self > threshold; PyTorch's passes the gradient). Thresholds are 0 or",
        "values exact in every floating dtype, whole for the integers (CANN truncates a real one for them).",
    ]),
]
