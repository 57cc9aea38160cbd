#include "support/op_case.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "runtime/device.h"
#include "support/plan_and_run.h"

namespace testing_support {

namespace {
std::vector<std::pair<std::string, CaseFactory>> &registry() {
    static std::vector<std::pair<std::string, CaseFactory>> r;
    return r;
}
}  // namespace

bool OpCase::supported(std::string *why) const {
    (void)why;
    return true;
}

bool registerCases(const std::string &op, CaseFactory factory) {
    registry().emplace_back(op, std::move(factory));
    return true;
}

CaseList makeCases(const std::string &opFilter) {
    std::vector<std::string> alternatives;
    for (size_t start = 0; start <= opFilter.size();) {
        const size_t comma = std::min(opFilter.find(',', start), opFilter.size());
        if (comma > start) alternatives.push_back(opFilter.substr(start, comma - start));
        start = comma + 1;
    }
    auto selected = [&alternatives](const std::string &op) {
        if (alternatives.empty()) return true;
        for (const auto &a : alternatives) {
            if (op.find(a) != std::string::npos) return true;
        }
        return false;
    };
    CaseList all;
    for (auto &entry : registry()) {
        if (!selected(entry.first)) continue;
        for (auto &c : entry.second()) all.push_back(std::move(c));
    }
    return all;
}

void addSpeedCase(CaseList &cases, std::unique_ptr<OpCase> c) {
    c->speedCase = true;
    cases.push_back(std::move(c));
}

void addSweepCase(CaseList &cases, const std::string &sweep, std::unique_ptr<OpCase> c) {
    c->sweep = sweep;
    cases.push_back(std::move(c));
}

aclnnStatus runCaseOnce(OpCase &c, aclrtStream stream) { return planAndRun(c, stream); }

bool currentDeviceHasFp64(std::string *why) {
    int32_t id = 0;
    aclrtGetDevice(&id);
    if (aclcl::deviceAt(id).fp64) return true;
    if (why) *why = "the device has no fp64";
    return false;
}

CheckResult compareValues(const std::vector<double> &got, const std::vector<double> &want, double atol, double rtol,
                          const std::string &what) {
    CheckResult r;
    if (got.size() != want.size()) {
        r.ok = false;
        r.detail = what + ": " + std::to_string(got.size()) + " values, expected " + std::to_string(want.size());
        return r;
    }
    for (size_t i = 0; i < got.size(); ++i) {
        double g = got[i], w = want[i];
        if (std::isnan(g) && std::isnan(w)) continue;
        double err = std::fabs(g - w);
        if (std::isinf(w) && g == w) err = 0;
        if (!(err <= r.maxAbsError)) r.maxAbsError = std::isnan(err) ? INFINITY : std::max(r.maxAbsError, err);
        if (!(err <= atol + rtol * std::fabs(w)) && r.ok) {
            r.ok = false;
            char buf[256];
            std::snprintf(buf, sizeof buf, "%s[%zu]: got %.9g, expected %.9g (atol %g, rtol %g)", what.c_str(), i, g, w,
                          atol, rtol);
            r.detail = buf;
        }
    }
    return r;
}

CheckResult compareExactly(const std::vector<double> &got, const std::vector<double> &want,
                           bool (*same)(double got, double want), const std::string &what, const char *output) {
    CheckResult r;
    if (got.size() != want.size()) {
        r.ok = false;
        r.detail = what + ": " + output + " size differs from the reference";
        return r;
    }
    for (size_t i = 0; i < got.size(); ++i) {
        if (same(got[i], want[i])) continue;
        r.ok = false;
        r.maxAbsError = std::fabs(got[i] - want[i]);
        char buf[256];
        std::snprintf(buf, sizeof buf, "%s: %s value %zu: got %.17g, expected %.17g", what.c_str(), output, i, got[i],
                      want[i]);
        r.detail = buf;
        break;
    }
    return r;
}

}  // namespace testing_support
