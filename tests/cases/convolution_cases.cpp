// OpCase descriptions of Convolution and ConvolutionBackward for the benchmark: the ResNet layer of the speed
// target (8 x 64 x 56 x 56, 64 -> 64, 3x3, padding 1, FLOAT) and the same layer on one image, each output checked against sums in double on a
// fixed sample of its elements (at most 4096 per output), within anyOrderSumBound at 2^-24
// (docs/ops/convolution.md, docs/ops/convolution_backward.md).
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "harness/convolution.h"
#include "support/device_tensor.h"
#include "support/elementwise_ref.h"
#include "support/int_array.h"
#include "support/op_case.h"
#include "support/sum_bound.h"

namespace testing_support {
namespace {

// A 2-D convolution, stride 1, groups 1, k x k with padding p on every side.
struct ConvGeometry {
    int64_t N, C, H, W, Cout, k, p;
    int64_t Ho() const { return H + 2 * p - k + 1; }
    int64_t Wo() const { return W + 2 * p - k + 1; }
    std::vector<int64_t> input() const { return {N, C, H, W}; }
    std::vector<int64_t> weight() const { return {Cout, C, k, k}; }
    std::vector<int64_t> output() const { return {N, Cout, Ho(), Wo()}; }
    std::string name() const {
        return std::to_string(N) + "x" + std::to_string(C) + "x" + std::to_string(H) + "x" + std::to_string(W) + " " +
               std::to_string(C) + "->" + std::to_string(Cout) + " " + std::to_string(k) + "x" + std::to_string(k) +
               " pad " + std::to_string(p);
    }
};

constexpr ConvGeometry kResNetLayer{8, 64, 56, 56, 64, 3, 1};
// The same layer on one image: the smallest member of the layer's batch sweep, which `make demo` shows on
// every device (the 8-image layer takes seconds per call on rusticl's products).
constexpr ConvGeometry kResNetLayerOneImage{1, 64, 56, 56, 64, 3, 1};

// Sums in double with their magnitudes, checked on at most 4096 evenly spaced elements of one output.
template <class Sum>
void checkSampled(CheckResult &r, const OpCase &c, const char *output, const std::vector<double> &got, Sum sum) {
    const size_t step = std::max<size_t>(1, got.size() / 4096);
    for (size_t e = 0; e < got.size(); e += step) {
        double want = 0, absSum = 0, terms = 0;
        sum(static_cast<int64_t>(e), [&](double p) {
            want += p;
            absSum += std::fabs(p);
            terms += 1;
        });
        checkWithinBound(r, c, output, e, got[e], want,
                         anyOrderSumBound(want, absSum, std::max(terms, 1.0), std::ldexp(1.0, -24), c.dtype));
    }
}

class ConvolutionCaseBase : public OpCase {
public:
    ConvolutionCaseBase(const char *opName, ConvGeometry g) : OpCase(opName, g.name(), ACL_FLOAT), g_(g) {
        flops = 2.0 * static_cast<double>(g.N * g.Cout * g.Ho() * g.Wo() * g.C * g.k * g.k);
        gemm = true;
        params["input"] = {static_cast<double>(g.N), static_cast<double>(g.C), static_cast<double>(g.H),
                           static_cast<double>(g.W)};
        params["weight"] = {static_cast<double>(g.Cout), static_cast<double>(g.C), static_cast<double>(g.k),
                            static_cast<double>(g.k)};
        params["padding"] = {static_cast<double>(g.p), static_cast<double>(g.p)};
    }

protected:
    double X(int64_t n, int64_t c, int64_t h, int64_t w) const {
        return x_[static_cast<size_t>(((n * g_.C + c) * g_.H + h) * g_.W + w)];
    }
    double Wt(int64_t co, int64_t c, int64_t kh, int64_t kw) const {
        return w_[static_cast<size_t>(((co * g_.C + c) * g_.k + kh) * g_.k + kw)];
    }
    double Y(int64_t n, int64_t co, int64_t oh, int64_t ow) const {
        return dy_[static_cast<size_t>(((n * g_.Cout + co) * g_.Ho() + oh) * g_.Wo() + ow)];
    }
    ConvGeometry g_;
    DeviceTensor x_t, w_t;
    std::vector<double> x_, w_, dy_;
    IntArray stride_{{1, 1}}, padding_{{g_.p, g_.p}}, dilation_{{1, 1}},
        outputPadding_{{0, 0}};
};

class ConvolutionCase : public ConvolutionCaseBase {
public:
    explicit ConvolutionCase(ConvGeometry g) : ConvolutionCaseBase("Convolution", g) {
        bytes = static_cast<double>(product(g.input()) + product(g.weight()) + g.Cout + product(g.output())) * 4;
    }
    void setup() override {
        x_t = DeviceTensor(g_.input(), ACL_FLOAT, ACL_FORMAT_NCHW);
        w_t = DeviceTensor(g_.weight(), ACL_FLOAT, ACL_FORMAT_NCHW);
        b_t = DeviceTensor({g_.Cout}, ACL_FLOAT);
        y_t = DeviceTensor(g_.output(), ACL_FLOAT, ACL_FORMAT_NCHW);
        x_t.upload(refValues(ACL_FLOAT, static_cast<size_t>(product(g_.input())), 3));
        w_t.upload(refValues(ACL_FLOAT, static_cast<size_t>(product(g_.weight())), 4));
        b_t.upload(refValues(ACL_FLOAT, static_cast<size_t>(g_.Cout), 5));
        y_t.fillStorage(0xFF);
        x_ = x_t.download();
        w_ = w_t.download();
        b_ = b_t.download();
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        return kConvolution.plan({x_t, w_t, b_t, stride_, padding_, dilation_, false, nullptr, int64_t{1}, y_t,
                                  int8_t{0}},
                                 ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *ex, aclrtStream s) override {
        return kConvolution.run(w, n, ex, s);
    }
    CheckResult check() override {
        CheckResult r;
        const int64_t Ho = g_.Ho(), Wo = g_.Wo();
        checkSampled(r, *this, "output", y_t.download(), [&](int64_t e, auto add) {
            const int64_t ow = e % Wo, oh = e / Wo % Ho, co = e / (Wo * Ho) % g_.Cout, n = e / (Wo * Ho * g_.Cout);
            add(b_[static_cast<size_t>(co)]);
            for (int64_t c = 0; c < g_.C; ++c)
                for (int64_t kh = 0; kh < g_.k; ++kh)
                    for (int64_t kw = 0; kw < g_.k; ++kw) {
                        const int64_t ih = oh - g_.p + kh, iw = ow - g_.p + kw;
                        if (ih >= 0 && ih < g_.H && iw >= 0 && iw < g_.W) add(X(n, c, ih, iw) * Wt(co, c, kh, kw));
                    }
        });
        return r;
    }

private:
    DeviceTensor b_t, y_t;
    std::vector<double> b_;
};

class ConvolutionBackwardCase : public ConvolutionCaseBase {
public:
    explicit ConvolutionBackwardCase(ConvGeometry g) : ConvolutionCaseBase("ConvolutionBackward", g) {
        flops *= 2;  // the gradInput and gradWeight products
        bytes = static_cast<double>(2 * product(g.input()) + 2 * product(g.weight()) + g.Cout + product(g.output())) * 4;
    }
    void setup() override {
        dy_t = DeviceTensor(g_.output(), ACL_FLOAT, ACL_FORMAT_NCHW);
        x_t = DeviceTensor(g_.input(), ACL_FLOAT, ACL_FORMAT_NCHW);
        w_t = DeviceTensor(g_.weight(), ACL_FLOAT, ACL_FORMAT_NCHW);
        gi_t = DeviceTensor(g_.input(), ACL_FLOAT, ACL_FORMAT_NCHW);
        gw_t = DeviceTensor(g_.weight(), ACL_FLOAT, ACL_FORMAT_NCHW);
        gb_t = DeviceTensor({g_.Cout}, ACL_FLOAT);
        dy_t.upload(refValues(ACL_FLOAT, static_cast<size_t>(product(g_.output())), 6));
        x_t.upload(refValues(ACL_FLOAT, static_cast<size_t>(product(g_.input())), 3));
        w_t.upload(refValues(ACL_FLOAT, static_cast<size_t>(product(g_.weight())), 4));
        for (DeviceTensor *t : {&gi_t, &gw_t, &gb_t}) t->fillStorage(0xFF);
        dy_ = dy_t.download();
        x_ = x_t.download();
        w_ = w_t.download();
        const bool mask[3] = {true, true, true};
        mask_.reset(aclCreateBoolArray(mask, 3));
    }
    aclnnStatus plan(uint64_t *ws, aclOpExecutor **ex) override {
        const aclBoolArray *mask = mask_.get();
        return kConvolutionBackward.plan({dy_t, x_t, w_t, bias_, stride_, padding_, dilation_, false, outputPadding_,
                                          1, mask, int8_t{0}, gi_t, gw_t, gb_t},
                                         ws, ex);
    }
    aclnnStatus run(void *w, uint64_t n, aclOpExecutor *ex, aclrtStream s) override {
        return kConvolutionBackward.run(w, n, ex, s);
    }
    CheckResult check() override {
        CheckResult r;
        const int64_t Ho = g_.Ho(), Wo = g_.Wo(), k = g_.k, p = g_.p;
        checkSampled(r, *this, "gradInput", gi_t.download(), [&](int64_t e, auto add) {
            const int64_t iw = e % g_.W, ih = e / g_.W % g_.H, c = e / (g_.W * g_.H) % g_.C,
                          n = e / (g_.W * g_.H * g_.C);
            for (int64_t co = 0; co < g_.Cout; ++co)
                for (int64_t kh = 0; kh < k; ++kh)
                    for (int64_t kw = 0; kw < k; ++kw) {
                        const int64_t oh = ih + p - kh, ow = iw + p - kw;
                        if (oh >= 0 && oh < Ho && ow >= 0 && ow < Wo) add(Y(n, co, oh, ow) * Wt(co, c, kh, kw));
                    }
        });
        checkSampled(r, *this, "gradWeight", gw_t.download(), [&](int64_t e, auto add) {
            const int64_t kw = e % k, kh = e / k % k, c = e / (k * k) % g_.C, co = e / (k * k * g_.C);
            for (int64_t n = 0; n < g_.N; ++n)
                for (int64_t oh = 0; oh < Ho; ++oh)
                    for (int64_t ow = 0; ow < Wo; ++ow) {
                        const int64_t ih = oh - p + kh, iw = ow - p + kw;
                        if (ih >= 0 && ih < g_.H && iw >= 0 && iw < g_.W) add(Y(n, co, oh, ow) * X(n, c, ih, iw));
                    }
        });
        checkSampled(r, *this, "gradBias", gb_t.download(), [&](int64_t co, auto add) {
            for (int64_t n = 0; n < g_.N; ++n)
                for (int64_t oh = 0; oh < Ho; ++oh)
                    for (int64_t ow = 0; ow < Wo; ++ow) add(Y(n, co, oh, ow));
        });
        return r;
    }

private:
    DeviceTensor dy_t, gi_t, gw_t, gb_t;
    IntArray bias_{{g_.Cout}};
    std::unique_ptr<aclBoolArray, aclnnStatus (*)(const aclBoolArray *)> mask_{nullptr, aclDestroyBoolArray};
};

CaseList convolutionCases() {
    CaseList cases;
    addSpeedCase(cases, std::make_unique<ConvolutionCase>(kResNetLayer));
    addSweepCase(cases, "resnet_layer_batch", std::make_unique<ConvolutionCase>(kResNetLayerOneImage));
    return cases;
}

CaseList convolutionBackwardCases() {
    CaseList cases;
    addSpeedCase(cases, std::make_unique<ConvolutionBackwardCase>(kResNetLayer));
    addSweepCase(cases, "resnet_layer_batch", std::make_unique<ConvolutionBackwardCase>(kResNetLayerOneImage));
    return cases;
}

}  // namespace

ACLNN_REGISTER_CASES("Convolution", convolutionCases);
ACLNN_REGISTER_CASES("ConvolutionBackward", convolutionBackwardCases);

}  // namespace testing_support
