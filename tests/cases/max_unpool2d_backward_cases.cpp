// OpCase descriptions of MaxUnpool2dBackward: the benchmark's speed case and size sweep (registered
// below) and the building block of tests/test_max_unpool2d_backward.cpp (through makeMaxUnpool2dBackwardCase).
//
// The reference is exact: each output is the indexed gradOutput value converted to out's dtype with
// one rounding (floating), two's-complement wrapping (integers) or a zero imaginary part (complex),
// computed here in double / int64 independently of the kernels.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "cases/max_unpool2d_backward_cases.h"
#include "harness/max_unpool2d_backward.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/op_case.h"
#include "support/view_check.h"
#include "support/view_layout.h"

namespace testing_support {

namespace {

// The value v (exact in double) rounded once to a binary format with p significant bits, minimum
// normal exponent emin and largest finite value maxFinite; round to nearest even.
double roundToBits(double v, int p, int emin, double maxFinite) {
    if (v == 0 || !std::isfinite(v)) return v;
    int e = 0;
    std::frexp(v, &e);  // |v| = m * 2^e, 0.5 <= m < 1: the leading bit has exponent e - 1
    const int q = std::max(e - 1, emin) - (p - 1);
    const double r = std::ldexp(std::nearbyint(std::ldexp(v, -q)), q);
    if (std::fabs(r) > maxFinite) return std::copysign(INFINITY, v);
    return r;
}

// v converted to dtype the way the operator promises (see the file comment).
double convertExactly(double v, aclDataType to) {
    switch (to) {
        case ACL_FLOAT: case ACL_COMPLEX64: return roundToBits(v, 24, -126, 3.4028234663852886e38);
        case ACL_FLOAT16: return roundToBits(v, 11, -14, 65504.0);
        case ACL_BF16: return roundToBits(v, 8, -126, 3.3895313892515355e38);
        case ACL_DOUBLE: case ACL_COMPLEX128: return v;
        case ACL_BOOL: return v != 0 ? 1 : 0;
        default: break;
    }
    const int64_t x = static_cast<int64_t>(v);
    switch (to) {
        case ACL_INT8: return static_cast<int8_t>(x);
        case ACL_UINT8: return static_cast<uint8_t>(x);
        case ACL_INT16: return static_cast<int16_t>(x);
        case ACL_UINT16: return static_cast<uint16_t>(x);
        case ACL_INT32: return static_cast<int32_t>(x);
        case ACL_UINT32: return static_cast<uint32_t>(x);
        case ACL_UINT64: return static_cast<double>(static_cast<uint64_t>(x));
        default: return static_cast<double>(x);
    }
}

// Random values exactly representable in dtype (integers across the dtype's range, int64 within 2^53).
std::vector<double> randomOf(size_t n, aclDataType dtype, uint64_t seed) {
    std::vector<double> v;
    switch (dtype) {
        case ACL_BOOL: v = randomValues(n, seed, 0, 2); break;
        case ACL_INT8: v = randomValues(n, seed, -128, 128); break;
        case ACL_UINT8: v = randomValues(n, seed, 0, 256); break;
        case ACL_INT16: v = randomValues(n, seed, -32768, 32768); break;
        case ACL_INT32: v = randomValues(n, seed, -2147483648.0, 2147483648.0); break;
        case ACL_INT64: v = randomValues(n, seed, -9007199254740992.0, 9007199254740992.0); break;
        default: v = randomValues(n, seed, -4, 4); break;
    }
    for (double &x : v) {
        if (dtype == ACL_BOOL || dtype == ACL_INT8 || dtype == ACL_UINT8 || dtype == ACL_INT16 ||
            dtype == ACL_INT32 || dtype == ACL_INT64) {
            x = std::floor(x);
        } else {
            x = roundTo(x, dtype);
        }
    }
    return v;
}

class MaxUnpool2dBackwardCase : public OpCase {
public:
    explicit MaxUnpool2dBackwardCase(MaxUnpool2dBackwardSpec spec)
        : OpCase("MaxUnpool2dBackward", spec.name, spec.grad),
          s_(std::move(spec)),
          self_(withBatch(s_.N, {s_.C, s_.H, s_.W})),
          grad_(withBatch(s_.N, {s_.C, s_.oH, s_.oW})) {
        // Bytes that must move once: read the indices, read the gathered gradOutput elements (one per
        // output), write out.
        const double n = static_cast<double>(product(self_));
        bytes = n * static_cast<double>(aclDataTypeSize(s_.indices) + aclDataTypeSize(s_.grad) +
                                        aclDataTypeSize(s_.out));
        params["self"] = std::vector<double>(self_.begin(), self_.end());
        params["outputSize"] = {static_cast<double>(s_.oH), static_cast<double>(s_.oW)};
    }

