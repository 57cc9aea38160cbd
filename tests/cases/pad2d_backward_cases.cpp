// OpCase descriptions of ReflectionPad2dBackward and ReplicationPad2dBackward: the benchmark's speed
// case and size sweep (registered below) and the building block of tests/test_pad2d_backward.cpp
// (through makePad2dBackwardCase).
//
// The host reference scatters every gradOutput element into the input element the padding copied
// it from (the docs/ops index map), in double: independent of the kernels' gather formulation.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cases/pad2d_backward_cases.h"
#include "harness/pad2d_backward.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/op_case.h"
#include "support/output_bits.h"
#include "support/sum_bound.h"
#include "support/view_check.h"

namespace testing_support {

namespace {

class Pad2dBackwardCase : public Pad2dCaseBase, public OutputBits {
public:
    Pad2dBackwardCase(bool reflect, std::string caseName, aclDataType dt, std::vector<int64_t> selfShape,
                      std::vector<int64_t> padding, Pad2dLayout layout, uint64_t seed)
        : Pad2dCaseBase(reflect ? "ReflectionPad2dBackward" : "ReplicationPad2dBackward", reflect, std::move(caseName),
                        dt, std::move(selfShape), std::move(padding), layout, seed) {
        params["gradOutput"] = std::vector<double>(padded_.begin(), padded_.end());
    }

    void setup() override {
        gradOutput_ = layoutTensor(padded_, dtype, layout_);
        self_t_ = layoutTensor(self_, dtype, layout_);
        gradInput_ = layoutTensor(self_, dtype, layout_);
        const size_t comps = componentsOf(dtype);
        std::vector<double> values = randomValues(static_cast<size_t>(product(padded_)) * comps, seed_);
        if (dtype == ACL_FLOAT || dtype == ACL_COMPLEX64) {
            for (double &v : values) v = static_cast<double>(static_cast<float>(v));  // fast path, large cases
        } else if (dtype != ACL_DOUBLE && dtype != ACL_COMPLEX128) {
            for (double &v : values) v = roundTo(v, dtype);
        }
        gradOutput_.upload(values);
        gradInput_.fillStorage(kFill);
        computeReference(values);
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return binding().plan({gradOutput_, self_t_, padArray(), gradInput_}, workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return binding().run(workspace, workspaceSize, executor, stream);
    }

    // Each value must equal the kernels' documented sum (ascending output order, fp32 or fp64, one
    // rounding) bit for bit, and lie within the error bound of an fp32 (fp64) sum of its sources in
    // any order (gamma_{k-1} times the sum of their magnitudes) plus one rounding to the dtype; bytes outside the gradInput view must keep the fill pattern.
    CheckResult check() override {
        std::vector<double> got = gradInput_.download();
        CheckResult r;
        const double unit = accumulationUnit(needsFp64(dtype));
        for (size_t i = 0; i < got.size(); ++i) {
            const double want = reference_[i], k = static_cast<double>(count_[i / componentsOf(dtype)]);
            // The reference (a double sum) carries its own, smaller, error: the sum bound counts twice.
            if (got[i] != ordered_[i] && !(std::isnan(got[i]) && std::isnan(ordered_[i])) && r.ok) {
                r.ok = false;
                char buf[256];
                std::snprintf(buf, sizeof buf,
                              "%s/%s: gradInput value %zu: got %.17g, but the ascending-order sum is %.17g",
                              op.c_str(), name.c_str(), i, got[i], ordered_[i]);
                r.detail = buf;
            }
            checkWithinBound(r, *this, "gradInput", i, got[i], want, anyOrderSumBound(want, absSum_[i], k, unit, dtype));
        }
        if (r.ok && layout_ != Pad2dLayout::Contiguous) {
            checkStorageOutsideView(r, op + "/" + name, gradInput_, self_, viewLayoutStrides(self_, layout_),
                                    viewLayoutOffset(layout_), kFill);
        }
        return r;
    }

    const DeviceTensor &gradInput() const { return gradInput_; }
    std::vector<uint8_t> outputBits() override { return gradInput_.storage(); }

private:
    static constexpr uint8_t kFill = 0xa5;

    const Binding &binding() const { return reflect_ ? kReflectionPad2dBackward : kReplicationPad2dBackward; }

    void computeReference(const std::vector<double> &values) {
        const size_t comps = componentsOf(dtype);
        const size_t r = self_.size();
        const int64_t H = self_[r - 2], W = self_[r - 1], OH = padded_[r - 2], OW = padded_[r - 1];
        const int64_t planes = product(self_) / (H * W);
        reference_.assign(static_cast<size_t>(product(self_)) * comps, 0.0);
        absSum_.assign(reference_.size(), 0.0);
        std::vector<float> ordered32(needsFp64(dtype) ? 0 : reference_.size(), 0.0f);
        count_.assign(static_cast<size_t>(product(self_)), 0);
        for (int64_t p = 0; p < planes; ++p) {
            for (int64_t oh = 0; oh < OH; ++oh) {
                const int64_t ih = padSourceIndex(reflect_, oh, H, pad_[2]);
                for (int64_t ow = 0; ow < OW; ++ow) {
                    const int64_t iw = padSourceIndex(reflect_, ow, W, pad_[0]);
                    const size_t in = static_cast<size_t>((p * H + ih) * W + iw);
                    const size_t from = static_cast<size_t>((p * OH + oh) * OW + ow);
                    ++count_[in];
                    for (size_t c = 0; c < comps; ++c) {
                        reference_[in * comps + c] += values[from * comps + c];
                        absSum_[in * comps + c] += std::fabs(values[from * comps + c]);
                        if (!ordered32.empty()) ordered32[in * comps + c] += static_cast<float>(values[from * comps + c]);
                    }
                }
            }
        }
        // This loop visits each element's sources in ascending output order, the kernels' order:
        // the same sum in the kernels' precision (fp32, or the double reference itself), rounded once.
        ordered_ = reference_;
        for (size_t i = 0; i < ordered32.size(); ++i) ordered_[i] = roundTo(static_cast<double>(ordered32[i]), dtype);
    }

    DeviceTensor gradOutput_, self_t_, gradInput_;
    std::vector<double> reference_, absSum_, ordered_;
    std::vector<int64_t> count_;
};

}  // namespace

// For the tests: one case of either operator with any dtype, shape, padding and layout.
std::unique_ptr<OpCase> makePad2dBackwardCase(bool reflect, const std::string &caseName, aclDataType dtype,
                                      const std::vector<int64_t> &selfShape, const std::vector<int64_t> &padding,
                                      Pad2dLayout layout, uint64_t seed) {
    return std::make_unique<Pad2dBackwardCase>(reflect, caseName, dtype, selfShape, padding, layout, seed);
}

}  // namespace testing_support

ACLNN_REGISTER_CASES("ReflectionPad2dBackward", [] {
    return testing_support::pad2dBenchmarkCases(testing_support::makePad2dBackwardCase, true, "pad2d");
});
ACLNN_REGISTER_CASES("ReplicationPad2dBackward", [] {
    return testing_support::pad2dBenchmarkCases(testing_support::makePad2dBackwardCase, false, "pad2d");
});
