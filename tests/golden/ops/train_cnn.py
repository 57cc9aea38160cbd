"""Golden data of examples/train_cnn.cpp: a small CNN trained by SGD on synthetic data,
x (N, 3, 16, 16) -> conv 3x3 (3 -> 8, pad 1) -> group_norm (2 groups) -> silu -> max_pool 2x2
-> flatten (N, 512) -> @ fcWeight (512, 10) + fcBias -> log_softmax -> nll_loss (mean),
by PyTorch autograd in float64 from the example's float32 inputs and initial parameters. Stored: the
gradients of the first step and the loss before every step, with each SGD update rounded to float32
as the example stores its parameters."""

import math
import os
import re

from golden_lib import *  # noqa: F401,F403

N, C_IN, H, W, C, K, GROUPS, CLASSES = 8, 3, 16, 16, 8, 3, 2, 10
EPS, LR, STEPS = 1e-5, 0.05, 50
FLAT = C * (H // 2) * (W // 2)
EXAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "examples", "train_cnn.cpp")


def values(n, f):
    """The example's inputs: f(i) in double, rounded once to float32 (as the C++ does)."""
    return torch.tensor([f(i) for i in range(n)], dtype=f64).to(f32)


def inputs():
    """The data and initial parameters, the same formulas as the example's Init()."""
    x = values(N * C_IN * H * W, lambda i: math.sin(0.37 * i + 0.1) * math.cos(0.011 * i)).view(N, C_IN, H, W)
    labels = torch.tensor([(3 * n + 1) % CLASSES for n in range(N)], dtype=torch.int64)
    params = {
        "convWeight": values(C * C_IN * K * K, lambda i: 0.25 * math.sin(0.71 * i + 0.3)).view(C, C_IN, K, K),
        "convBias": values(C, lambda i: 0.01 * (i - 4)),
        "gamma": values(C, lambda i: 1.0 + 0.05 * math.cos(i)),
        "beta": values(C, lambda i: 0.02 * math.sin(i)),
        "fcWeight": values(FLAT * CLASSES, lambda i: 0.05 * math.sin(0.37 * i + 1.1)).view(FLAT, CLASSES),
        "fcBias": values(CLASSES, lambda i: 0.0),
    }
    return x, labels, params


ORDER = ("convWeight", "convBias", "gamma", "beta", "fcWeight", "fcBias")


def loss_of(x, labels, p):
    y = F.conv2d(x, p["convWeight"], p["convBias"], stride=1, padding=1)
    z = F.silu(F.group_norm(y, GROUPS, p["gamma"], p["beta"], EPS))
    pooled = F.max_pool2d(z, 2, 2)
    logits = pooled.reshape(N, FLAT) @ p["fcWeight"] + p["fcBias"]
    return F.nll_loss(F.log_softmax(logits, dim=1), labels, reduction="mean")


def training_case():
    x, labels, params = inputs()
    x = x.to(f64)
    p32 = {k: v.clone() for k, v in params.items()}  # the parameters as the example stores them
    losses, first_grads = [], None
    for _ in range(STEPS):
        p = {k: v.to(f64).requires_grad_() for k, v in p32.items()}
        loss = loss_of(x, labels, p)
        loss.backward()
        losses.append(loss.detach())
        grads = {k: p[k].grad.detach() for k in ORDER}
        if first_grads is None:
            first_grads = grads
        with torch.no_grad():
            # The example's InplaceAdd(param, grad, alpha = -lr) on float32 parameters and gradients.
            p32 = {k: (p32[k].to(f64) + (-LR) * grads[k].to(f32).to(f64)).to(f32) for k in ORDER}
    losses = torch.stack(losses)
    assert losses[-1] < 0.5 * losses[0], "the training must lower the loss"
    c = Case("train_cnn", "f32_sgd_50_steps")
    c.param("lr", LR)
    c.param("steps", STEPS)
    c.tensor("loss", losses, f64)
    for k in ORDER:
        c.tensor(k, first_grads[k], f64)
    return c


def expect_line(losses):
    """The example's expectation: the loss of steps 1, 10, 20, 30, 40 and 50."""
    return "loss=" + ",".join("%.6g" % losses[step - 1] for step in (1, 10, 20, 30, 40, 50))


def cases():
    c = training_case()
    losses = c.tensors[0][3]
    want = expect_line(losses)
    if os.path.exists(EXAMPLE):
        m = re.search(r"^// install-test-expect: (.*)$", open(EXAMPLE).read(), re.M)
        assert m and m.group(1) == want, "examples/train_cnn.cpp must expect:\n" + want
    NOTES.append("train_cnn: loss %.6g -> %.6g over %d steps; the example expects: %s"
                 % (losses[0], losses[-1], STEPS, want))
    return [c]


FILES = [
    ("train_cnn", cases, [
        "A small CNN (conv, group_norm, silu, max_pool, linear, log_softmax, nll_loss) trained 50 SGD steps,",
        "float64 autograd from the example's float32 inputs; loss before every step, first step's gradients.",
    ]),
]
