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

#include "aclnnop/aclnn_pad2d_backward.h"
#include "cases/pad2d_backward_cases.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/op_case.h"
#include "support/view_check.h"

namespace testing_support {

namespace {

// Half a unit in the last place, relative: the rounding of one result to the dtype.
double storeRounding(aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT16: return std::ldexp(1.0, -11);
        case ACL_BF16: return std::ldexp(1.0, -8);
        case ACL_DOUBLE: case ACL_COMPLEX128: return std::ldexp(1.0, -53);
        default: return std::ldexp(1.0, -24);
    }
}

// The smallest subnormal step of the stored dtype: the absolute part of one rounding.
double storeFloor(aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT16: return std::ldexp(1.0, -25);
        case ACL_BF16: return std::ldexp(1.0, -134);
        case ACL_DOUBLE: case ACL_COMPLEX128: return 0;
        default: return std::ldexp(1.0, -150);
    }
}

class Pad2dCase : public OpCase {
public:
    Pad2dCase(bool reflect, std::string caseName, aclDataType dt, std::vector<int64_t> selfShape,
              std::vector<int64_t> padding, Pad2dLayout layout, uint64_t seed)
        : reflect_(reflect), self_(std::move(selfShape)), pad_(std::move(padding)), layout_(layout), seed_(seed) {
        op = reflect ? "ReflectionPad2dBackward" : "ReplicationPad2dBackward";
        name = std::move(caseName);
        dtype = dt;
        out_ = paddedShape(self_, pad_);
        const double elem = static_cast<double>(aclDataTypeSize(dtype));
        bytes = elem * static_cast<double>(product(out_) + product(self_));
        params["self"] = std::vector<double>(self_.begin(), self_.end());
        params["gradOutput"] = std::vector<double>(out_.begin(), out_.end());
        params["padding"] = std::vector<double>(pad_.begin(), pad_.end());
    }

    void setup() override {
        gradOutput_ = DeviceTensor(out_, dtype, pad2dStrides(out_, layout_), pad2dStorageOffset(layout_));
        self_t_ = DeviceTensor(self_, dtype, pad2dStrides(self_, layout_), pad2dStorageOffset(layout_));
        gradInput_ = DeviceTensor(self_, dtype, pad2dStrides(self_, layout_), pad2dStorageOffset(layout_));
        const size_t comps = componentsOf(dtype);
        std::vector<double> values = randomValues(static_cast<size_t>(product(out_)) * comps, seed_);
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
        return reflect_ ? aclnnReflectionPad2dBackwardGetWorkspaceSize(gradOutput_, self_t_, padArray(), gradInput_,
                                                                       workspaceSize, executor)
                        : aclnnReplicationPad2dBackwardGetWorkspaceSize(gradOutput_, self_t_, padArray(), gradInput_,
                                                                        workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return reflect_ ? aclnnReflectionPad2dBackward(workspace, workspaceSize, executor, stream)
                        : aclnnReplicationPad2dBackward(workspace, workspaceSize, executor, stream);
    }

    // Each value must equal the kernels' documented sum (ascending output order, fp32 or fp64, one
    // rounding) bit for bit, and lie within the error bound of an fp32 (fp64) sum of its sources in
    // any order (gamma_{k-1} times the sum of their magnitudes) plus one rounding to the dtype; bytes outside the gradInput view must keep the fill pattern.
    CheckResult check() override {
        std::vector<double> got = gradInput_.download();
        CheckResult r;
        const double store = storeRounding(dtype), floor = storeFloor(dtype);
        const double unit = needsFp64(dtype) ? std::ldexp(1.0, -53) : std::ldexp(1.0, -24);
        for (size_t i = 0; i < got.size(); ++i) {
            const double want = reference_[i], k = static_cast<double>(count_[i / componentsOf(dtype)]);
            const double sumBound = k > 1 ? (k - 1) * unit / (1 - (k - 1) * unit) * absSum_[i] : 0.0;
            // The reference (a double sum) carries its own, smaller, error: count the sum bound twice.
            const double bound = (2 * sumBound + store * (std::fabs(want) + sumBound) + floor) * 1.0001;
            const double err = std::fabs(got[i] - want);
            r.maxAbsError = std::max(r.maxAbsError, std::isnan(err) ? INFINITY : err);
            if (got[i] != ordered_[i] && !(std::isnan(got[i]) && std::isnan(ordered_[i])) && r.ok) {
                r.ok = false;
                char buf[256];
                std::snprintf(buf, sizeof buf,
                              "%s/%s: gradInput value %zu: got %.17g, but the ascending-order sum is %.17g",
                              op.c_str(), name.c_str(), i, got[i], ordered_[i]);
                r.detail = buf;
            }
            if (!(err <= bound) && r.ok) {
                r.ok = false;
                char buf[256];
                std::snprintf(buf, sizeof buf, "%s/%s: gradInput value %zu: got %.17g, expected %.17g (bound %.3g)",
                              op.c_str(), name.c_str(), i, got[i], want, bound);
                r.detail = buf;
            }
        }
        if (r.ok && layout_ != Pad2dLayout::Contiguous) {
            checkStorageOutsideView(r, op + "/" + name, gradInput_, self_, pad2dStrides(self_, layout_),
                                    pad2dStorageOffset(layout_), kFill);
        }
        return r;
    }

    bool supported(std::string *why) const override { return !needsFp64(dtype) || currentDeviceHasFp64(why); }

    const DeviceTensor &gradInput() const { return gradInput_; }

private:
    static constexpr uint8_t kFill = 0xa5;

    aclIntArray *padArray() {
        if (!padding_) padding_ = std::make_unique<IntArray>(pad_);
        return *padding_;
    }

    void computeReference(const std::vector<double> &values) {
        const size_t comps = componentsOf(dtype);
        const size_t r = self_.size();
        const int64_t H = self_[r - 2], W = self_[r - 1], OH = out_[r - 2], OW = out_[r - 1];
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

    bool reflect_;
    std::vector<int64_t> self_, out_, pad_;
    Pad2dLayout layout_;
    uint64_t seed_;
    DeviceTensor gradOutput_, self_t_, gradInput_;
    std::unique_ptr<IntArray> padding_;
    std::vector<double> reference_, absSum_, ordered_;
    std::vector<int64_t> count_;
};


CaseList benchmarkCases(bool reflect) {
    return pad2dBenchmarkCases(
        [reflect](const std::string &name, const std::vector<int64_t> &shape, uint64_t seed) {
            return std::make_unique<Pad2dCase>(reflect, name, ACL_FLOAT, shape, std::vector<int64_t>{3, 3, 3, 3},
                                               Pad2dLayout::Contiguous, seed);
        },
        "pad2d");
}

}  // namespace

// For the tests: one case of either operator with any dtype, shape, padding and layout.
std::unique_ptr<OpCase> makePad2dBackwardCase(bool reflect, const std::string &caseName, aclDataType dtype,
                                      const std::vector<int64_t> &selfShape, const std::vector<int64_t> &padding,
                                      Pad2dLayout layout, uint64_t seed) {
    return std::make_unique<Pad2dCase>(reflect, caseName, dtype, selfShape, padding, layout, seed);
}

}  // namespace testing_support

ACLNN_REGISTER_CASES("ReflectionPad2dBackward", [] { return testing_support::benchmarkCases(true); });
ACLNN_REGISTER_CASES("ReplicationPad2dBackward", [] { return testing_support::benchmarkCases(false); });
