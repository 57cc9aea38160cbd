// OpCase descriptions of ConvTbc: the benchmark's speed case and size sweep (registered below) and the
// building block of tests/test_conv_tbc.cpp (makeConvTbcCase).
//
// The host reference evaluates docs/ops/conv_tbc.md's sum element by element in double, independent of
// the operator's per-tap GEMM formulation. Large cases (the benchmark's) check a fixed sample of out
// elements to keep setup short.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cases/conv_tbc_cases.h"
#include "harness/conv_tbc.h"
#include "ops/conv_tbc_family.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/op_case.h"
#include "support/view_check.h"

namespace testing_support {

namespace {

constexpr uint8_t kFill = 0xff;

enum Role { kSelf, kWeight, kBias, kOut };

class ConvTbcCase : public OpCase {
public:
    explicit ConvTbcCase(ConvTbcSpec spec)
        : OpCase("ConvTbc", spec.name, spec.dtypes[kSelf]),
          spec_(std::move(spec)),
          Tout_(spec_.T + 2 * spec_.pad + 1 - spec_.K) {
        dims_[kSelf] = {spec_.T, spec_.B, spec_.Cin};
        dims_[kWeight] = {spec_.K, spec_.Cin, spec_.Cout};
        dims_[kBias] = {spec_.Cout};
        dims_[kOut] = {Tout_, spec_.B, spec_.Cout};
        double macs = 0;
        for (int64_t k = 0; k < spec_.K; ++k) {
            auto r = aclcl::conv_tbc::gradWeightRows(spec_.T, Tout_, spec_.pad, k);  // the out rows of tap k
            if (!r.empty()) macs += static_cast<double>(r.end - r.first);
        }
        macs *= static_cast<double>(spec_.B * spec_.Cin * spec_.Cout);
        flops = 2 * macs;
        gemm = true;
        for (int r = kSelf; r <= kOut; ++r) {
            bytes += static_cast<double>(count(r) * static_cast<int64_t>(aclDataTypeSize(spec_.dtypes[r])));
        }
        params["self"] = {static_cast<double>(spec_.T), static_cast<double>(spec_.B), static_cast<double>(spec_.Cin)};
        params["weight"] = {static_cast<double>(spec_.K), static_cast<double>(spec_.Cin),
                            static_cast<double>(spec_.Cout)};
        params["pad"] = {static_cast<double>(spec_.pad)};
        params["cubeMathType"] = {static_cast<double>(spec_.cubeMathType)};
        sampled_ = convTbcSampled(macs);  // of out
    }

    void setup() override {
        for (int r = kSelf; r <= kOut; ++r) tensors_[r] = convTbcTensor(dims_[r], spec_.dtypes[r], spec_.layout);
        const std::vector<double> *given[3] = {&spec_.self, &spec_.weight, &spec_.bias};
        for (int r = kSelf; r <= kBias; ++r) {
            values_[r] = convTbcInputValues(*given[r], count(r), spec_.seed * 5 + r, spec_.dtypes[r]);
            tensors_[r].upload(values_[r]);
        }
        tensors_[kOut].fillStorage(kFill);
        computeReference();
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return kConvTbc.plan(
            {tensors_[kSelf], tensors_[kWeight], tensors_[kBias], spec_.pad, tensors_[kOut], spec_.cubeMathType},
            workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kConvTbc.run(workspace, workspaceSize, executor, stream);
    }

    CheckResult check() override {
        CheckResult r;
        convTbcCompare(r, op + "/" + name, "out", tensors_[kOut].download(), checked_, reference_, halfGemm_,
                       spec_.dtypes[kOut]);
        if (r.ok && spec_.layout != ConvTbcLayout::Contiguous) {
            checkStorageOutsideView(r, op + "/" + name + ": out", tensors_[kOut], dims_[kOut],
                                    convTbcStrides(dims_[kOut], spec_.layout), convTbcOffset(dims_[kOut], spec_.layout),
                                    kFill);
        }
        return r;
    }

    std::vector<double> out() const { return tensors_[kOut].download(); }
    std::vector<uint8_t> outBytes() const { return tensors_[kOut].storage(); }

private:
    int64_t count(int role) const {
        int64_t n = 1;
        for (int64_t d : dims_[role]) n *= d;
        return n;
    }

    // out[t, b, co] = bias[co] + sum over k, ci of self[t + k - pad, b, ci] * weight[k, ci, co]; bias is one
    // more term of the sum.
    ConvTbcRef outAt(int64_t flat) const {
        const int64_t co = flat % spec_.Cout, b = flat / spec_.Cout % spec_.B, t = flat / spec_.Cout / spec_.B;
        ConvTbcRef r;
        r.add(values_[kBias][static_cast<size_t>(co)]);
        for (int64_t k = 0; k < spec_.K; ++k) {
            const int64_t s = t + k - spec_.pad;
            if (s < 0 || s >= spec_.T) continue;
            for (int64_t ci = 0; ci < spec_.Cin; ++ci) {
                r.add(values_[kSelf][static_cast<size_t>((s * spec_.B + b) * spec_.Cin + ci)] *
                      values_[kWeight][static_cast<size_t>((k * spec_.Cin + ci) * spec_.Cout + co)]);
            }
        }
        return r;
    }

    void computeReference() {
        halfGemm_ = convTbcHalfGemm(spec_.cubeMathType) && count(kSelf) > 0;
        checked_ = convTbcCheckedElements(count(kOut), sampled_);
        reference_.clear();
        for (size_t i : checked_) reference_.push_back(outAt(static_cast<int64_t>(i)));
    }

    ConvTbcSpec spec_;
    int64_t Tout_ = 0;
    std::vector<int64_t> dims_[4];
    DeviceTensor tensors_[4];
    std::vector<double> values_[3];
    std::vector<size_t> checked_;
    std::vector<ConvTbcRef> reference_;
    bool sampled_ = false;
    bool halfGemm_ = false;
};

}  // namespace

ConvTbcSpec convTbcSpec(const std::string &name, int64_t T, int64_t B, int64_t Cin, int64_t Cout, int64_t K,
                        int64_t pad, aclDataType dtype) {
    ConvTbcSpec s{name, T, B, Cin, Cout, K, pad};
    for (aclDataType &d : s.dtypes) d = dtype;
    return s;
}

std::unique_ptr<OpCase> makeConvTbcCase(const ConvTbcSpec &spec) { return std::make_unique<ConvTbcCase>(spec); }

std::vector<double> convTbcOut(const OpCase &c) { return dynamic_cast<const ConvTbcCase &>(c).out(); }

std::vector<uint8_t> convTbcOutBytes(const OpCase &c) { return dynamic_cast<const ConvTbcCase &>(c).outBytes(); }

ACLNN_REGISTER_CASES("ConvTbc", [] { return convTbcBenchCases("convtbc_forward", convTbcSpec, makeConvTbcCase); });

}  // namespace testing_support
