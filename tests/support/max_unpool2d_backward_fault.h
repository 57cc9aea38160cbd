// A MaxUnpool2dBackward run that faults on the device, for the tests of a fault reaching the stream that
// caused it (tests/test_hostile.cpp) and of aclFinalize with a fault nobody synchronized
// (tests/test_reliability.cpp). Header-only (gtest).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "device_fixture.h"
#include "harness/max_unpool2d_backward.h"

namespace testing_support {

// Enqueues h's run on `stream` with every index 0 but the one at `badAt`, 1000 in a 3x3 plane: the plan
// needs no workspace, phase two succeeds, and the fault is found on the device.
inline void enqueueFaultingMaxUnpool2dBackward(reliability::MaxUnpool2dBackwardHarness &h, aclrtStream stream,
                                               size_t badAt) {
    std::vector<double> idx(24, 0.0);
    idx[badAt] = 1000;
    h.slot("indices").storage->upload(idx);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ASSERT_ACL_OK(h.plan(&ws, &ex));
    ASSERT_EQ(ws, 0u);
    ASSERT_ACL_OK(h.run(nullptr, 0, ex, stream));
}

}  // namespace testing_support
