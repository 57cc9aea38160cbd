"""Golden data of nll_loss (aten::nll_loss_forward: out and total_weight) and nll_loss_backward
(aten::nll_loss_backward from the stored total weight), checked against an independent NumPy
implementation of docs/ops/nll_loss.md."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, torch, np, ...)

REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}


def nll_ref(x, target, weight, reduction, ignore):
    x, w = x.to(f64).numpy(), weight.to(f64).numpy()
    t = target.to(torch.int64).numpy().reshape(-1)
    rows = x.reshape(-1, x.shape[-1])
    loss = np.zeros(len(t))
    wn = np.zeros(len(t))
    for n, tn in enumerate(t):
        if tn == ignore:
            continue
        wn[n] = w[tn]
        loss[n] = -w[tn] * rows[n, tn]
    if reduction == 0:
        return torch.from_numpy(loss.reshape(target.shape)), torch.tensor(0.0, dtype=f64)
    total = wn.sum()
    out = loss.sum() / total if reduction == 1 else loss.sum()
    return torch.tensor(out, dtype=f64), torch.tensor(total, dtype=f64)


def targets(shape, C, tdtype, g, ignore_every=0, ignore=-100):
    t = torch.randint(0, C, shape, generator=g, dtype=torch.int64)
    if ignore_every:
        flat = t.reshape(-1)
        flat[::ignore_every] = ignore
    return t.to(tdtype)


def nll_case(name, N, C, dtype, tdtype, reduction, ignore=-100, ignore_every=0):
    op = "nll_loss"
    g = gen_for(op, name)
    shape = (N, C) if N is not None else (C,)
    tshape = (N,) if N is not None else ()
    x = rand(shape, dtype, g, scale=2.0, offset=-2.0)
    t = targets(tshape, C, tdtype, g, ignore_every, ignore)
    w = rand((C,), dtype, g, scale=0.5, offset=1.0)
    out, tw = torch.ops.aten.nll_loss_forward(x.to(f64), t.to(torch.int64), w.to(f64), REDUCTIONS[reduction], ignore)
    ref_out, ref_tw = nll_ref(x, t, w, REDUCTIONS[reduction], ignore)
    assert_close(out, ref_out, 1e-12, 1e-12, op + "/" + name + "/out")
    if reduction != "none":
        assert_close(tw, ref_tw, 1e-12, 1e-12, op + "/" + name + "/totalWeight")
    c = Case(op, name)
    c.param("reduction", REDUCTIONS[reduction])
    c.param("ignoreIndex", ignore)
    c.tensor("self", x)
    c.tensor("target", t)
    c.tensor("weight", w)
    c.tensor("out", out.reshape(tshape if reduction == "none" else ()), dtype=f64)
    c.tensor("totalWeightOut", tw.reshape(()), dtype=f64)
    return c


def nll_cases():
    specs = [
        # name, N (None: 1-D self), C, dtype, target dtype, reduction, ignoreIndex, every k-th target ignored
        ("f32_mean_i64", 8, 10, f32, i64, "mean", -100, 0),
        ("f32_sum_i32", 6, 7, f32, i32, "sum", -100, 3),
        ("f32_none_u8", 5, 9, f32, torch.uint8, "none", 255, 2),
        ("f32_mean_ignore_class_2", 12, 4, f32, i64, "mean", 2, 0),
        ("f32_1d_mean", None, 6, f32, i64, "mean", -100, 0),
        ("f32_1d_none", None, 6, f32, i32, "none", -100, 0),
        ("f32_mean_4500_rows", 4500, 2, f32, i64, "mean", -100, 7),
        ("f16_mean_i64", 16, 10, f16, i64, "mean", -100, 4),
        ("f16_none_i32", 7, 5, f16, i32, "none", -100, 3),
        ("bf16_sum_u8", 9, 6, bf16, torch.uint8, "sum", 200, 0),
        ("bf16_mean_i64", 16, 12, bf16, i64, "mean", -100, 5),
    ]
    return [nll_case(*s) for s in specs]


def nllb_case(name, N, C, dtype, tdtype, reduction, ignore=-100, ignore_every=0):
    op = "nll_loss_backward"
    g = gen_for(op, name)
    shape = (N, C) if N is not None else (C,)
    tshape = (N,) if N is not None else ()
    x = rand(shape, dtype, g, scale=2.0, offset=-2.0)
    t = targets(tshape, C, tdtype, g, ignore_every, ignore)
    w = rand((C,), dtype, g, scale=0.5, offset=1.0)
    r = REDUCTIONS[reduction]
    gshape = tshape if r == 0 else ()
    go = rand(gshape, dtype, g, scale=2.0, offset=-1.0)
    _, tw = torch.ops.aten.nll_loss_forward(x.to(f64), t.to(torch.int64), w.to(f64), r, ignore)
    tw = tw.to(dtype)
    gi = torch.ops.aten.nll_loss_backward(go.to(f64), x.to(f64), t.to(torch.int64), w.to(f64), r, ignore,
                                          tw.to(f64))
    # Reference: zero except -w * g (/ total weight) at each counted row's target.
    ref = np.zeros(shape).reshape(-1, C)
    tt = t.to(torch.int64).numpy().reshape(-1)
    gg = go.to(f64).numpy().reshape(-1)
    for n, tn in enumerate(tt):
        if tn == ignore:
            continue
        gv = gg[n] if r == 0 else gg[0]
        if r == 1:
            gv = gv / float(tw.to(f64))
        ref[n, tn] = -float(w.to(f64)[tn]) * gv
    assert_close(gi.reshape(-1, C), torch.from_numpy(ref), 1e-12, 1e-12, op + "/" + name)
    c = Case(op, name)
    c.param("reduction", r)
    c.param("ignoreIndex", ignore)
    c.tensor("gradOutput", go)
    c.tensor("self", x)
    c.tensor("target", t)
    c.tensor("weight", w)
    c.tensor("totalWeight", tw.reshape(()))
    c.tensor("out", gi.reshape(shape), dtype=f64)
    return c


def nllb_cases():
    specs = [
        ("f32_mean_i64", 8, 10, f32, i64, "mean", -100, 0),
        ("f32_sum_i32", 6, 7, f32, i32, "sum", -100, 3),
        ("f32_none_u8", 5, 9, f32, torch.uint8, "none", 255, 2),
        ("f32_1d_mean", None, 6, f32, i64, "mean", -100, 0),
        ("f16_mean_i64", 16, 10, f16, i64, "mean", -100, 4),
        ("bf16_none_i32", 9, 6, bf16, i32, "none", -100, 2),
    ]
    return [nllb_case(*s) for s in specs]


# The .golden files this module writes: (file name, case maker, comment lines).
FILES = [
    ("nll_loss", nll_cases, [
        "out, totalWeightOut = aten::nll_loss_forward(self, target, weight, reduction, ignoreIndex) in float64",
        "from the exact inputs (stored float64; totalWeightOut is 0 for reduction 0, where it is not written).",
    ]),
    ("nll_loss_backward", nllb_cases, [
        "out = aten::nll_loss_backward(gradOutput, self, target, weight, reduction, ignoreIndex, totalWeight) in",
        "float64 from the exact inputs; totalWeight is the forward's, rounded to the dtype (stored float64).",
    ]),
]
