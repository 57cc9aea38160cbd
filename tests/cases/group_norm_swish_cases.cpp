// GroupNormSwish cases for the tests and the benchmark: the host reference in double, the error bound
// the tests use, and the registered cases (the speed case and the "gns" size sweep); and aclnnGroupNorm's
// (the same kernel without the swish).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "cases/group_norm_swish_cases.h"
#include "cases/group_norm_swish_grad_cases.h"
#include "harness/group_norm.h"
#include "harness/group_norm_swish.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/op_case.h"

namespace testing_support {

GnsReference gnsReference(const std::vector<double> &x, const std::vector<double> &gamma,
                          const std::vector<double> &beta, int64_t batch, int64_t channels, int64_t planeLen,
                          int64_t groups, double eps, bool swish, double scale) {
    GnsReference r;
    const int64_t perGroup = channels / groups;
    const size_t groupLen = static_cast<size_t>(perGroup * planeLen), stats = static_cast<size_t>(batch * groups);
    r.y.assign(x.size(), 0);
    r.yScale.assign(x.size(), 0);
    r.mean.assign(stats, 0);
    r.rstd.assign(stats, 0);
    r.meanScale.assign(stats, 0);
    r.rstdScale.assign(stats, 0);
    for (size_t ng = 0; ng < stats; ++ng) {
        const double *g = x.data() + ng * groupLen;
        double sum = 0, abs = 0;
        for (size_t i = 0; i < groupLen; ++i) {
            sum += g[i];
            abs += std::fabs(g[i]);
        }
        const double mean = sum / static_cast<double>(groupLen);
        double ss = 0;
        for (size_t i = 0; i < groupLen; ++i) ss += (g[i] - mean) * (g[i] - mean);
        const double var = ss / static_cast<double>(groupLen);
        const double rstd = 1.0 / std::sqrt(var + eps);
        r.mean[ng] = mean;
        r.rstd[ng] = rstd;
        r.meanScale[ng] = abs / static_cast<double>(groupLen);
        // The fp32 sum of squares is accurate relative to itself; the mean's error adds to each deviation
        // (second order in the variance); 1 / sqrt(var + eps) halves relative errors, plus its own rounding.
        r.rstdScale[ng] = rstd;
        const int64_t c0 = static_cast<int64_t>(ng % static_cast<size_t>(groups)) * perGroup;
        for (size_t i = 0; i < groupLen; ++i) {
            const size_t c = static_cast<size_t>(c0 + static_cast<int64_t>(i) / planeLen);
            const double z = (g[i] - mean) * rstd * gamma[c] + beta[c];
            // z's error: the mean's (relative to mean|x|) and rstd's (relative) errors times |x - mean| * rstd * |gamma|,
            // plus the roundings of x * a + b.
            double zScale = (std::fabs(g[i]) + std::fabs(mean) + r.meanScale[ng]) * rstd * std::fabs(gamma[c]) +
                            std::fabs(beta[c]);
            double y = z;
            if (swish) {
                const double sg = 1.0 / (1.0 + std::exp(-scale * z));
                y = z * sg;
                // d swish / dz = sg * (1 + s z (1 - sg)), at most ~1.1 in magnitude; plus exp's and the division's
                // own relative errors on y.
                zScale = zScale * std::fabs(sg * (1.0 + scale * z * (1.0 - sg))) + std::fabs(y);
            }
            r.y[ng * groupLen + i] = y;
            r.yScale[ng * groupLen + i] = zScale;
        }
    }
    return r;
}

// |got - want| <= 3e-5 * scale + one unit in the last place of want for fp16/bf16 outputs + the smallest
// fp16 subnormal. Why 3e-5: fp32's unit roundoff is 6e-8; a group's sums are L / 256 + 10 additions deep
// (a lane's rows, its four components and tail, the 64-lane tree), at most ~170 for the test shapes, so the
// sums are within ~1e-5 of their magnitude; rstd = 1 / sqrt(var + eps) carries half the variance's relative
// error plus ~4 roundings; y adds a few roundings and OpenCL's exp (3 ulp) and division (2.5 ulp). The
// fp16/bf16 unit covers the one rounding of the stored result against the double reference.
CheckResult gnsCompare(const std::vector<double> &got, const std::vector<double> &want,
                       const std::vector<double> &errScale, aclDataType outDtype, const std::string &what) {
    return gnCompareWithin(got, want, errScale, outDtype, what, 3e-5);
}

namespace {

// x (N, C, ...), gamma and beta (C) in x's dtype; y, mean, rstd; eps 1e-5. GroupNormSwish: swish with
// scale 1; GroupNorm (plain): aclnnGroupNorm's call on the same kernel, no swish.
class GroupNormForwardCase : public OpCase {
public:
    GroupNormForwardCase(bool plain, std::string caseName, std::vector<int64_t> shape, int64_t groups, aclDataType dt)
        : OpCase(plain ? "GroupNorm" : "GroupNormSwish", std::move(caseName), dt), plain_(plain),
          shape_(std::move(shape)), groups_(groups) {
        numel_ = product(shape_);
        const double elem = static_cast<double>(aclDataTypeSize(dt));
        // x read once, y written once, gamma and beta read, mean and rstd written.
        bytes = elem * (2.0 * static_cast<double>(numel_) + 2.0 * static_cast<double>(shape_[0] * groups_) +
                        2.0 * static_cast<double>(shape_[1]));
        // The PyTorch baseline's keys (docs/benchmarks.md).
        params[plain ? "self" : "x"] = std::vector<double>(shape_.begin(), shape_.end());
        params[plain ? "group" : "numGroups"] = {static_cast<double>(groups_)};
        params["eps"] = {1e-5};
        if (!plain) {
            params["swishScale"] = {1.0};
            params["activateSwish"] = {1};
        }
    }

