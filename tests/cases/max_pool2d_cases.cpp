// OpCase descriptions of MaxPool2dWithIndices and MaxPool2dWithIndicesBackward: the benchmark's speed
// cases and size sweep (registered below) and the building blocks of the tests.
//
// The forward reference scans each window as docs/ops/max_pool2d_with_indices.md says (PyTorch's
// rule, written here independently of the kernel): out and indices must match exactly, NaN for NaN
// and the sign of zeros included. The backward reference adds gradOutput into gradInput at the
// indices in the outputs' scan order in float, then rounds once to the dtype: bit-exact too.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cases/max_pool2d_cases.h"
#include "harness/max_pool2d_with_indices.h"
#include "harness/max_pool2d_with_indices_backward.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/op_case.h"

namespace testing_support {

namespace {

struct Window {
    int64_t kH, kW, sH, sW, pH, pW, dH, dW;
    bool ceil;
};

Window windowOf(const PoolAttrs &a) {
    Window w{};
    w.kH = a.kernel[0];
    w.kW = a.kernel.size() == 1 ? w.kH : a.kernel[1];
    w.sH = a.stride.empty() ? w.kH : a.stride[0];
    w.sW = a.stride.empty() ? w.kW : (a.stride.size() == 1 ? w.sH : a.stride[1]);
    w.pH = a.padding[0];
    w.pW = a.padding.size() == 1 ? w.pH : a.padding[1];
    w.dH = a.dilation[0];
    w.dW = a.dilation.size() == 1 ? w.dH : a.dilation[1];
    w.ceil = a.ceilMode;
    return w;
}

// Logical (N, C, H, W) of a 3-D or 4-D logical shape.
struct Nchw {
    int64_t N, C, H, W;
    bool rank4;
};

Nchw nchwOf(const std::vector<int64_t> &s) {
    if (s.size() == 4) return {s[0], s[1], s[2], s[3], true};
    return {1, s[0], s[1], s[2], false};
}

// A tensor of logical shape (N, C, H, W) laid out as `layout` says.
struct Placed {
    std::vector<int64_t> dims, strides;
    int64_t offset = 0;
    aclFormat format = ACL_FORMAT_NCHW;
};

Placed place(const Nchw &l, PoolLayout layout) {
    Placed p;
    p.dims = l.rank4 ? std::vector<int64_t>{l.N, l.C, l.H, l.W} : std::vector<int64_t>{l.C, l.H, l.W};
    if (!l.rank4) p.format = ACL_FORMAT_ND;
    const size_t r = p.dims.size();
    switch (layout) {
        case PoolLayout::Contiguous: p.strides = rowMajorStrides(p.dims, 0); break;
        case PoolLayout::Gapped:
            p.strides = rowMajorStrides(p.dims, 1);
            p.offset = 5;
            break;
        case PoolLayout::Transposed:
            p.strides.assign(r, 0);
            p.strides[r - 2] = 1;
            p.strides[r - 1] = l.H;
            p.strides[r - 3] = l.H * l.W;
            if (r == 4) p.strides[0] = l.C * l.H * l.W;
            p.offset = 2;
            break;
        case PoolLayout::NhwcFormat:
            p.dims = l.rank4 ? std::vector<int64_t>{l.N, l.H, l.W, l.C} : std::vector<int64_t>{l.H, l.W, l.C};
            p.strides = rowMajorStrides(p.dims, 0);
            p.format = ACL_FORMAT_NHWC;
            break;
    }
    return p;
}

DeviceTensor makeTensor(const Nchw &l, PoolLayout layout, aclDataType dt) {
    const Placed p = place(l, layout);
    return DeviceTensor(p.dims, dt, p.strides, p.offset, p.format);
}

// Logical NCHW order <-> the view's row-major order (they differ only for NHWC): one NHWC permutation,
// applied one way or the other.
std::vector<double> permuteNhwc(const std::vector<double> &v, const Nchw &l, PoolLayout layout, bool toNhwc) {
    if (layout != PoolLayout::NhwcFormat) return v;
    std::vector<double> out(v.size());
    for (int64_t n = 0; n < l.N; ++n)
        for (int64_t c = 0; c < l.C; ++c)
            for (int64_t h = 0; h < l.H; ++h)
                for (int64_t w = 0; w < l.W; ++w) {
                    const size_t nchw = static_cast<size_t>(((n * l.C + c) * l.H + h) * l.W + w);
                    const size_t nhwc = static_cast<size_t>(((n * l.H + h) * l.W + w) * l.C + c);
                    out[toNhwc ? nhwc : nchw] = v[toNhwc ? nchw : nhwc];
                }
    return out;
}

std::vector<double> toView(const std::vector<double> &v, const Nchw &l, PoolLayout layout) {
    return permuteNhwc(v, l, layout, true);
}

std::vector<double> fromView(const std::vector<double> &v, const Nchw &l, PoolLayout layout) {
    return permuteNhwc(v, l, layout, false);
}

std::vector<double> selfValues(size_t n, aclDataType dt, PoolValues kind, uint64_t seed) {
    std::vector<double> v = randomValues(n, seed);
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> pick = randomValues(n, seed ^ 0x5bd1e995u, 0.0, 1.0);
    for (size_t i = 0; i < n; ++i) {
        if (kind != PoolValues::Random) v[i] = std::floor(v[i] * 3.0) / 2.0;  // -1.5 .. 1: ties everywhere
        if (kind == PoolValues::Specials) {
            const double p = pick[i];
            if (p < 0.05) v[i] = std::nan("");
            else if (p < 0.12) v[i] = -inf;
            else if (p < 0.15) v[i] = inf;
            else if (p < 0.17) v[i] = -0.0;
        }
        v[i] = roundTo(v[i], dt);
    }
    return v;
}

// PyTorch's scan (docs/ops/max_pool2d_with_indices.md): value and index of output (oh, ow) of a plane.
void poolReference(const double *plane, int64_t H, int64_t W, const Window &w, int64_t oh, int64_t ow, double *value,
                   int64_t *index) {
    int64_t h0 = oh * w.sH - w.pH, w0 = ow * w.sW - w.pW;
    const int64_t hEnd = std::min(h0 + (w.kH - 1) * w.dH + 1, H), wEnd = std::min(w0 + (w.kW - 1) * w.dW + 1, W);
    if (h0 < 0) h0 += (-h0 + w.dH - 1) / w.dH * w.dH;
    if (w0 < 0) w0 += (-w0 + w.dW - 1) / w.dW * w.dW;
    double best = -std::numeric_limits<double>::infinity();
    int64_t at = h0 * W + w0;
    for (int64_t h = h0; h < hEnd; h += w.dH) {
        for (int64_t x = w0; x < wEnd; x += w.dW) {
            const double v = plane[h * W + x];
            if (v > best || std::isnan(v)) {
                best = v;
                at = h * W + x;
            }
        }
    }
    // An all -inf window reports its first element, whose value (its sign of zero aside) is -inf.
    *value = best;
    *index = at;
}


class MaxPool2dCaseBase : public OpCase {
public:
    MaxPool2dCaseBase(std::string opName, std::string caseName, aclDataType dt, aclDataType idxDt,
                      std::vector<int64_t> shape, PoolAttrs attrs, PoolLayout layout, uint64_t seed)
        : OpCase(std::move(opName), std::move(caseName), dt),
          shape_(std::move(shape)),
          attrs_(std::move(attrs)),
          layout_(layout),
          idxDtype_(idxDt),
          seed_(seed) {
        in_ = nchwOf(shape_);
        win_ = windowOf(attrs_);
        out_ = in_;
        out_.H = maxPoolOutSize(in_.H, win_.kH, win_.pH, win_.sH, win_.dH, win_.ceil);
        out_.W = maxPoolOutSize(in_.W, win_.kW, win_.pW, win_.sW, win_.dW, win_.ceil);
        // Bytes that must move once, the same both ways: the input-sized tensor (self read, or gradInput
        // written), the output-sized one (out written, or gradOutput read) and the indices (written, or read;
        // the backward does not read self).
        bytes = static_cast<double>(aclDataTypeSize(dt)) * static_cast<double>(inCount() + outCount()) +
                static_cast<double>(aclDataTypeSize(idxDt)) * static_cast<double>(outCount());
        params["self"] = std::vector<double>(shape_.begin(), shape_.end());
        params["kernel"] = {static_cast<double>(win_.kH), static_cast<double>(win_.kW)};
        params["stride"] = {static_cast<double>(win_.sH), static_cast<double>(win_.sW)};
        params["padding"] = {static_cast<double>(win_.pH), static_cast<double>(win_.pW)};
        params["dilation"] = {static_cast<double>(win_.dH), static_cast<double>(win_.dW)};
        params["ceil_mode"] = {win_.ceil ? 1.0 : 0.0};
        params["indices_int64"] = {idxDt == ACL_INT64 ? 1.0 : 0.0};
    }

