// GroupNormSwishGrad cases for the tests and the benchmark: the host reference in double, the error
// bound the tests use, and the registered cases (the speed case and the "gnsg" size sweep).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "cases/group_norm_swish_grad_cases.h"
#include "harness/group_norm_swish_grad.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/op_case.h"

namespace testing_support {

// The reference of docs/ops in double, with each output's error scale: the sum of the magnitudes of the
// terms that make it up, so that |fp32 result - reference| <= k * eps * scale whatever cancels.
void gnsgReference(const std::vector<double> &dy, const std::vector<double> &mean, const std::vector<double> &rstd,
                   const std::vector<double> &x, const std::vector<double> &gamma, const std::vector<double> &beta,
                   int64_t batch, int64_t channels, int64_t planeLen, int64_t groups, double scale,
                   std::vector<double> *dx, std::vector<double> *dgamma, std::vector<double> *dbeta,
                   std::vector<double> *dxScale, std::vector<double> *dgammaScale, std::vector<double> *dbetaScale,
                   bool swish) {
    const int64_t perGroup = channels / groups;
    const double groupSize = static_cast<double>(perGroup * planeLen);
    const size_t planes = static_cast<size_t>(batch * channels);
    // Per plane: sum g, sum g*xhat, and the same over magnitudes.
    std::vector<double> sumG(planes, 0), sumGx(planes, 0), absG(planes, 0), absGx(planes, 0);
    auto grad = [&](size_t i, int64_t c, int64_t ng, double *xhatOut) {
        double xhat = (x[i] - mean[static_cast<size_t>(ng)]) * rstd[static_cast<size_t>(ng)];
        if (!swish) {
            *xhatOut = xhat;
            return dy[i];
        }
        double z = xhat * gamma[static_cast<size_t>(c)] + beta[static_cast<size_t>(c)];
        double sg = 1.0 / (1.0 + std::exp(-scale * z));
        *xhatOut = xhat;
        return dy[i] * sg * (1.0 + scale * z * (1.0 - sg));
    };
    for (int64_t n = 0; n < batch; ++n) {
        for (int64_t c = 0; c < channels; ++c) {
            size_t plane = static_cast<size_t>(n * channels + c);
            int64_t ng = n * groups + c / perGroup;
            for (int64_t h = 0; h < planeLen; ++h) {
                double xhat;
                double g = grad(plane * static_cast<size_t>(planeLen) + static_cast<size_t>(h), c, ng, &xhat);
                sumG[plane] += g;
                sumGx[plane] += g * xhat;
                absG[plane] += std::fabs(g);
                absGx[plane] += std::fabs(g * xhat);
            }
        }
    }
    dx->assign(planes * static_cast<size_t>(planeLen), 0);
    dgamma->assign(static_cast<size_t>(channels), 0);
    dbeta->assign(static_cast<size_t>(channels), 0);
    if (dxScale) dxScale->assign(dx->size(), 0);
    if (dgammaScale) dgammaScale->assign(dgamma->size(), 0);
    if (dbetaScale) dbetaScale->assign(dbeta->size(), 0);
    for (int64_t n = 0; n < batch; ++n) {
        for (int64_t c = 0; c < channels; ++c) {
            size_t plane = static_cast<size_t>(n * channels + c);
            (*dgamma)[static_cast<size_t>(c)] += sumGx[plane];
            (*dbeta)[static_cast<size_t>(c)] += sumG[plane];
            if (dgammaScale) (*dgammaScale)[static_cast<size_t>(c)] += absGx[plane];
            if (dbetaScale) (*dbetaScale)[static_cast<size_t>(c)] += absG[plane];
        }
        for (int64_t gi = 0; gi < groups; ++gi) {
            double c1 = 0, c2 = 0, c1Abs = 0, c2Abs = 0;
            for (int64_t c = gi * perGroup; c < (gi + 1) * perGroup; ++c) {
                size_t plane = static_cast<size_t>(n * channels + c);
                double ga = gamma[static_cast<size_t>(c)];
                c1 += ga * sumG[plane];
                c2 += ga * sumGx[plane];
                c1Abs += std::fabs(ga) * absG[plane];
                c2Abs += std::fabs(ga) * absGx[plane];
            }
            c1 /= groupSize;
            c2 /= groupSize;
            c1Abs /= groupSize;
            c2Abs /= groupSize;
            int64_t ng = n * groups + gi;
            double r = rstd[static_cast<size_t>(ng)];
            for (int64_t c = gi * perGroup; c < (gi + 1) * perGroup; ++c) {
                size_t plane = static_cast<size_t>(n * channels + c);
                double ga = gamma[static_cast<size_t>(c)];
                for (int64_t h = 0; h < planeLen; ++h) {
                    size_t i = plane * static_cast<size_t>(planeLen) + static_cast<size_t>(h);
                    double xhat;
                    double g = grad(i, c, ng, &xhat);
                    (*dx)[i] = r * (g * ga - xhat * c2 - c1);
                    if (dxScale) {
                        (*dxScale)[i] =
                            std::fabs(r) * (std::fabs(g * ga) + std::fabs(xhat) * c2Abs + c1Abs) + std::fabs((*dx)[i]);
                    }
                }
            }
        }
    }
}

// |got - want| <= 2e-5 * scale (the fp32 computation; scale from gnsgReference) + one unit in the last
// place of want for fp16/bf16 outputs (their single rounding) + 1e-30. Why 2e-5: fp32's unit roundoff
// is 6e-8; each term carries ~10 roundings (exp included) and the sums are at most a few hundred terms
// deep per work-item plus a log2 tree, which stays below 2e-5 of the sum of magnitudes.
CheckResult gnsgCompare(const std::vector<double> &got, const std::vector<double> &want,
                        const std::vector<double> &errScale, aclDataType dtype, const std::string &what) {
    return gnCompareWithin(got, want, errScale, dtype, what, 2e-5);
}

CheckResult gnCompareWithin(const std::vector<double> &got, const std::vector<double> &want,
                            const std::vector<double> &errScale, aclDataType dtype, const std::string &what,
                            double rel) {
    CheckResult r;
    if (got.size() != want.size() || errScale.size() != want.size()) {
        r.ok = false;
        r.detail = what + ": " + std::to_string(got.size()) + " values, expected " + std::to_string(want.size());
        return r;
    }
    const double lastPlace = dtype == ACL_FLOAT16 ? std::ldexp(1.0, -10) : dtype == ACL_BF16 ? std::ldexp(1.0, -7) : 0;
    const double smallest = dtype == ACL_FLOAT16 ? std::ldexp(1.0, -24) : 0;
    for (size_t i = 0; i < got.size(); ++i) {
        double err = std::fabs(got[i] - want[i]);
        double bound = rel * errScale[i] + lastPlace * std::fabs(want[i]) + smallest + 1e-30;
        if (!(err <= r.maxAbsError)) r.maxAbsError = std::isnan(err) ? INFINITY : std::max(r.maxAbsError, err);
        if (!(err <= bound) && r.ok) {
            r.ok = false;
            char buf[256];
            std::snprintf(buf, sizeof buf, "%s[%zu]: got %.9g, expected %.9g (bound %.3g, error scale %.3g)",
                          what.c_str(), i, got[i], want[i], bound, errScale[i]);
            r.detail = buf;
        }
    }
    return r;
}

uint64_t gnNameSeed(const std::string &s) {
    uint64_t h = 1469598103934665603ull;  // FNV-1a
    for (char ch : s) h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
    return h;
}

std::vector<double> gnRounded(std::vector<double> v, aclDataType dtype) {
    for (double &e : v) e = roundTo(e, dtype);
    return v;
}

GnInputs gnRandomInputs(uint64_t seed, int64_t numel, int64_t channels, aclDataType dtype) {
    GnInputs in;
    in.x = gnRounded(randomValues(static_cast<size_t>(numel), seed, -1.0, 2.0), dtype);
    in.gamma = gnRounded(randomValues(static_cast<size_t>(channels), seed + 2, 0.1, 0.9), dtype);
    in.beta = gnRounded(randomValues(static_cast<size_t>(channels), seed + 3, -0.4, 0.4), dtype);
    return in;
}

GnTensors gnTensors(const std::vector<int64_t> &shape, int64_t groups, aclDataType dtype, const GnInputs &in) {
    const std::vector<int64_t> statShape = {shape[0], groups}, channelShape = {shape[1]};
    GnTensors t{DeviceTensor(shape, dtype), DeviceTensor(channelShape, dtype), DeviceTensor(channelShape, dtype),
                DeviceTensor(statShape, dtype), DeviceTensor(statShape, dtype)};
    t.x.upload(in.x);
    t.gamma.upload(in.gamma);
    t.beta.upload(in.beta);
    return t;
}

CheckResult gnFirstFailure(const std::vector<CheckResult> &results) {
    CheckResult all;
    for (const CheckResult &r : results) {
        all.maxAbsError = std::max(all.maxAbsError, r.maxAbsError);
        if (!r.ok && all.ok) {
            all.ok = false;
            all.detail = r.detail;
        }
    }
    return all;
}

namespace {

std::string dtypeTag(aclDataType dtype) {
    return dtype == ACL_FLOAT ? "f32" : dtype == ACL_FLOAT16 ? "f16" : "bf16";
}

// dy, x (N, C, ...), mean/rstd (N, G) taken from x (biased variance, eps 1e-5), gamma, beta (C).
class GroupNormSwishGradCase : public OpCase {
public:
    GroupNormSwishGradCase(std::string caseName, std::vector<int64_t> shape, int64_t groups, double scale,
                           aclDataType dt)
        : OpCase("GroupNormSwishGrad", std::move(caseName), dt),
          shape_(std::move(shape)),
          groups_(groups),
          scale_(scale) {
        numel_ = product(shape_);
        double elem = static_cast<double>(aclDataTypeSize(dt));
        // dy and x read once, dx written once, plus mean, rstd, gamma, beta, dgamma, dbeta.
        bytes = elem * (3.0 * static_cast<double>(numel_) + 2.0 * static_cast<double>(shape_[0] * groups_) +
                        4.0 * static_cast<double>(shape_[1]));
        // The PyTorch baseline's keys (docs/benchmarks.md).
        params["x"] = std::vector<double>(shape_.begin(), shape_.end());
        params["numGroups"] = {static_cast<double>(groups_)};
        params["swishScale"] = {scale_};
        params["dgammaIsRequire"] = {1};
        params["dbetaIsRequire"] = {1};
    }

