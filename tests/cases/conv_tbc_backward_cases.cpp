// OpCase descriptions of ConvTbcBackward: the benchmark's speed case and size sweep (registered below)
// and the building block of tests/test_conv_tbc_backward.cpp (through makeConvTbcBackwardCase).
//
// The host reference evaluates the docs/ops sums element by element in double, independent of the
// operator's GEMM formulation. Each value is checked against an error bound for an fp32 sum of its
// terms in any order plus one rounding to the output dtype. Large cases (the benchmark's) check a
// fixed sample of gradInput and gradWeight elements (every gradBias element) to keep setup short.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cases/conv_tbc_backward_cases.h"
#include "harness/conv_tbc_backward.h"
#include "ops/conv_tbc_family.h"
#include "runtime/device.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/op_case.h"
#include "support/sum_bound.h"
#include "support/view_check.h"

namespace testing_support {

namespace {

constexpr uint8_t kFill = 0xff;

enum Role { kSelf, kInput, kWeight, kBias, kGradInput, kGradWeight, kGradBias };


// Row-major strides with empty dims counted as 1 (tests/support/host_data.h's rowMajorStrides multiplies by 0).
std::vector<int64_t> denseStrides(const std::vector<int64_t> &dims) {
    std::vector<int64_t> s(dims.size(), 1);
    int64_t acc = 1;
    for (size_t i = dims.size(); i-- > 0;) {
        s[i] = acc;
        acc *= std::max<int64_t>(dims[i], 1);
    }
    return s;
}

}  // namespace

std::vector<int64_t> convTbcStrides(const std::vector<int64_t> &dims, ConvTbcLayout layout) {
    if (dims.size() == 1) {
        return layout == ConvTbcLayout::Contiguous || layout == ConvTbcLayout::Offset ? std::vector<int64_t>{1}
                                                                                       : std::vector<int64_t>{2};
    }
    const int64_t d0 = std::max<int64_t>(dims[0], 1), d1 = std::max<int64_t>(dims[1], 1),
                  d2 = std::max<int64_t>(dims[2], 1);
    switch (layout) {
        case ConvTbcLayout::SwappedRows: return {d2 + 1, d0 * (d2 + 1), 1};
        case ConvTbcLayout::ChannelsOuter: return {d1, 1, d0 * d1 + 2};
        default: return denseStrides(dims);
    }
}

int64_t convTbcOffset(const std::vector<int64_t> &dims, ConvTbcLayout layout) {
    switch (layout) {
        case ConvTbcLayout::Offset: return 7;
        case ConvTbcLayout::SwappedRows: return dims.size() == 1 ? 1 : 3;
        case ConvTbcLayout::ChannelsOuter: return dims.size() == 1 ? 1 : 5;
        default: return 0;
    }
}

// An fp32 (or, on the half path, fp16) sum of n products in any order is within about
// (n + 1) * u * sum|terms| of the exact value (u the unit roundoff; inputs converted to half add
// two more); then the result is rounded once to the output dtype. The double reference's own error
// is far below that.
bool convTbcSampled(double macs) { return macs > 2e8; }

std::vector<size_t> convTbcCheckedElements(int64_t count, bool sampled) {
    constexpr size_t kSamples = 4096;
    std::vector<size_t> idx;
    if (!sampled || count <= static_cast<int64_t>(kSamples)) {
        for (int64_t i = 0; i < count; ++i) idx.push_back(static_cast<size_t>(i));
        return idx;
    }
    for (double x : randomValues(kSamples, 99, 0.0, 1.0)) {
        idx.push_back(std::min(static_cast<size_t>(x * static_cast<double>(count)), static_cast<size_t>(count - 1)));
    }
    idx.push_back(0);
    idx.push_back(static_cast<size_t>(count - 1));
    return idx;
}

double convTbcErrorBound(double value, double absSum, int64_t terms, bool sumOnly, bool halfGemm,
                         aclDataType outDtype) {
    double u = std::ldexp(1.0, -24), extra = 1;
    if (sumOnly) {
        extra = -1;
    } else if (halfGemm) {
        u = std::ldexp(1.0, -11);
        extra = 3;
    }
    const double sumBound = std::max(0.0, static_cast<double>(terms) + extra) * u * absSum;
    return (sumBound + storeRounding(outDtype) * (std::fabs(value) + sumBound) + storeFloor(outDtype)) * 1.001;
}

bool convTbcHalfGemm(int8_t cubeMathType) {
    int32_t id = 0;
    aclrtGetDevice(&id);
    return aclcl::deviceAt(id).fp16 && cubeMathType == 2;
}

std::vector<double> convTbcInputValues(const std::vector<double> &given, int64_t count, uint64_t seed,
                                       aclDataType dtype) {
    std::vector<double> v = !given.empty() ? given : randomValues(static_cast<size_t>(count), seed);
    if (dtype == ACL_FLOAT) {
        for (double &x : v) x = static_cast<double>(static_cast<float>(x));  // fast path for big cases
    } else {
        for (double &x : v) x = roundTo(x, dtype);
    }
    return v;
}

void convTbcCompare(CheckResult &r, const std::string &what, const char *output, const std::vector<double> &got,
                    const std::vector<size_t> &checked, const std::vector<ConvTbcRef> &want, bool halfGemm,
                    aclDataType outDtype) {
    for (size_t j = 0; j < checked.size(); ++j) {
        const size_t i = checked[j];
        const ConvTbcRef &w = want[j];
        const double bound = convTbcErrorBound(w.value, w.absSum, w.terms, w.sumOnly, halfGemm, outDtype);
        const double err = std::fabs(got[i] - w.value);
        r.maxAbsError = std::max(r.maxAbsError, std::isnan(err) ? INFINITY : err);
        if (!(err <= bound) && r.ok) {
            r.ok = false;
            char buf[320];
            std::snprintf(buf, sizeof buf, "%s: %s[%zu]: got %.9g, expected %.9g (bound %.3g)", what.c_str(), output, i,
                          got[i], w.value, bound);
            r.detail = buf;
        }
    }
}

DeviceTensor convTbcTensor(const std::vector<int64_t> &dims, aclDataType dtype, ConvTbcLayout layout) {
    return DeviceTensor(dims, dtype, convTbcStrides(dims, layout), convTbcOffset(dims, layout));
}

namespace {

class ConvTbcBackwardCase : public OpCase {
public:
    explicit ConvTbcBackwardCase(ConvTbcBackwardSpec spec)
        : OpCase("ConvTbcBackward", spec.name, spec.dtypes[kSelf]),
          spec_(std::move(spec)),
          Tout_(spec_.T + 2 * spec_.pad + 1 - spec_.K) {
        dims_[kSelf] = {Tout_, spec_.B, spec_.Cout};
        dims_[kInput] = dims_[kGradInput] = {spec_.T, spec_.B, spec_.Cin};
        dims_[kWeight] = dims_[kGradWeight] = {spec_.K, spec_.Cin, spec_.Cout};
        dims_[kBias] = dims_[kGradBias] = {spec_.Cout};
        double macs = 0;
        for (int64_t k = 0; k < spec_.K; ++k) {
            auto gi = aclcl::conv_tbc::gradInputRows(spec_.T, Tout_, spec_.pad, k);
            auto gw = aclcl::conv_tbc::gradWeightRows(spec_.T, Tout_, spec_.pad, k);
            if (!gi.empty()) macs += static_cast<double>(gi.end - gi.first);
            if (!gw.empty()) macs += static_cast<double>(gw.end - gw.first);
        }
        macs *= static_cast<double>(spec_.B * spec_.Cin * spec_.Cout);
        flops = 2 * macs;
        gemm = true;
        for (int r : {kSelf, kInput, kWeight, kGradInput, kGradWeight, kGradBias}) {
            bytes += static_cast<double>(product(dims_[r]) * static_cast<int64_t>(aclDataTypeSize(spec_.dtypes[r])));
        }
        params["self"] = {static_cast<double>(Tout_), static_cast<double>(spec_.B), static_cast<double>(spec_.Cout)};
        params["input"] = {static_cast<double>(spec_.T), static_cast<double>(spec_.B), static_cast<double>(spec_.Cin)};
        params["weight"] = {static_cast<double>(spec_.K), static_cast<double>(spec_.Cin),
                            static_cast<double>(spec_.Cout)};
        params["bias"] = {static_cast<double>(spec_.Cout)};
        params["pad"] = {static_cast<double>(spec_.pad)};
        params["cubeMathType"] = {static_cast<double>(spec_.cubeMathType)};
        sampled_ = convTbcSampled(macs);  // of gradInput and gradWeight
    }

