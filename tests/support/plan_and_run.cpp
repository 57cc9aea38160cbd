#include "support/plan_and_run.h"

namespace testing_support {

aclnnStatus planAndRun(const PlanPhase &plan, const RunPhase &run, aclrtStream stream, uint64_t *workspaceSize) {
    uint64_t wsSize = 0;
    aclOpExecutor *executor = nullptr;
    aclnnStatus st = plan(&wsSize, &executor);
    if (st != 0) return st;
    if (workspaceSize) *workspaceSize = wsSize;
    void *ws = nullptr;
    if (wsSize > 0) {
        st = aclrtMalloc(&ws, wsSize, ACL_MEM_MALLOC_HUGE_FIRST);
        if (st != 0) return st;
    }
    st = run(ws, wsSize, executor, stream);
    aclError sync = aclrtSynchronizeStream(stream);
    if (ws) aclrtFree(ws);
    return st != 0 ? st : sync;
}

}  // namespace testing_support
