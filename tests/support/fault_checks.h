// Checks of which fault a synchronize reports: of one call's faults, the one at the smallest position,
// whatever order the device ran its work-items in (cl_kernels/common.cl, report_fault). Header-only (gtest).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "support/device_tensor.h"

namespace testing_support {

// Makes the inputs at the positions of `pattern` bad, each its own value `base + position` (so that the message
// tells which one it names); an empty pattern: every position of `values`. Returns the smallest bad position.
inline size_t markBad(std::vector<double> &values, const std::vector<size_t> &pattern, double base) {
    std::vector<size_t> at = pattern;
    if (at.empty()) {
        for (size_t i = 0; i < values.size(); ++i) at.push_back(i);
    }
    for (size_t i : at) values.at(i) = base + static_cast<double>(i);
    return *std::min_element(at.begin(), at.end());
}

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

// For each pattern of bad inputs (markBad from `base` over `valid`, the valid values), uploaded to `indices`:
// `enqueue` (one call, returning its status and its workspace, null for none) gives the same fault on every
// run, holding `named(smallest bad position)`.
inline void expectFaultsNameTheSmallestPosition(aclrtStream stream, DeviceTensor &indices,
                                                const std::vector<double> &valid,
                                                const std::vector<std::vector<size_t>> &patterns, double base,
                                                const std::function<std::string(size_t)> &named,
                                                const std::function<int(void **workspace)> &enqueue) {
    for (const std::vector<size_t> &bad : patterns) {
        std::vector<double> values = valid;
        const size_t smallest = markBad(values, bad, base);
        indices.upload(values);
        SCOPED_TRACE("smallest bad position " + std::to_string(smallest));
        expectTheSameFaultEveryRun(
            stream, 3,
            [&] {
                void *ws = nullptr;
                EXPECT_EQ(enqueue(&ws), ACL_SUCCESS);
                const int status = aclrtSynchronizeStream(stream);
                if (ws) aclrtFree(ws);
                return status;
            },
            {named(smallest)});
    }
}

// MaxUnpool2d and its backward, whose indices (72 of them, 2 x 4 planes of 3 x 3) point into planes of 16
// positions: the bad ones at the last of plane 0 and the first of every later plane, at every index, at a
// few scattered, each 100 + its position; the fault names `op`, the index and its position.
inline void expectUnpoolFaultsNameTheSmallestPosition(aclrtStream stream, DeviceTensor &indices, const std::string &op,
                                                      const std::function<int(void **workspace)> &enqueue) {
    std::vector<double> valid(72);
    for (size_t i = 0; i < valid.size(); ++i) valid[i] = static_cast<double>((i * 7) % 16);
    expectFaultsNameTheSmallestPosition(
        stream, indices, valid, {{8, 9, 18, 27, 36, 45, 54, 63}, {}, {71, 30, 50}}, 100.0,  // outside the plane of 16
        [&](size_t p) {
            return op + ": index " + std::to_string(100 + p) + " of indices at flat position " + std::to_string(p) + " ";
        },
        enqueue);
}

}  // namespace testing_support
