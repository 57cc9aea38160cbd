// NLLLoss cases for the tests and the benchmark: the host reference in double, the error bound, and the
// registered cases (the speed case: 4096 x 1000, mean).
#include "cases/nll_loss_cases.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "harness/nll_loss.h"
#include "support/device_tensor.h"
#include "support/host_data.h"

namespace testing_support {

// Bounds. fp32's unit roundoff u = 2^-24; each term -w * x is one rounding; the kernel's sum of `rows`
// terms is at most d = 64 (a lane's rows in a block) + 6 (the block's tree) + ceil(blocks / 64) + 6 (the
// final lanes and tree) additions deep, so |sum - exact| <= (d + 1) u S with S the sum of the terms'
// magnitudes (the weight sum likewise, its terms exact). mean = L / W adds L's and W's relative errors and
// the division's 2.5 ulp (OpenCL's fp32 division): (d + 1) u (S_L + |mean| S_W) / |W| + 3 u |mean|.
NllReference nllReference(const std::vector<double> &self, const std::vector<double> &target,
                          const std::vector<double> &weight, int64_t rows, int64_t classes, int64_t reduction,
                          int64_t ignoreIndex) {
    NllReference r;
    const double u = std::ldexp(1.0, -24);
    double loss = 0, lossAbs = 0, total = 0;
    std::vector<double> terms(static_cast<size_t>(rows), 0.0);
    for (int64_t n = 0; n < rows; ++n) {
        const int64_t t = static_cast<int64_t>(target[static_cast<size_t>(n)]);
        if (t == ignoreIndex || t < 0 || t >= classes) continue;
        const double w = weight[static_cast<size_t>(t)];
        const double term = -w * self[static_cast<size_t>(n * classes + t)];
        terms[static_cast<size_t>(n)] = term;
        loss += term;
        lossAbs += std::fabs(term);
        total += w;
    }
    if (reduction == 0) {
        r.out = terms;
        for (double t : terms) r.outBound.push_back(u * std::fabs(t));
        return r;
    }
    const double blocks = std::ceil(static_cast<double>(rows) / 4096.0);
    const double depth = 64 + 6 + std::ceil(blocks / 64.0) + 6 + 1;
    r.totalWeight = total;
    r.totalWeightBound = depth * u * std::fabs(total);  // weights are positive in every test
    if (reduction == 2) {
        r.out = {loss};
        r.outBound = {depth * u * lossAbs};
    } else {
        const double mean = loss / total;
        r.out = {mean};
        r.outBound = {depth * u * (lossAbs + std::fabs(mean) * std::fabs(total)) / std::fabs(total) +
                      3 * u * std::fabs(mean)};
    }
    return r;
}

std::vector<double> nllBackwardReference(const std::vector<double> &gradOutput, const std::vector<double> &target,
                                         const std::vector<double> &weight, int64_t rows, int64_t classes,
                                         int64_t reduction, int64_t ignoreIndex, double totalWeight) {
    std::vector<double> out(static_cast<size_t>(rows * classes), 0.0);
    for (int64_t n = 0; n < rows; ++n) {
        const int64_t t = static_cast<int64_t>(target[static_cast<size_t>(n)]);
        if (t == ignoreIndex || t < 0 || t >= classes) continue;
        double g = gradOutput[reduction == 0 ? static_cast<size_t>(n) : 0];
        if (reduction == 1) g /= totalWeight;
        out[static_cast<size_t>(n * classes + t)] = -weight[static_cast<size_t>(t)] * g;
    }
    return out;
}

CheckResult nllCompare(const std::vector<double> &got, const std::vector<double> &want,
                       const std::vector<double> &bound, aclDataType dtype, const std::string &what) {
    CheckResult r;
    if (got.size() != want.size() || bound.size() != want.size()) {
        r.ok = false;
        r.detail = what + ": " + std::to_string(got.size()) + " values, expected " + std::to_string(want.size());
        return r;
    }
    const double lastPlace = dtype == ACL_FLOAT16 ? std::ldexp(1.0, -10) : dtype == ACL_BF16 ? std::ldexp(1.0, -7) : 0;
    for (size_t i = 0; i < got.size(); ++i) {
        const bool bothNan = std::isnan(got[i]) && std::isnan(want[i]);
        const double err = bothNan ? 0 : std::fabs(got[i] - want[i]);
        const double b = bound[i] + lastPlace * std::fabs(want[i]) + 1e-30;
        if (!(err <= r.maxAbsError)) r.maxAbsError = std::isnan(err) ? INFINITY : std::max(r.maxAbsError, err);
        if (!(err <= b) && r.ok) {
            r.ok = false;
            char buf[256];
            std::snprintf(buf, sizeof buf, "%s[%zu]: got %.9g, expected %.9g (bound %.3g)", what.c_str(), i, got[i],
                          want[i], b);
            r.detail = buf;
        }
    }
    return r;
}

namespace {

// self (rows, classes) log-probabilities in [-4, 0), INT64 targets (every 7th ignored), weights in [0.5, 1.5).
class NllLossCase : public OpCase {
public:
    NllLossCase(std::string caseName, int64_t rows, int64_t classes, int64_t reduction, aclDataType dt)
        : OpCase("NLLLoss", std::move(caseName), dt), rows_(rows), classes_(classes), reduction_(reduction) {
        const double elem = static_cast<double>(aclDataTypeSize(dt));
        // The kernels read one element of self, the target and one weight per row.
        bytes = static_cast<double>(rows) * (2 * elem + 8.0);
        params["self"] = {static_cast<double>(rows), static_cast<double>(classes)};
        params["reduction"] = {static_cast<double>(reduction)};
        params["ignoreIndex"] = {-100};
    }