    void setup() override {
        const int64_t batch = shape_[0], channels = shape_[1], planeLen = numel_ / (batch * channels);
        const GnInputs in = gnRandomInputs(gnNameSeed(op + "/" + name), numel_, channels, dtype);
        t_ = gnTensors(shape_, groups_, dtype, in);
        y_ = DeviceTensor(shape_, dtype);
        want_ = gnsReference(in.x, in.gamma, in.beta, batch, channels, planeLen, groups_, 1e-5, !plain_, 1.0);
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        if (plain_) {
            const int64_t batch = shape_[0], channels = shape_[1];
            return kGroupNorm.plan({t_.x, t_.gamma, t_.beta, batch, channels, numel_ / (batch * channels), groups_,
                                    1e-5, y_, t_.mean, t_.rstd},
                                   workspaceSize, executor);
        }
        return kGroupNormSwish.plan({t_.x, t_.gamma, t_.beta, groups_, nullptr, 1e-5, true, 1.0, y_, t_.mean, t_.rstd},
                                    workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return (plain_ ? kGroupNorm : kGroupNormSwish).run(workspace, workspaceSize, executor, stream);
    }

    CheckResult check() override {
        return gnFirstFailure({gnsCompare(y_.download(), want_.y, want_.yScale, dtype, plain_ ? "out" : "yOut"),
                               gnsCompare(t_.mean.download(), want_.mean, want_.meanScale, dtype, "meanOut"),
                               gnsCompare(t_.rstd.download(), want_.rstd, want_.rstdScale, dtype, "rstdOut")});
    }

private:
    bool plain_;
    std::vector<int64_t> shape_;
    int64_t groups_;
    int64_t numel_ = 0;
    GnTensors t_;
    DeviceTensor y_;
    GnsReference want_;
};

CaseList groupNormSwishCases() {
    CaseList cases;
    auto add = [&](const std::string &name, std::vector<int64_t> shape, int64_t groups, aclDataType dt,
                   bool speed = false, const char *sweep = "") {
        auto c = std::make_unique<GroupNormForwardCase>(false, name, std::move(shape), groups, dt);
        c->speedCase = speed;
        c->sweep = sweep;
        cases.push_back(std::move(c));
    };
    // The speed target (the backward's shape): SD-style UNet block, fp32.
    add("8x320x64x64 G32", {8, 320, 64, 64}, 32, ACL_FLOAT, true, "gns");
    // The size sweep: 64 Ki to 2.5 Mi elements, fp32.
    add("1x64x32x32 G32", {1, 64, 32, 32}, 32, ACL_FLOAT, false, "gns");
    add("2x128x32x32 G32", {2, 128, 32, 32}, 32, ACL_FLOAT, false, "gns");
    add("4x256x32x32 G32", {4, 256, 32, 32}, 32, ACL_FLOAT, false, "gns");
    add("8x320x32x32 G32", {8, 320, 32, 32}, 32, ACL_FLOAT, false, "gns");
    // The low-precision dtypes.
    add("f16 2x64x16x16 G8", {2, 64, 16, 16}, 8, ACL_FLOAT16);
    add("bf16 2x64x16x16 G8", {2, 64, 16, 16}, 8, ACL_BF16);
    return cases;
}

}  // namespace

// aclnnGroupNorm: the speed target (a ResNet-style GroupNorm: 8x64x56x56 in 32 groups, fp32), the training
// example's shape and the low-precision dtypes.
CaseList groupNormCases() {
    CaseList cases;
    auto add = [&](const std::string &name, std::vector<int64_t> shape, int64_t groups, aclDataType dt,
                   bool speed = false) {
        auto c = std::make_unique<GroupNormForwardCase>(true, name, std::move(shape), groups, dt);
        c->speedCase = speed;
        cases.push_back(std::move(c));
    };
    add("8x64x56x56 G32", {8, 64, 56, 56}, 32, ACL_FLOAT, true);
    add("8x8x16x16 G2", {8, 8, 16, 16}, 2, ACL_FLOAT);
    add("f16 2x64x16x16 G8", {2, 64, 16, 16}, 8, ACL_FLOAT16);
    add("bf16 2x64x16x16 G8", {2, 64, 16, 16}, 8, ACL_BF16);
    return cases;
}

ACLNN_REGISTER_CASES("GroupNormSwish", groupNormSwishCases);
ACLNN_REGISTER_CASES("GroupNorm", groupNormCases);

}  // namespace testing_support