    void setup() override {
        for (int r = 0; r < 7; ++r) tensors_[r] = convTbcTensor(dims_[r], spec_.dtypes[r], spec_.layout);
        const std::vector<double> given[4] = {spec_.self, spec_.input, spec_.weight, {}};  // bias: random
        for (int r = kSelf; r <= kBias; ++r) {
            values_[r] = convTbcInputValues(given[r], product(dims_[r]), spec_.seed * 7 + r, spec_.dtypes[r]);
            tensors_[r].upload(values_[r]);
        }
        for (int r = kGradInput; r <= kGradBias; ++r) tensors_[r].fillStorage(kFill);
        computeReference();
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return kConvTbcBackward.plan({tensors_[kSelf], tensors_[kInput], tensors_[kWeight], tensors_[kBias], spec_.pad,
                                      spec_.cubeMathType, tensors_[kGradInput], tensors_[kGradWeight],
                                      tensors_[kGradBias]},
                                     workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kConvTbcBackward.run(workspace, workspaceSize, executor, stream);
    }

    CheckResult check() override {
        CheckResult r;
        const char *names[3] = {"gradInput", "gradWeight", "gradBias"};
        for (int o = 0; o < 3; ++o) {
            const int role = kGradInput + o;
            convTbcCompare(r, op + "/" + name, names[o], tensors_[role].download(), checked_[o], reference_[o],
                           halfGemm_, spec_.dtypes[role]);
            if (r.ok && spec_.layout != ConvTbcLayout::Contiguous) {
                const std::vector<int64_t> &d = dims_[role];
                checkStorageOutsideView(r, op + "/" + name + ": " + names[o], tensors_[role], d,
                                        convTbcStrides(d, spec_.layout), convTbcOffset(d, spec_.layout), kFill);
            }
        }
        return r;
    }

    ConvTbcBackwardOutputs outputs() const {
        ConvTbcBackwardOutputs out;
        out.gradInput = tensors_[kGradInput].download();
        out.gradWeight = tensors_[kGradWeight].download();
        out.gradBias = tensors_[kGradBias].download();
        out.gradInputBytes = tensors_[kGradInput].storage();
        out.gradWeightBytes = tensors_[kGradWeight].storage();
        out.gradBiasBytes = tensors_[kGradBias].storage();
        return out;
    }

private:
    double at(int role, int64_t a, int64_t b, int64_t c) const {
        const auto &d = dims_[role];
        return values_[role][static_cast<size_t>((a * d[1] + b) * d[2] + c)];
    }

    ConvTbcRef gradInputAt(int64_t flat) const {
        const int64_t ci = flat % spec_.Cin, b = flat / spec_.Cin % spec_.B, t = flat / spec_.Cin / spec_.B;
        ConvTbcRef r;
        for (int64_t k = 0; k < spec_.K; ++k) {
            const int64_t to = t + spec_.pad - k;
            if (to < 0 || to >= Tout_) continue;
            for (int64_t co = 0; co < spec_.Cout; ++co) {
                r.add(at(kSelf, to, b, co) * at(kWeight, k, ci, co));
            }
        }
        return r;
    }

    ConvTbcRef gradWeightAt(int64_t flat) const {
        const int64_t co = flat % spec_.Cout, ci = flat / spec_.Cout % spec_.Cin, k = flat / spec_.Cout / spec_.Cin;
        ConvTbcRef r;
        for (int64_t to = 0; to < Tout_; ++to) {
            const int64_t t = to + k - spec_.pad;
            if (t < 0 || t >= spec_.T) continue;
            for (int64_t b = 0; b < spec_.B; ++b) {
                r.add(at(kInput, t, b, ci) * at(kSelf, to, b, co));
            }
        }
        return r;
    }

    ConvTbcRef gradBiasAt(int64_t co) const {
        ConvTbcRef r;
        for (int64_t to = 0; to < Tout_; ++to) {
            for (int64_t b = 0; b < spec_.B; ++b) {
                r.add(at(kSelf, to, b, co));
            }
        }
        r.sumOnly = true;
        return r;
    }

    void computeReference() {
        halfGemm_ = convTbcHalfGemm(spec_.cubeMathType);
        checked_[0] = convTbcCheckedElements(product(dims_[kGradInput]), sampled_);
        checked_[1] = convTbcCheckedElements(product(dims_[kGradWeight]), sampled_);
        checked_[2] = convTbcCheckedElements(product(dims_[kGradBias]), false);
        for (int o = 0; o < 3; ++o) reference_[o].clear();
        for (size_t i : checked_[0]) reference_[0].push_back(gradInputAt(static_cast<int64_t>(i)));
        for (size_t i : checked_[1]) reference_[1].push_back(gradWeightAt(static_cast<int64_t>(i)));
        for (size_t i : checked_[2]) reference_[2].push_back(gradBiasAt(static_cast<int64_t>(i)));
    }

    ConvTbcBackwardSpec spec_;
    int64_t Tout_ = 0;
    std::vector<int64_t> dims_[7];
    DeviceTensor tensors_[7];
    std::vector<double> values_[4];
    std::vector<size_t> checked_[3];
    std::vector<ConvTbcRef> reference_[3];
    bool sampled_ = false;
    bool halfGemm_ = false;
};

}  // namespace

std::vector<ConvTbcBenchShape> convTbcBenchShapes() {
    std::vector<ConvTbcBenchShape> shapes{{"T512 B16 C512 K3 pad1", 512, 16, 512, true}};
    // The sweep: 128x in work from the smallest to the largest, fp32, K 3, pad 1.
    const int64_t sweep[][3] = {{64, 8, 128}, {128, 8, 256}, {256, 16, 256}, {256, 16, 512}};
    for (const auto &s : sweep) {
        shapes.push_back({"sweep T" + std::to_string(s[0]) + " B" + std::to_string(s[1]) + " C" +
                              std::to_string(s[2]) + " K3 pad1",
                          s[0], s[1], s[2], false});
    }
    return shapes;
}

ConvTbcBackwardSpec convTbcBackwardSpec(const std::string &name, int64_t T, int64_t B, int64_t Cin, int64_t Cout,
                                        int64_t K, int64_t pad, aclDataType dtype) {
    ConvTbcBackwardSpec s;
    s.name = name;
    s.T = T;
    s.B = B;
    s.Cin = Cin;
    s.Cout = Cout;
    s.K = K;
    s.pad = pad;
    for (aclDataType &d : s.dtypes) d = dtype;
    return s;
}

// For the tests: one case with any shapes, dtypes, cubeMathType, layout and values.
std::unique_ptr<OpCase> makeConvTbcBackwardCase(const ConvTbcBackwardSpec &spec) {
    return std::make_unique<ConvTbcBackwardCase>(spec);
}

ConvTbcBackwardOutputs convTbcBackwardOutputs(const OpCase &c) {
    return dynamic_cast<const ConvTbcBackwardCase &>(c).outputs();
}

ACLNN_REGISTER_CASES("ConvTbcBackward",
                     [] { return convTbcBenchCases("convtbc", convTbcBackwardSpec, makeConvTbcBackwardCase); });

}  // namespace testing_support
