// One description per operator case, shared by the tests and the benchmark: shapes, parameters and
// dtype; how to set it up on the current device; the host reference (computed in double); and the
// bytes that must move once and the flops, for the benchmark's GB/s and GFLOP/s.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace testing_support {

struct CheckResult {
    bool ok = true;
    double maxAbsError = 0;
    std::string detail;  // where the first failure is, when !ok
};

class OpCase {
public:
    virtual ~OpCase() = default;
    OpCase() = default;
    // A case of operator `op` named `name` whose main dtype is `dtype` (the fields below).
    OpCase(std::string opName, std::string caseName, aclDataType mainDtype)
        : op(std::move(opName)), name(std::move(caseName)), dtype(mainDtype) {}

    std::string op;    // "ReflectionPad2dBackward"
    std::string name;  // "8x64x128x128 pad3" (unique within op)
    aclDataType dtype = ACL_FLOAT;
    double bytes = 0;  // bytes that must move once (inputs read + outputs written)
    double flops = 0;  // 0 for memory-bound operators
    bool gemm = false;  // runs matrix products through the GEMM seam (host/blas): benchmarked per backend
    bool speedCase = false;  // one of the speed targets named in the issues
    std::string sweep;       // non-empty for size-sweep members: the sweep's name
    // Shapes and attributes by name, so that other tools (the PyTorch baseline) can rebuild the case;
    // the keys per operator are listed in docs/benchmarks.md. Filled in the constructor, not in setup().
    std::map<std::string, std::vector<double>> params;

    // Allocates and uploads inputs on the current device and computes the host reference.
    virtual void setup() = 0;
    // Phase one (GetWorkspaceSize) and phase two.
    virtual aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) = 0;
    virtual aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                            aclrtStream stream) = 0;
    // After the stream is synchronized: compares the outputs with the host reference.
    virtual CheckResult check() = 0;
    // Whether the device can run this case (e.g. fp64); the reason goes to `why`.
    virtual bool supported(std::string *why) const;
};

using CaseList = std::vector<std::unique_ptr<OpCase>>;
using CaseFactory = std::function<CaseList()>;

// Operators register their cases at static-initialisation time (see ACLNN_REGISTER_CASES).
bool registerCases(const std::string &op, CaseFactory factory);
// All registered cases, optionally only those whose op contains `opFilter` or, for a comma-separated
// list ("Add,Cast"), one of its entries.
CaseList makeCases(const std::string &opFilter = "");

// For an operator's registered cases: appends c as one of its speed cases, or as a member of the size
// sweep named `sweep`.
void addSpeedCase(CaseList &cases, std::unique_ptr<OpCase> c);
void addSweepCase(CaseList &cases, const std::string &sweep, std::unique_ptr<OpCase> c);

// Plans, allocates workspace, runs, synchronizes and frees; returns the first non-zero status.
aclnnStatus runCaseOnce(OpCase &c, aclrtStream stream);

// For OpCase::supported() of a case that needs fp64: whether the current device has it; when it has not,
// the reason goes to `why`.
bool currentDeviceHasFp64(std::string *why);

// Compares got and want element-wise with |got - want| <= atol + rtol * |want| (NaN equals NaN).
CheckResult compareValues(const std::vector<double> &got, const std::vector<double> &want, double atol, double rtol,
                          const std::string &what);

// For OpCase::check() of an output whose every value is exact: got and want (in the same order) must agree
// element by element under same(got, want) (sameValue: NaN equals NaN, -0 differs from +0). A size
// difference, or the first value that differs, fails with "<what>: <output> value 3: got .., expected ..".
CheckResult compareExactly(const std::vector<double> &got, const std::vector<double> &want,
                           bool (*same)(double got, double want), const std::string &what, const char *output);

}  // namespace testing_support

#define ACLNN_CASES_CONCAT2(a, b) a##b
#define ACLNN_CASES_CONCAT(a, b) ACLNN_CASES_CONCAT2(a, b)
#define ACLNN_REGISTER_CASES(op, factory) \
    static const bool ACLNN_CASES_CONCAT(k_registered_, __LINE__) = ::testing_support::registerCases(op, factory)
