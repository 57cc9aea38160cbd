// The elementwise engine (host/engines/elementwise.h), once for every operator on it, through Add,
// InplaceAdd, Adds, Cast, InplaceCopy and Permute: CANN's promotion table (spot checks), broadcasting,
// strided, offset and permuted views (stride-0 broadcast views included), the contiguous, walking (CPU)
// and strided kernels and their launch parameters, aliasing (exact in place computed, partial overlap
// rejected), empty tensors, cast on store, tensor-scalar typing; and the unary form through rows of this
// file's own: views, in place, empties and what each of a unary row's fields changes. References in double
// with the engine's roundings (support/elementwise_ref.h): every comparison is exact.
#include <cmath>
#include <string>
#include <vector>

#include "common/test_hooks.h"
#include "engines/elementwise.h"
#include "meta/executor.h"
#include "harness/add.h"
#include "harness/cast.h"
#include "harness/copy.h"
#include "harness/permute.h"
#include "harness/mul.h"
#include "support/elementwise_ref.h"
#include "support/int_array.h"
#include "support/op_test.h"
#include "support/plan_log.h"
#include "support/row_stream_params.h"

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

// An operand read through its dims in another order (ElementwiseOperand::permuted, through Permute): the
// permuted strides merge like any view's. self's storage holds each element's own storage index; a
// transposed self whose order undoes the transposition is one contiguous run (the vector kernel, with a
// partial last unit), a partial order merges its inner dims, and the last steps through every dim.
TEST_P(ElementwiseTest, PermutedOperandsMergeLikeAnyView) {
    struct Case {
        const char *name;
        std::vector<int64_t> shape, strides, dims;
    };
    const Case cases[] = {
        {"the order undoing a transposition", {1001, 3, 2}, {1, 1001, 3003}, {2, 1, 0}},
        {"inner dims merging", {2, 3, 1001}, {3003, 1001, 1}, {1, 0, 2}},
        {"every dim strided", {2, 3, 5, 7}, {105, 35, 7, 1}, {3, 0, 2, 1}},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.name);
        std::vector<int64_t> outShape;
        for (int64_t d : c.dims) outShape.push_back(c.shape[static_cast<size_t>(d)]);
        DeviceTensor self(c.shape, ACL_FLOAT, c.strides, 0), out(outShape, ACL_FLOAT);
        const std::vector<int64_t> at = viewStorageElements(c.shape, c.strides, 0);
        self.upload(std::vector<double>(at.begin(), at.end()));
        const IntArray dims(c.dims);
        ASSERT_ACL_OK(planAndRun(kPermute, {self, dims.get(), out}, stream));
        const std::vector<double> got = out.download();
        ASSERT_EQ(got.size(), static_cast<size_t>(product(outShape)));
        size_t bad = 0;
        for (size_t o = 0; o < got.size(); ++o) {
            int64_t rest = static_cast<int64_t>(o), want = 0;
            for (size_t k = outShape.size(); k-- > 0;) {
                want += rest % outShape[k] * c.strides[static_cast<size_t>(c.dims[k])];
                rest /= outShape[k];
            }
            if (got[o] != static_cast<double>(want) && bad++ < 3) {
                ADD_FAILURE() << "element " << o << ": got " << got[o] << ", want " << want;
            }
        }
        EXPECT_EQ(bad, 0u);
    }
}

