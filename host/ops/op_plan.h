// The shared operator skeleton: GetWorkspaceSize validates, then builds an OpPlan (kernels, work
// sizes, workspace) that becomes the aclOpExecutor; the second phase runs its steps on a stream.
//
// Typical operator file:
//   aclnnStatus aclnnFooGetWorkspaceSize(..., uint64_t *ws, aclOpExecutor **ex) {
//       return planOperator("aclnnFoo", ws, ex, [&](OpPlan &plan) { validate(...); ...steps... });
//   }
//   aclnnStatus aclnnFoo(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) {
//       return runExecutor("aclnnFoo", w, n, e, s);
//   }
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernels/copy_cast.h"
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

class OpPlan {
public:
    // api is the second-phase name, e.g. "aclnnReflectionPad2dBackward".
    explicit OpPlan(const char *api);

    const char *api() const { return executor_->op.c_str(); }
    Device &device() const { return *executor_->device; }

    // Snapshots an argument tensor (its data address may still be changed with aclSet*TensorAddr).
    // `name` is the argument's name in CANN's prototype, for messages.
    size_t addInput(const aclTensor *t, const char *name = "");
    size_t addOutput(const aclTensor *t, const char *name = "");
    // Output o may be the very view of input i: the operator's kernels read every element of that
    // input before writing the same element of the output, in every step (docs/ops/<op>.md says so).
    // Any other overlap of an output with an input is rejected at run time (161002).
    void allowInPlace(size_t output, size_t input) { executor_->inPlacePairs.emplace_back(output, input); }
    const aclTensor &input(size_t i) const { return executor_->inputs.at(i); }
    const aclTensor &output(size_t i) const { return executor_->outputs.at(i); }

    // Reserves bytes of workspace (256-byte aligned) and returns the byte offset.
    uint64_t reserveWorkspace(uint64_t bytes);
    Operand workspaceOperand(uint64_t elements, aclDataType dtype);

    ProgramHandle program(const std::string &name, const std::string &defines);
    void step(Step s) { executor_->steps.push_back(std::move(s)); }

    // Input i as a contiguous buffer of `dtype`: the tensor itself when it already is one, else a
    // packed (and converted) copy made in workspace by a step added now.
    Operand contiguousInput(size_t i, aclDataType dtype);
    // Output o written contiguously in `dtype`: the tensor itself when possible, else a workspace
    // buffer that a final step copies (and casts) into the strided output after all other steps.
    Operand contiguousOutput(size_t o, aclDataType dtype);

    // Appends the final copy-back steps and registers the executor.
    void finish(uint64_t *workspaceSize, aclOpExecutor **executor);

private:
    std::unique_ptr<aclOpExecutor> executor_;
    std::vector<Step> finalSteps_;
};

// Phase-one boundary: checks the out-pointers (161001), runs body(plan) and finishes the plan;
// any exception becomes its status code and message.
template <class Body>
int32_t planOperator(const char *api, uint64_t *workspaceSize, aclOpExecutor **executor, Body &&body) {
    std::string phase1 = std::string(api) + "GetWorkspaceSize";
    return guard(ACLNN_ERR_INNER, ACLNN_ERR_INNER, [&]() -> int32_t {
        checkNotNull(phase1.c_str(), workspaceSize, "uint64_t*", "workspaceSize");
        checkNotNull(phase1.c_str(), executor, "aclOpExecutor**", "executor");
        OpPlan plan(api);
        body(plan);
        plan.finish(workspaceSize, executor);
        return ACLNN_SUCCESS;
    });
}

}  // namespace aclcl