    void setup() override {
        std::vector<double> x = randomValues(static_cast<size_t>(rows_ * classes_), 11, -4.0, 0.0);
        for (double &v : x) v = roundTo(v, dtype);
        std::vector<double> t = randomValues(static_cast<size_t>(rows_), 12, 0.0, static_cast<double>(classes_));
        for (size_t i = 0; i < t.size(); ++i) t[i] = i % 7 == 3 ? -100.0 : std::floor(t[i]);
        std::vector<double> w = randomValues(static_cast<size_t>(classes_), 13, 0.5, 1.5);
        for (double &v : w) v = roundTo(v, dtype);
        self_ = DeviceTensor({rows_, classes_}, dtype);
        target_ = DeviceTensor({rows_}, ACL_INT64);
        weight_ = DeviceTensor({classes_}, dtype);
        self_.upload(x);
        target_.upload(t);
        weight_.upload(w);
        out_ = reduction_ == 0 ? DeviceTensor({rows_}, dtype) : DeviceTensor({}, dtype);
        tw_ = DeviceTensor({}, dtype);
        want_ = nllReference(x, t, w, rows_, classes_, reduction_, -100);
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return kNLLLoss.plan({self_, target_, weight_, reduction_, int64_t{-100}, out_, tw_}, workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kNLLLoss.run(workspace, workspaceSize, executor, stream);
    }

    CheckResult check() override {
        CheckResult r = nllCompare(out_.download(), want_.out, want_.outBound, dtype, "out");
        if (!r.ok || reduction_ == 0) return r;
        return nllCompare(tw_.download(), {want_.totalWeight}, {want_.totalWeightBound}, dtype, "totalWeightOut");
    }

private:
    int64_t rows_, classes_, reduction_;
    DeviceTensor self_, target_, weight_, out_, tw_;
    NllReference want_;
};

CaseList nllLossCases() {
    CaseList cases;
    auto add = [&](const std::string &name, int64_t rows, int64_t classes, int64_t reduction, aclDataType dt,
                   bool speed = false) {
        auto c = std::make_unique<NllLossCase>(name, rows, classes, reduction, dt);
        c->speedCase = speed;
        cases.push_back(std::move(c));
    };
    add("4096x1000 mean", 4096, 1000, 1, ACL_FLOAT, true);
    add("8x10 mean", 8, 10, 1, ACL_FLOAT);
    add("9000x10 sum", 9000, 10, 2, ACL_FLOAT);
    add("f16 300x20 none", 300, 20, 0, ACL_FLOAT16);
    add("bf16 300x20 mean", 300, 20, 1, ACL_BF16);
    return cases;
}

}  // namespace

ACLNN_REGISTER_CASES("NLLLoss", nllLossCases);

}  // namespace testing_support
