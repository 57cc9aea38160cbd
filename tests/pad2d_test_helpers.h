// What the pads' test files share (tests/test_pad2d.cpp, tests/test_pad2d_backward.cpp): each runs the
// reflection and the replication pad alike, and a PadMode names one of them with its two phases.
#pragma once

#include <cstdint>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace pad2d_tests {

using RunFn = aclnnStatus (*)(void *, uint64_t, aclOpExecutor *, aclrtStream);

// One pad: reflection or replication, its name in messages, its phase one (PlanFn: the forward's or the
// backward's signature) and its phase two.
template <class PlanFn>
struct PadMode {
    bool reflect;
    const char *name;
    PlanFn plan;
    RunFn run;
};

}  // namespace pad2d_tests
