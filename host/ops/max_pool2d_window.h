// The max-pool family's shared argument rules (MaxPool2dWithIndices and its backward), in CANN's
// order: the four attribute arrays' lengths, then kernelSize > 0, stride > 0, 0 <= padding <= kernel/2,
// dilation > 0; the (N, C, H, W) axes of a 3-D or 4-D tensor (NHWC format: channels last); C, H, W
// non-zero; the pooled size (PyTorch's formula, ceilMode's last window starting inside the input or
// its top/left padding) > 0. docs/ops/max_pool2d_with_indices.md has the contract.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/checked_math.h"
#include "common/error.h"
#include "kernels/defines.h"
#include "meta/tensor.h"
#include "ops/op_plan.h"

namespace aclcl {

struct PoolWindow {
    int64_t kH = 1, kW = 1, sH = 1, sW = 1, pH = 0, pW = 0, dH = 1, dW = 1;
    bool ceilMode = false;
};

// A 3-D or 4-D tensor's (N, C, H, W): sizes and strides (N's stride 0 for 3-D).
struct PoolAxes {
    int64_t N = 1, C = 0, H = 0, W = 0;
    int64_t sN = 0, sC = 0, sH = 0, sW = 0;
};

struct PoolGeometry {
    PoolWindow win;
    int64_t N = 1, C = 0, H = 0, W = 0, OH = 0, OW = 0;
};

inline void checkPoolArrayLength(const char *op, const aclIntArray *a, const char *arg, bool zeroAllowed) {
    const size_t n = a->values.size();
    if (n == 1 || n == 2 || (zeroAllowed && n == 0)) return;
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to have %s values, but found %zu (%s).", op, arg,
                                            zeroAllowed ? "0, 1 or 2" : "1 or 2", n, a->toString().c_str()));
}

// Lengths first (kernelSize, stride, padding, dilation), then the values, as CANN's CheckShape.
inline PoolWindow readPoolWindow(const char *op, const aclIntArray *kernelSize, const aclIntArray *stride,
                                 const aclIntArray *padding, const aclIntArray *dilation, bool ceilMode) {
    checkPoolArrayLength(op, kernelSize, "kernelSize", false);
    checkPoolArrayLength(op, stride, "stride", true);
    checkPoolArrayLength(op, padding, "padding", false);
    checkPoolArrayLength(op, dilation, "dilation", false);
    PoolWindow w;
    w.ceilMode = ceilMode;
    const auto pair = [](const aclIntArray *a, int64_t &h, int64_t &wv) {
        h = a->values[0];
        wv = a->values.size() == 1 ? h : a->values[1];
    };
    pair(kernelSize, w.kH, w.kW);
    if (w.kH <= 0 || w.kW <= 0) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected kernelSize's values to be > 0, but found %s.", op,
                                                kernelSize->toString().c_str()));
    }
    if (stride->values.empty()) {
        w.sH = w.kH;
        w.sW = w.kW;
    } else {
        pair(stride, w.sH, w.sW);
    }
    if (w.sH <= 0 || w.sW <= 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected stride's values to be > 0, but found %s.", op, stride->toString().c_str()));
    }
    pair(padding, w.pH, w.pW);
    if (w.pH < 0 || w.pW < 0 || w.pH > w.kH / 2 || w.pW > w.kW / 2) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected padding's values to be >= 0 and <= half of kernelSize (%lld, %lld), but found "
                       "%s.",
                       op, static_cast<long long>(w.kH / 2), static_cast<long long>(w.kW / 2),
                       padding->toString().c_str()));
    }
    pair(dilation, w.dH, w.dW);
    if (w.dH <= 0 || w.dW <= 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected dilation's values to be > 0, but found %s.", op, dilation->toString().c_str()));
    }
    // Ours: the kernels' window arithmetic ((k - 1) * d + pad) stays in 64 bits.
    for (const auto &[arr, name] : {std::pair<const aclIntArray *, const char *>{kernelSize, "kernelSize"},
                                    {stride, "stride"}, {dilation, "dilation"}}) {
        for (int64_t v : arr->values) {
            if (v < (int64_t{1} << 31)) continue;
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s's values to be below 2^31, but found %s.", op,
                                                    name, arr->toString().c_str()));
        }
    }
    return w;
}

// (N, C, H, W) of a 3-D or 4-D tensor; `nhwc`: the format puts channels last.
inline PoolAxes poolAxes(const aclTensor &t, bool nhwc) {
    const bool r4 = t.rank() == 4;
    const int b = r4 ? 1 : 0;  // first of the three (C, H, W) axes
    const int c = nhwc ? b + 2 : b, h = nhwc ? b : b + 1, w = nhwc ? b + 1 : b + 2;
    PoolAxes a;
    a.N = r4 ? t.viewDims[0] : 1;
    a.sN = r4 ? t.strides[0] : 0;
    a.C = t.viewDims[c];
    a.H = t.viewDims[h];
    a.W = t.viewDims[w];
    a.sC = t.strides[c];
    a.sH = t.strides[h];
    a.sW = t.strides[w];
    return a;
}

