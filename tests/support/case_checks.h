// GoogleTest checks shared by the operator tests. Header-only: tests/support/*.cpp are built into the
// benchmark as well, which has no GoogleTest.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "device_fixture.h"
#include "support/device_tensor.h"
#include "support/op_case.h"
#include "support/own_streams.h"
#include "support/plan_and_run.h"

namespace testing_support {

// Records a case the current device cannot run as skipped, with its reason (never a silent pass): the
// test goes on with its other cases, prints how many ran, and is a gtest skip only when none ran
// (support/case_tally.h).
inline void recordSkippedCase(const OpCase &c, const std::string &why) {
    caseTally().skipped(c.op + " / " + c.name, why.empty() ? "not supported on this device" : why);
}

// Sets the case up, runs it once and checks it against its host reference; returns whether it ran. A
// case the current device cannot run (OpCase::supported, e.g. fp64 on a device without it) is recorded
// as skipped.
inline bool runAndCheckCase(OpCase &c, aclrtStream stream) {
    SCOPED_TRACE(c.name);
    std::string why;
    if (!c.supported(&why)) {
        recordSkippedCase(c, why);
        return false;
    }
    caseTally().ran();
    c.setup();
    const aclnnStatus status = runCaseOnce(c, stream);
    EXPECT_EQ(status, 0) << "runCaseOnce: " << aclGetRecentErrMsg();
    if (status != 0) return true;
    CheckResult r = c.check();
    EXPECT_TRUE(r.ok) << r.detail;
    return true;
}

// The fixture an operator's test suites derive from: a device and a stream (DeviceTest) and the
// run-and-check of one OpCase on them; returns whether the case ran (one the device cannot run is a
// recorded skip).
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

// How many of the registered `cases` are speed cases and how many belong to size sweep `sweep`.
struct RegisteredCount {
    int speed = 0, sweep = 0;
};
inline RegisteredCount countRegistered(const CaseList &cases, const std::string &sweep) {
    RegisteredCount n;
    for (const auto &c : cases) {
        n.speed += c->speedCase;
        n.sweep += c->sweep == sweep;
    }
    return n;
}

// The fixture of an operator whose cases its case file makes from a spec (make: makeIm2colBackwardCase,
// makeMaxUnpool2dCase, ...): runAndCheck(spec) makes the case and runs and checks it, besides
// runAndCheck(OpCase &).
//   class Im2colBackwardTest : public SpecOpTest<Im2colBackwardSpec, makeIm2colBackwardCase> {};
template <class Spec, std::unique_ptr<OpCase> (*make)(const Spec &)>
class SpecOpTest : public OpTest {
protected:
    using OpTest::runAndCheck;
    bool runAndCheck(const Spec &spec) { return runAndCheck(*make(spec)); }
};

// One case of the operators' test of threads at once: thread t's round r, with the dtype and the seed
// every operator's test gives it (FLOAT, INT8, BF16 and INT64 in turn; seed 1000 + 10 t + r).
struct ThreadRound {
    int t, r;
    aclDataType dtype;
    uint64_t seed;
};

// The operators' test of threads at once: `threads` threads, each on its own stream (runOnOwnStreams),
// each setting up, running and checking the `rounds` cases make(ThreadRound) gives; expects every
// thread to start, every case to pass and all of them to run.
inline void expectCasesPassOnOwnStreams(int32_t device, int threads, int rounds,
                                        const std::function<std::unique_ptr<OpCase>(const ThreadRound &)> &make) {
    std::atomic<int> failures{0}, ran{0};
    const int unstarted = runOnOwnStreams(device, threads, [&](int t, aclrtStream own) {
        const aclDataType dtypes[] = {ACL_FLOAT, ACL_INT8, ACL_BF16, ACL_INT64};
        for (int r = 0; r < rounds; ++r) {
            std::unique_ptr<OpCase> c = make({t, r, dtypes[(t + r) % 4], static_cast<uint64_t>(1000 + 10 * t + r)});
            c->setup();
            if (runCaseOnce(*c, own) != ACL_SUCCESS || !c->check().ok) ++failures;
            ++ran;
        }
    });
    EXPECT_EQ(unstarted, 0);
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(ran.load(), threads * rounds);
}

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

// Plans with `plan`, which must succeed and ask for no workspace (writing 0 over a size of 7), then runs
// phase two without a workspace and synchronizes; both must succeed.
inline void runWithoutWorkspace(const PlanPhase &plan, const RunPhase &run, aclrtStream stream) {
    uint64_t ws = 7;
    aclOpExecutor *ex = nullptr;
    ASSERT_ACL_OK(plan(&ws, &ex));
    ASSERT_EQ(ws, 0u);
    ASSERT_ACL_OK(run(nullptr, 0, ex, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
}

// A view of `shape`, `strides` and `offset` (elements) over the memory of `backing` (a contiguous tensor,
// all of its elements), for the tests of tensors that share memory; destroyed with the StorageView.
class StorageView {
public:
    StorageView(const DeviceTensor &backing, const std::vector<int64_t> &shape, const std::vector<int64_t> &strides,
                int64_t offset = 0) {
        int64_t storage = backing.numel();
        view_ = aclCreateTensor(shape.data(), shape.size(), backing.dtype(), strides.data(), offset, ACL_FORMAT_ND,
                                &storage, 1, backing.data());
    }
    ~StorageView() { aclDestroyTensor(view_); }
    StorageView(const StorageView &) = delete;
    StorageView &operator=(const StorageView &) = delete;
    operator aclTensor *() const { return view_; }

private:
    aclTensor *view_;
};

// The shared run-time check (docs/ops) of an output over its input's memory: plan (must succeed) and
// phase two with the planned workspace; phase two is ACLNN_ERR_PARAM_INVALID, its message names "(out)"
// and "(self)" and says "overlaps", and `backing`, the memory both views lie in, is unchanged.
inline void expectOutOverSelfRejected(const DeviceTensor &backing, const PlanPhase &plan, const RunPhase &run,
                                      aclrtStream stream) {
    const std::vector<uint8_t> before = backing.storage();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ASSERT_ACL_OK(plan(&ws, &ex));
    void *w = nullptr;
    if (ws > 0) ASSERT_ACL_OK(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_EQ(run(w, ws, ex, stream), ACLNN_ERR_PARAM_INVALID);
    expectRecentMessageHas({"(out)", "(self)", "overlaps"});
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
    if (w) aclrtFree(w);
    EXPECT_TRUE(backing.storage() == before) << "a write into the shared memory";
}

}  // namespace testing_support