    void setup() override {
        const int64_t batch = shape_[0], channels = shape_[1], planeLen = numel_ / (batch * channels);
        const uint64_t seed = gnNameSeed(op + "/" + name);
        const GnInputs in = gnRandomInputs(seed, numel_, channels, dtype);
        const std::vector<double> &x = in.x;
        std::vector<double> dy = gnRounded(randomValues(static_cast<size_t>(numel_), seed + 1), dtype);
        const int64_t groupLen = numel_ / (batch * groups_);
        std::vector<double> mean(static_cast<size_t>(batch * groups_)), rstd(mean.size());
        for (size_t ng = 0; ng < mean.size(); ++ng) {
            double s = 0, ss = 0;
            for (int64_t i = 0; i < groupLen; ++i) s += x[ng * static_cast<size_t>(groupLen) + static_cast<size_t>(i)];
            double mu = s / static_cast<double>(groupLen);
            for (int64_t i = 0; i < groupLen; ++i) {
                double d = x[ng * static_cast<size_t>(groupLen) + static_cast<size_t>(i)] - mu;
                ss += d * d;
            }
            mean[ng] = roundTo(mu, dtype);
            rstd[ng] = roundTo(1.0 / std::sqrt(ss / static_cast<double>(groupLen) + 1e-5), dtype);
        }
        t_ = gnTensors(shape_, groups_, dtype, in);
        t_.mean.upload(mean);
        t_.rstd.upload(rstd);
        dy_ = DeviceTensor(shape_, dtype);
        dy_.upload(dy);
        dx_ = DeviceTensor(shape_, dtype);
        dgamma_ = DeviceTensor({channels}, dtype);
        dbeta_ = DeviceTensor({channels}, dtype);
        gnsgReference(dy, mean, rstd, x, in.gamma, in.beta, batch, channels, planeLen, groups_, scale_, &wantDx_,
                      &wantDgamma_, &wantDbeta_, &scaleDx_, &scaleDgamma_, &scaleDbeta_);
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return kGroupNormSwishGrad.plan(
            {dy_, t_.mean, t_.rstd, t_.x, t_.gamma, t_.beta, groups_, nullptr, scale_, true, true, dx_, dgamma_, dbeta_},
            workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kGroupNormSwishGrad.run(workspace, workspaceSize, executor, stream);
    }

    CheckResult check() override {
        return gnFirstFailure({gnsgCompare(dx_.download(), wantDx_, scaleDx_, dtype, "dxOut"),
                               gnsgCompare(dgamma_.download(), wantDgamma_, scaleDgamma_, dtype, "dgammaOut"),
                               gnsgCompare(dbeta_.download(), wantDbeta_, scaleDbeta_, dtype, "dbetaOut")});
    }

private:
    std::vector<int64_t> shape_;
    int64_t groups_;
    double scale_;
    int64_t numel_ = 0;
    GnTensors t_;
    DeviceTensor dy_, dx_, dgamma_, dbeta_;
    std::vector<double> wantDx_, wantDgamma_, wantDbeta_, scaleDx_, scaleDgamma_, scaleDbeta_;
};

CaseList groupNormSwishGradCases() {
    CaseList cases;
    auto add = [&](const std::string &name, std::vector<int64_t> shape, int64_t groups, double scale, aclDataType dt,
                   bool speed = false, const char *sweep = "") {
        auto c = std::make_unique<GroupNormSwishGradCase>(name, std::move(shape), groups, scale, dt);
        c->speedCase = speed;
        c->sweep = sweep;
        cases.push_back(std::move(c));
    };
    // The speed target: SD-style UNet block, fp32.
    add("8x320x64x64 G32", {8, 320, 64, 64}, 32, 1.0, ACL_FLOAT, true, "gnsg");
    // The size sweep: 64 Ki to 10 Mi elements (160x), fp32, swishScale 1.
    add("1x64x32x32 G32", {1, 64, 32, 32}, 32, 1.0, ACL_FLOAT, false, "gnsg");
    add("2x128x32x32 G32", {2, 128, 32, 32}, 32, 1.0, ACL_FLOAT, false, "gnsg");
    add("4x256x32x32 G32", {4, 256, 32, 32}, 32, 1.0, ACL_FLOAT, false, "gnsg");
    add("8x320x32x32 G32", {8, 320, 32, 32}, 32, 1.0, ACL_FLOAT, false, "gnsg");
    // Shapes at both ends of the work split, and the low-precision dtypes.
    add("1x2x512x512 G1 large plane", {1, 2, 512, 512}, 1, 1.0, ACL_FLOAT);
    add("4x16384 G64 2-D", {4, 16384}, 64, 1.0, ACL_FLOAT);
    add("2x4096x3 G8 tiny planes", {2, 4096, 3}, 8, 0.5, ACL_FLOAT);
    for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
        add(dtypeTag(dt) + " 2x64x16x16 G8", {2, 64, 16, 16}, 8, 1.0, dt);
        add(dtypeTag(dt) + " 1x4x64x64 G2 s1.7", {1, 4, 64, 64}, 2, 1.7, dt);
    }
    return cases;
}

}  // namespace

ACLNN_REGISTER_CASES("GroupNormSwishGrad", groupNormSwishGradCases);

}  // namespace testing_support