    const std::vector<double> &result() const { return result_; }

protected:
    void makeArrays() {
        if (kernel_) return;
        kernel_ = std::make_unique<IntArray>(attrs_.kernel);
        stride_ = std::make_unique<IntArray>(attrs_.stride);
        padding_ = std::make_unique<IntArray>(attrs_.padding);
        dilation_ = std::make_unique<IntArray>(attrs_.dilation);
    }
    int64_t inCount() const { return in_.N * in_.C * in_.H * in_.W; }
    int64_t outCount() const { return out_.N * out_.C * out_.H * out_.W; }

    // Host forward: out values and indices in logical order.
    void forwardReference(const std::vector<double> &self, std::vector<double> &out, std::vector<int64_t> &idx) const {
        out.assign(static_cast<size_t>(outCount()), 0);
        idx.assign(static_cast<size_t>(outCount()), 0);
        for (int64_t p = 0; p < in_.N * in_.C; ++p) {
            for (int64_t oh = 0; oh < out_.H; ++oh) {
                for (int64_t ow = 0; ow < out_.W; ++ow) {
                    const size_t o = static_cast<size_t>((p * out_.H + oh) * out_.W + ow);
                    poolReference(&self[static_cast<size_t>(p * in_.H * in_.W)], in_.H, in_.W, win_, oh, ow, &out[o],
                                  &idx[o]);
                }
            }
        }
    }

