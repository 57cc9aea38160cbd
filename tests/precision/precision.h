// The precision report (docs/precision.md): every operator, dtype and OpenCL device measured by the
// CANN operator precision standard. Each operator's file in tests/precision/ops/ registers a runner
// (ACLNN_REGISTER_PRECISION) that draws one case by the standard's input rules, runs it on the current
// device and returns its outputs next to a float64 golden computed on the host from the very values
// the device saw. tests/precision/metrics.h turns those into the standard's metrics.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "support/binding.h"
#include "support/device_tensor.h"
#include "support/plan_and_run.h"

namespace precision {

using testing_support::DeviceTensor;

// The standard's input rules for one case: even cases uniform in [-5, 5], odd cases normal with a mean
// drawn from [-100, 100] and a standard deviation from [1, 25]. Values are drawn in double and rounded to
// the tensor's dtype (integers clamped to its range), so the golden uses exactly what the device sees.
// SplitMix64 and Box-Muller written out here: the same numbers on every machine and standard library.
// With `special`, about one floating-point element in eight is +inf, -inf or NaN instead (the standard's
// special values, measured separately).
class Draw {
public:
    Draw(uint64_t seed, bool normal, bool special = false);
    uint64_t bits();
    double uniform(double lo, double hi);        // [lo, hi)
    int64_t integer(int64_t lo, int64_t hi);     // [lo, hi], inclusive
    bool coin() { return (bits() >> 63) != 0; }
    // n elements of dtype by the case's distribution (complex: 2n components).
    std::vector<double> values(size_t n, aclDataType dtype);
    bool normal() const { return normal_; }
    std::string distribution() const;  // "U[-5,5]" or "N(mean, sd)"

private:
    double gaussian();
    uint64_t state_;
    bool normal_, special_;
    double mean_ = 0, sd_ = 1;
};

// v rounded to dtype the way the device stores it; integer dtypes clamp to their range first.
double roundToDtype(double v, aclDataType dtype);
int64_t numel(const std::vector<int64_t> &shape);

// How an output is judged: non-compute outputs (copies, gathers) and integer outputs bit for bit,
// floating-point results of arithmetic by MARE, MERE and RMSE.
enum class Judge { Bitwise, Metrics };

struct Output {
    std::string name;
    aclDataType dtype = ACL_FLOAT;
    Judge judge = Judge::Metrics;
    std::vector<double> got, golden;  // row-major over the view; complex as re,im pairs
};

struct CaseOutcome {
    std::string description;  // shapes and attributes, for the worst-case line of the report
    std::vector<Output> outputs;
};

// A contiguous device tensor holding `values` (row-major).
DeviceTensor uploaded(const std::vector<int64_t> &shape, aclDataType dtype, const std::vector<double> &values);
// Plans, runs and synchronizes; throws with aclGetRecentErrMsg on a failing status.
void runOrThrow(const testing_support::PlanPhase &plan, const testing_support::RunPhase &run, aclrtStream stream);
// The same through the operator's binding (tests/harness/<op>.h).
inline void runOrThrow(const testing_support::Binding &op, const testing_support::Args &args, aclrtStream stream) {
    runOrThrow(op.planPhase(args), op.runPhase(), stream);
}
// The output downloaded next to its golden; integer dtypes are always judged bitwise.
Output output(const std::string &name, const DeviceTensor &t, std::vector<double> golden, Judge judge);
std::string shapeText(const std::vector<int64_t> &shape);

using Runner = CaseOutcome (*)(aclDataType dtype, Draw &draw, aclrtStream stream);
struct Registration {
    // api: "aclnnConvTbc"; dtypes: every dtype the operator accepts (docs/ops).
    Registration(const char *api, std::vector<aclDataType> dtypes, Runner runner);
};
struct RegisteredOp {
    std::string api;
    std::vector<aclDataType> dtypes;
    Runner runner;
};
std::vector<RegisteredOp> registeredOps();  // sorted by api name

// The dtypes of the operators that compute in floating point only (docs/ops): float32, float16, bfloat16.
inline const std::vector<aclDataType> &floatDtypes() {
    static const std::vector<aclDataType> dtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    return dtypes;
}

// The Runner of a forward whose run function returns a struct that its backward's cascade reuses (the
// device tensors, the drawn values) with the forward's own `outcome`:
// ACLNN_REGISTER_PRECISION("aclnnConvTbc", floatDtypes(), outcomeOf<runConvTbc>).
template <auto run>
CaseOutcome outcomeOf(aclDataType dtype, Draw &draw, aclrtStream stream) {
    return run(dtype, draw, stream).outcome;
}

#define ACLNN_PRECISION_CONCAT2(a, b) a##b
#define ACLNN_PRECISION_CONCAT(a, b) ACLNN_PRECISION_CONCAT2(a, b)
#define ACLNN_REGISTER_PRECISION(api, dtypes, runner) \
    static const ::precision::Registration ACLNN_PRECISION_CONCAT(precisionRegistration_, __LINE__)(api, dtypes, runner)

}  // namespace precision
