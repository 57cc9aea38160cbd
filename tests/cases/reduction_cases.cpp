// OpCase descriptions of the reduction engine's operators for the benchmark: ReduceSum of an 8 x 64 x 128 x 128
// self over its spatial dims (the speed case, also in FLOAT16), over dim 1 and over every dim; Mean over the
// spatial dims (speed) and over dim 1; Softmax and LogSoftmax of 4096 x 1000 along dim 1 (speed) and of
// 8 x 64 x 128 x 128 along dim 1 (rows strided across the last dims); their backwards on 4096 x 1000 along dim 1
// (speed). ReduceSum and Mean compare with the reference of the engine's order (support/reduction_ref.h) as
// their tests do: exactly, Mean within OpenCL's fp32 division (meanSlack); the Softmax family within the bounds
// of support/softmax_ref.h.
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "engines/reduction.h"
#include "harness/mean.h"
#include "harness/reduce_sum.h"
#include "harness/softmax.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/op_case.h"
#include "support/reduction_ref.h"
#include "support/softmax_ref.h"
#include "support/sum_bound.h"

namespace testing_support {

namespace {

// Whether a case's output has as many values as its reference; r says which case's do not.
bool sizesMatch(CheckResult &r, const OpCase &c, size_t got, size_t want) {
    if (got == want) return true;
    r.ok = false;
    r.detail = c.op + "/" + c.name + ": " + std::to_string(got) + " values, expected " + std::to_string(want);
    return false;
}

std::vector<double> dims(const std::vector<int64_t> &v) { return {v.begin(), v.end()}; }

const std::vector<int64_t> kFeatureMap{8, 64, 128, 128};

// ReduceSum or Mean of self over `reduceDims` (empty: every dim) in the case's dtype, keepDim false. The
// reference takes the path the engine picks from the shape (aclcl::reductionPath), whose order it emulates.
class ReductionCase : public OpCase {
public:
    ReductionCase(std::string opName, std::string caseName, std::vector<int64_t> shape, std::vector<int64_t> reduceDims,
                  aclDataType d)
        : OpCase(std::move(opName), std::move(caseName), d), shape_(std::move(shape)),
          dims_(std::move(reduceDims)), reduced_(refReducedFlags(shape_.size(), dims_)) {
        for (size_t k = 0; k < shape_.size(); ++k) {
            if (!reduced_[k]) outShape_.push_back(shape_[k]);
        }
        bytes = static_cast<double>(aclDataTypeSize(d)) * static_cast<double>(product(shape_) + product(outShape_));
        params["self"] = dims(shape_);
        params[mean() ? "dim" : "dims"] = dims(dims_);
        params[mean() ? "keepDim" : "keepDims"] = {0};
    }
    void setup() override {
        self_ = DeviceTensor(shape_, dtype);
        out_ = DeviceTensor(outShape_, dtype);
        const std::vector<double> values = refValues(dtype, static_cast<size_t>(product(shape_)), 71);
        self_.upload(values);
        RefReduction r;
        r.shape = shape_;
        r.reduced = reduced_;
        r.self = dtype;
        r.dtype = dtype;
        const int64_t outputs = product(outShape_), count = product(shape_) / outputs;
        std::vector<int64_t> reducedExtents;
        for (size_t k = 0; k < shape_.size(); ++k) {
            if (reduced_[k]) reducedExtents.push_back(shape_[k]);
        }
        // The engine's order: within chunks (the CHUNKS path) the path of outputs x chunks outputs of a chunk each.
        r.chunk = aclcl::reductionChunk(outputs, reducedExtents);
        r.lanes = r.chunk > 0 ? aclcl::reductionPath(outputs * (count / r.chunk), r.chunk) == aclcl::ReductionPath::Lanes
                              : aclcl::reductionPath(outputs, count) == aclcl::ReductionPath::Lanes;
        r.mean = mean();
        want_ = refReduce(r, values);
    }
    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return binding().plan({self_, dimsArray_, false, dtype, out_}, workspaceSize, executor);
    }
    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return binding().run(workspace, workspaceSize, executor, stream);
    }
    CheckResult check() override {
        const std::vector<double> got = out_.download();
        if (!mean()) return compareExactly(got, want_, sameValue, op + "/" + name, "out");
        CheckResult r;
        if (!sizesMatch(r, *this, got.size(), want_.size())) return r;
        for (size_t i = 0; i < got.size(); ++i) {
            checkWithinBound(r, *this, "out", i, got[i], want_[i], meanSlack(want_[i], dtype));
        }
        return r;
    }

private:
    bool mean() const { return op == "Mean"; }
    const Binding &binding() const { return mean() ? kMean : kReduceSum; }
    std::vector<int64_t> shape_, dims_, outShape_;
    std::vector<bool> reduced_;
    IntArray dimsArray_{dims_};
    DeviceTensor self_, out_;
    std::vector<double> want_;
};

