// OpCase descriptions of the elementwise engine's operators (host/engines/elementwise.h) for the
// benchmark: Add and Mul over 8x64x128x128 fp32, with an other of the same shape (the contiguous
// kernel) and broadcast as a per-channel bias (64x1x1) and as a per-position one (1x1x128x128); Cast of
// 8x64x128x128 fp32 to fp16, bf16 and int32; InplaceCopy of 8x64x128x128 fp32 from a contiguous src and
// from a src whose last two dims are transposed (the copy that makes a view contiguous).
//
// The host reference is tests/support/elementwise_ref.h's (each value rounded where the kernels round
// it), so every output element is compared exactly.
#include <memory>
#include <string>
#include <vector>

#include "harness/add.h"
#include "harness/cast.h"
#include "harness/copy.h"
#include "harness/mul.h"
#include "support/device_tensor.h"
#include "support/elementwise_ref.h"
#include "support/host_data.h"
#include "support/op_case.h"
#include "support/output_bits.h"

namespace testing_support {

namespace {

const std::vector<int64_t> kShape{8, 64, 128, 128};

std::vector<double> dims(const std::vector<int64_t> &v) { return {v.begin(), v.end()}; }

// Add (self + alpha * other, alpha 1) or Mul (self * other), fp32, other broadcast to self's shape.
class BinaryCase : public OpCase, public OutputBits {
public:
    BinaryCase(char opChar, std::vector<int64_t> otherShape, uint64_t seed)
        : OpCase(opChar == '+' ? "Add" : "Mul",
                 shapeName(kShape) + (otherShape == kShape ? std::string() : " + " + shapeName(otherShape)),
                 ACL_FLOAT),
          op_(opChar),
          other_(std::move(otherShape)),
          seed_(seed) {
        bytes = 4.0 * static_cast<double>(2 * product(kShape) + product(other_));
        params["self"] = dims(kShape);
        params["other"] = dims(other_);
        if (op_ == '+') params["alpha"] = {kAlpha};
        params["out"] = dims(kShape);
    }

    void setup() override {
        selfT_ = DeviceTensor(kShape, dtype);
        otherT_ = DeviceTensor(other_, dtype);
        outT_ = DeviceTensor(kShape, dtype);
        const std::vector<double> self = refValues(dtype, static_cast<size_t>(product(kShape)), seed_),
                                  other = refValues(dtype, static_cast<size_t>(product(other_)), seed_ + 1);
        selfT_.upload(self);
        otherT_.upload(other);
        outT_.fillStorage(0xa5);
        want_.resize(self.size());
        for (size_t i = 0; i < self.size(); ++i) {
            want_[i] = refBinary(op_, {self[i], 0}, {other[refBroadcastIndex(i, kShape, other_)], 0}, kAlpha, dtype,
                                 false)
                           .re;
        }
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        if (op_ == '+') return kAdd.plan({selfT_, otherT_, alpha_.get(), outT_}, workspaceSize, executor);
        return kMul.plan({selfT_, otherT_, outT_}, workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return (op_ == '+' ? kAdd : kMul).run(workspace, workspaceSize, executor, stream);
    }

    std::vector<uint8_t> outputBits() override { return outT_.storage(); }

    CheckResult check() override {
        return compareExactly(outT_.download(), want_, sameValue, op + "/" + name, "out");
    }

private:
    static constexpr double kAlpha = 1;
    char op_;
    std::vector<int64_t> other_;
    uint64_t seed_;
    OwnedScalar alpha_{kAlpha, ACL_FLOAT};
    DeviceTensor selfT_, otherT_, outT_;
    std::vector<double> want_;
};

// Cast (self of dtype `from` to `to`) or InplaceCopy (selfRef = src, src of dtype `from` seen through
// `srcStrides`, selfRef contiguous of dtype `to`): out = self's values converted on store.
class ConvertCase : public OpCase {
public:
    ConvertCase(bool cast, const std::string &caseName, aclDataType from, aclDataType to,
                std::vector<int64_t> srcStrides, uint64_t seed)
        : OpCase(cast ? "Cast" : "InplaceCopy", caseName, from),
          cast_(cast),
          to_(to),
          srcStrides_(std::move(srcStrides)),
          seed_(seed) {
        bytes = static_cast<double>(product(kShape)) * static_cast<double>(aclDataTypeSize(from) + aclDataTypeSize(to));
        if (cast_) {
            params["self"] = dims(kShape);
            params["dtype"] = {static_cast<double>(to_)};
            params["out"] = dims(kShape);
        } else {
            params["selfRef"] = dims(kShape);
            params["src"] = dims(kShape);
            params["srcStrides"] = dims(srcStrides_);
            params["selfRefDtype"] = {static_cast<double>(to_)};
        }
    }