// PyTorch's and CANN's pooled size; in ceilMode the last window must start inside the input or its
// top/left padding.
inline int64_t pooledSize(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dilation, bool ceilMode) {
    // The attributes are below 2^31 (readPoolWindow), so every term but `in` (below 2^63) is far inside int64;
    // floorDivSum divides `in` and the terms apart where their sum would not fit. A pooled size beyond int64
    // comes back as -1, which poolGeometry rejects as it would any size below 1.
    const int64_t terms = 2 * pad - dilation * (k - 1) - 1 + (ceilMode ? stride - 1 : 0);
    int64_t q, bound, out;  // q rounds toward -infinity
    if (!floorDivSum(in, terms, stride, &q)) return -1;
    // In ceilMode, q windows when the last of q + 1 would start at or past in + pad: q * stride >= in + pad,
    // i.e. q >= ceil((in + pad) / stride) (a bound beyond int64 is never reached).
    if (ceilMode && floorDivSum(in, pad + stride - 1, stride, &bound) && q >= bound) return q;
    return checkedAdd(q, 1, &out) ? out : -1;
}

// C, H, W non-zero, then the pooled size > 0; fills the geometry.
inline PoolGeometry poolGeometry(const char *op, const PoolWindow &win, const PoolAxes &a, const aclTensor *self) {
    if (a.C == 0 || a.H == 0 || a.W == 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected self with non-zero C, H and W (only a 4-D self's N may be 0), but found self "
                       "shape %s.",
                       op, self->shapeString().c_str()));
    }
    PoolGeometry g;
    g.win = win;
    g.N = a.N;
    g.C = a.C;
    g.H = a.H;
    g.W = a.W;
    g.OH = pooledSize(a.H, win.kH, win.pH, win.sH, win.dH, win.ceilMode);
    g.OW = pooledSize(a.W, win.kW, win.pW, win.sW, win.dW, win.ceilMode);
    if (g.OH <= 0 || g.OW <= 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected a pooled size > 0, but found %lld x %lld for self shape %s (kernel %lld x %lld, "
                       "stride %lld x %lld, padding %lld x %lld, dilation %lld x %lld).",
                       op, static_cast<long long>(g.OH), static_cast<long long>(g.OW), self->shapeString().c_str(),
                       static_cast<long long>(win.kH), static_cast<long long>(win.kW),
                       static_cast<long long>(win.sH), static_cast<long long>(win.sW),
                       static_cast<long long>(win.pH), static_cast<long long>(win.pW),
                       static_cast<long long>(win.dH), static_cast<long long>(win.dW)));
    }
    return g;
}

// The pooled tensor's shape: self's with (H, W) replaced by (OH, OW), in self's layout.
inline std::vector<int64_t> pooledShape(const aclTensor *self, bool nhwc, const PoolGeometry &g) {
    std::vector<int64_t> s = self->viewDims;
    const size_t b = self->rank() == 4 ? 1 : 0;
    s[nhwc ? b : b + 1] = g.OH;
    s[nhwc ? b + 1 : b + 2] = g.OW;
    return s;
}

// The window's attributes in the plan's log line (both max-pool operators).
inline void describePoolAttributes(OpPlan &plan, const aclIntArray *kernelSize, const aclIntArray *stride,
                                   const aclIntArray *padding, const aclIntArray *dilation, bool ceilMode) {
    plan.describeAttribute("kernelSize", kernelSize);
    plan.describeAttribute("stride", stride);
    plan.describeAttribute("padding", padding);
    plan.describeAttribute("dilation", dilation);
    plan.describeAttribute("ceilMode", static_cast<int64_t>(ceilMode));
}

// The one index-width decision of both operators' kernels: the three tensors' views and the window
// arithmetic (a window reaches (k - 1) * d past its start; starts reach OH * sH), with margin.
inline bool poolWideIndex(const PoolGeometry &g, const aclTensor *a, const aclTensor *b, const aclTensor *c) {
    const PoolWindow &w = g.win;
    const auto d = [](int64_t v) { return static_cast<double>(v); };
    IndexWidth width;
    width.coverView(a->viewDims, a->strides).coverView(b->viewDims, b->strides).coverView(c->viewDims, c->strides);
    width.cover(4.0 * (d(g.OH) * d(w.sH) + d(g.OW) * d(w.sW) + d(w.kH) * d(w.dH) + d(w.kW) * d(w.dW) + d(g.H) +
                       d(g.W)) +
                d(g.N) * d(g.C) + 64.0);
    return width.wide();
}

}  // namespace aclcl
