// GoogleTest checks shared by the operator tests. Header-only: tests/support/*.cpp are built into the
// benchmark as well, which has no GoogleTest.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "device_fixture.h"
#include "support/op_case.h"

namespace testing_support {

// Records a case the current device cannot run as a gtest skip of the running test (never a silent
// pass); the test goes on with its other cases, and still fails if one of them fails.
inline void recordSkippedCase(const OpCase &c, const std::string &why) {
    GTEST_SKIP() << c.op << " / " << c.name << ": " << (why.empty() ? "not supported on this device" : why);
}

// Sets the case up, runs it once and checks it against its host reference; returns whether it ran. A
// case the current device cannot run (OpCase::supported, e.g. fp64 on rusticl) is recorded as a skip.
inline bool runAndCheckCase(OpCase &c, aclrtStream stream) {
    SCOPED_TRACE(c.name);
    std::string why;
    if (!c.supported(&why)) {
        recordSkippedCase(c, why);
        return false;
    }
    c.setup();
    const aclnnStatus status = runCaseOnce(c, stream);
    EXPECT_EQ(status, 0) << "runCaseOnce: " << aclGetRecentErrMsg();
    if (status != 0) return true;
    CheckResult r = c.check();
    EXPECT_TRUE(r.ok) << r.detail;
    return true;
}

// The fixture an operator's test suites derive from: a device and a stream (DeviceTest) and the
// run-and-check of one OpCase on them; returns whether the case ran (one the device cannot run is a skip).
class OpTest : public DeviceTest {
protected:
    bool runAndCheck(OpCase &c) { return runAndCheckCase(c, stream); }

    // Runs and checks the cases registered for operator `op` (the benchmark's speed case and sweep, as
    // aclnn_bench runs them) that `keep` accepts (all without it); returns how many ran, and fails when
    // that is not `expected` (a filter that quietly kept nothing, or a case that went missing).
    size_t runRegisteredCases(const std::string &op, size_t expected,
                              const std::function<bool(const OpCase &)> &keep = nullptr) {
        size_t ran = 0;
        for (auto &c : makeCases(op)) {
            if (c->op != op || (keep && !keep(*c))) continue;  // makeCases matches by substring
            ran += runAndCheck(*c);
        }
        EXPECT_EQ(ran, expected) << op << "'s registered cases";
        return ran;
    }
};

// Sets the case up, plans it once with a repeatable executor and runs that executor twice, checking the
// results after each run against the host reference.
inline void runRepeatableExecutorTwice(OpCase &c, aclrtStream stream) {
    SCOPED_TRACE(c.name);
    c.setup();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ASSERT_ACL_OK(c.plan(&ws, &ex));
    ASSERT_ACL_OK(aclSetAclOpExecutorRepeatable(ex));
    void *workspace = nullptr;
    if (ws > 0) ASSERT_ACL_OK(aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST));
    for (int i = 0; i < 2; ++i) {
        ASSERT_ACL_OK(c.run(workspace, ws, ex, stream));
        ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
        CheckResult r = c.check();
        EXPECT_TRUE(r.ok) << "run " << i << ": " << r.detail;
    }
    aclDestroyAclOpExecutor(ex);
    if (workspace) aclrtFree(workspace);
}

// aclGetRecentErrMsg() holds every fragment (an argument's name, the expected and the found value).
inline void expectRecentMessageHas(const std::vector<std::string> &fragments) {
    const std::string msg = aclGetRecentErrMsg();
    for (const std::string &f : fragments) EXPECT_NE(msg.find(f), std::string::npos) << "'" << f << "' in: " << msg;
}

}  // namespace testing_support