// A copy within FLOAT16 or BF16 (Permute, InplaceCopy, Cast to the same dtype) moves the 16 bits: NaN
// payloads and signalling NaNs survive, which the float the kernels otherwise compute in need not keep (PoCL's
// vstore_half makes every NaN 0x7fff). A transposed source takes the strided kernel, a contiguous one the
// contiguous kernel.
TEST_P(ElementwiseTest, CopiesWithinFp16AndBf16MoveTheirBits) {
    const std::vector<uint16_t> fp16{0x7e00, 0x7e01, 0xfe00, 0x7d00, 0x7c01, 0xffff, 0x8000, 0x7c00, 0x0001, 0x3c00},
        bf16{0x7fc0, 0x7fc1, 0xffc0, 0x7f81, 0x7fa0, 0xffff, 0x8000, 0x7f80, 0x0001, 0x3f80};
    for (aclDataType d : {ACL_FLOAT16, ACL_BF16}) {
        const std::vector<uint16_t> &bits = d == ACL_FLOAT16 ? fp16 : bf16;
        for (bool transposed : {false, true}) {
            SCOPED_TRACE(std::string(aclcl::dtypeName(d)) + (transposed ? ", transposed source" : ""));
            DeviceTensor src = transposed ? DeviceTensor({2, 5}, d, {1, 2}, 0) : DeviceTensor({2, 5}, d);
            DeviceTensor copied({2, 5}, d), cast({2, 5}, d), permuted({5, 2}, d);
            ASSERT_ACL_OK(aclrtMemcpy(src.data(), 20, bits.data(), 20, ACL_MEMCPY_HOST_TO_DEVICE));
            const IntArray dims({1, 0});
            ASSERT_ACL_OK(planAndRun(kInplaceCopy, {copied, src}, stream));
            ASSERT_ACL_OK(planAndRun(kCast, {src, d, cast}, stream));
            ASSERT_ACL_OK(planAndRun(kPermute, {src, dims.get(), permuted}, stream));
            // Element (i, j) of src lies at storage element i * 5 + j, or i + 2 * j when transposed.
            auto at = [&](size_t i, size_t j) { return bits[transposed ? i + 2 * j : i * 5 + j]; };
            std::vector<uint16_t> got(10);
            for (const DeviceTensor *t : {&copied, &cast}) {
                ASSERT_ACL_OK(aclrtMemcpy(got.data(), 20, t->data(), 20, ACL_MEMCPY_DEVICE_TO_HOST));
                for (size_t e = 0; e < 10; ++e) {
                    EXPECT_EQ(got[e], at(e / 5, e % 5)) << (t == &cast ? "Cast, " : "InplaceCopy, ") << "element " << e;
                }
            }
            ASSERT_ACL_OK(aclrtMemcpy(got.data(), 20, permuted.data(), 20, ACL_MEMCPY_DEVICE_TO_HOST));
            for (size_t e = 0; e < 10; ++e) EXPECT_EQ(got[e], at(e % 2, e / 2)) << "Permute, element " << e;
        }
    }
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

// The launch parameters through a kernel parameter file (kernels/kernel_params.h) on the GPU kernels
// (ew_contiguous, ew_strided) on every device: each set gives the right results.
TEST_P(ElementwiseTest, KernelParameterFilesGiveTheSameResults) {
    int sets = 0;
    for (const testing_support::RowStreamParams &p : testing_support::rowStreamParameterSpace()) {
        if (p.elems == 0 && p.groupX == 0) continue;
        // The quick tier: two elements a work-item under each work-group (each count is a program build per
        // dtype, tenths of a second each on a CPU runtime); the full tier: every set.
        if (quickTier() && p.elems != 2) continue;
        SCOPED_TRACE("kernel parameter file: " + p.name());
        testing_support::ScopedKernelParamsFile file(aclcl::deviceAt(device()), p);
        expectAdd(stream, {{3, 1001}, ACL_FLOAT16}, {{3, 1001}, ACL_FLOAT16}, 0.5, {{3, 1001}, ACL_FLOAT16}, 13);
        expectAdd(stream, {{3, 1000}, ACL_FLOAT, {1, 3}, 0}, {{1000}}, 1.25, {{3, 1000}}, 12);
        ++sets;
    }
    EXPECT_GT(sets, 0);
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

namespace {

// Cast of 45 floats into `to` at out's storage offset `offset`, the conversion's edges first (NaN,
// infinities, values past each integer range and at its ends, negatives, halves), against the reference.
void expectCastFromFloat(aclrtStream stream, aclDataType to, int64_t offset) {
    SCOPED_TRACE(std::string("Cast DT_FLOAT -> ") + aclcl::dtypeName(to));
    const double edges[] = {NAN,   INFINITY, -INFINITY, 1e10,          -1e10,        300.75,       -300.75,
                            70000, -0.0,     2.5,       -2.5,          3e9,          5e9,          -129.5,
                            255.5, 127.9,    -128.9,    2147483648.0, -2147483648.0, 4294967296.0, 1e19};
    std::vector<double> values = refValues(ACL_FLOAT, 45, 43);
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; ++i) values[i] = roundTo(edges[i], ACL_FLOAT);
    DeviceTensor self({45}, ACL_FLOAT), out({45}, to, {1}, offset);
    self.upload(values);
    const std::vector<double> held = self.download();
    out.fillStorage(0xA5);
    ASSERT_ACL_OK(planAndRun(kCast, {self, to, out}, stream));
    const std::vector<double> got = out.download();
    size_t bad = 0;
    for (size_t i = 0; i < held.size(); ++i) {
        const double want = refConvert({held[i], 0}, ACL_FLOAT, to).re;
        if (!sameValue(got[i], want) && bad++ < 3) {
            ADD_FAILURE() << "element " << i << " (" << held[i] << "): got " << got[i] << ", want " << want;
        }
    }
    EXPECT_EQ(bad, 0u);
}

}  // namespace

// The non-temporal stores of the CPU devices' ew_walk (TestHook::ElementwiseStreamStores forces them at any
// size; the engine takes them where a launch moves more than the device's cache holds): out's elements
// before its first aligned unit (of eight, or four), whole units, and the last few, for outs at every
// storage offset modulo the unit, runs that end mid-unit, contiguous and strided inputs, a broadcast
// scalar, and outs of 1, 2, 4 and 8 bytes (bool keeps its plain stores, as every out of 1 or 2 bytes
// computed lane by lane does; fp16, bf16, int32, int64, float, double, and floats cast into integers in
// vectors take them), each against the reference's exact bits.
TEST_P(ElementwiseTest, StreamStoresGiveTheSameBits) {
    aclcl::ScopedTestHook nt(aclcl::TestHook::ElementwiseStreamStores);
    for (int run : {0, 3, 8, 13, 64}) {
        SCOPED_TRACE("run " + std::to_string(run));
        aclcl::ScopedTestHook r(aclcl::TestHook::ElementwiseWalkRun, run);
        for (int64_t offset = 0; offset < 9; ++offset) {
            SCOPED_TRACE("out's storage offset " + std::to_string(offset));
            expectAdd(stream, {{2, 37}}, {{2, 37}}, 1.25, {{2, 37}, ACL_FLOAT, {37, 1}, offset}, 31);
            expectAdd(stream, {{75}}, {{1}}, -1, {{75}, ACL_FLOAT, {1}, offset}, 32);
            expectAdd(stream, {{5, 13}, ACL_FLOAT, {1, 5}, 0}, {{13}}, 0.5, {{5, 13}, ACL_FLOAT, {13, 1}, offset}, 33);
            expectAdd(stream, {{3, 21}, ACL_FLOAT16}, {{3, 21}, ACL_FLOAT16}, 0.5, {{3, 21}, ACL_FLOAT16, {21, 1}, offset},
                      34);
            expectAdd(stream, {{41}, ACL_BF16}, {{41}, ACL_FLOAT}, 0.5, {{41}, ACL_BF16, {1}, offset}, 35);
            expectAdd(stream, {{2, 45}}, {{45}}, 2, {{2, 45}, ACL_FLOAT16, {45, 1}, offset}, 40);
            expectAdd(stream, {{3, 19}, ACL_INT32}, {{19}, ACL_INT8}, 3, {{3, 19}, ACL_INT64, {19, 1}, offset}, 36);
            expectAdd(stream, {{43}, ACL_INT32}, {{43}, ACL_INT32}, 2, {{43}, ACL_INT32, {1}, offset}, 37);
            expectAdd(stream, {{39}, ACL_BOOL}, {{39}, ACL_BOOL}, 1, {{39}, ACL_BOOL, {1}, offset}, 38);
            if (fp64()) {
                expectAdd(stream, {{29}, ACL_DOUBLE}, {{29}, ACL_FLOAT}, 0.5, {{29}, ACL_DOUBLE, {1}, offset}, 39);
            }
            for (aclDataType to : {ACL_INT32, ACL_INT8, ACL_UINT8, ACL_INT64, ACL_UINT32}) {
                expectCastFromFloat(stream, to, offset);
            }
        }
    }
}

// Which launches take the non-temporal stores, read from the plan's log: on the CPU devices' walking kernel
// an Add whose operands and out move more bytes than the device's largest cache (three times it here), not
// one that moves less (three quarters), and never on the devices that take the many-work-item kernels
// (whatever cache they report; Oclgrind reports none); an fp16 out from float takes them in vectors of
// eight, an int16 out (units computed lane by lane, under 16 bytes) keeps its plain stores.
TEST_P(ElementwiseTest, StreamStoresBeyondTheDeviceCache) {
    const aclcl::Device &dev = aclcl::deviceAt(device());
    const bool walking = !dev.manyWorkItemKernels();
    OwnedScalar alpha(1, ACL_INT64);
    if (!walking) {
        // Whatever the device reports as its cache (Oclgrind: none), its kernels are the many-work-item ones.
        DeviceTensor x({4096}, ACL_FLOAT), y({4096}, ACL_FLOAT), out({4096}, ACL_FLOAT);
        const std::string text = planLog(kAdd, {x, y, alpha.get(), out});
        EXPECT_EQ(text.find("non-temporal stores"), std::string::npos) << text;
        EXPECT_NE(text.find("kernel ew_contiguous "), std::string::npos) << text;
        return;
    }
    const int64_t big = static_cast<int64_t>(dev.cacheBytes / 4), small = static_cast<int64_t>(dev.cacheBytes / 16);
    ASSERT_GT(small, 0) << dev.describe() << " reports no cache size";
    if (big > (int64_t{1} << 27)) GTEST_SKIP() << "a cache of " << dev.cacheBytes << " bytes: the tensors would be too big";
    for (int64_t n : {small, big}) {
        SCOPED_TRACE(std::to_string(n) + " elements");
        DeviceTensor x({n}, ACL_FLOAT), y({n}, ACL_FLOAT), out({n}, ACL_FLOAT);
        const std::string text = planLog(kAdd, {x, y, alpha.get(), out});
        EXPECT_EQ(text.find("non-temporal stores") != std::string::npos, n == big) << text;
        EXPECT_EQ(text.find("kernel ew_walk ") != std::string::npos, n == big) << text;
    }
    DeviceTensor x({big}, ACL_FLOAT), y({big}, ACL_FLOAT), half({big}, ACL_FLOAT16);
    std::string text = planLog(kAdd, {x, y, alpha.get(), half});
    EXPECT_NE(text.find("non-temporal stores of 8 elements"), std::string::npos) << text;
    DeviceTensor i({big}, ACL_INT16), j({big}, ACL_INT16), k({big}, ACL_INT16);
    text = planLog(kAdd, {i, j, alpha.get(), k});
    EXPECT_EQ(text.find("non-temporal stores"), std::string::npos) << text;
}

// ---------------------------------------------------------------------------------------------
// Aliasing: an output that is exactly an input's view is computed in place; any other overlap is
// rejected before anything runs.

namespace {

// Add with out = self, then InplaceAdd(x, x), against the reference.
void expectInPlaceAdd(aclrtStream stream) {
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

}  // namespace

TEST_P(ElementwiseTest, OutExactlyOverAnInputIsComputedInPlace) {
    for (bool nt : {false, true}) {
        SCOPED_TRACE(nt ? "non-temporal stores where the device takes them" : "the kernels the size takes");
        aclcl::ScopedTestHook hook(aclcl::TestHook::ElementwiseStreamStores, nt);
        expectInPlaceAdd(stream);
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

// A complex computation stored into a real out keeps the real part, on the contiguous path too (a float32
// self with a complex scalar: Muls does not check CanCast(compute, out)).
TEST_P(ElementwiseTest, ComplexComputationIntoARealOut) {
    DeviceTensor s({9}, ACL_FLOAT), r({9}, ACL_FLOAT);
    const std::vector<double> x = refValues(ACL_FLOAT, 9, 31);
    s.upload(x);
    const float parts[2] = {2, 1};  // 2 + i: the real part of x (2 + i) is 2x
    aclScalar *z = aclCreateScalar(const_cast<float *>(parts), ACL_COMPLEX64);
    ASSERT_ACL_OK(planAndRun(kMuls, {s, z, r}, stream));
    aclDestroyScalar(z);
    const std::vector<double> got = r.download();
    for (size_t i = 0; i < x.size(); ++i) EXPECT_TRUE(sameValue(got[i], 2 * x[i])) << i << ": got " << got[i];
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

// ---------------------------------------------------------------------------------------------
// The unary form (unaryGetWorkspaceSize), through rows of the test's own, each called through a binding
// as an operator's would be: the views, in place, empties, and what each unary field of a row changes.
// The operators' files test their own rows' values.

using aclcl::ElementwiseRow;

ElementwiseRow negRow(const char *api) {  // every default: self's dtype, CanCast(self, out), rank then shape
    return ElementwiseRow{api, "-a", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_INT32, ACL_DOUBLE}};
}
const ElementwiseRow kNegRow = negRow("aclnnEngineNeg"), kInplaceNegRow = negRow("aclnnEngineInplaceNeg");

ElementwiseRow halfRow() {  // an integer or bool self computes in F32: a true half, then CanCast(F32, out)
    ElementwiseRow row{"aclnnEngineHalf", "a / 2", {ACL_INT32, ACL_BOOL, ACL_FLOAT16}};
    row.unaryCompute = aclcl::UnaryCompute::IntegralInF32;
    return row;
}
const ElementwiseRow kHalfRow = halfRow();

ElementwiseRow absRow() {  // |z| of a complex self is real: out must be the part's dtype; formats checked
    ElementwiseRow row{"aclnnEngineAbs", "EW_ABS(a)", {ACL_COMPLEX64, ACL_FLOAT, ACL_INT8}};
    row.unaryOut = aclcl::UnaryOut::IsResult;
    row.realResultOfComplex = true;
    row.formatCheck = aclcl::FormatCheck::NotPrivateSameAsSelf;
    return row;
}
const ElementwiseRow kAbsRow = absRow();

// out in its own list, an integer self cast to out's dtype first, shape before rank, and an Inplace form
// with its own list.
ElementwiseRow listedRow(const char *api) {
    ElementwiseRow row{api, "a", {ACL_INT32, ACL_FLOAT, ACL_FLOAT16}};
    row.unaryOut = aclcl::UnaryOut::Listed;
    row.outDtypes = {ACL_FLOAT, ACL_FLOAT16};
    row.unaryCompute = aclcl::UnaryCompute::IntegralInOut;
    row.rankCheck = aclcl::RankCheck::AfterShape;
    row.inplaceDtypes = {ACL_FLOAT16};
    return row;
}
const ElementwiseRow kListedRow = listedRow("aclnnEngineListed"), kInplaceListedRow = listedRow("aclnnEngineInplaceListed");

ElementwiseRow unrankedRow() {
    ElementwiseRow row = negRow("aclnnEngineUnranked");
    row.rankCheck = aclcl::RankCheck::None;
    return row;
}
const ElementwiseRow kUnrankedRow = unrankedRow();

template <const ElementwiseRow &kRow>
aclnnStatus unaryPlan(const Binding &b, const Args &args, uint64_t *ws, aclOpExecutor **ex) {
    return aclcl::unaryGetWorkspaceSize(kRow, args[0].as<const aclTensor *>(b.api(), "self"),
                                        args[1].as<const aclTensor *>(b.api(), "out"), ws, ex);
}
template <const ElementwiseRow &kRow>
aclnnStatus inplaceUnaryPlan(const Binding &b, const Args &args, uint64_t *ws, aclOpExecutor **ex) {
    return aclcl::unaryGetWorkspaceSize(kRow, args[0].as<const aclTensor *>(b.api(), "selfRef"), nullptr, ws, ex,
                                        true);
}
template <const ElementwiseRow &kRow>
aclnnStatus unaryRun(void *w, uint64_t n, aclOpExecutor *e, aclrtStream s) {
    return aclcl::runExecutor(kRow.api, w, n, e, s);
}
const Binding kEngineNeg("aclnnEngineNeg", {"self", "out"}, unaryPlan<kNegRow>, unaryRun<kNegRow>);
const Binding kEngineInplaceNeg("aclnnEngineInplaceNeg", {"selfRef"}, inplaceUnaryPlan<kInplaceNegRow>, unaryRun<kInplaceNegRow>);
const Binding kEngineHalf("aclnnEngineHalf", {"self", "out"}, unaryPlan<kHalfRow>, unaryRun<kHalfRow>);
const Binding kEngineAbs("aclnnEngineAbs", {"self", "out"}, unaryPlan<kAbsRow>, unaryRun<kAbsRow>);
const Binding kEngineListed("aclnnEngineListed", {"self", "out"}, unaryPlan<kListedRow>, unaryRun<kListedRow>);
const Binding kEngineInplaceListed("aclnnEngineInplaceListed", {"selfRef"}, inplaceUnaryPlan<kInplaceListedRow>,
                                   unaryRun<kInplaceListedRow>);
const Binding kEngineUnranked("aclnnEngineUnranked", {"self", "out"}, unaryPlan<kUnrankedRow>, unaryRun<kUnrankedRow>);

// got == want(x) element by element, exactly, x the values uploaded; `what` names the case.
template <class Want>
void expectUnary(const std::vector<double> &got, const std::vector<double> &x, Want want) {
    ASSERT_EQ(got.size(), x.size());
    size_t bad = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        const double w = want(x[i]);
        if (!sameValue(got[i], w) && bad++ < 5) ADD_FAILURE() << "element " << i << ": got " << got[i] << " want " << w;
    }
    EXPECT_EQ(bad, 0u);
}

// Strided and offset views in and out (both kernels), a 0-d tensor, cast on store.
TEST_P(ElementwiseTest, UnaryViewsAndCastOnStore) {
    struct Case {
        View self, out;
    };
    const std::vector<Case> cases = {
        {{{4, 6}, ACL_FLOAT, {1, 4}, 0}, {{4, 6}, ACL_FLOAT, {7, 1}, 3}},  // transposed in, gaps out
        {{{3, 5}, ACL_BF16, {10, 2}, 1}, {{3, 5}, ACL_BF16}},                 // strided in, contiguous out
        {{{1001}, ACL_FLOAT16}, {{1001}, ACL_FLOAT}},                         // the vector kernel, fp16 into fp32
        {{{2, 3}, ACL_INT8}, {{2, 3}, ACL_INT32, {1, 2}, 2}},                 // int8 (-(-128) wraps) into int32
        {{{}, ACL_FLOAT}, {{}, ACL_FLOAT}},                                   // 0-d: one element
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(shapeName(c.self.shape) + " " + aclcl::dtypeName(c.self.dtype) + " -> " +
                     aclcl::dtypeName(c.out.dtype));
        DeviceTensor s = c.self.make(), r = c.out.make();
        std::vector<double> x = refValues(c.self.dtype, static_cast<size_t>(product(c.self.shape)), 21);
        if (c.self.dtype == ACL_INT8) x[0] = -128;
        s.upload(x);
        r.fillStorage(0xA5);
        ASSERT_ACL_OK(planAndRun(kEngineNeg, {s, r}, stream));
        expectUnary(r.download(), x, [&](double v) { return refStore(refRound(-v, c.self.dtype), c.out.dtype); });
    }
    // CanCast(self, out): a float self into an integer out is refused.
    DeviceTensor s({4}, ACL_FLOAT), r({4}, ACL_INT32);
    EXPECT_EQ(planAndRun(kEngineNeg, {s, r}, stream), ACLNN_ERR_PARAM_INVALID);
}

// out exactly over self is computed in place; the Inplace form reads and writes selfRef through one view.
TEST_P(ElementwiseTest, UnaryInPlace) {
    DeviceTensor x({5, 40}, ACL_FLOAT);
    const std::vector<double> xv = refValues(ACL_FLOAT, 200, 22);
    x.upload(xv);
    ASSERT_ACL_OK(planAndRun(kEngineNeg, {x, x}, stream));
    expectUnary(x.download(), xv, [](double v) { return -v; });
    // A strided selfRef at an offset: only its elements change.
    DeviceTensor y({6, 7}, ACL_BF16, {16, 2}, 3);
    const std::vector<double> yv = refValues(ACL_BF16, 42, 23);
    y.fillStorage(0x11);
    y.upload(yv);
    const std::vector<uint8_t> before = y.storage();
    ASSERT_ACL_OK(planAndRun(kEngineInplaceNeg, {y}, stream));
    expectUnary(y.download(), yv, [](double v) { return -v; });
    const std::vector<uint8_t> after = y.storage();
    size_t changed = 0;
    for (size_t i = 0; i < after.size(); ++i) changed += after[i] != before[i];
    EXPECT_LE(changed, 42u * 2) << "bytes outside selfRef's view changed";
    // A partial overlap of out with self is refused before anything runs.
    const int64_t dims[] = {39}, stride[] = {1}, storage[] = {200};
    aclTensor *self = aclCreateTensor(dims, 1, ACL_FLOAT, stride, 0, ACL_FORMAT_ND, storage, 1, x.data());
    aclTensor *shifted = aclCreateTensor(dims, 1, ACL_FLOAT, stride, 1, ACL_FORMAT_ND, storage, 1, x.data());
    EXPECT_EQ(planAndRun(kEngineNeg, {self, shifted}, stream), ACLNN_ERR_PARAM_INVALID);
    aclDestroyTensor(self);
    aclDestroyTensor(shifted);
}

// An empty self: every check runs, then nothing is planned and nothing written.
TEST_P(ElementwiseTest, UnaryEmptyPlansNothing) {
    DeviceTensor s({0, 3}, ACL_FLOAT), r({0, 3}, ACL_FLOAT), wrong({1, 3}, ACL_FLOAT), wide({0, 3}, ACL_INT32);
    uint64_t ws = 123;
    ASSERT_ACL_OK(planAndRun(kEngineNeg, {s, r}, stream, &ws));
    EXPECT_EQ(ws, 0u);
    ASSERT_ACL_OK(planAndRun(kEngineInplaceNeg, {s}, stream));
    EXPECT_EQ(planAndRun(kEngineNeg, {s, wrong}, stream), ACLNN_ERR_PARAM_INVALID);  // out's shape
    EXPECT_EQ(planAndRun(kEngineNeg, {s, wide}, stream), ACLNN_ERR_PARAM_INVALID);   // CanCast(self, out)
}

// What each unary field of a row changes.
TEST_P(ElementwiseTest, UnaryRowFields) {
    auto message = [] { return std::string(aclGetRecentErrMsg()); };
    {
        SCOPED_TRACE("IntegralInF32: an int32 or bool self computes in F32, an fp16 one in fp16");
        DeviceTensor s({5}, ACL_INT32), r({5}, ACL_FLOAT), r16({3}, ACL_FLOAT16), asInt({5}, ACL_INT32);
        const std::vector<double> x{-3, -1, 0, 1, 7};
        s.upload(x);
        ASSERT_ACL_OK(planAndRun(kEngineHalf, {s, r}, stream));
        expectUnary(r.download(), x, [](double v) { return v / 2; });
        EXPECT_EQ(planAndRun(kEngineHalf, {s, asInt}, stream), ACLNN_ERR_PARAM_INVALID);  // CanCast(F32, I32)
        EXPECT_NE(message().find("the result dtype DT_FLOAT"), std::string::npos) << message();
        DeviceTensor b({2}, ACL_BOOL), rb({2}, ACL_FLOAT);
        b.upload({0, 1});
        ASSERT_ACL_OK(planAndRun(kEngineHalf, {b, rb}, stream));
        expectUnary(rb.download(), {0, 1}, [](double v) { return v / 2; });
        DeviceTensor h({3}, ACL_FLOAT16);
        h.upload({1, 3, 2049});  // 2049 is no fp16: the upload holds 2048
        ASSERT_ACL_OK(planAndRun(kEngineHalf, {h, r16}, stream));
        expectUnary(r16.download(), {1, 3, 2048}, [](double v) { return roundTo(v / 2, ACL_FLOAT16); });
    }
    {
        SCOPED_TRACE("IsResult with realResultOfComplex: |z| of a complex64 self is a float32 out");
        DeviceTensor z({3}, ACL_COMPLEX64), r({3}, ACL_FLOAT), rz({3}, ACL_COMPLEX64);
        z.upload({3, 4, -5, 12, 0, -2});
        ASSERT_ACL_OK(planAndRun(kEngineAbs, {z, r}, stream));
        expectUnary(r.download(), {5, 13, 2}, [](double v) { return v; });  // hypot of these is exact
        EXPECT_EQ(planAndRun(kEngineAbs, {z, rz}, stream), ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(message().find("DT_FLOAT"), std::string::npos) << message();
        DeviceTensor i({3}, ACL_INT8), ri({3}, ACL_INT8), rf({3}, ACL_FLOAT);
        i.upload({-128, -7, 7});
        ASSERT_ACL_OK(planAndRun(kEngineAbs, {i, ri}, stream));
        expectUnary(ri.download(), {-128, 7, 7}, [](double v) { return v; });  // abs(-128) wraps to -128
        EXPECT_EQ(planAndRun(kEngineAbs, {i, rf}, stream), ACLNN_ERR_PARAM_INVALID);  // out must be self's dtype
    }
    {
        SCOPED_TRACE("FormatCheck: private formats refused, out's format must be self's");
        DeviceTensor s({4}, ACL_FLOAT), nd({4}, ACL_FLOAT), nchw({4}, ACL_FLOAT, ACL_FORMAT_NCHW),
            priv({4}, ACL_FLOAT, ACL_FORMAT_FRACTAL_NZ);
        EXPECT_EQ(planAndRun(kEngineAbs, {s, priv}, stream), ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(message().find("private format 29"), std::string::npos) << message();
        EXPECT_EQ(planAndRun(kEngineAbs, {s, nchw}, stream), ACLNN_ERR_PARAM_INVALID);
        EXPECT_EQ(planAndRun(kEngineAbs, {s, nd}, stream), ACL_SUCCESS);
        EXPECT_EQ(planAndRun(kEngineNeg, {s, nchw}, stream), ACL_SUCCESS);  // FormatCheck::None
    }
    {
        SCOPED_TRACE("Listed with IntegralInOut: out in its own list, an int32 self cast to out's dtype first");
        DeviceTensor s({3}, ACL_INT32), r16({3}, ACL_FLOAT16), ri({3}, ACL_INT32);
        s.upload({2049, -3, 70000});
        ASSERT_ACL_OK(planAndRun(kEngineListed, {s, r16}, stream));
        expectUnary(r16.download(), {2048, -3, 70000}, [](double v) { return roundTo(v, ACL_FLOAT16); });  // inf
        EXPECT_EQ(planAndRun(kEngineListed, {s, ri}, stream), ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(message().find("out"), std::string::npos) << message();
        // The Inplace form's own list comes first: float32 is in `dtypes` and in outDtypes, not in it.
        DeviceTensor f({3}, ACL_FLOAT), h({3}, ACL_FLOAT16);
        EXPECT_EQ(planAndRun(kEngineInplaceListed, {f}, stream), ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(message().find("selfRef"), std::string::npos) << message();
        EXPECT_EQ(planAndRun(kEngineInplaceListed, {h}, stream), ACL_SUCCESS);
    }
    {
        SCOPED_TRACE("RankCheck: rank before shape, after it, or none");
        const std::vector<int64_t> nine(9, 2), nineWrong{2, 2, 2, 2, 2, 2, 2, 2, 3};
        DeviceTensor s9(nine, ACL_FLOAT), out9(nine, ACL_FLOAT), wrong9(nineWrong, ACL_FLOAT);
        EXPECT_EQ(planAndRun(kEngineNeg, {s9, wrong9}, stream), ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(message().find("at most 8 dimensions"), std::string::npos) << message();
        EXPECT_EQ(planAndRun(kEngineListed, {s9, wrong9}, stream), ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(message().find("shape"), std::string::npos) << message();
        EXPECT_EQ(planAndRun(kEngineListed, {s9, out9}, stream), ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(message().find("at most 8 dimensions"), std::string::npos) << message();
        // No limit: nine contiguous dims run (merged into one); nine that do not merge are refused.
        const std::vector<double> x = refValues(ACL_FLOAT, 512, 24);
        s9.upload(x);
        ASSERT_ACL_OK(planAndRun(kEngineUnranked, {s9, out9}, stream));
        expectUnary(out9.download(), x, [](double v) { return -v; });
        // Strides 3^9 .. 3: no dim steps on from the next, so none merge.
        const std::vector<int64_t> gaps{19683, 6561, 2187, 729, 243, 81, 27, 9, 3};
        DeviceTensor strided(nine, ACL_FLOAT, gaps, 0);
        EXPECT_EQ(planAndRun(kEngineUnranked, {strided, out9}, stream), ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(message().find("merge"), std::string::npos) << message();
    }
}

}  // namespace
