// Checks of which fault a synchronize reports: of one call's faults, the one at the smallest position,
// whatever order the device ran its work-items in (cl_kernels/common.cl, report_fault). Header-only (gtest).
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "acl/acl.h"

namespace testing_support {

// Runs one faulting call and its synchronize (`callAndSynchronize`, which returns the synchronize's status),
// `runs` times: each returns 507015 with one and the same message, which holds every string of `expected`
// (the operator, the smallest position's index or target, and that position); the stream's next
// synchronize is clean each time.
inline void expectTheSameFaultEveryRun(aclrtStream stream, int runs, const std::function<int()> &callAndSynchronize,
                                       const std::vector<std::string> &expected) {
    std::string first;
    for (int run = 0; run < runs; ++run) {
        SCOPED_TRACE("run " + std::to_string(run));
        const int status = callAndSynchronize();
        if (::testing::Test::HasFatalFailure()) return;
        ASSERT_EQ(status, ACL_ERROR_RT_AICORE_EXCEPTION);
        const std::string msg = aclGetRecentErrMsg();
        if (run == 0) {
            first = msg;
            for (const std::string &part : expected) EXPECT_NE(msg.find(part), std::string::npos) << part << " in " << msg;
        }
        EXPECT_EQ(msg, first);
        ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    }
}

}  // namespace testing_support
