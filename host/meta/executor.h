// aclOpExecutor: a planned operator run. GetWorkspaceSize fills in the steps; the second phase
// resolves device addresses and enqueues the steps on a stream.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "meta/tensor.h"
#include "runtime/cl_handles.h"
#include "runtime/device.h"
#include "runtime/memory.h"
#include "runtime/stream.h"

namespace aclcl {

class RunContext;
using Step = std::function<void(RunContext &)>;

}  // namespace aclcl

struct aclOpExecutor {
    std::string op;                 // "aclnnReflectionPad2dBackward"
    aclcl::Device *device = nullptr;
    std::vector<aclTensor> inputs;   // snapshots of the argument tensors, in CANN's argument order
    std::vector<aclTensor> outputs;
    std::vector<std::string> inputNames;  // the arguments' names, for messages ("" when not given)
    std::vector<std::string> outputNames;
    // (output, input) pairs the operator computes correctly in place: the output may be the very
    // view of that input (same address, dtype, shape and strides). Any other overlap of an output
    // with an input is rejected before anything is enqueued.
    std::vector<std::pair<size_t, size_t>> inPlacePairs;
    uint64_t workspaceSize = 0;
    // The largest element size any step views the workspace as: the workspace pointer's alignment is
    // checked against it before anything is enqueued.
    size_t workspaceAlignment = 1;
    // Held for a whole second phase (and by the address setters): the steps share kernel objects
    // whose arguments are set per launch, so one executor's launches must not interleave.
    std::mutex runMutex;
    std::vector<aclcl::Step> steps;
    std::vector<std::string> stepNames;  // what each step does, for the log (same length as steps)
    std::vector<std::shared_ptr<void>> keepAlive;  // programs and other resources the steps use
    bool repeatable = false;
};

namespace aclcl {

class RunContext {
public:
    RunContext(aclOpExecutor &executor, Stream &stream, void *workspace)
        : executor_(executor), stream_(stream), workspace_(workspace) {}

    Stream &stream() const { return stream_; }
    cl_command_queue queue() const { return stream_.queue(); }
    Device &device() const { return stream_.device(); }
    const aclOpExecutor &executor() const { return executor_; }

    BufferRef input(size_t index) const;
    BufferRef output(size_t index) const;
    // The workspace at byteOffset, as a buffer of `dtype` elements; byteOffset must be aligned to it.
    BufferRef workspace(uint64_t byteOffset, aclDataType dtype) const;
    // The stream's fault record (Stream::faultBuffer); runExecutor arms the stream's fault check after
    // the steps have enqueued their kernels.
    cl_mem faultBuffer() {
        usesFaults_ = true;
        return stream_.faultBuffer();
    }
    bool usesFaults() const { return usesFaults_; }
    // The tag this call's kernels report faults with (runtime/stream.h, faultTag): `source` from
    // registerFaultSource and the call's sequence number on the stream, drawn at the first request.
    cl_uint faultTag(cl_uint source) {
        if (faultSequence_ == 0) faultSequence_ = stream_.nextFaultSequence();
        return aclcl::faultTag(source, faultSequence_);
    }

private:
    BufferRef resolveTensor(const aclTensor &t, const char *role, size_t index) const;
    aclOpExecutor &executor_;
    Stream &stream_;
    void *workspace_;  // runExecutor checked that it holds the planned size
    cl_uint faultSequence_ = 0;
    bool usesFaults_ = false;
};

// Executor registry: a stale executor pointer is reported, not dereferenced.
aclOpExecutor *registerExecutor(std::unique_ptr<aclOpExecutor> executor);
aclOpExecutor *checkExecutor(aclOpExecutor *executor);  // nullptr when not live
// A reference that keeps a live executor alive while it is used (null when not live).
std::shared_ptr<aclOpExecutor> findExecutor(aclOpExecutor *executor);
void destroyExecutor(aclOpExecutor *executor);
// The name of an executor's input or output for messages: "input 1 (self)".
std::string tensorLabel(const aclOpExecutor &executor, bool output, size_t index);
void destroyAllExecutors();

// The whole second phase of every operator: checks, resolves the stream, runs the steps, and
// destroys a non-repeatable executor.
int32_t runExecutor(const char *api, void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                    void *stream);

}  // namespace aclcl
