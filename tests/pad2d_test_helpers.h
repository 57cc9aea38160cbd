// What the pads' test files share (tests/test_pad2d.cpp, tests/test_pad2d_backward.cpp): each runs the
// reflection and the replication pad alike, and a PadMode names one of them with its binding.
#pragma once

#include "support/binding.h"

namespace pad2d_tests {

// One pad: reflection or replication, its name in messages and its call (tests/harness/pad2d*.h).
struct PadMode {
    bool reflect;
    const char *name;
    const testing_support::Binding &op;
};

}  // namespace pad2d_tests