    std::vector<int64_t> shape_;
    PoolAttrs attrs_;
    PoolLayout layout_;
    aclDataType idxDtype_;
    uint64_t seed_;
    Nchw in_{}, out_{};
    Window win_{};
    std::unique_ptr<IntArray> kernel_, stride_, padding_, dilation_;
    std::vector<double> result_;
};

class MaxPool2dCase : public MaxPool2dCaseBase {
public:
    MaxPool2dCase(std::string caseName, aclDataType dt, aclDataType idxDt, std::vector<int64_t> shape,
                  PoolAttrs attrs, PoolLayout layout, PoolValues values, uint64_t seed)
        : MaxPool2dCaseBase("MaxPool2dWithIndices", std::move(caseName), dt, idxDt, std::move(shape), std::move(attrs),
                            layout, seed),
          values_(values) {}

    void setup() override {
        selfT_ = makeTensor(in_, layout_, dtype);
        outT_ = makeTensor(out_, layout_, dtype);
        idxT_ = makeTensor(out_, layout_, idxDtype_);
        const std::vector<double> self = selfValues(static_cast<size_t>(inCount()), dtype, values_, seed_);
        selfT_.upload(toView(self, in_, layout_));
        outT_.fillStorage(0xa5);
        idxT_.fillStorage(0xa5);
        forwardReference(self, wantOut_, wantIdx_);
    }

    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        makeArrays();
        return kMaxPool2dWithIndices.plan(
            {selfT_, *kernel_, *stride_, *padding_, *dilation_, attrs_.ceilMode, outT_, idxT_}, ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *ex, aclrtStream s) override {
        return kMaxPool2dWithIndices.run(w, n, ex, s);
    }

