// What an operator's first phase writes to the log at level info (the kernels its plan took, and why):
// plans the call, destroys the executor, runs nothing.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "aclnn/acl_meta.h"
#include "common/log.h"
#include "support/binding.h"

namespace testing_support {

inline std::string planLog(const Binding &op, const Args &args) {
    aclcl::setLogLevel(3);
    ::testing::internal::CaptureStderr();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const aclnnStatus st = op.plan(args, &ws, &ex);
    const std::string text = ::testing::internal::GetCapturedStderr();
    aclcl::setLogLevel(-1);
    EXPECT_EQ(st, ACL_SUCCESS) << aclGetRecentErrMsg();
    if (ex) aclDestroyAclOpExecutor(ex);
    return text;
}

}  // namespace testing_support
