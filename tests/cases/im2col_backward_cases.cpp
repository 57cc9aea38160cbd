// OpCase descriptions of Im2colBackward: the benchmark's speed case and size sweep (registered
// below) and the building block of tests/test_im2col_backward.cpp (through makeIm2colBackwardCase).
//
// The host reference scatters every gradOutput element to the pixel its column and tap land on (the
// docs/ops formula), in double: independent of the kernels' gather formulation.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cases/im2col_backward_cases.h"
#include "harness/im2col_backward.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/op_case.h"
#include "support/sum_bound.h"
#include "support/view_check.h"
#include "support/view_layout.h"

namespace testing_support {

namespace {

class Im2colBackwardCase : public OpCase {
public:
    explicit Im2colBackwardCase(Im2colBackwardSpec spec)
        : OpCase("Im2colBackward", spec.name, spec.in), s_(std::move(spec)), L0_(s_.blocksH()), L1_(s_.blocksW()) {
        grad_ = withBatch(s_.N, {s_.C * s_.KH * s_.KW, L0_ * L1_});
        out_ = withBatch(s_.N, {s_.C, s_.H, s_.W});
        // Bytes that must move once: read gradOutput, write out.
        bytes = static_cast<double>(product(grad_)) * static_cast<double>(aclDataTypeSize(s_.in)) +
                static_cast<double>(product(out_)) * static_cast<double>(aclDataTypeSize(s_.out));
        params["gradOutput"] = std::vector<double>(grad_.begin(), grad_.end());
        params["inputSize"] = {static_cast<double>(s_.H), static_cast<double>(s_.W)};
        s_.addAttributeParams(params);
    }

