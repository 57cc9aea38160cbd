// aclnnSoftmax, aclnnLogSoftmax, aclnnSoftmaxBackward and aclnnLogSoftmaxBackward (the reduction engine's ALONG
// form, host/engines/reduction.h): every dtype CANN lists against a float64 host reference along every dim
// (negative ones too), within bounds written next to the reference (support/softmax_ref.h); casts to out; views;
// empties; 0-d; rows long enough for the LANES path, both paths forced giving the same bits run after run and on
// any work-group size, and SoftmaxBackward's fp32 result exactly the documented orders' (its math is + - *
// alone, each correctly rounded in OpenCL, so the host can emulate it bit for bit); and every documented error
// in CANN's check order.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "common/test_hooks.h"
#include "harness/softmax.h"
#include "ops/checks.h"
#include "runtime/device.h"
#include "support/activation_ref.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/op_test.h"
#include "support/plan_log.h"
#include "support/softmax_ref.h"

using namespace testing_support;

namespace {

using aclcl::ScopedTestHook;
using aclcl::TestHook;

const Binding &binding(SoftmaxOp op) {
    switch (op) {
        case SoftmaxOp::Softmax: return kSoftmax;
        case SoftmaxOp::LogSoftmax: return kLogSoftmax;
        case SoftmaxOp::SoftmaxBackward: return kSoftmaxBackward;
        default: return kLogSoftmaxBackward;
    }
}

// One call: self (or gradOutput and output) of `dtype` holding in's values, along `dim`, into `out`;
// the tensors may be views. Returns the outputs downloaded (empty when the call failed).
std::vector<double> runAlong(SoftmaxOp op, DeviceTensor &x, DeviceTensor &y, int64_t dim, DeviceTensor &out,
                             aclrtStream stream) {
    const aclnnStatus status = isBackward(op) ? planAndRun(binding(op), {x, y, dim, out}, stream)
                                            : planAndRun(binding(op), {x, dim, out}, stream);
    EXPECT_EQ(status, ACL_SUCCESS) << aclGetRecentErrMsg();
    if (status != ACL_SUCCESS) return {};
    return out.download();
}

// A call on contiguous tensors of `shape`, checked against the reference; returns the outputs.
std::vector<double> expectAlong(SoftmaxOp op, const std::vector<int64_t> &shape, int64_t dim, aclDataType dtype,
                                aclDataType outDtype, uint64_t seed, aclrtStream stream) {
    const int64_t rank = static_cast<int64_t>(shape.size()), bound = std::max<int64_t>(rank, 1);
    const auto along = static_cast<size_t>(dim < 0 ? dim + bound : dim);
    const SoftmaxInputs in = refSoftmaxInputs(op, shape, along, dtype, seed);
    DeviceTensor x(shape, dtype), y(shape, dtype), out(shape, outDtype);
    x.upload(in.x);
    if (isBackward(op)) y.upload(in.y);
    const std::vector<double> got = runAlong(op, x, y, dim, out, stream);
    if (got.empty()) return got;
    const aclDataType compute = refSoftmaxCompute(op, dtype, outDtype);
    std::vector<double> cx = in.x;
    for (double &v : cx) v = roundTo(v, compute);  // LogSoftmax's cast to out's dtype first
    std::vector<Expected> want = refAlong(op, shape, along, cx, in.y, compute, outDtype);
    // A result rounded to an fp16 / bf16 compute dtype is converted again into a different out (bf16 into an
    // fp16 subnormal, say): one more rounding to out's dtype.
    if (refRounding(compute, outDtype) != outDtype) {
        for (Expected &e : want) e.bound += std::fabs(e.want) * storeRounding(outDtype) + storeFloor(outDtype);
    }
    expectElements(got, want);
    return got;
}

struct OpDtypes {
    SoftmaxOp op;
    const char *name;
    const std::vector<aclDataType> *dtypes;
};
const std::vector<OpDtypes> kOps = {{SoftmaxOp::Softmax, "Softmax", &kSoftmaxDtypes},
                                    {SoftmaxOp::LogSoftmax, "LogSoftmax", &kLogSoftmaxDtypes},
                                    {SoftmaxOp::SoftmaxBackward, "SoftmaxBackward", &kSoftmaxBackwardDtypes},
                                    {SoftmaxOp::LogSoftmaxBackward, "LogSoftmaxBackward", &kLogSoftmaxBackwardDtypes}};

// The union of the four lists: each test runs the operators that list the dtype.
const std::vector<aclDataType> kSoftmaxFamilyDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};

class SoftmaxEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(SoftmaxEveryDtype, kSoftmaxFamilyDtypes);

// A 3 x 4 x 5 tensor of the dtype along each dim, negative ones too, for each operator listing the dtype.
TEST_P(SoftmaxEveryDtype, EveryDimMatchesTheReference) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    size_t ran = 0;
    for (const OpDtypes &o : kOps) {
        if (std::find(o.dtypes->begin(), o.dtypes->end(), d) == o.dtypes->end()) continue;
        for (int64_t dim : {0, 1, 2, -1, -3}) {
            SCOPED_TRACE(std::string(o.name) + " dim " + std::to_string(dim));
            const uint64_t seed = 31 + dtypeIndex(kSoftmaxFamilyDtypes);
            EXPECT_FALSE(expectAlong(o.op, {3, 4, 5}, dim, d, d, seed, stream).empty());
            ++ran;
        }
    }
    EXPECT_EQ(ran, d == ACL_DOUBLE ? 10u : 20u);
}

// Out of another dtype of the list: Softmax and the backwards compute in their input's dtype and convert the
// result; LogSoftmax casts self to out's dtype first and computes in it.
TEST_P(SoftmaxEveryDtype, CastsToOut) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    size_t ran = 0;
    for (const OpDtypes &o : kOps) {
        if (std::find(o.dtypes->begin(), o.dtypes->end(), d) == o.dtypes->end()) continue;
        for (aclDataType to : *o.dtypes) {
            if (to == d || (needsFp64(to) && !fp64())) continue;
            SCOPED_TRACE(std::string(o.name) + " into " + aclcl::dtypeName(to));
            EXPECT_FALSE(expectAlong(o.op, {4, 6}, 1, d, to, 5, stream).empty());
            ++ran;
        }
    }
    EXPECT_GE(ran, 4u);
}

class SoftmaxTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(SoftmaxTest);