    CheckResult check() override {
        const std::vector<double> out = fromView(outT_.download(), out_, layout_);
        const std::vector<double> idx = fromView(idxT_.download(), out_, layout_);
        result_ = out;
        result_.insert(result_.end(), idx.begin(), idx.end());
        CheckResult r;
        for (size_t i = 0; i < out.size(); ++i) {
            if (sameValue(out[i], wantOut_[i]) && idx[i] == static_cast<double>(wantIdx_[i])) continue;
            r.ok = false;
            r.maxAbsError = INFINITY;
            char buf[256];
            std::snprintf(buf, sizeof buf, "%s/%s: output %zu: got %g at %.0f, expected %g at %lld", op.c_str(),
                          name.c_str(), i, out[i], idx[i], wantOut_[i], static_cast<long long>(wantIdx_[i]));
            r.detail = buf;
            break;
        }
        return r;
    }

private:
    PoolValues values_;
    DeviceTensor selfT_, outT_, idxT_;
    std::vector<double> wantOut_;
    std::vector<int64_t> wantIdx_;
};

class MaxPool2dBackwardCase : public MaxPool2dCaseBase {
public:
    MaxPool2dBackwardCase(std::string caseName, aclDataType dt, aclDataType idxDt, std::vector<int64_t> shape,
                          PoolAttrs attrs, PoolLayout layout, uint64_t seed)
        : MaxPool2dCaseBase("MaxPool2dWithIndicesBackward", std::move(caseName), dt, idxDt, std::move(shape),
                            std::move(attrs), layout, seed) {}

    void setup() override {
        gradT_ = makeTensor(out_, layout_, dtype);
        selfT_ = makeTensor(in_, layout_, dtype);
        idxT_ = makeTensor(out_, layout_, idxDtype_);
        gradInT_ = makeTensor(in_, layout_, dtype);
        const std::vector<double> self = selfValues(static_cast<size_t>(inCount()), dtype, PoolValues::Ties, seed_);
        std::vector<double> pooled;
        std::vector<int64_t> idx;
        forwardReference(self, pooled, idx);
        std::vector<double> grad = randomValues(static_cast<size_t>(outCount()), seed_ + 1);
        for (double &g : grad) g = roundTo(g, dtype);
        selfT_.upload(toView(self, in_, layout_));
        gradT_.upload(toView(grad, out_, layout_));
        idxT_.upload(toView(std::vector<double>(idx.begin(), idx.end()), out_, layout_));
        gradInT_.fillStorage(0xa5);
        // Float sums in the outputs' scan order, one rounding to the dtype at the end.
        std::vector<float> acc(static_cast<size_t>(inCount()), 0.0f);
        const int64_t plane = out_.H * out_.W, inPlane = in_.H * in_.W;
        for (int64_t p = 0; p < in_.N * in_.C; ++p) {
            for (int64_t o = 0; o < plane; ++o) {
                const size_t k = static_cast<size_t>(p * plane + o);
                acc[static_cast<size_t>(p * inPlane + idx[k])] += static_cast<float>(grad[k]);
            }
        }
        want_.assign(acc.begin(), acc.end());
        for (double &v : want_) v = roundTo(v, dtype);
    }

    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        makeArrays();
        return kMaxPool2dWithIndicesBackward.plan(
            {gradT_, selfT_, idxT_, *kernel_, *stride_, *padding_, *dilation_, attrs_.ceilMode, gradInT_}, ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *ex, aclrtStream s) override {
        return kMaxPool2dWithIndicesBackward.run(w, n, ex, s);
    }

