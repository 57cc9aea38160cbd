"""Golden data of convolution (the forward, torch.nn.functional.conv1d / conv2d) and of
convolution_backward (autograd of the same), checked against a plain NumPy implementation."""

from golden_lib import *  # noqa: F401,F403  (Case, rand, TOL, torch, np, ...)

FLOATS = ("f32", "f16", "bf16")
GRAD_ROLES = ("gradInput", "gradWeight", "gradBias")


def windows(x, w, stride, padding, dilation, groups):
    """Yields (n, co, out index, ci (absolute), input index, weight index) of every product of the
    convolution whose input element lies inside the input, for 1-D or 2-D tensors."""
    sp = x.ndim - 2
    N, C = x.shape[:2]
    Co, Cg = w.shape[:2]
    k = w.shape[2:]
    ins = x.shape[2:]
    outs = [(ins[d] + 2 * padding[d] - dilation[d] * (k[d] - 1) - 1) // stride[d] + 1 for d in range(sp)]
    Cog = Co // groups
    for o in np.ndindex(*outs):
        for t in np.ndindex(*k):
            i = tuple(o[d] * stride[d] - padding[d] + t[d] * dilation[d] for d in range(sp))
            if any(i[d] < 0 or i[d] >= ins[d] for d in range(sp)):
                continue
            yield o, t, i, outs, Cog, Cg


def conv_ref(x, w, b, stride, padding, dilation, groups):
    """The forward in float64: output[n, co, o] = b[co] + sum x[n, g*Cg + ci, i] * w[co, ci, t]."""
    x, w, b = (t.detach().to(f64).numpy() for t in (x, w, b))
    N = x.shape[0]
    Co, Cg = w.shape[:2]
    y = None
    for o, t, i, outs, Cog, _ in windows(x, w, stride, padding, dilation, groups):
        if y is None:
            y = np.zeros([N, Co] + outs) + b.reshape([1, Co] + [1] * len(outs))
        for co in range(Co):
            g = co // Cog
            xs = x[(slice(None), slice(g * Cg, (g + 1) * Cg)) + i]        # (N, Cg)
            y[(slice(None), co) + o] += xs @ w[(co, slice(None)) + t]     # (N,)
    return torch.from_numpy(y)


def grads_ref(dy, x, w, stride, padding, dilation, groups):
    """The gradients (input, weight, bias) of conv_ref for the output gradient dy, in float64."""
    dy, x, w = (t.detach().to(f64).numpy() for t in (dy, x, w))
    Co, Cg = w.shape[:2]
    gi, gw = np.zeros_like(x), np.zeros_like(w)
    for o, t, i, outs, Cog, _ in windows(x, w, stride, padding, dilation, groups):
        for co in range(Co):
            g = co // Cog
            d = dy[(slice(None), co) + o]                                   # (N,)
            gi[(slice(None), slice(g * Cg, (g + 1) * Cg)) + i] += np.outer(d, w[(co, slice(None)) + t])
            gw[(co, slice(None)) + t] += d @ x[(slice(None), slice(g * Cg, (g + 1) * Cg)) + i]
    gb = dy.sum(axis=tuple(d for d in range(dy.ndim) if d != 1))
    return torch.from_numpy(gi), torch.from_numpy(gw), torch.from_numpy(gb)


def torch_conv(x, w, b, stride, padding, dilation, groups):
    f = torch.nn.functional.conv1d if x.ndim == 3 else torch.nn.functional.conv2d
    return f(x, w, b, stride, padding, dilation, groups)


# name, input shape, C_out, kernel, stride, padding, dilation, groups
SHAPES = [
    ("f32_training_layer", (2, 3, 8, 8), 4, (3, 3), (1, 1), (1, 1), (1, 1), 1),
    ("f32_stride_dilation", (2, 4, 7, 9), 6, (3, 2), (2, 1), (1, 0), (1, 2), 2),
    ("f32_depthwise", (1, 4, 6, 5), 4, (3, 3), (1, 1), (1, 1), (1, 1), 4),
    ("f32_1d", (2, 3, 10), 5, (3,), (2,), (1,), (1,), 1),
    ("f16_small", (2, 3, 5, 5), 4, (3, 3), (1, 1), (1, 1), (1, 1), 1),
    ("bf16_small", (2, 2, 6, 4), 3, (2, 3), (1, 2), (0, 1), (1, 1), 1),
]


def data(op, name, shape, Co, k, groups, dtype, with_grad):
    g = gen_for(op, name)
    x = rand(shape, dtype, g)
    w = rand((Co, shape[1] // groups) + k, dtype, g)
    b = rand((Co,), dtype, g)
    return x, w, b, g


def record(op, name, stride, padding, dilation, groups, roles, tensors):
    c = Case(op, name)
    c.param("stride", *stride)
    c.param("padding", *padding)
    c.param("dilation", *dilation)
    c.param("groups", groups)
    for role, t in zip(roles, tensors):
        c.tensor(role, t)
    return c


def fwd_case(name, shape, Co, k, stride, padding, dilation, groups):
    op = "convolution"
    dtype = dtype_of(name, FLOATS)
    x, w, b, _ = data(op, name, shape, Co, k, groups, dtype, False)
    cdt = compute_dtype(dtype)
    y = torch_conv(x.to(cdt), w.to(cdt), b.to(cdt), stride, padding, dilation, groups)
    assert_close(y, conv_ref(x, w, b, stride, padding, dilation, groups), 1e-5, 1e-5, op + "/" + name)
    return record(op, name, stride, padding, dilation, groups, ("input", "weight", "bias", "output"),
                  (x, w, b, y.to(dtype)))


def bwd_case(name, shape, Co, k, stride, padding, dilation, groups):
    op = "convolution_backward"
    dtype = dtype_of(name, FLOATS)
    x, w, b, g = data(op, name, shape, Co, k, groups, dtype, True)
    cdt = compute_dtype(dtype)
    xx, ww, bb = (t.to(cdt).requires_grad_() for t in (x, w, b))
    y = torch_conv(xx, ww, bb, stride, padding, dilation, groups)
    dy = rand(tuple(y.shape), dtype, g)
    y.backward(dy.to(cdt))
    grads = (xx.grad, ww.grad, bb.grad)
    for u, v, role in zip(grads, grads_ref(dy, x, w, stride, padding, dilation, groups), GRAD_ROLES):
        assert_close(u, v, 1e-4, 1e-4, op + "/" + name + "/" + role)
    return record(op, name, stride, padding, dilation, groups, ("gradOutput", "input", "weight") + GRAD_ROLES,
                  (dy, x, w) + tuple(t.to(dtype) for t in grads))


FILES = [
    ("convolution", lambda: [fwd_case(*row) for row in SHAPES], [
        "output: torch.nn.functional.conv1d / conv2d; float16 (no CPU Half convolution in 1.13) and bfloat16:",
        "computed in float32 from the exact inputs, rounded once.",
    ]),
    ("convolution_backward", lambda: [bwd_case(*row) for row in SHAPES], [
        "gradInput/gradWeight/gradBias: autograd through conv1d / conv2d for the stored gradOutput;",
        "float16 and bfloat16: computed in float32 from the exact inputs, rounded once.",
    ]),
]