// One of the Softmax family along `dim` of `shape`, FLOAT: the inputs and the reference of
// support/softmax_ref.h (the backwards' output a forward's result, rounded to the dtype), as the tests feed them.
class SoftmaxCase : public OpCase {
public:
    SoftmaxCase(std::string opName, SoftmaxOp kind, std::string caseName, std::vector<int64_t> shape, int64_t dim)
        : OpCase(std::move(opName), std::move(caseName), ACL_FLOAT), kind_(kind), shape_(std::move(shape)),
          dim_(dim) {
        // Forward: self read, out written; backward: gradOutput and output read, out written.
        const double tensors = isBackward(kind_) ? 3 : 2;
        bytes = tensors * static_cast<double>(aclDataTypeSize(dtype)) * static_cast<double>(product(shape_));
        params[isBackward(kind_) ? "gradOutput" : "self"] = dims(shape_);
        params["dim"] = {static_cast<double>(dim_)};
    }
    void setup() override {
        const SoftmaxInputs in = refSoftmaxInputs(kind_, shape_, static_cast<size_t>(dim_), dtype, 81);
        x_ = DeviceTensor(shape_, dtype);
        x_.upload(in.x);
        if (isBackward(kind_)) {
            y_ = DeviceTensor(shape_, dtype);
            y_.upload(in.y);
        }
        out_ = DeviceTensor(shape_, dtype);
        want_ = refAlong(kind_, shape_, static_cast<size_t>(dim_), in.x, in.y, dtype, dtype);
    }
    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return isBackward(kind_) ? binding().plan({x_, y_, dim_, out_}, workspaceSize, executor)
                                 : binding().plan({x_, dim_, out_}, workspaceSize, executor);
    }
    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return binding().run(workspace, workspaceSize, executor, stream);
    }
    // Each element exactly the expected one where that is exact (a non-finite value), else within its bound.
    CheckResult check() override {
        const std::vector<double> got = out_.download();
        CheckResult r;
        if (!sizesMatch(r, *this, got.size(), want_.size())) return r;
        for (size_t i = 0; i < got.size(); ++i) {
            const Expected &e = want_[i];
            if (e.exact || !std::isfinite(e.want)) {
                if (!sameValue(got[i], e.want) && r.ok) {
                    r.ok = false;
                    r.detail = op + "/" + name + ": out value " + std::to_string(i) + ": got " +
                               std::to_string(got[i]) + ", expected " + std::to_string(e.want);
                }
                continue;
            }
            checkWithinBound(r, *this, "out", i, got[i], e.want, e.bound);
        }
        return r;
    }

private:
    const Binding &binding() const {
        switch (kind_) {
            case SoftmaxOp::Softmax: return kSoftmax;
            case SoftmaxOp::LogSoftmax: return kLogSoftmax;
            case SoftmaxOp::SoftmaxBackward: return kSoftmaxBackward;
            default: return kLogSoftmaxBackward;
        }
    }
    SoftmaxOp kind_;
    std::vector<int64_t> shape_;
    int64_t dim_;
    DeviceTensor x_, y_, out_;
    std::vector<Expected> want_;
};

CaseList reduceSumCases() {
    CaseList cases;
    addSpeedCase(cases, std::make_unique<ReductionCase>("ReduceSum", "8x64x128x128 dims 2,3", kFeatureMap,
                                                        std::vector<int64_t>{2, 3}, ACL_FLOAT));
    cases.push_back(std::make_unique<ReductionCase>("ReduceSum", "8x64x128x128 dim 1", kFeatureMap,
                                                    std::vector<int64_t>{1}, ACL_FLOAT));
    cases.push_back(std::make_unique<ReductionCase>("ReduceSum", "8x64x128x128 all", kFeatureMap,
                                                    std::vector<int64_t>{}, ACL_FLOAT));
    cases.push_back(std::make_unique<ReductionCase>("ReduceSum", "f16 8x64x128x128 dims 2,3", kFeatureMap,
                                                    std::vector<int64_t>{2, 3}, ACL_FLOAT16));
    return cases;
}

CaseList meanCases() {
    CaseList cases;
    addSpeedCase(cases, std::make_unique<ReductionCase>("Mean", "8x64x128x128 dims 2,3", kFeatureMap,
                                                        std::vector<int64_t>{2, 3}, ACL_FLOAT));
    cases.push_back(std::make_unique<ReductionCase>("Mean", "8x64x128x128 dim 1", kFeatureMap,
                                                    std::vector<int64_t>{1}, ACL_FLOAT));
    return cases;
}

const std::vector<int64_t> kLogits{4096, 1000};

// The speed case along the last dim of 4096 x 1000 and, for the forwards, one along a dim that is not the last.
template <SoftmaxOp kind>
CaseList softmaxCases(const char *opName) {
    CaseList cases;
    addSpeedCase(cases, std::make_unique<SoftmaxCase>(opName, kind, "4096x1000 dim 1", kLogits, 1));
    if (!isBackward(kind)) {
        cases.push_back(std::make_unique<SoftmaxCase>(opName, kind, "8x64x128x128 dim 1", kFeatureMap, 1));
    }
    return cases;
}

CaseList softmaxForwardCases() { return softmaxCases<SoftmaxOp::Softmax>("Softmax"); }
CaseList logSoftmaxCases() { return softmaxCases<SoftmaxOp::LogSoftmax>("LogSoftmax"); }
CaseList softmaxBackwardCases() { return softmaxCases<SoftmaxOp::SoftmaxBackward>("SoftmaxBackward"); }
CaseList logSoftmaxBackwardCases() { return softmaxCases<SoftmaxOp::LogSoftmaxBackward>("LogSoftmaxBackward"); }

}  // namespace

}  // namespace testing_support

ACLNN_REGISTER_CASES("ReduceSum", testing_support::reduceSumCases);
ACLNN_REGISTER_CASES("Mean", testing_support::meanCases);
ACLNN_REGISTER_CASES("Softmax", testing_support::softmaxForwardCases);
ACLNN_REGISTER_CASES("LogSoftmax", testing_support::logSoftmaxCases);
ACLNN_REGISTER_CASES("SoftmaxBackward", testing_support::softmaxBackwardCases);
ACLNN_REGISTER_CASES("LogSoftmaxBackward", testing_support::logSoftmaxBackwardCases);
