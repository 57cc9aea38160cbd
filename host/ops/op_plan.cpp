#include "ops/op_plan.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "common/dtype.h"
#include "common/test_hooks.h"
#include "meta/step_times.h"
#include "runtime/stream.h"

namespace aclcl {

BufferRef Operand::resolve(const RunContext &ctx) const {
    switch (where) {
        case Where::Input: return ctx.input(index);
        case Where::Output: return ctx.output(index);
        default: return ctx.workspace(byteOffset, dtype);
    }
}

OpPlan::OpPlan(const char *api)
    : executor_(std::make_unique<aclOpExecutor>()),
      checkName_(std::string(api) + "GetWorkspaceSize"),
      logging_(logEnabled(LogLevel::Info) || stepTimesWanted()) {
    executor_->op = api;
    executor_->device = &currentDevice();
    // Room for the tensors of all but the widest calls (Cat takes any number), so that adding one rarely moves
    // (copies) the ones before it.
    executor_->inputs.reserve(8);
    executor_->outputs.reserve(4);
}

namespace {
std::string describeTensor(const aclTensor &t) {
    std::string s = std::string(dtypeName(t.dtype)) + t.shapeString();
    if (!t.isContiguous()) s += " strides " + dimsString(t.strides);
    return s;
}
}  // namespace

size_t OpPlan::addInput(const aclTensor *t, const char *name) {
    executor_->inputs.push_back(*t);
    executor_->inputNames.emplace_back(name);
    if (logging_) describe(name, describeTensor(*t));
    return executor_->inputs.size() - 1;
}

size_t OpPlan::addOutput(const aclTensor *t, const char *name) {
    executor_->outputs.push_back(*t);
    executor_->outputNames.emplace_back(name);
    if (logging_) describe(name, describeTensor(*t));
    return executor_->outputs.size() - 1;
}

void OpPlan::describe(const char *name, const std::string &value) {
    if (!arguments_.empty()) arguments_ += ' ';
    arguments_ += std::string(name) + "=" + value;
}

void OpPlan::describeAttribute(const char *name, const aclIntArray *value) {
    if (logging_) describe(name, value ? value->toString() : std::string("null"));
}

void OpPlan::describeAttribute(const char *name, int64_t value) {
    if (logging_) describe(name, std::to_string(value));
}

void OpPlan::describeAttribute(const char *name, double value) {
    if (logging_) describe(name, strformat("%g", value));
}

void OpPlan::pushStep(std::vector<Step> &to, Step s, std::string what) {
    to.push_back(std::move(s));
    if (&to == &finalSteps_) {
        finalStepNames_.push_back(std::move(what));
    } else {
        executor_->stepNames.push_back(std::move(what));
    }
}

void OpPlan::step(Step s, std::string what) { pushStep(executor_->steps, std::move(s), std::move(what)); }

std::shared_ptr<Kernel> OpPlan::kernel(const ProgramHandle &program, const char *name) {
    return std::make_shared<Kernel>(program, name);
}

void OpPlan::launch(const std::shared_ptr<Kernel> &kernel, const LaunchSize &size,
                    std::function<void(Kernel &, RunContext &)> bind, const std::string &parameters) {
    step(
        [kernel, size, bind = std::move(bind)](RunContext &ctx) {
            bind(*kernel, ctx);
            if (const int us = testHook(TestHook::DelayEnqueueUs)) {
                std::this_thread::sleep_for(std::chrono::microseconds(us));
            }
            kernel->launch(ctx.queue(), size);
        },
        logging_ ? std::string("kernel ") + kernel->name() + " " + size.describe() +
                       (parameters.empty() ? std::string() : " (" + parameters + ")")
                 : std::string());
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

ProgramHandle OpPlan::program(const std::string &name, const Defines &defines) {
    ProgramHandle p = buildProgram(device(), name, defines.text());
    executor_->keepAlive.push_back(p);
    return p;
}

Operand OpPlan::contiguous(bool isInput, size_t index, aclDataType dtype) {
    const aclTensor &t = isInput ? input(index) : output(index);
    Operand op;
    op.where = isInput ? Operand::Where::Input : Operand::Where::Output;
    op.index = index;
    op.dtype = dtype;
    if (t.isContiguous() && t.dtype == dtype) return op;
    // Inputs are packed into workspace by a step added now; outputs are computed into workspace and
    // copied (and cast) into the strided output by a final step after all others.
    const Operand buffer = workspaceOperand(static_cast<uint64_t>(t.numel()), dtype);
    const std::vector<int64_t> packed = contiguousStrides(t.viewDims);
    auto cc = std::make_shared<CopyCastPlan>(isInput ? planCopyCast(device(), t.dtype, dtype, t.viewDims, t.strides,
                                                                     packed)
                                                     : planCopyCast(device(), dtype, t.dtype, t.viewDims, packed,
                                                                    t.strides));
    executor_->keepAlive.push_back(cc->program);
    const std::string what =
        !logging_ ? std::string()
                  : strformat("kernel copy_cast (%s %zu %s workspace +%llu, %s to %s) global [%llu]",
                              isInput ? "pack input" : "stage output", index, isInput ? "into" : "from",
                              static_cast<unsigned long long>(buffer.byteOffset), dtypeName(isInput ? t.dtype : dtype),
                              dtypeName(isInput ? dtype : t.dtype), static_cast<unsigned long long>(cc->total));
    pushStep(isInput ? executor_->steps : finalSteps_,
             [cc, op, buffer, isInput](RunContext &ctx) {
                 const BufferRef user = op.resolve(ctx), work = buffer.resolve(ctx);
                 enqueueCopyCast(ctx.queue(), *cc, isInput ? user : work, isInput ? work : user);
             },
             what);
    return buffer;
}

Operand OpPlan::contiguousInput(size_t i, aclDataType dtype) { return contiguous(true, i, dtype); }

Operand OpPlan::contiguousOutput(size_t o, aclDataType dtype) { return contiguous(false, o, dtype); }

MergedView OpPlan::merged(bool isInput, size_t index, aclDataType dtype, int outerAxis, int innerAxis, int64_t outer,
                          int64_t inner, int64_t innerScale) {
    const aclTensor &t = isInput ? input(index) : output(index);
    MergedView v;
    v.operand.where = isInput ? Operand::Where::Input : Operand::Where::Output;
    v.operand.index = index;
    v.operand.dtype = dtype;
    v.strides = t.strides;
    v.reach = viewReach(t.viewDims, t.strides);
    const int64_t outerStride = outerAxis >= 0 ? t.strides[static_cast<size_t>(outerAxis)] : 0;
    const int64_t innerStride = innerScale * t.strides[static_cast<size_t>(innerAxis)];
    if (t.dtype == dtype && mergeDims(outer, inner, outerStride, innerStride, &v.mergedStride)) return v;
    v.operand = isInput ? contiguousInput(index, dtype) : contiguousOutput(index, dtype);
    v.strides = contiguousStrides(t.viewDims);
    v.reach = t.numel() - 1;
    v.mergedStride = innerScale * v.strides[static_cast<size_t>(innerAxis)];
    return v;
}

MergedView OpPlan::mergedInput(size_t i, aclDataType dtype, int outerAxis, int innerAxis, int64_t outer, int64_t inner,
                               int64_t innerScale) {
    return merged(true, i, dtype, outerAxis, innerAxis, outer, inner, innerScale);
}

MergedView OpPlan::mergedOutput(size_t o, aclDataType dtype, int outerAxis, int innerAxis, int64_t outer,
                                int64_t inner, int64_t innerScale) {
    return merged(false, o, dtype, outerAxis, innerAxis, outer, inner, innerScale);
}

void OpPlan::finish(uint64_t *workspaceSize, aclOpExecutor **executor) {
    for (auto &s : finalSteps_) executor_->steps.push_back(std::move(s));
    for (auto &n : finalStepNames_) executor_->stepNames.push_back(std::move(n));
    finalSteps_.clear();
    finalStepNames_.clear();
    if (logging_ && logEnabled(LogLevel::Info)) {
        std::string steps;
        for (size_t i = 0; i < executor_->stepNames.size(); ++i) {
            steps += strformat("; step %zu: %s", i, executor_->stepNames[i].c_str());
        }
        logLine(LogLevel::Info, strformat("%s on %s: %s; workspace %llu bytes%s%s", checkName(),
                                          device().describe().c_str(), arguments_.c_str(),
                                          static_cast<unsigned long long>(executor_->workspaceSize),
                                          executor_->steps.empty() ? "; no steps (nothing to compute)" : "",
                                          steps.c_str()));
    }
    *workspaceSize = executor_->workspaceSize;
    *executor = registerExecutor(std::move(executor_));
}

}  // namespace aclcl
