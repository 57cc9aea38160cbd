// The elementwise engine (host/engines/elementwise.h), once for every operator on it, through Add,
// InplaceAdd, Adds, Cast and InplaceCopy: CANN's promotion table (spot checks), broadcasting, strided and
// offset views (stride-0 broadcast views included), the contiguous, walking (CPU) and strided kernels and
// their launch parameters, aliasing (exact in place computed, partial overlap rejected), empty tensors,
// cast on store, tensor-scalar typing. References in double with the engine's roundings (support/elementwise_ref.h):
// every comparison is exact.
#include <cmath>
#include <string>
#include <vector>

#include "common/test_hooks.h"
#include "engines/elementwise.h"
#include "harness/add.h"
#include "harness/cast.h"
#include "harness/copy.h"
#include "support/elementwise_ref.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {

class ElementwiseTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(ElementwiseTest);

// One operand of a checked Add: its view (contiguous unless strides are given) and dtype.
struct View {
    std::vector<int64_t> shape;
    aclDataType dtype = ACL_FLOAT;
    std::vector<int64_t> strides;  // empty: contiguous
    int64_t offset = 0;
    DeviceTensor make() const {
        return strides.empty() && offset == 0 ? DeviceTensor(shape, dtype) : DeviceTensor(shape, dtype, strides, offset);
    }
};

// out = self + alpha * other against the reference, exactly; the compute dtype is CANN's promotion.
void expectAdd(aclrtStream stream, const View &self, const View &other, double alpha, const View &out,
               uint64_t seed = 1) {
    SCOPED_TRACE(shapeName(self.shape) + " " + aclcl::dtypeName(self.dtype) + " + " + shapeName(other.shape) + " " +
                 aclcl::dtypeName(other.dtype) + " -> " + shapeName(out.shape) + " " + aclcl::dtypeName(out.dtype));
    DeviceTensor s = self.make(), o = other.make(), r = out.make();
    const std::vector<double> sv = refValues(self.dtype, static_cast<size_t>(product(self.shape)), seed),
                              ov = refValues(other.dtype, static_cast<size_t>(product(other.shape)), seed + 7);
    s.upload(sv);
    o.upload(ov);
    // A view that reads one element for several (a caller's stride 0) holds the last value uploaded there.
    const std::vector<double> svHeld = s.download(), ovHeld = o.download();
    r.fillStorage(0xA5);
    // A whole alpha as int64 (integer and bool computations refuse a float alpha), else float32.
    OwnedScalar a(alpha, alpha == std::floor(alpha) ? ACL_INT64 : ACL_FLOAT);
    ASSERT_ACL_OK(planAndRun(kAdd, {s, o, a.get(), r}, stream));
    const aclDataType c = aclcl::promoteType(self.dtype, other.dtype);
    const bool fused = c == ACL_FLOAT16;
    const std::vector<double> got = r.download();
    const size_t n = static_cast<size_t>(product(out.shape)), ps = refIsComplex(self.dtype) ? 2 : 1,
                 po = refIsComplex(other.dtype) ? 2 : 1, pr = refIsComplex(out.dtype) ? 2 : 1;
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
        const size_t is = refBroadcastIndex(i, out.shape, self.shape), io = refBroadcastIndex(i, out.shape, other.shape);
        RefComplex x{svHeld[is * ps], ps == 2 ? svHeld[is * ps + 1] : 0},
            y{ovHeld[io * po], po == 2 ? ovHeld[io * po + 1] : 0};
        const RefComplex want = refAdd(x, y, alpha, c, fused);
        const double wantRe = refStore(want.re, out.dtype), wantIm = refStore(want.im, out.dtype);
        const bool ok = sameValue(got[i * pr], wantRe) && (pr == 1 || sameValue(got[i * pr + 1], wantIm));
        if (!ok && bad++ < 5) {
            ADD_FAILURE() << "element " << i << ": got " << got[i * pr] << ", want " << wantRe;
        }
    }
    EXPECT_EQ(bad, 0u);
}

// ---------------------------------------------------------------------------------------------
// Promotion (OPS_COMPANION 1.1): spot checks of the table, then through a real call.

