// The shared pieces of tests/precision/precision.h: the input draw, dtype rounding, device helpers
// and the operator registry.
#include "precision/precision.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <stdexcept>

#include "support/host_data.h"

namespace precision {

Draw::Draw(uint64_t seed, bool normal, bool special) : state_(seed), normal_(normal), special_(special) {
    if (normal_) {
        mean_ = uniform(-100, 100);
        sd_ = uniform(1, 25);
    }
}

uint64_t Draw::bits() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

double Draw::uniform(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(bits() >> 11) * 0x1.0p-53;
}

int64_t Draw::integer(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(bits() % static_cast<uint64_t>(hi - lo + 1));
}

double Draw::gaussian() {
    const double u1 = 1.0 - uniform(0, 1);  // (0, 1]: log is finite
    const double u2 = uniform(0, 1);
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

std::vector<double> Draw::values(size_t n, aclDataType dtype) {
    std::vector<double> v(n * testing_support::componentsOf(dtype));
    for (double &x : v) x = roundToDtype(normal_ ? mean_ + sd_ * gaussian() : uniform(-5, 5), dtype);
    const bool floating = dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16 || dtype == ACL_DOUBLE ||
                          dtype == ACL_COMPLEX64 || dtype == ACL_COMPLEX128;
    if (special_ && floating) {
        const double specials[3] = {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                                    std::numeric_limits<double>::quiet_NaN()};
        for (double &x : v) {
            if (bits() % 8 == 0) x = specials[bits() % 3];
        }
    }
    return v;
}

std::string Draw::distribution() const {
    if (!normal_) return special_ ? "U[-5,5] with inf/nan" : "U[-5,5]";
    char s[64];
    std::snprintf(s, sizeof s, "N(%.1f, %.1f)%s", mean_, sd_, special_ ? " with inf/nan" : "");
    return s;
}

double roundToDtype(double v, aclDataType dtype) {
    auto clampRound = [v](double lo, double hi) { return std::min(std::max(std::nearbyint(v), lo), hi) + 0.0; };  // + 0.0: no -0, as ints have none
    switch (dtype) {
        case ACL_BOOL: return v > 0 ? 1 : 0;
        case ACL_INT8: return clampRound(-128, 127);
        case ACL_UINT8: return clampRound(0, 255);
        case ACL_INT16: return clampRound(-32768, 32767);
        case ACL_UINT16: return clampRound(0, 65535);
        case ACL_INT32: return clampRound(-2147483648.0, 2147483647.0);
        case ACL_UINT32: return clampRound(0, 4294967295.0);
        case ACL_INT64: return clampRound(-9.2e18, 9.2e18);
        case ACL_UINT64: return clampRound(0, 1.8e19);
        default: return testing_support::roundTo(v, dtype);
    }
}

int64_t numel(const std::vector<int64_t> &shape) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

std::string shapeText(const std::vector<int64_t> &shape) {
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
    return s + ")";
}

DeviceTensor uploaded(const std::vector<int64_t> &shape, aclDataType dtype, const std::vector<double> &values) {
    DeviceTensor t(shape, dtype);
    t.upload(values);
    return t;
}

void runOrThrow(const testing_support::PlanPhase &plan, const testing_support::RunPhase &run, aclrtStream stream) {
    const aclnnStatus status = testing_support::planAndRun(plan, run, stream);
    if (status != 0) throw std::runtime_error("status " + std::to_string(status) + ": " + aclGetRecentErrMsg());
}

Output output(const std::string &name, const DeviceTensor &t, std::vector<double> golden, Judge judge) {
    Output o;
    o.name = name;
    o.dtype = t.dtype();
    const bool floating = o.dtype == ACL_FLOAT || o.dtype == ACL_FLOAT16 || o.dtype == ACL_BF16 ||
                          o.dtype == ACL_DOUBLE || o.dtype == ACL_COMPLEX64 || o.dtype == ACL_COMPLEX128;
    o.judge = floating ? judge : Judge::Bitwise;
    o.got = t.download();
    o.golden = std::move(golden);
    if (o.got.size() != o.golden.size()) throw std::logic_error(name + ": golden and output sizes differ");
    return o;
}

namespace {
std::map<std::string, RegisteredOp> &registry() {
    static auto *ops = new std::map<std::string, RegisteredOp>();  // never destroyed
    return *ops;
}
}  // namespace

Registration::Registration(const char *api, std::vector<aclDataType> dtypes, Runner runner) {
    if (!registry().emplace(api, RegisteredOp{api, std::move(dtypes), runner}).second) {
        throw std::logic_error(std::string("two precision runners for ") + api);
    }
}

std::vector<RegisteredOp> registeredOps() {
    std::vector<RegisteredOp> ops;
    for (const auto &entry : registry()) ops.push_back(entry.second);
    return ops;
}

}  // namespace precision