    CheckResult check() override {
        result_ = fromView(gradInT_.download(), in_, layout_);
        // A sum's zero may come out as either sign.
        return compareExactly(result_, want_, [](double got, double want) {
            return sameValue(got, want) || (got == 0 && want == 0);
        }, op + "/" + name, "gradInput");
    }

private:
    DeviceTensor gradT_, selfT_, idxT_, gradInT_;
    std::vector<double> want_;
};

CaseList benchmarkCases() {
    CaseList cases;
    const PoolAttrs k2s2{{2, 2}, {2, 2}, {0, 0}, {1, 1}, false};
    const PoolAttrs k3s2p1{{3, 3}, {2, 2}, {1, 1}, {1, 1}, false};
    for (const auto &[label, attrs] : {std::pair<const char *, PoolAttrs>{"k2s2", k2s2}, {"k3s2p1", k3s2p1}}) {
        addSpeedCase(cases, std::make_unique<MaxPool2dCase>(std::string("8x64x128x128 ") + label, ACL_FLOAT,
                                                            ACL_INT64, std::vector<int64_t>{8, 64, 128, 128}, attrs,
                                                            PoolLayout::Contiguous, PoolValues::Random, 1));
    }
    const std::vector<std::vector<int64_t>> sweep = {
        {1, 16, 64, 64}, {4, 16, 128, 128}, {4, 64, 128, 128}, {16, 64, 128, 128}};
    for (const auto &shape : sweep) {
        addSweepCase(cases, "max_pool2d_with_indices",
                     std::make_unique<MaxPool2dCase>("sweep " + shapeName(shape) + " k3s2p1", ACL_FLOAT, ACL_INT64,
                                                     shape, k3s2p1, PoolLayout::Contiguous, PoolValues::Random, 2));
    }
    return cases;
}

CaseList backwardBenchmarkCases() {
    CaseList cases;
    const PoolAttrs k3s2p1{{3, 3}, {2, 2}, {1, 1}, {1, 1}, false};
    cases.push_back(std::make_unique<MaxPool2dBackwardCase>("8x64x128x128 k3s2p1", ACL_FLOAT, ACL_INT64,
                                                            std::vector<int64_t>{8, 64, 128, 128}, k3s2p1,
                                                            PoolLayout::Contiguous, 3));
    // The 16-bit dtypes (on CPUs, the scatter through a float stage in the workspace).
    for (const auto &[label, dtype] :
         {std::pair<const char *, aclDataType>{"f16", ACL_FLOAT16}, {"bf16", ACL_BF16}}) {
        cases.push_back(std::make_unique<MaxPool2dBackwardCase>(std::string(label) + " 8x64x128x128 k3s2p1", dtype,
                                                                ACL_INT64, std::vector<int64_t>{8, 64, 128, 128},
                                                                k3s2p1, PoolLayout::Contiguous, 4));
    }
    const std::vector<std::vector<int64_t>> sweep = {{1, 16, 64, 64}, {4, 16, 128, 128}, {4, 64, 128, 128}};
    for (const auto &shape : sweep) {
        addSweepCase(cases, "max_pool2d_with_indices_backward",
                     std::make_unique<MaxPool2dBackwardCase>("sweep " + shapeName(shape) + " k3s2p1", ACL_FLOAT,
                                                             ACL_INT64, shape, k3s2p1, PoolLayout::Contiguous, 5));
    }
    return cases;
}

}  // namespace

int64_t maxPoolOutSize(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dilation, bool ceilMode) {
    const int64_t num = in + 2 * pad - dilation * (k - 1) - 1 + (ceilMode ? stride - 1 : 0);
    int64_t out = static_cast<int64_t>(std::floor(static_cast<double>(num) / static_cast<double>(stride))) + 1;
    if (ceilMode && (out - 1) * stride >= in + pad) --out;
    return out;
}

std::unique_ptr<OpCase> makeMaxPool2dCase(const std::string &caseName, aclDataType dtype, aclDataType indicesDtype,
                                          const std::vector<int64_t> &shape, const PoolAttrs &attrs,
                                          PoolLayout layout, PoolValues values, uint64_t seed) {
    return std::make_unique<MaxPool2dCase>(caseName, dtype, indicesDtype, shape, attrs, layout, values, seed);
}

std::unique_ptr<OpCase> makeMaxPool2dBackwardCase(const std::string &caseName, aclDataType dtype,
                                                  aclDataType indicesDtype, const std::vector<int64_t> &shape,
                                                  const PoolAttrs &attrs, PoolLayout layout, uint64_t seed) {
    return std::make_unique<MaxPool2dBackwardCase>(caseName, dtype, indicesDtype, shape, attrs, layout, seed);
}

std::vector<double> maxPool2dCaseResult(OpCase &c) { return dynamic_cast<MaxPool2dCaseBase &>(c).result(); }

std::vector<ClientTaggedPool> clientTaggedPools() {
    return {{{3, 6, 8}, {3, 3, 4}, ACL_FORMAT_NCL, "NCL"}, {{2, 3, 6, 8}, {2, 3, 3, 4}, ACL_FORMAT_NCHW, "NCHW"}};
}

}  // namespace testing_support

ACLNN_REGISTER_CASES("MaxPool2dWithIndices", [] { return testing_support::benchmarkCases(); });
ACLNN_REGISTER_CASES("MaxPool2dWithIndicesBackward", [] { return testing_support::backwardBenchmarkCases(); });
