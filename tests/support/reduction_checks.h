// What the reduction operators' test files check, written once: one call of ReduceSum or Mean (their
// bindings take self, dims, keepDim, dtype, out in that order) against the host reference
// (support/reduction_ref.h), exactly, except Mean's fp32 division (reduction_ref.h's meanSlack).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "support/binding.h"
#include "support/device_tensor.h"
#include "support/int_array.h"
#include "support/plan_and_run.h"
#include "support/reduction_ref.h"

namespace testing_support {

struct ReductionCall {
    const Binding &op;
    bool mean = false;            // Mean's reference (and slack), else ReduceSum's
    std::vector<int64_t> dims;    // the dims argument
    bool keepDim = false;
    aclDataType dtype = ACL_FLOAT;
    bool lanes = false;           // the reference's order: the LANES path (else EACH)
    int64_t chunk = 0;            // ... within chunks of this many elements (the CHUNKS path; 0: none)
};

// Runs the call over self (holding `values`) into out and compares every output; returns the outputs.
inline std::vector<double> expectReduction(const ReductionCall &c, const DeviceTensor &self,
                                           const std::vector<double> &values, const DeviceTensor &out,
                                           aclrtStream stream) {
    IntArray dims(c.dims);
    const aclnnStatus status = planAndRun(c.op, {self, dims, c.keepDim, c.dtype, out}, stream);
    EXPECT_EQ(status, ACL_SUCCESS) << aclGetRecentErrMsg();
    if (status != ACL_SUCCESS) return {};
    RefReduction r;
    r.shape = self.shape();
    r.reduced = refReducedFlags(r.shape.size(), c.dims);
    r.self = self.dtype();
    r.dtype = c.dtype;
    r.lanes = c.lanes;
    r.chunk = c.chunk;
    r.mean = c.mean;
    const std::vector<double> want = refReduce(r, values), got = out.download();
    const size_t parts = refIsComplex(c.dtype) ? 2 : 1, outParts = refIsComplex(out.dtype()) ? 2 : 1;
    EXPECT_EQ(got.size() / outParts, want.size() / parts);
    EXPECT_FALSE(want.empty());
    size_t bad = 0;
    for (size_t i = 0; i < want.size() / parts && i < got.size() / outParts; ++i) {
        const RefComplex w = refConvert({want[i * parts], parts == 2 ? want[i * parts + 1] : 0}, c.dtype, out.dtype());
        const double slackRe = c.mean ? meanSlack(w.re, c.dtype) : 0, slackIm = c.mean ? meanSlack(w.im, c.dtype) : 0;
        auto close = [](double g, double v, double slack) {
            return slack > 0 ? std::fabs(g - v) <= slack : sameValue(g, v);
        };
        const bool ok = close(got[i * outParts], w.re, slackRe) &&
                        (outParts == 1 || close(got[i * outParts + 1], w.im, slackIm));
        if (!ok && bad++ < 5) {
            ADD_FAILURE() << "output " << i << ": got " << got[i * outParts]
                          << (outParts == 2 ? " + " + std::to_string(got[i * outParts + 1]) + "i" : std::string())
                          << ", want " << w.re << (outParts == 2 ? " + " + std::to_string(w.im) + "i" : std::string());
        }
    }
    EXPECT_EQ(bad, 0u);
    return got;
}

}  // namespace testing_support
