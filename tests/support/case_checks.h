// GoogleTest checks shared by the operator tests. Header-only: tests/support/*.cpp are built into the
// benchmark as well, which has no GoogleTest.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "acl/acl.h"
#include "device_fixture.h"
#include "support/op_case.h"

namespace testing_support {

// Sets the case up, runs it once and checks it against its host reference. A case the current device
// cannot run (OpCase::supported, e.g. fp64 on rusticl) is passed over.
inline void runAndCheckCase(OpCase &c, aclrtStream stream) {
    SCOPED_TRACE(c.name);
    if (!c.supported(nullptr)) return;
    c.setup();
    ASSERT_ACL_OK(runCaseOnce(c, stream));
    CheckResult r = c.check();
    EXPECT_TRUE(r.ok) << r.detail;
}

// aclGetRecentErrMsg() holds every fragment (an argument's name, the expected and the found value).
inline void expectRecentMessageHas(const std::vector<std::string> &fragments) {
    const std::string msg = aclGetRecentErrMsg();
    for (const std::string &f : fragments) EXPECT_NE(msg.find(f), std::string::npos) << "'" << f << "' in: " << msg;
}

}  // namespace testing_support