    void setup() override {
        srcT_ = DeviceTensor(kShape, dtype, srcStrides_, 0);
        outT_ = DeviceTensor(kShape, to_);
        const std::vector<double> src = refValues(dtype, static_cast<size_t>(product(kShape)), seed_);
        srcT_.upload(src);
        outT_.fillStorage(0xa5);
        want_.resize(src.size());
        for (size_t i = 0; i < src.size(); ++i) want_[i] = refConvert({src[i], 0}, dtype, to_).re;
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        if (cast_) return kCast.plan({srcT_, to_, outT_}, workspaceSize, executor);
        return kInplaceCopy.plan({outT_, srcT_}, workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return (cast_ ? kCast : kInplaceCopy).run(workspace, workspaceSize, executor, stream);
    }

    CheckResult check() override {
        return compareExactly(outT_.download(), want_, sameValue, op + "/" + name, cast_ ? "out" : "selfRef");
    }

private:
    bool cast_;
    aclDataType to_;
    std::vector<int64_t> srcStrides_;
    uint64_t seed_;
    DeviceTensor srcT_, outT_;
    std::vector<double> want_;
};

CaseList binaryCases(char op) {
    CaseList cases;
    for (const std::vector<int64_t> &other : {kShape, std::vector<int64_t>{64, 1, 1}, std::vector<int64_t>{1, 1, 128, 128}}) {
        addSpeedCase(cases, std::make_unique<BinaryCase>(op, other, 1));
    }
    return cases;
}

CaseList castCases() {
    CaseList cases;
    const std::vector<int64_t> contiguous = rowMajorStrides(kShape);
    for (auto [to, suffix] : {std::pair{ACL_FLOAT16, "f16"}, std::pair{ACL_BF16, "bf16"}, std::pair{ACL_INT32, "int32"}}) {
        addSpeedCase(cases, std::make_unique<ConvertCase>(true, shapeName(kShape) + " f32->" + suffix, ACL_FLOAT, to,
                                                          contiguous, 2));
    }
    return cases;
}

CaseList copyCases() {
    CaseList cases;
    // The transposed src: a contiguous 8x64x128x128 storage read with its last two dims swapped.
    std::vector<int64_t> transposed = rowMajorStrides(kShape);
    std::swap(transposed[2], transposed[3]);
    addSpeedCase(cases, std::make_unique<ConvertCase>(false, shapeName(kShape), ACL_FLOAT, ACL_FLOAT,
                                                      rowMajorStrides(kShape), 3));
    addSpeedCase(cases, std::make_unique<ConvertCase>(false, shapeName(kShape) + " from transposed", ACL_FLOAT,
                                                      ACL_FLOAT, transposed, 3));
    return cases;
}

}  // namespace

}  // namespace testing_support

ACLNN_REGISTER_CASES("Add", [] { return testing_support::binaryCases('+'); });
ACLNN_REGISTER_CASES("Mul", [] { return testing_support::binaryCases('*'); });
ACLNN_REGISTER_CASES("Cast", testing_support::castCases);
ACLNN_REGISTER_CASES("InplaceCopy", testing_support::copyCases);
