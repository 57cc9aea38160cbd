"""Golden data of examples/train_step_conv1d_block.cpp: one SGD step of a 1-D conv block,
x (T, B, C) -> conv_tbc -> view as (B, C, T) -> group_norm + swish -> loss = sum((z - target)^2) / 2,
by PyTorch autograd in float64 from the example's float32 inputs. The example prints the two losses and
the gradients; its `install-test-expect` line must hold these values (checked here)."""

import os
import re

from golden_lib import *  # noqa: F401,F403

T, B, C_IN, C_OUT, K, PAD, GROUPS = 16, 2, 8, 8, 3, 1, 4
EPS, SWISH_SCALE, LR = 1e-5, 1.0, 0.01
EXAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "examples",
                       "train_step_conv1d_block.cpp")


def values(n, f):
    """The example's inputs: f(i) in double, rounded once to float32 (as the C++ does)."""
    return torch.tensor([f(i) for i in range(n)], dtype=f64).to(f32)


def inputs():
    x = values(T * B * C_IN, lambda i: math.sin(0.37 * i + 0.1)).view(T, B, C_IN)
    w = values(K * C_IN * C_OUT, lambda i: 0.2 * math.cos(0.23 * i)).view(K, C_IN, C_OUT)
    bias = values(C_OUT, lambda i: 0.05 * i - 0.1)
    gamma = values(C_OUT, lambda i: 1.0 + 0.1 * math.sin(i))
    beta = values(C_OUT, lambda i: 0.1 * math.cos(i))
    target = values(B * C_OUT * T, lambda i: 0.5 * math.sin(0.11 * i)).view(B, C_OUT, T)
    return x, w, bias, gamma, beta, target


def block_loss(x, w, bias, gamma, beta, target):
    y = torch.conv_tbc(x, w, bias, PAD)            # (T, B, C)
    if y.requires_grad:
        y.register_hook(lambda g: g.contiguous())  # 1.13's conv_tbc_backward views its grad_output
    v = y.permute(1, 2, 0).contiguous()              # (B, C, T): the example views it through strides
    z = F.group_norm(v, GROUPS, gamma, beta, EPS)
    z = z * torch.sigmoid(SWISH_SCALE * z)
    return ((z - target) ** 2).sum() / 2


def step_case():
    x, w, bias, gamma, beta, target = inputs()
    params = [t.to(f64).requires_grad_() for t in (w, bias, gamma, beta)]
    loss1 = block_loss(x.to(f64), *params, target.to(f64))
    loss1.backward()
    grads = [p.grad.detach() for p in params]
    with torch.no_grad():
        # The example updates float32 parameters: p - lr * g rounded to float32.
        updated = [(p.detach().to(f32).to(f64) - LR * g.to(f32).to(f64)).to(f32) for p, g in zip(params, grads)]
        loss2 = block_loss(x.to(f64), *(u.to(f64) for u in updated), target.to(f64))
    assert loss2 < loss1, "the step must lower the loss"
    c = Case("train_step_conv1d_block", "f32_sgd_step")
    c.param("pad", PAD)
    c.param("numGroups", GROUPS)
    c.param("lr", LR)
    c.tensor("loss", torch.stack([loss1.detach(), loss2]), f64)
    for role, g in zip(("gradWeight", "gradBias", "dgamma", "dbeta"), grads):
        c.tensor(role, g, f64)
    return c


def expect_line(c):
    """The example's expectation: both losses, gradBias, dgamma, dbeta and the first 8 of gradWeight's 192."""
    t = {role: vals for role, _, _, vals, _ in c.tensors}
    fmt = lambda vs: ",".join("%.6g" % v for v in vs)  # noqa: E731
    return ("loss=%s gradBias=%s dgamma=%s dbeta=%s gradWeight~%d=%s"
            % (fmt(t["loss"]), fmt(t["gradBias"]), fmt(t["dgamma"]), fmt(t["dbeta"]), len(t["gradWeight"]),
               fmt(t["gradWeight"][:8])))


def cases():
    c = step_case()
    want = expect_line(c)
    if os.path.exists(EXAMPLE):
        m = re.search(r"^// install-test-expect: (.*)$", open(EXAMPLE).read(), re.M)
        assert m and m.group(1) == want, "examples/train_step_conv1d_block.cpp must expect:\n" + want
    NOTES.append("train_step_conv1d_block expects: " + want)
    return [c]


FILES = [
    ("train_step_conv1d_block", cases, [
        "One SGD step of conv_tbc -> (B, C, T) view -> group_norm + swish -> sum((z - target)^2)/2, float64",
        "autograd from the example's float32 inputs; loss = [before, after] the step.",
    ]),
]
