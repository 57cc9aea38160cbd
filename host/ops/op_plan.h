// The shared operator skeleton: GetWorkspaceSize validates, then builds an OpPlan (kernels, work
// sizes, workspace) that becomes the aclOpExecutor; the second phase runs its steps on a stream.
//
// Every operator file follows one skeleton (docs/architecture.md walks one through):
//   namespace { constexpr const char *kApi = "aclnnFoo"; ... Geometry validate(const char *op, ...);
//               void plan(OpPlan &plan, const Args &a) { validate(plan.checkName(), ...); ... } }
//   aclnnStatus aclnnFooGetWorkspaceSize(..., uint64_t *ws, aclOpExecutor **ex) {
//       return planOperator(kApi, ws, ex, [&](OpPlan &plan) { plan(plan, args); });
//   }
//   aclnnStatus aclnnFoo(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) {
//       return runExecutor(kApi, w, n, e, s);
//   }
// Error messages start with the name of the entry point that failed, as CANN's do: phase-one checks
// with "aclnnFooGetWorkspaceSize: " (checkName()), the second phase with "aclnnFoo: ".
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/log.h"
#include "common/test_hooks.h"
#include "kernels/copy_cast.h"
#include "kernels/defines.h"
#include "kernels/dtype_defines.h"
#include "kernels/launch.h"
#include "kernels/program_cache.h"
#include "meta/executor.h"
#include "ops/checks.h"

namespace aclcl {

// A contiguous buffer the operator's kernels read or write: a user tensor used in place, or a
// region of the workspace.
struct Operand {
    enum class Where { Input, Output, Workspace };
    Where where = Where::Workspace;
    size_t index = 0;          // input or output index
    uint64_t byteOffset = 0;   // workspace byte offset
    aclDataType dtype = ACL_FLOAT;

    BufferRef resolve(const RunContext &ctx) const;
};

// A tensor whose kernels address two of its dims (outer, inner) as one merged index (e.g. N and C as
// one plane index): `operand` is the tensor itself when the dims merge into one stride, else a
// contiguous packed (input) or staged (output) copy; `strides` are the strides of what `operand`
// holds, `mergedStride` the stride of the merged index and `reach` the largest element offset.
struct MergedView {
    Operand operand;
    std::vector<int64_t> strides;
    int64_t mergedStride = 0;
    int64_t reach = 0;
};

class OpPlan {
public:
    // api is the second-phase name, e.g. "aclnnReflectionPad2dBackward".
    explicit OpPlan(const char *api);

    const char *api() const { return executor_->op.c_str(); }
    // Whether this call is described (info logging, or step times wanted, when planning began): the steps'
    // descriptions are built only then.
    bool logging() const { return logging_; }
    // "aclnnFooGetWorkspaceSize": the prefix of every phase-one error message.
    const char *checkName() const { return checkName_.c_str(); }
    Device &device() const { return *executor_->device; }

    // Snapshots an argument tensor (its data address may still be changed with aclSet*TensorAddr).
    // `name` is the argument's name in CANN's prototype, for messages and the log.
    size_t addInput(const aclTensor *t, const char *name);
    size_t addOutput(const aclTensor *t, const char *name);
    // Output o may be the very view of input i: the operator's kernels read every element of that
    // input before writing the same element of the output, in every step (docs/ops/<op>.md says so).
    // Any other overlap of an output with an input is rejected at run time (161002).
    void allowInPlace(size_t output, size_t input) { executor_->inPlacePairs.emplace_back(output, input); }
    const aclTensor &input(size_t i) const { return executor_->inputs.at(i); }
    const aclTensor &output(size_t i) const { return executor_->outputs.at(i); }

    // Reserves bytes of workspace (256-byte aligned) and returns the byte offset.
    uint64_t reserveWorkspace(uint64_t bytes);
    Operand workspaceOperand(uint64_t elements, aclDataType dtype);

    ProgramHandle program(const std::string &name, const Defines &defines);
    // A step the log describes as `what` (a GEMM, a fill; "" when logging() is false); prefer launch()
    // for kernels.
    void step(Step s, std::string what);
    // A kernel launch step: bind(kernel, ctx) sets the arguments at run time, then the kernel runs
    // over `size`. The log names the kernel and its sizes, then `parameters` (its launch parameters and
    // where they came from, e.g. RowStream::describe(); formatted only when logging()).
    std::shared_ptr<Kernel> kernel(const ProgramHandle &program, const char *name);
    void launch(const std::shared_ptr<Kernel> &kernel, const LaunchSize &size,
                std::function<void(Kernel &, RunContext &)> bind, const std::string &parameters = std::string());
    // Adds "name=value" to the call's log line (tensors are added by addInput/addOutput). Nothing is
    // formatted while the log is off.
    void describeAttribute(const char *name, const aclIntArray *value);
    void describeAttribute(const char *name, int64_t value);
    void describeAttribute(const char *name, double value);

    // Input i as a contiguous buffer of `dtype`: the tensor itself when it already is one, else a
    // packed (and converted) copy made in workspace by a step added now.
    Operand contiguousInput(size_t i, aclDataType dtype);
    // Output o written contiguously in `dtype`: the tensor itself when possible, else a workspace
    // buffer that a final step copies (and casts) into the strided output after all other steps.
    Operand contiguousOutput(size_t o, aclDataType dtype);

    // View-or-pack for kernels that merge dims outerAxis (-1: none, size 1) and innerAxis, of sizes
    // outer and inner; the merged stride is the outer stride, with the inner stride scaled by
    // innerScale (when the inner dim holds innerScale rows per index, e.g. C*kh*kw).
    MergedView mergedInput(size_t i, aclDataType dtype, int outerAxis, int innerAxis, int64_t outer, int64_t inner,
                           int64_t innerScale = 1);
    MergedView mergedOutput(size_t o, aclDataType dtype, int outerAxis, int innerAxis, int64_t outer, int64_t inner,
                            int64_t innerScale = 1);

    // Appends the final copy-back steps and registers the executor.
    void finish(uint64_t *workspaceSize, aclOpExecutor **executor);

private:
    void pushStep(std::vector<Step> &to, Step s, std::string what);
    void describe(const char *name, const std::string &value);
    Operand contiguous(bool isInput, size_t index, aclDataType dtype);
    MergedView merged(bool input, size_t index, aclDataType dtype, int outerAxis, int innerAxis, int64_t outer,
                      int64_t inner, int64_t innerScale);
    std::unique_ptr<aclOpExecutor> executor_;
    std::string checkName_;
    std::vector<Step> finalSteps_;
    std::vector<std::string> finalStepNames_;
    bool logging_ = false;  // info logging was on, or step times wanted (meta/step_times.h), when planning began
    std::string arguments_;
};

// Phase-one boundary: checks the out-pointers (161001), runs body(plan) and finishes the plan;
// any exception becomes its status code and message.
template <class Body>
int32_t planOperator(const char *api, uint64_t *workspaceSize, aclOpExecutor **executor, Body &&body) {
    return guard(ACLNN_ERR_INNER, ACLNN_ERR_INNER, [&]() -> int32_t {
        const std::string checkName = std::string(api) + "GetWorkspaceSize";
        checkNotNull(checkName.c_str(), workspaceSize, "uint64_t*", "workspaceSize");
        checkNotNull(checkName.c_str(), executor, "aclOpExecutor**", "executor");
        OpPlan plan(api);
        body(plan);
        plan.finish(workspaceSize, executor);
        return ACLNN_SUCCESS;
    });
}

}  // namespace aclcl
