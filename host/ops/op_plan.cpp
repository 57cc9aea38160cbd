#include "ops/op_plan.h"

#include <algorithm>

#include "runtime/stream.h"

namespace aclcl {

BufferRef Operand::resolve(const RunContext &ctx) const {
    switch (where) {
        case Where::Input: return ctx.input(index);
        case Where::Output: return ctx.output(index);
        default: return ctx.workspace(byteOffset, dtype);
    }
}

OpPlan::OpPlan(const char *api) : executor_(std::make_unique<aclOpExecutor>()) {
    executor_->op = api;
    executor_->device = &currentDevice();
}

size_t OpPlan::addInput(const aclTensor *t, const char *name) {
    executor_->inputs.push_back(*t);
    executor_->inputNames.emplace_back(name);
    return executor_->inputs.size() - 1;
}

size_t OpPlan::addOutput(const aclTensor *t, const char *name) {
    executor_->outputs.push_back(*t);
    executor_->outputNames.emplace_back(name);
    return executor_->outputs.size() - 1;
}

uint64_t OpPlan::reserveWorkspace(uint64_t bytes) {
    uint64_t offset = (executor_->workspaceSize + 255) / 256 * 256;
    executor_->workspaceSize = offset + bytes;
    return offset;
}

Operand OpPlan::workspaceOperand(uint64_t elements, aclDataType dtype) {
    Operand op;
    op.where = Operand::Where::Workspace;
    op.dtype = dtype;
    op.byteOffset = reserveWorkspace(elements * dtypeSize(dtype));
    // Offsets are 256-byte aligned, so a workspace pointer aligned to the element is enough.
    executor_->workspaceAlignment = std::max(executor_->workspaceAlignment, dtypeSize(dtype));
    return op;
}

ProgramHandle OpPlan::program(const std::string &name, const std::string &defines) {
    ProgramHandle p = buildProgram(device(), name, defines);
    executor_->keepAlive.push_back(p);
    return p;
}

Operand OpPlan::contiguousInput(size_t i, aclDataType dtype) {
    const aclTensor &t = input(i);
    if (t.isContiguous() && t.dtype == dtype) {
        Operand op;
        op.where = Operand::Where::Input;
        op.index = i;
        op.dtype = dtype;
        return op;
    }
    Operand packed = workspaceOperand(static_cast<uint64_t>(t.numel()), dtype);
    auto cc = std::make_shared<CopyCastPlan>(
        planCopyCast(device(), t.dtype, dtype, t.viewDims, t.strides, contiguousStrides(t.viewDims)));
    executor_->keepAlive.push_back(cc->program);
    step([cc, i, packed](RunContext &ctx) { enqueueCopyCast(ctx.queue(), *cc, ctx.input(i), packed.resolve(ctx)); });
    return packed;
}

Operand OpPlan::contiguousOutput(size_t o, aclDataType dtype) {
    const aclTensor &t = output(o);
    if (t.isContiguous() && t.dtype == dtype) {
        Operand op;
        op.where = Operand::Where::Output;
        op.index = o;
        op.dtype = dtype;
        return op;
    }
    Operand staging = workspaceOperand(static_cast<uint64_t>(t.numel()), dtype);
    auto cc = std::make_shared<CopyCastPlan>(
        planCopyCast(device(), dtype, t.dtype, t.viewDims, contiguousStrides(t.viewDims), t.strides));
    executor_->keepAlive.push_back(cc->program);
    finalSteps_.push_back(
        [cc, o, staging](RunContext &ctx) { enqueueCopyCast(ctx.queue(), *cc, staging.resolve(ctx), ctx.output(o)); });
    return staging;
}

void OpPlan::finish(uint64_t *workspaceSize, aclOpExecutor **executor) {
    for (auto &s : finalSteps_) executor_->steps.push_back(std::move(s));
    finalSteps_.clear();
    *workspaceSize = executor_->workspaceSize;
    *executor = registerExecutor(std::move(executor_));
}

}  // namespace aclcl
