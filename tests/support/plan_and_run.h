// An operator's two phases run the way a CANN program runs them: GetWorkspaceSize, a workspace from
// aclrtMalloc, the operator, aclrtSynchronizeStream, aclrtFree.
#pragma once

#include <cstdint>
#include <functional>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace testing_support {

using PlanPhase = std::function<aclnnStatus(uint64_t *workspaceSize, aclOpExecutor **executor)>;
using RunPhase =
    std::function<aclnnStatus(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream)>;

// Plans, allocates the workspace, runs, synchronizes (also after a failed run) and frees; returns the
// first non-zero status. The planned workspace size goes to *workspaceSize when given.
aclnnStatus planAndRun(const PlanPhase &plan, const RunPhase &run, aclrtStream stream,
                       uint64_t *workspaceSize = nullptr);

// The same for anything with OpCase's plan() and run() members (an OpCase, a reliability harness).
template <class Op>
aclnnStatus planAndRun(Op &op, aclrtStream stream) {
    return planAndRun([&op](uint64_t *ws, aclOpExecutor **ex) { return op.plan(ws, ex); },
                      [&op](void *w, uint64_t n, aclOpExecutor *ex, aclrtStream s) { return op.run(w, n, ex, s); },
                      stream);
}

}  // namespace testing_support