TEST(ElementwisePromotion, TableSpotChecks) {
    using aclcl::promoteType;
    EXPECT_EQ(promoteType(ACL_UINT8, ACL_INT8), ACL_INT16);
    EXPECT_EQ(promoteType(ACL_INT8, ACL_UINT8), ACL_INT16);
    EXPECT_EQ(promoteType(ACL_FLOAT16, ACL_BF16), ACL_FLOAT);
    EXPECT_EQ(promoteType(ACL_BOOL, ACL_BOOL), ACL_BOOL);
    EXPECT_EQ(promoteType(ACL_BOOL, ACL_INT8), ACL_INT8);
    EXPECT_EQ(promoteType(ACL_INT64, ACL_FLOAT16), ACL_FLOAT16);
    EXPECT_EQ(promoteType(ACL_BF16, ACL_INT32), ACL_BF16);
    EXPECT_EQ(promoteType(ACL_DOUBLE, ACL_COMPLEX64), ACL_COMPLEX128);
    EXPECT_EQ(promoteType(ACL_COMPLEX64, ACL_FLOAT), ACL_COMPLEX64);
    EXPECT_EQ(promoteType(ACL_UINT16, ACL_UINT16), ACL_UINT16);
    EXPECT_EQ(promoteType(ACL_UINT16, ACL_INT8), ACL_DT_UNDEFINED);
    EXPECT_EQ(promoteType(ACL_UINT32, ACL_COMPLEX64), ACL_COMPLEX64);
    EXPECT_EQ(promoteType(ACL_COMPLEX64, ACL_UINT32), ACL_DT_UNDEFINED);  // CANN's table is asymmetric there
    EXPECT_EQ(promoteType(ACL_UINT64, ACL_COMPLEX64), ACL_COMPLEX128);
    // Symmetric over the lattice.
    const aclDataType lattice[] = {ACL_BOOL,    ACL_UINT8, ACL_INT8,  ACL_INT16,  ACL_INT32,     ACL_INT64,
                                   ACL_FLOAT16, ACL_BF16,  ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
    for (aclDataType a : lattice) {
        for (aclDataType b : lattice) EXPECT_EQ(promoteType(a, b), promoteType(b, a)) << a << " " << b;
    }
}

TEST_P(ElementwiseTest, MixedDtypesComputeInThePromotedDtype) {
    expectAdd(stream, {{2, 3, 4}, ACL_UINT8}, {{2, 3, 4}, ACL_INT8}, 1, {{2, 3, 4}, ACL_INT16});
    expectAdd(stream, {{2, 3, 4}, ACL_FLOAT16}, {{2, 3, 4}, ACL_BF16}, 1, {{2, 3, 4}, ACL_FLOAT});
    expectAdd(stream, {{2, 3, 4}, ACL_INT32}, {{2, 3, 4}, ACL_FLOAT16}, 2, {{2, 3, 4}, ACL_FLOAT16});
    expectAdd(stream, {{2, 3, 4}, ACL_BOOL}, {{2, 3, 4}, ACL_INT64}, 3, {{2, 3, 4}, ACL_INT64});
    expectAdd(stream, {{2, 3, 4}, ACL_BOOL}, {{2, 3, 4}, ACL_BOOL}, 1, {{2, 3, 4}, ACL_BOOL});
    expectAdd(stream, {{7}, ACL_COMPLEX64}, {{7}, ACL_FLOAT}, 0.5, {{7}, ACL_COMPLEX64});
    if (fp64()) expectAdd(stream, {{7}, ACL_COMPLEX64}, {{7}, ACL_DOUBLE}, 0.5, {{7}, ACL_COMPLEX128});
}

// Cast on store: the result rounds once to the compute dtype, then converts to out's.
TEST_P(ElementwiseTest, OutputsOfAnotherDtypeAreCastOnStore) {
    expectAdd(stream, {{3, 5}, ACL_FLOAT16}, {{3, 5}, ACL_FLOAT16}, 1.5, {{3, 5}, ACL_FLOAT});  // fp16 first
    expectAdd(stream, {{3, 5}, ACL_BF16}, {{3, 5}, ACL_BF16}, 1.5, {{3, 5}, ACL_FLOAT});
    expectAdd(stream, {{3, 5}, ACL_INT32}, {{3, 5}, ACL_INT16}, 2, {{3, 5}, ACL_FLOAT16});
    expectAdd(stream, {{3, 5}, ACL_INT8}, {{3, 5}, ACL_INT8}, 3, {{3, 5}, ACL_INT64});  // int8 wraps first
    expectAdd(stream, {{3, 5}, ACL_FLOAT}, {{3, 5}, ACL_FLOAT}, 1, {{3, 5}, ACL_COMPLEX64});
    if (fp64()) expectAdd(stream, {{3, 5}, ACL_FLOAT}, {{3, 5}, ACL_FLOAT}, 1, {{3, 5}, ACL_DOUBLE});
}

// ---------------------------------------------------------------------------------------------
// Broadcasting (OPS_COMPANION 1.3) and views.

TEST_P(ElementwiseTest, BroadcastsLikeNumPy) {
    expectAdd(stream, {{2, 1, 4}}, {{3, 1}}, 1, {{2, 3, 4}});
    expectAdd(stream, {{5, 6}}, {{}}, 2, {{5, 6}});  // a 0-d other
    expectAdd(stream, {{}}, {{4}}, 2, {{4}});
    expectAdd(stream, {{1}}, {{1}}, 1, {{1}});
    expectAdd(stream, {{3, 1, 5, 1}}, {{1, 4, 1, 2}}, -1, {{3, 4, 5, 2}});
    expectAdd(stream, {{2, 3, 2, 3, 2, 3, 2, 3}}, {{3, 1, 3, 1, 3, 1, 3}}, 1, {{2, 3, 2, 3, 2, 3, 2, 3}});  // rank 8
}

TEST_P(ElementwiseTest, StridedOffsetAndBroadcastViews) {
    // self transposed in memory, other at an offset with gaps, out strided at an offset.
    expectAdd(stream, {{4, 6}, ACL_FLOAT, {1, 4}, 0}, {{4, 6}, ACL_FLOAT, {14, 2}, 5}, 1, {{4, 6}, ACL_FLOAT, {7, 1}, 3});
    // A stride-0 view given by the caller (one row read for every row), and an fp16 out with gaps.
    expectAdd(stream, {{5, 8}, ACL_FLOAT16, {0, 1}, 2}, {{5, 8}, ACL_FLOAT16, {8, 1}, 0}, 0.5,
              {{5, 8}, ACL_FLOAT16, {16, 2}, 1});
    // int64 through every kernel path: strided in, contiguous out.
    expectAdd(stream, {{3, 4, 5}, ACL_INT64, {1, 15, 3}, 4}, {{5}, ACL_INT64}, 7, {{3, 4, 5}, ACL_INT64});
}

// The contiguous kernel (a whole tensor as one run, a broadcast single element) and the strided one
// give the same bits under every launch parameter: elements per work-item, 64-bit index math.
TEST_P(ElementwiseTest, EveryLaunchParameterGivesTheSameBits) {
    std::vector<double> first;
    const View self{{3, 1000}}, other{{1}}, out{{3, 1000}};
    for (int elems : {1, 2, 4, 8}) {
        for (bool wide : {false, true}) {
            SCOPED_TRACE("elems " + std::to_string(elems) + (wide ? " wide" : ""));
            aclcl::ScopedTestHook e(aclcl::TestHook::RowStreamElems, elems);
            aclcl::ScopedTestHook w(aclcl::TestHook::WideIndex, wide);
            expectAdd(stream, self, other, 1.25, out, 11);
            // The vector form: whole units of four and a partial last one, fp16 and bf16 lanes.
            expectAdd(stream, {{3, 1001}, ACL_FLOAT16}, {{3, 1001}, ACL_FLOAT16}, 0.5, {{3, 1001}, ACL_FLOAT16}, 13);
            expectAdd(stream, {{1001}, ACL_BF16}, {{1}, ACL_BF16}, 0.5, {{1001}, ACL_FLOAT}, 14);
            // Slots of different vector types: float16 and float32 lanes into a float32 computation.
            expectAdd(stream, {{1001}, ACL_FLOAT16}, {{1001}, ACL_FLOAT}, 0.5, {{1001}, ACL_FLOAT}, 15);
            if (fp64()) expectAdd(stream, {{1001}, ACL_FLOAT}, {{1001}, ACL_DOUBLE}, 0.5, {{1001}, ACL_DOUBLE}, 16);
            expectAdd(stream, {{3, 1000}, ACL_FLOAT, {1, 3}, 0}, {{1000}}, 1.25, out, 12);
        }
    }
}

// The CPU devices' kernel for views that are no single run (ew_walk: a run of out's elements per work-item,
// row by row) under runs that end mid-row, mid-unit of four and past the last element, and the kernel the
// other devices take for them (ew_strided, through TestHook::ManyWorkItemKernels on every device): other
// broadcast along the row and across it, rows of two, a transposed self and a strided out (steps read at
// run time), vector units with a partial last one, both operands broadcast into a wider out.
TEST_P(ElementwiseTest, EveryWalkRunGivesTheSameBits) {
    for (bool many : {false, true}) {
        for (int run : many ? std::vector<int>{0} : std::vector<int>{1, 3, 4, 7, 64, 4096}) {
            SCOPED_TRACE(many ? std::string("many work-items") : "run " + std::to_string(run));
            aclcl::ScopedTestHook m(aclcl::TestHook::ManyWorkItemKernels, many);
            aclcl::ScopedTestHook r(aclcl::TestHook::ElementwiseWalkRun, run);
            expectAdd(stream, {{2, 3, 37}}, {{3, 1}}, 1.25, {{2, 3, 37}}, 21);
            expectAdd(stream, {{2, 3, 37}}, {{37}}, 1.25, {{2, 3, 37}}, 22);
            expectAdd(stream, {{9, 2}}, {{9, 1}}, -1, {{9, 2}}, 23);
            expectAdd(stream, {{6, 5}, ACL_FLOAT, {1, 6}, 0}, {{5}}, 1.25, {{6, 5}}, 24);
            expectAdd(stream, {{4, 9}, ACL_FLOAT16}, {{4, 1}, ACL_FLOAT16}, 0.5, {{4, 9}, ACL_FLOAT16, {20, 2}, 1}, 25);
            expectAdd(stream, {{3, 13}, ACL_BF16}, {{13}, ACL_FLOAT}, 0.5, {{3, 13}, ACL_FLOAT}, 26);
            expectAdd(stream, {{3, 1, 5}, ACL_INT32}, {{4, 1}, ACL_INT8}, 3, {{3, 4, 5}, ACL_INT64}, 27);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Aliasing: an output that is exactly an input's view is computed in place; any other overlap is
// rejected before anything runs.

TEST_P(ElementwiseTest, OutExactlyOverAnInputIsComputedInPlace) {
    DeviceTensor x({4, 33}, ACL_FLOAT), y({33}, ACL_FLOAT);
    const std::vector<double> xv = refValues(ACL_FLOAT, 132, 3), yv = refValues(ACL_FLOAT, 33, 4);
    x.upload(xv);
    y.upload(yv);
    OwnedScalar alpha(2, ACL_FLOAT);
    ASSERT_ACL_OK(planAndRun(kAdd, {x, y, alpha.get(), x}, stream));  // out = self
    std::vector<double> got = x.download();
    for (size_t i = 0; i < got.size(); ++i) {
        const double want = refAdd({xv[i]}, {yv[i % 33]}, 2, ACL_FLOAT, false).re;
        ASSERT_TRUE(sameValue(got[i], want)) << i << ": got " << got[i] << " want " << want << " x " << xv[i]
                                              << " y " << yv[i % 33];
    }
    // InplaceAdd(x, x): other is selfRef itself.
    x.upload(xv);
    ASSERT_ACL_OK(planAndRun(kInplaceAdd, {x, x, alpha.get()}, stream));
    got = x.download();
    for (size_t i = 0; i < got.size(); ++i) {
        ASSERT_TRUE(sameValue(got[i], refAdd({xv[i]}, {xv[i]}, 2, ACL_FLOAT, false).re)) << i;
    }
}

TEST_P(ElementwiseTest, PartialOverlapIsRejectedAndWritesNothing) {
    DeviceTensor x({64}, ACL_FLOAT);
    x.upload(refValues(ACL_FLOAT, 64, 5));
    const std::vector<uint8_t> before = x.storage();
    // out = x shifted by one element: it overlaps self without being its view.
    const int64_t dims[] = {63}, stride[] = {1}, storage[] = {64};
    aclTensor *self = aclCreateTensor(dims, 1, ACL_FLOAT, stride, 0, ACL_FORMAT_ND, storage, 1, x.data());
    aclTensor *out = aclCreateTensor(dims, 1, ACL_FLOAT, stride, 1, ACL_FORMAT_ND, storage, 1, x.data());
    OwnedScalar alpha(1, ACL_FLOAT);
    EXPECT_EQ(planAndRun(kAdd, {self, self, alpha.get(), out}, stream), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("overlaps"), std::string::npos) << aclGetRecentErrMsg();
    // A broadcast source over its own destination: never the same view.
    const int64_t one[] = {1}, zero[] = {0};
    aclTensor *src = aclCreateTensor(one, 1, ACL_FLOAT, zero, 0, ACL_FORMAT_ND, storage, 1, x.data());
    EXPECT_EQ(planAndRun(kInplaceCopy, {self, src}, stream), ACLNN_ERR_PARAM_INVALID);
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    EXPECT_TRUE(x.storage() == before) << "a rejected call wrote";
    aclDestroyTensor(self);
    aclDestroyTensor(out);
    aclDestroyTensor(src);
}

// ---------------------------------------------------------------------------------------------
// Empty tensors: every check runs, then nothing is planned and nothing written.

TEST_P(ElementwiseTest, EmptyTensorsPlanNothing) {
    DeviceTensor s({0, 3}, ACL_FLOAT), o({3}, ACL_FLOAT), r({0, 3}, ACL_FLOAT), one({1, 3}, ACL_FLOAT);
    OwnedScalar alpha(1, ACL_FLOAT);
    uint64_t ws = 123;
    ASSERT_ACL_OK(planAndRun(kAdd, {s, o, alpha.get(), r}, stream, &ws));
    EXPECT_EQ(ws, 0u);
    ASSERT_ACL_OK(planAndRun(kInplaceCopy, {r, o}, stream));
    ASSERT_ACL_OK(planAndRun(kCast, {s, ACL_FLOAT, r}, stream));
    // 1 broadcast against 0 gives 0: the checks still see out's shape.
    EXPECT_EQ(planAndRun(kAdd, {s, o, alpha.get(), one}, stream), ACLNN_ERR_PARAM_INVALID);
}

// ---------------------------------------------------------------------------------------------
// Tensor-scalar typing (OPS_COMPANION 1.4), through Adds.

void expectAdds(aclrtStream stream, aclDataType self, double scalar, aclDataType scalarDtype, aclDataType out,
                aclDataType compute) {
    SCOPED_TRACE(std::string(aclcl::dtypeName(self)) + " + scalar " + aclcl::dtypeName(scalarDtype));
    DeviceTensor s({17}, self), r({17}, out);
    const std::vector<double> sv = refValues(self, 17, 9);
    s.upload(sv);
    OwnedScalar other(scalar, scalarDtype), alpha(1, ACL_INT64);
    ASSERT_ACL_OK(planAndRun(kAdds, {s, other.get(), alpha.get(), r}, stream));
    const std::vector<double> got = r.download();
    const double b = refRound(roundTo(scalar, scalarDtype), compute);
    for (size_t i = 0; i < got.size(); ++i) {
        const double want = refStore(refAdd({sv[i]}, {b}, 1, compute, compute == ACL_FLOAT16).re, out);
        ASSERT_TRUE(sameValue(got[i], want)) << i << ": got " << got[i] << " want " << want;
    }
}

TEST_P(ElementwiseTest, TensorScalarTyping) {
    expectAdds(stream, ACL_FLOAT16, 0.1, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT16);  // the scalar adapts
    expectAdds(stream, ACL_INT32, 0.5, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16);  // int + fp16 scalar: fp16
    expectAdds(stream, ACL_INT32, 3, ACL_INT64, ACL_INT32, ACL_INT32);          // int keeps its width
    expectAdds(stream, ACL_BOOL, 5, ACL_INT64, ACL_INT64, ACL_INT64);           // bool promotes
    expectAdds(stream, ACL_INT8, 0.25, ACL_DOUBLE, ACL_FLOAT, ACL_FLOAT);       // F64 scalar, F32 out
}

// ---------------------------------------------------------------------------------------------
// Runs are bit-identical.

TEST_P(ElementwiseTest, TwoRunsAreBitIdentical) {
    DeviceTensor s({9, 130}, ACL_BF16), o({130}, ACL_BF16), r({9, 130}, ACL_BF16);
    s.upload(refValues(ACL_BF16, 9 * 130, 1));
    o.upload(refValues(ACL_BF16, 130, 2));
    OwnedScalar alpha(0.3, ACL_FLOAT);
    ASSERT_ACL_OK(planAndRun(kAdd, {s, o, alpha.get(), r}, stream));
    const std::vector<uint8_t> first = r.storage();
    r.fillStorage(0);
    ASSERT_ACL_OK(planAndRun(kAdd, {s, o, alpha.get(), r}, stream));
    EXPECT_TRUE(r.storage() == first);
}

}  // namespace