// A row longer than a capped compiler's loops (Device::compilerBugs.loopIterationCap: Mesa's llvmpipe stops
// them silently) is refused there, naming why, and out keeps its bits; everywhere else the softmax of 2^20
// equal values is 2^-20 exactly.
TEST_P(SoftmaxTest, LongRowIsExactOrRefusedWhereLoopsAreCapped) {
    const int64_t n = int64_t{1} << 20;
    DeviceTensor self({1, n}, ACL_FLOAT), out({1, n}, ACL_FLOAT);
    self.upload(std::vector<double>(static_cast<size_t>(n), 0.5));
    out.upload(std::vector<double>(static_cast<size_t>(n), -1.0));
    const aclnnStatus status = planAndRun(kSoftmax, {self, int64_t{1}, out}, stream);
    const std::vector<double> got = out.download();
    if (aclcl::deviceAt(device()).compilerBugs.loopIterationCap) {
        EXPECT_EQ(status, ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(std::string(aclGetRecentErrMsg()).find("stops longer loops"), std::string::npos)
            << aclGetRecentErrMsg();
        EXPECT_EQ(std::count(got.begin(), got.end(), -1.0), n) << "a refused call wrote out";
    } else {
        ASSERT_ACL_OK(status);
        EXPECT_EQ(std::count(got.begin(), got.end(), std::ldexp(1.0, -20)), n);
    }
}

// By hand: softmax([0, ln 3]) = [1/4, 3/4]; log-softmax = [ln 1/4, ln 3/4]; 0-d: 1 and 0.
TEST_P(SoftmaxTest, SmallExampleByHand) {
    DeviceTensor self({2}, ACL_FLOAT), out({2}, ACL_FLOAT);
    self.upload({0, std::log(3.0)});
    std::vector<double> got = runAlong(SoftmaxOp::Softmax, self, self, 0, out, stream);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_NEAR(got[0], 0.25, 1e-6);
    EXPECT_NEAR(got[1], 0.75, 1e-6);
    got = runAlong(SoftmaxOp::LogSoftmax, self, self, -1, out, stream);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_NEAR(got[0], std::log(0.25), 1e-6);
    EXPECT_NEAR(got[1], std::log(0.75), 1e-6);
}

// A 0-d tensor is one row of one element: dim 0 and -1 are valid.
TEST_P(SoftmaxTest, ZeroDimensional) {
    for (int64_t dim : {0, -1}) {
        DeviceTensor self({}, ACL_FLOAT), out({}, ACL_FLOAT), g({}, ACL_FLOAT);
        self.upload({2.5});
        g.upload({0.5});
        EXPECT_EQ(runAlong(SoftmaxOp::Softmax, self, self, dim, out, stream), (std::vector<double>{1}));
        EXPECT_EQ(runAlong(SoftmaxOp::LogSoftmax, self, self, dim, out, stream), (std::vector<double>{0}));
        // y = 1: g - 1 * g = 0 (SoftmaxBackward); y = 0: g - exp(0) * g = 0 (LogSoftmaxBackward).
        DeviceTensor one({}, ACL_FLOAT), zero({}, ACL_FLOAT);
        one.upload({1});
        zero.upload({0});
        EXPECT_EQ(runAlong(SoftmaxOp::SoftmaxBackward, g, one, dim, out, stream), (std::vector<double>{0}));
        EXPECT_EQ(runAlong(SoftmaxOp::LogSoftmaxBackward, g, zero, dim, out, stream), (std::vector<double>{0}));
    }
}

// Strided inputs with offsets and a strided out, along the middle dim, for each operator.
TEST_P(SoftmaxTest, ViewsInAndOut) {
    const std::vector<int64_t> shape{4, 3, 5};
    for (const OpDtypes &o : kOps) {
        SCOPED_TRACE(o.name);
        const SoftmaxInputs in = refSoftmaxInputs(o.op, shape, 1, ACL_FLOAT, 8);
        DeviceTensor x(shape, ACL_FLOAT, {1, 24, 4}, 2), y(shape, ACL_FLOAT, {15, 1, 3}, 1),
            out(shape, ACL_FLOAT, {30, 10, 2}, 3);
        x.upload(in.x);
        if (isBackward(o.op)) y.upload(in.y);
        const std::vector<double> got = runAlong(o.op, x, y, 1, out, stream);
        expectElements(got, refAlong(o.op, shape, 1, in.x, in.y, ACL_FLOAT, ACL_FLOAT));
    }
}

// An empty input succeeds and writes nothing (CANN returns before its other checks).
TEST_P(SoftmaxTest, EmptyWritesNothing) {
    for (const OpDtypes &o : kOps) {
        SCOPED_TRACE(o.name);
        DeviceTensor x({0, 3}, ACL_FLOAT), y({0, 3}, ACL_FLOAT), out({0, 3}, ACL_FLOAT);
        const aclnnStatus status = isBackward(o.op) ? planAndRun(binding(o.op), {x, y, int64_t{1}, out}, stream)
                                                  : planAndRun(binding(o.op), {x, int64_t{1}, out}, stream);
        EXPECT_EQ(status, ACL_SUCCESS) << aclGetRecentErrMsg();
    }
}

// In place: out over self (or over gradOutput) gives what a separate out gets.
TEST_P(SoftmaxTest, InPlace) {
    const std::vector<int64_t> shape{3, 7};
    for (const OpDtypes &o : kOps) {
        SCOPED_TRACE(o.name);
        const SoftmaxInputs in = refSoftmaxInputs(o.op, shape, 1, ACL_FLOAT, 12);
        DeviceTensor x(shape, ACL_FLOAT), y(shape, ACL_FLOAT), out(shape, ACL_FLOAT);
        x.upload(in.x);
        if (isBackward(o.op)) y.upload(in.y);
        const std::vector<double> separate = runAlong(o.op, x, y, 1, out, stream);
        const std::vector<double> inPlace = runAlong(o.op, x, y, 1, x, stream);
        EXPECT_EQ(inPlace, separate);
    }
}

// Rows of 3000 (the LANES path, automatically) along the last dim and along the first (strided rows): the
// automatic path, EACH forced and LANES forced on work-groups of 2, 4 and 32 work-items each within the
// reference's bound and the same bits on a second run; LANES the same bits on every work-group size, and the
// automatic path's bits LANES'.
TEST_P(SoftmaxTest, LongRowsBothPathsRunAfterRun) {
    for (const OpDtypes &o : kOps) {
        for (const auto &[shape, dim] : std::vector<std::pair<std::vector<int64_t>, int64_t>>{{{3, 3000}, 1},
                                                                                              {{3000, 2}, 0}}) {
            SCOPED_TRACE(std::string(o.name) + " along dim " + std::to_string(dim));
            std::vector<double> automatic, lanes;
            for (int forced : {0, 1, 2, 4, 32}) {
                SCOPED_TRACE("hook " + std::to_string(forced));
                ScopedTestHook hook(TestHook::ReductionPath, forced);
                const std::vector<double> first = expectAlong(o.op, shape, dim, ACL_FLOAT, ACL_FLOAT, 3, stream);
                const std::vector<double> second = expectAlong(o.op, shape, dim, ACL_FLOAT, ACL_FLOAT, 3, stream);
                ASSERT_EQ(first.size(), static_cast<size_t>(shape[0] * shape[1]));
                EXPECT_EQ(first, second);
                if (forced == 0) automatic = first;
                if (forced >= 2) {
                    if (lanes.empty()) lanes = first;
                    EXPECT_EQ(first, lanes) << "LANES differs between work-group sizes";
                }
            }
            // Few rows of 3000 take LANES by the shape alone.
            EXPECT_EQ(automatic, lanes);
        }
    }
}

// SoftmaxBackward's fp32 result in one of the engine's orders, emulated in float (its math is + - * alone, each
// correctly rounded in OpenCL, so the device's bits must be exactly these): each row's sum of gradOutput * output
// in index order (EACH) or in 64 lanes, lane l taking the elements l, l + 64, ... in turn, then the tree l + 32,
// l + 16, ... (LANES); then each element's output * (gradOutput - sum). Rows along `along` of a row-major `shape`.
std::vector<double> softmaxBackwardInOrder(const SoftmaxInputs &in, const std::vector<int64_t> &shape, size_t along,
                                           bool lanes) {
    const std::vector<int64_t> strides = rowMajorStrides(shape);
    const int64_t count = shape[along], total = static_cast<int64_t>(in.x.size());
    auto at = [&](int64_t first, int64_t e) { return static_cast<size_t>(first + e * strides[along]); };
    auto term = [&](int64_t first, int64_t e) {
        return static_cast<float>(in.x[at(first, e)]) * static_cast<float>(in.y[at(first, e)]);
    };
    std::vector<double> want(in.x.size());
    for (int64_t i = 0; i < total; ++i) {
        if ((i / strides[along]) % count != 0) continue;  // i: element 0 of its row
        float s = 0;
        if (lanes) {
            float part[64] = {};
            for (int64_t l = 0; l < 64; ++l) {
                for (int64_t e = l; e < count; e += 64) part[l] += term(i, e);
            }
            for (int span = 32; span > 0; span /= 2) {
                for (int l = 0; l < span; ++l) part[l] += part[l + span];
            }
            s = part[0];
        } else {
            for (int64_t e = 0; e < count; ++e) s += term(i, e);
        }
        for (int64_t e = 0; e < count; ++e) {
            want[at(i, e)] = static_cast<float>(in.y[at(i, e)]) * (static_cast<float>(in.x[at(i, e)]) - s);
        }
    }
    return want;
}

// Both orders exactly, EACH and LANES forced on rows of 1500.
TEST_P(SoftmaxTest, SoftmaxBackwardIsExactlyBothOrders) {
    const std::vector<int64_t> shape{2, 1500};
    const SoftmaxInputs in = refSoftmaxInputs(SoftmaxOp::SoftmaxBackward, shape, 1, ACL_FLOAT, 44);
    DeviceTensor g(shape, ACL_FLOAT), y(shape, ACL_FLOAT);
    g.upload(in.x);
    y.upload(in.y);
    for (int forced : {1, 2}) {
        SCOPED_TRACE(forced == 1 ? "EACH" : "LANES");
        ScopedTestHook hook(TestHook::ReductionPath, forced);
        DeviceTensor out(shape, ACL_FLOAT);
        const std::vector<double> got = runAlong(SoftmaxOp::SoftmaxBackward, g, y, 1, out, stream);
        ASSERT_EQ(got.size(), 3000u);
        const std::vector<double> want = softmaxBackwardInOrder(in, shape, 1, forced == 2);
        size_t bad = 0;
        for (size_t i = 0; i < want.size(); ++i) {
            if (!sameValue(got[i], want[i]) && bad++ < 5) {
                ADD_FAILURE() << "element " << i << ": got " << got[i] << ", want " << want[i];
            }
        }
        EXPECT_EQ(bad, 0u);
    }
}

// Each order on every kernel that computes it, exactly (SoftmaxBackward in fp32, emulated on the host as above),
// the CPU kernels (the walks forced at these sizes) and the GPU ones (TestHook::ManyWorkItemKernels) with the same
// bits. EACH (rows under 128 elements, and strided rows under 1024): rows along the last dim (the CPU walk's
// transposed blocks of 8 elements, then the rest of each row one by one), along the first (the walk's rows that are
// neighbours; also of 300), and a tile of fewer than 8 rows at the end of each. LANES (rows of neighbouring elements
// from 128, strided rows of 1024 and more when few): rows of whole 64-element blocks only, of blocks and a partial
// one that ends inside a vector (1500: 28 more) or before the second vector (326: 6 more), kept dims of rank 2 and of
// none (a 1-D tensor), and strided rows along the first dim (the one-lane kernel on every device).
TEST_P(SoftmaxTest, SoftmaxBackwardOrdersOnEveryKernel) {
    struct Case {
        std::vector<int64_t> shape;
        int64_t dim;
        bool lanes;  // the order the shape and layout take
    };
    const std::vector<Case> cases{{{19, 45}, 1, false},    {{45, 19}, 0, false}, {{2, 13, 30}, 2, false},
                                  {{30, 2, 13}, 0, false}, {{300, 3}, 0, false}, {{3, 640}, 1, true},
                                  {{2, 1500}, 1, true},    {{4, 326}, 1, true},  {{2, 3, 300}, 2, true},
                                  {{1000}, 0, true},       {{1100, 2}, 0, true}};
    size_t lanesCases = 0;
    for (const Case &c : cases) {
        const auto along = static_cast<size_t>(c.dim);
        const bool lanes = c.lanes;
        lanesCases += lanes ? 1 : 0;
        const SoftmaxInputs in = refSoftmaxInputs(SoftmaxOp::SoftmaxBackward, c.shape, along, ACL_FLOAT, 45);
        DeviceTensor g(c.shape, ACL_FLOAT), y(c.shape, ACL_FLOAT);
        g.upload(in.x);
        y.upload(in.y);
        const std::vector<double> want = softmaxBackwardInOrder(in, c.shape, along, lanes);
        std::vector<double> first;
        for (int gpuKernels : {0, 1}) {
            SCOPED_TRACE(aclcl::dimsString(c.shape) + " along " + std::to_string(c.dim) +
                         (gpuKernels ? ", GPU kernels" : ", the device's own kernels"));
            ScopedTestHook hook(TestHook::ManyWorkItemKernels, gpuKernels);
            ScopedTestHook walk(TestHook::ReductionWalk, 1);  // the CPU's walking kernels at these sizes too
            DeviceTensor out(c.shape, ACL_FLOAT);
            const std::vector<double> got = runAlong(SoftmaxOp::SoftmaxBackward, g, y, c.dim, out, stream);
            ASSERT_EQ(got.size(), want.size());
            size_t bad = 0;
            for (size_t i = 0; i < want.size(); ++i) {
                if (!sameValue(got[i], want[i]) && bad++ < 5) {
                    ADD_FAILURE() << "element " << i << ": got " << got[i] << ", want " << want[i];
                }
            }
            EXPECT_EQ(bad, 0u);
            if (first.empty()) first = got;
            EXPECT_EQ(got, first);
        }
    }
    EXPECT_EQ(lanesCases, 6u);
}

// The CPU's walking kernels (forced at these sizes), each of their forms against the reference: every operator in
// FLOAT with rows along the last dim (EACH: blocks of 8 transposed, then the rest, and a last tile of 3 rows; LANES:
// rows of 1000, 64 lanes a row) and along the first (rows that are neighbours); Softmax in BF16 (blocked; LANES),
// FLOAT16 (read element by element; LANES over rows 301 halves apart, so most rows start off 16-byte alignment) and
// DOUBLE (4 rows a vector; LANES 4 lanes a vector). Every device runs it; the GPU-shaped devices take their own
// kernels.
TEST_P(SoftmaxTest, WalkingKernelMatchesTheReference) {
    ScopedTestHook walk(TestHook::ReductionWalk, 1);
    struct Case {
        SoftmaxOp op;
        aclDataType dtype;
        std::vector<int64_t> shape;
        int64_t dim;
    };
    std::vector<Case> cases;
    for (const OpDtypes &o : kOps) {
        cases.push_back({o.op, ACL_FLOAT, {19, 45}, 1});
        cases.push_back({o.op, ACL_FLOAT, {45, 19}, 0});
        cases.push_back({o.op, ACL_FLOAT, {3, 1000}, 1});
    }
    cases.push_back({SoftmaxOp::Softmax, ACL_BF16, {19, 45}, 1});
    cases.push_back({SoftmaxOp::Softmax, ACL_BF16, {3, 300}, 1});
    cases.push_back({SoftmaxOp::Softmax, ACL_FLOAT16, {45, 19}, 0});
    cases.push_back({SoftmaxOp::Softmax, ACL_FLOAT16, {5, 301}, 1});
    if (fp64()) {
        cases.push_back({SoftmaxOp::Softmax, ACL_DOUBLE, {45, 19}, 0});
        cases.push_back({SoftmaxOp::Softmax, ACL_DOUBLE, {3, 300}, 1});
    }
    for (const Case &c : cases) {
        SCOPED_TRACE(std::string(aclcl::dtypeName(c.dtype)) + " " + aclcl::dimsString(c.shape) + " along " +
                     std::to_string(c.dim) + ", op " + std::to_string(static_cast<int>(c.op)));
        EXPECT_FALSE(expectAlong(c.op, c.shape, c.dim, c.dtype, c.dtype, 46, stream).empty());
    }
}

// Softmax's walk over blocked FLOAT rows keeps each element's term exp(x - max) in out and reads it back for the
// result (RD_STASH): into a separate out and in place, with whole tiles and a partial one (19 rows), rows of whole
// blocks and a remainder (45) or none (64), and on the LANES walk rows of whole 64-element blocks (512) and with a
// partial one (1000), it gives the bits of the same walk computing the term twice. Where a device takes the walk
// (the CPU devices), its plan log says the term is kept.
TEST_P(SoftmaxTest, WalkKeepsTheTermInOut) {
    ScopedTestHook walk(TestHook::ReductionWalk, 1);
    for (const std::vector<int64_t> &shape : {std::vector<int64_t>{19, 45}, std::vector<int64_t>{16, 64},
                                              std::vector<int64_t>{2, 512}, std::vector<int64_t>{3, 1000}}) {
        SCOPED_TRACE(aclcl::dimsString(shape));
        const SoftmaxInputs in = refSoftmaxInputs(SoftmaxOp::Softmax, shape, 1, ACL_FLOAT, 47);
        DeviceTensor x(shape, ACL_FLOAT), out(shape, ACL_FLOAT), same(shape, ACL_FLOAT);
        x.upload(in.x);
        std::vector<double> twice;
        {
            ScopedTestHook noStash(TestHook::ReductionNoStash, 1);
            const std::string log = planLog(kSoftmax, {x, int64_t{1}, out});
            EXPECT_EQ(log.find("the term kept in out"), std::string::npos) << log;
            twice = runAlong(SoftmaxOp::Softmax, x, x, 1, out, stream);
        }
        const std::string log = planLog(kSoftmax, {x, int64_t{1}, out});
        if (log.find("walk:") != std::string::npos) {
            EXPECT_NE(log.find("the term kept in out"), std::string::npos) << log;
        }
        EXPECT_EQ(runAlong(SoftmaxOp::Softmax, x, x, 1, out, stream), twice);
        same.upload(in.x);
        EXPECT_EQ(runAlong(SoftmaxOp::Softmax, same, same, 1, same, stream), twice);
    }
}

// A NaN anywhere in a row makes the row NaN (as PyTorch); the other rows are untouched by it.
TEST_P(SoftmaxTest, NanPoisonsItsRowOnly) {
    DeviceTensor self({2, 3}, ACL_FLOAT), out({2, 3}, ACL_FLOAT);
    self.upload({1, NAN, 2, 1, 2, 3});
    for (SoftmaxOp op : {SoftmaxOp::Softmax, SoftmaxOp::LogSoftmax}) {
        const std::vector<double> got = runAlong(op, self, self, 1, out, stream);
        ASSERT_EQ(got.size(), 6u);
        for (size_t i = 0; i < 3; ++i) EXPECT_TRUE(std::isnan(got[i])) << got[i];
        for (size_t i = 3; i < 6; ++i) EXPECT_TRUE(std::isfinite(got[i])) << got[i];
    }
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order (OPS_COMPANION section 3).

// Softmax: nulls; an empty self succeeds at once; self's and out's dtypes; dim; ranks and views; out's shape.
CallSpec softmaxCall() {
    return CallSpec(kSoftmax, {{"self", TensorArg{{2, 3, 4}}}, {"dim", int64_t{-1}}, {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows softmaxRows() {
    return validRow() + outPointerRows() + nullRows({"self", "out"}) + ErrorRows{
        {"empty self, bad everything else", set("self", shape({2, 0, 4})) + set("self", dtype(ACL_INT32)) +
             set("dim", value(int64_t{7})) + set("out", shape({3})),
         ACL_SUCCESS, {}},
        {"self INT32", set("self", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_INT32"}},
        {"out INT32", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_INT32"}},
        {"dim out of range", set("dim", value(int64_t{3})), ACLNN_ERR_PARAM_INVALID, {"dim", "[-3, 2]", "3"}},
        {"self rank 9", set({"self", "out"}, shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"self", "8"}},
        shortRow("self"),
        {"out shape", set("out", shape({2, 4, 3})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 4, 3]", "[2, 3, 4]"}},
        overlapRow("out", {0, 0, 0}),
        withoutFp64Row("DT_DOUBLE without fp64", set("self", dtype(ACL_DOUBLE)), {"fp64"}),
        {"FLOAT16 into FLOAT", set("self", dtype(ACL_FLOAT16)), ACL_SUCCESS, {}},
        {"0-d, dim -1", set({"self", "out"}, shape({})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(SoftmaxErrors, softmaxCall, softmaxRows);

// LogSoftmax: nulls; dim (before the dtypes); self's and out's dtypes; ranks and views; out's shape; an empty
// self succeeds after the checks.
CallSpec logSoftmaxCall() {
    return CallSpec(kLogSoftmax, {{"self", TensorArg{{2, 3, 4}}}, {"dim", int64_t{1}}, {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows logSoftmaxRows() {
    return validRow() + outPointerRows() + nullRows({"self", "out"}) + ErrorRows{
        {"dim out of range (before dtypes)", set("dim", value(int64_t{-4})) + set("self", dtype(ACL_INT32)),
         ACLNN_ERR_PARAM_INVALID, {"dim", "[-3, 2]", "-4"}},
        {"self INT32", set("self", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_INT32"}},
        {"out INT32", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_INT32"}},
        {"self rank 9", set({"self", "out"}, shape({1, 1, 1, 1, 1, 1, 2, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"self", "8"}},
        shortRow("self"),
        {"out shape", set("out", shape({2, 4, 3})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 4, 3]", "[2, 3, 4]"}},
        overlapRow("out", {0, 0, 0}),
        withoutFp64Row("DT_DOUBLE without fp64", set("out", dtype(ACL_DOUBLE)), {"fp64"}),
        {"empty self, bad dtype", set({"self", "out"}, shape({2, 0, 4})) + set("self", dtype(ACL_INT32)),
         ACLNN_ERR_PARAM_INVALID, {"self", "DT_INT32"}},
        {"empty self", set({"self", "out"}, shape({2, 0, 4})), ACL_SUCCESS, {}},
        {"0-d, dim 0", set({"self", "out"}, shape({})) + set("dim", value(int64_t{0})), ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(LogSoftmaxErrors, logSoftmaxCall, logSoftmaxRows);

// SoftmaxBackward: nulls; an empty gradOutput or output succeeds at once; the dtypes and their equality; dim;
// ranks and views; output's and out's shapes. out's dtype is not checked (the result is converted to it).
CallSpec softmaxBackwardCall() {
    return CallSpec(kSoftmaxBackward, {{"gradOutput", TensorArg{{2, 3, 4}}}, {"output", TensorArg{{2, 3, 4}}},
                                       {"dim", int64_t{1}}, {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows softmaxBackwardRows() {
    return validRow() + outPointerRows() + nullRows({"gradOutput", "output", "out"}) + ErrorRows{
        {"empty output, bad everything else", set("output", shape({2, 0, 4})) + set("gradOutput", dtype(ACL_INT32)) +
             set("dim", value(int64_t{9})),
         ACL_SUCCESS, {}},
        {"gradOutput INT32", set({"gradOutput", "output"}, dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"gradOutput", "DT_INT32"}},
        {"output DOUBLE", set("output", dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_INVALID, {"output", "DT_DOUBLE"}},
        {"output not gradOutput's dtype", set("output", dtype(ACL_FLOAT16)), ACLNN_ERR_PARAM_INVALID,
         {"output", "gradOutput", "DT_FLOAT16"}},
        {"dim out of range", set("dim", value(int64_t{3})), ACLNN_ERR_PARAM_INVALID, {"dim", "[-3, 2]", "3"}},
        {"gradOutput rank 9", set({"gradOutput", "output", "out"}, shape({1, 1, 1, 1, 1, 1, 2, 3, 4})),
         ACLNN_ERR_PARAM_INVALID, {"gradOutput", "8"}},
        shortRow("gradOutput"),
        {"output shape", set("output", shape({2, 4, 3})), ACLNN_ERR_PARAM_INVALID, {"output", "[2, 4, 3]"}},
        {"out shape", set("out", shape({2, 4, 3})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 4, 3]"}},
        {"out COMPLEX32 (not storable)", set("out", dtype(ACL_COMPLEX32)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_COMPLEX32"}},
        overlapRow("out", {0, 0, 0}),
        {"out INT32 (converted)", set("out", dtype(ACL_INT32)), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(SoftmaxBackwardErrors, softmaxBackwardCall, softmaxBackwardRows);

// LogSoftmaxBackward: nulls (output first); an empty gradOutput or output succeeds at once; output's then
// gradOutput's dtype and their equality; ranks and views; output's and out's shapes; dim last.
CallSpec logSoftmaxBackwardCall() {
    return CallSpec(kLogSoftmaxBackward, {{"gradOutput", TensorArg{{2, 3, 4}}}, {"output", TensorArg{{2, 3, 4}}},
                                          {"dim", int64_t{-1}}, {"out", TensorArg{{2, 3, 4}}}});
}
ErrorRows logSoftmaxBackwardRows() {
    return validRow() + outPointerRows() + nullRows({"output", "gradOutput", "out"}) + ErrorRows{
        {"empty gradOutput, bad everything else",
         set("gradOutput", shape({2, 0, 4})) + set("output", dtype(ACL_INT32)) + set("dim", value(int64_t{9})),
         ACL_SUCCESS, {}},
        {"output INT32 (before gradOutput)", set({"gradOutput", "output"}, dtype(ACL_INT32)),
         ACLNN_ERR_PARAM_INVALID, {"output", "DT_INT32"}},
        {"gradOutput DOUBLE", set("gradOutput", dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_INVALID,
         {"gradOutput", "DT_DOUBLE"}},
        {"output not gradOutput's dtype", set("output", dtype(ACL_BF16)), ACLNN_ERR_PARAM_INVALID,
         {"output", "gradOutput", "DT_BF16"}},
        {"gradOutput rank 9", set({"gradOutput", "output", "out"}, shape({1, 1, 1, 1, 1, 1, 2, 3, 4})),
         ACLNN_ERR_PARAM_INVALID, {"gradOutput", "8"}},
        shortRow("gradOutput"),
        {"output shape", set("output", shape({2, 4, 3})), ACLNN_ERR_PARAM_INVALID, {"output", "[2, 4, 3]"}},
        {"out shape (before dim)", set("out", shape({2, 4, 3})) + set("dim", value(int64_t{5})),
         ACLNN_ERR_PARAM_INVALID, {"out", "[2, 4, 3]"}},
        {"dim out of range", set("dim", value(int64_t{3})), ACLNN_ERR_PARAM_INVALID, {"dim", "[-3, 2]", "3"}},
        {"out COMPLEX32 (not storable)", set("out", dtype(ACL_COMPLEX32)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_COMPLEX32"}},
        overlapRow("out", {0, 0, 0}),
        {"out FLOAT16 (converted)", set("out", dtype(ACL_FLOAT16)), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(LogSoftmaxBackwardErrors, logSoftmaxBackwardCall, logSoftmaxBackwardRows);

}  // namespace