    void setup() override {
        gradT_ = layoutTensor(grad_, s_.in, s_.layout);
        outT_ = layoutTensor(out_, s_.out, s_.layout);
        std::vector<double> values = randomValues(static_cast<size_t>(product(grad_)), s_.seed);
        for (double &v : values) v = roundTo(v, s_.in);
        gradT_.upload(values);
        outT_.fillStorage(kFill);
        computeReference(values);
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        makeArrays();
        return kIm2colBackward.plan({gradT_, *arrays_[0], *arrays_[1], *arrays_[2], *arrays_[3], *arrays_[4], outT_},
                                    workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kIm2colBackward.run(workspace, workspaceSize, executor, stream);
    }

    // Each value must lie within the error bound of a k-term sum in the accumulation precision (fp32,
    // or fp64 when either dtype is fp64), in any order: gamma_{k-1} times the sum of the magnitudes,
    // counted twice (the double reference has its own smaller error), plus one rounding to out's
    // dtype. Bytes of out's storage outside its view must keep the fill pattern.
    CheckResult check() override {
        std::vector<double> got = outT_.download();
        CheckResult r;
        const double unit = accumulationUnit(s_.in == ACL_DOUBLE || s_.out == ACL_DOUBLE);
        for (size_t i = 0; i < got.size(); ++i) {
            const double want = reference_[i];
            checkWithinBound(r, *this, "out", i, got[i], want,
                             anyOrderSumBound(want, absSum_[i], static_cast<double>(count_[i]), unit, s_.out));
        }
        if (r.ok && s_.layout != Im2colBackwardLayout::Contiguous) {
            checkStorageOutsideView(r, op + "/" + name, outT_, out_, viewLayoutStrides(out_, s_.layout),
                                    viewLayoutOffset(s_.layout), kFill);
        }
        return r;
    }

    bool supported(std::string *why) const override {
        return !(s_.in == ACL_DOUBLE || s_.out == ACL_DOUBLE) || currentDeviceHasFp64(why);
    }

    const DeviceTensor &out() const { return outT_; }

private:
    static constexpr uint8_t kFill = 0x5c;

    void makeArrays() {
        if (arrays_[0]) return;
        const std::vector<int64_t> values[5] = {{s_.H, s_.W}, {s_.KH, s_.KW}, {s_.DH, s_.DW}, {s_.PH, s_.PW},
                                                {s_.SH, s_.SW}};
        for (int i = 0; i < 5; ++i) arrays_[i] = std::make_unique<IntArray>(values[i]);
    }

    void computeReference(const std::vector<double> &values) {
        const int64_t planes = product(out_) / (s_.H * s_.W);  // N*C
        reference_.assign(static_cast<size_t>(product(out_)), 0.0);
        absSum_.assign(reference_.size(), 0.0);
        count_.assign(reference_.size(), 0);
        const int64_t L = L0_ * L1_;
        for (int64_t p = 0; p < planes; ++p) {
            for (int64_t ki = 0; ki < s_.KH; ++ki) {
                for (int64_t kj = 0; kj < s_.KW; ++kj) {
                    const int64_t row = p * s_.KH * s_.KW + ki * s_.KW + kj;  // (n, c*kh*kw + tap) flattened
                    for (int64_t oh = 0; oh < L0_; ++oh) {
                        const int64_t h = oh * s_.SH - s_.PH + ki * s_.DH;
                        if (h < 0 || h >= s_.H) continue;
                        for (int64_t ow = 0; ow < L1_; ++ow) {
                            const int64_t w = ow * s_.SW - s_.PW + kj * s_.DW;
                            if (w < 0 || w >= s_.W) continue;
                            const double v = values[static_cast<size_t>(row * L + oh * L1_ + ow)];
                            const size_t at = static_cast<size_t>((p * s_.H + h) * s_.W + w);
                            reference_[at] += v;
                            absSum_[at] += std::fabs(v);
                            ++count_[at];
                        }
                    }
                }
            }
        }
    }

    Im2colBackwardSpec s_;
    int64_t L0_ = 0, L1_ = 0;
    std::vector<int64_t> grad_, out_;
    DeviceTensor gradT_, outT_;
    std::unique_ptr<IntArray> arrays_[5];  // inputSize, kernelSize, dilation, padding, stride
    std::vector<double> reference_, absSum_;
    std::vector<int64_t> count_;
};

// k x k kernel, padding pad, stride stride over N x C x HW x HW.
Im2colBackwardSpec convCase(const std::string &name, int64_t N, int64_t C, int64_t HW, int64_t k, int64_t pad,
                            int64_t stride) {
    return Im2colBackwardSpec{Im2colGeometry::square(N, C, HW, k, pad, stride), name};
}

CaseList benchmarkCases() {
    CaseList cases;
    // gradOutput 8 x 576 x 3136 (C = 64, 3x3 kernel, 56x56 image, pad 1, stride 1) -> out 8x64x56x56.
    addSpeedCase(cases, std::make_unique<Im2colBackwardCase>(convCase("8x576x3136 k3p1s1", 8, 64, 56, 3, 1, 1)));
    // gradOutput from 0.11M to 14.5M elements (128x), k3p1s1.
    const struct {
        int64_t N, C, HW;
    } sweep[] = {{1, 16, 28}, {2, 32, 28}, {2, 32, 56}, {4, 64, 56}, {8, 64, 56}};
    for (const auto &z : sweep) {
        const std::string shape = shapeName({z.N, z.C * 9, z.HW * z.HW});
        addSweepCase(
            cases, "im2col",
            std::make_unique<Im2colBackwardCase>(convCase("sweep " + shape + " k3p1s1", z.N, z.C, z.HW, 3, 1, 1)));
    }
    return cases;
}

}  // namespace

// For the tests: one case with any geometry, dtypes and layout.
std::unique_ptr<OpCase> makeIm2colBackwardCase(const Im2colBackwardSpec &spec) {
    return std::make_unique<Im2colBackwardCase>(spec);
}

}  // namespace testing_support

ACLNN_REGISTER_CASES("Im2colBackward", [] { return testing_support::benchmarkCases(); });