    void setup() override {
        gradT_ = layoutTensor(grad_, s_.grad, s_.layout);
        selfT_ = layoutTensor(self_, s_.grad, s_.layout);
        indicesT_ = layoutTensor(self_, s_.indices, s_.layout);
        outT_ = layoutTensor(self_, s_.out, s_.layout);
        gradValues_ = randomOf(static_cast<size_t>(product(grad_)), s_.grad, s_.seed);
        const int64_t plane = s_.oH * s_.oW;
        indexValues_ = randomValues(static_cast<size_t>(product(self_)), s_.seed + 1000, 0, static_cast<double>(plane));
        for (double &k : indexValues_) k = std::floor(k);
        gradT_.upload(gradValues_);
        selfT_.upload(randomOf(static_cast<size_t>(product(self_)), s_.grad, s_.seed + 2000));
        indicesT_.upload(indexValues_);
        outT_.fillStorage(kFill);
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        if (!outputSize_) outputSize_ = std::make_unique<IntArray>(std::vector<int64_t>{s_.oH, s_.oW});
        return kMaxUnpool2dBackward.plan({gradT_, selfT_, indicesT_, *outputSize_, outT_}, workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kMaxUnpool2dBackward.run(workspace, workspaceSize, executor, stream);
    }

    // Exact: every output equals the converted indexed value (NaN == NaN, -0 != +0); bytes of out's
    // storage outside its view keep the fill pattern.
    CheckResult check() override {
        const std::vector<double> got = outT_.download();
        const std::vector<double> want = reference();
        CheckResult r = compareExactly(got, want, sameValue, op + "/" + name, "out");
        if (r.ok && s_.layout != UnpoolLayout::Contiguous) {
            checkStorageOutsideView(r, op + "/" + name, outT_, self_, viewLayoutStrides(self_, s_.layout),
                                    viewLayoutOffset(s_.layout), kFill);
        }
        return r;
    }

    bool supported(std::string *why) const override {
        return !(needsFp64(s_.grad) || needsFp64(s_.out)) || currentDeviceHasFp64(why);
    }

    // The expected out values in row-major order (complex: re, im pairs).
    std::vector<double> reference() const {
        const int64_t plane = s_.oH * s_.oW, hw = s_.H * s_.W;
        const bool complexOut = s_.out == ACL_COMPLEX64 || s_.out == ACL_COMPLEX128;
        std::vector<double> want;
        for (size_t i = 0; i < indexValues_.size(); ++i) {
            const int64_t p = static_cast<int64_t>(i) / hw;
            const double v = gradValues_[static_cast<size_t>(p * plane + static_cast<int64_t>(indexValues_[i]))];
            want.push_back(convertExactly(v, s_.out));
            if (complexOut) want.push_back(0.0);
        }
        return want;
    }

    DeviceTensor &gradOutput() { return gradT_; }
    DeviceTensor &indices() { return indicesT_; }
    DeviceTensor &out() { return outT_; }
    std::vector<double> &gradValues() { return gradValues_; }
    std::vector<double> &indexValues() { return indexValues_; }

private:
    static constexpr uint8_t kFill = 0x3c;

    MaxUnpool2dBackwardSpec s_;
    std::vector<int64_t> self_, grad_;
    DeviceTensor gradT_, selfT_, indicesT_, outT_;
    std::unique_ptr<IntArray> outputSize_;
    std::vector<double> gradValues_, indexValues_;
};

MaxUnpool2dBackwardSpec plainCase(const std::string &name, int64_t N, int64_t C, int64_t HW, int64_t oHW) {
    MaxUnpool2dBackwardSpec s;
    s.name = name;
    s.N = N;
    s.C = C;
    s.H = s.W = HW;
    s.oH = s.oW = oHW;
    return s;
}

CaseList benchmarkCases() {
    CaseList cases;
    // self 8x64x64x64 fp32 with int64 indices into 128x128 gradOutput planes.
    addSpeedCase(cases, std::make_unique<MaxUnpool2dBackwardCase>(plainCase("8x64x64x64 out128", 8, 64, 64, 128)));
    // 32K to 4.2M output elements (128x), 64x64 planes unpooled into 128x128 as in the speed case.
    const struct {
        int64_t N, C, HW;
    } sweep[] = {{1, 8, 64}, {2, 32, 64}, {4, 64, 64}, {8, 64, 64}, {8, 128, 64}};
    for (const auto &z : sweep) {
        const std::string shape = shapeName({z.N, z.C, z.HW, z.HW});
        addSweepCase(cases, "maxunpool",
                     std::make_unique<MaxUnpool2dBackwardCase>(
                         plainCase("sweep " + shape + " out" + std::to_string(2 * z.HW), z.N, z.C, z.HW, 2 * z.HW)));
    }
    return cases;
}

}  // namespace

// For the tests: one case with any shapes, dtypes and layout.
std::unique_ptr<OpCase> makeMaxUnpool2dBackwardCase(const MaxUnpool2dBackwardSpec &spec) {
    return std::make_unique<MaxUnpool2dBackwardCase>(spec);
}

}  // namespace testing_support

ACLNN_REGISTER_CASES("MaxUnpool2dBackward", [] { return testing_support::benchmarkCases(); });
