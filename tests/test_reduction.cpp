// The reduction engine's own tests (host/engines/reduction.h), once for every operator on it: the two paths
// each give exactly the documented order's bits (the host reference emulates EACH and LANES step by step), run
// after run; the automatic choice; integers agree between the paths; fp16 accumulates in fp32; a float sum
// stays within the bound of a fixed-order fp32 sum against the exact one; any views of rank 8; 64-bit indexing.
// ReduceSum is the operator that drives them.
#include <cmath>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "common/test_hooks.h"
#include "engines/reduction.h"
#include "harness/mean.h"
#include "harness/reduce_sum.h"
#include "harness/softmax.h"
#include "ops/checks.h"
#include "runtime/device.h"
#include "support/op_test.h"
#include "support/plan_log.h"
#include "support/reduction_checks.h"
#include "support/sum_bound.h"

using namespace testing_support;

namespace {

using aclcl::ReductionPath;
using aclcl::ScopedTestHook;
using aclcl::TestHook;

class ReductionTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(ReductionTest);

// The choice is the shape's alone: few outputs of many elements take LANES.
TEST(ReductionPathChoice, FromTheShapeAlone) {
    EXPECT_EQ(aclcl::reductionPath(3, 5000), ReductionPath::Lanes);
    EXPECT_EQ(aclcl::reductionPath(1, 1024), ReductionPath::Lanes);
    EXPECT_EQ(aclcl::reductionPath(1, 1023), ReductionPath::Each);
    EXPECT_EQ(aclcl::reductionPath(100000, 5000), ReductionPath::Each);
}

// The ALONG form's: rows whose elements are neighbours take LANES from 128 elements, however many rows; other rows
// take LANES where the shape alone would (few rows of many elements).
TEST(ReductionPathChoice, AlongFromTheShapeAndTheRowsLayout) {
    EXPECT_EQ(aclcl::alongPath(100000, 127, true), ReductionPath::Each);
    EXPECT_EQ(aclcl::alongPath(100000, 128, true), ReductionPath::Lanes);
    EXPECT_EQ(aclcl::alongPath(4096, 1000, true), ReductionPath::Lanes);
    EXPECT_EQ(aclcl::alongPath(4096, 1000, false), ReductionPath::Each);
    EXPECT_EQ(aclcl::alongPath(100000, 5000, false), ReductionPath::Each);
    EXPECT_EQ(aclcl::alongPath(3, 1024, false), ReductionPath::Lanes);
    EXPECT_EQ(aclcl::alongPath(3, 1023, false), ReductionPath::Each);
}

// fp32 over 3 x 5000: the automatic path (LANES), LANES on work-groups of 4 and 32 work-items, and the forced
// EACH each give their order's exact bits, the same on a second run; each is within the bound of an fp32 sum in
// any order against the exact (fp64) sum: (n - 1) * 2^-24 * sum |x| (support/sum_bound.h), plus the one store.
TEST_P(ReductionTest, BothPathsGiveTheirOrdersBitsRunAfterRun) {
    const std::vector<int64_t> shape{3, 5000};
    DeviceTensor self(shape, ACL_FLOAT);
    const std::vector<double> values = refValues(ACL_FLOAT, 15000, 17);
    self.upload(values);
    for (int forced : {0, 1, 2, 4, 32}) {
        SCOPED_TRACE(forced == 0   ? std::string("automatic")
                     : forced == 1 ? std::string("EACH forced")
                                   : "LANES forced, hook " + std::to_string(forced));
        ScopedTestHook hook(TestHook::ReductionPath, forced);
        DeviceTensor out({3}, ACL_FLOAT);
        const std::vector<double> first =
            expectReduction({kReduceSum, false, {1}, false, ACL_FLOAT, forced != 1}, self, values, out, stream);
        const std::vector<double> second =
            expectReduction({kReduceSum, false, {1}, false, ACL_FLOAT, forced != 1}, self, values, out, stream);
        ASSERT_EQ(first.size(), 3u);
        EXPECT_EQ(first, second);
        for (size_t o = 0; o < 3; ++o) {
            double exact = 0, absSum = 0;
            for (size_t e = 0; e < 5000; ++e) {
                exact += values[o * 5000 + e];
                absSum += std::fabs(values[o * 5000 + e]);
            }
            const double bound = anyOrderSumBound(exact, absSum, 5000, accumulationUnit(false), ACL_FLOAT);
            EXPECT_LE(std::fabs(first[o] - exact), bound) << "output " << o;
        }
    }
}

// Wrapping integer sums and OR do not depend on the order: both paths give the same bits.
TEST_P(ReductionTest, IntegersAgreeBetweenPaths) {
    for (aclDataType d : {ACL_INT8, ACL_INT32, ACL_INT64, ACL_BOOL}) {
        SCOPED_TRACE(aclcl::dtypeName(d));
        DeviceTensor self({2, 3000}, d);
        const std::vector<double> values = refValues(d, 6000, 23);
        self.upload(values);
        std::vector<std::vector<double>> got;
        for (int forced : {1, 2}) {
            ScopedTestHook hook(TestHook::ReductionPath, forced);
            DeviceTensor out({2}, d);
            got.push_back(expectReduction({kReduceSum, false, {-1}, false, d, forced == 2}, self, values, out, stream));
        }
        EXPECT_EQ(got[0], got[1]);
    }
}

// FLOAT16 accumulates in fp32: 3000 ones sum to 3000 (an fp16 accumulator would stop at 2048), rounded once.
TEST_P(ReductionTest, Fp16AccumulatesInFp32) {
    for (int forced : {1, 2}) {
        ScopedTestHook hook(TestHook::ReductionPath, forced);
        for (aclDataType d : {ACL_FLOAT16, ACL_BF16}) {
            DeviceTensor self({3000}, d), out({}, d);
            self.upload(std::vector<double>(3000, 1.0));
            IntArray dims({0});
            ASSERT_ACL_OK(planAndRun(kReduceSum, {self, dims, false, d, out}, stream));
            EXPECT_EQ(out.download(), (std::vector<double>{roundTo(3000, d)}))
                << aclcl::dtypeName(d) << " path " << forced;
        }
    }
}

// Rank 8, a permuted self with an offset, three reduced dims that are not neighbours, a keepDims out with gaps;
// on both paths, and with 64-bit indexing.
TEST_P(ReductionTest, Rank8ViewsOnBothPathsAndWideIndex) {
    const std::vector<int64_t> shape{2, 1, 3, 2, 1, 2, 3, 2};
    // Strides of a row-major 2 x 3 x 2 x 2 x 3 x 2 x 1 x 1 storage laid out in another order, plus gaps.
    const std::vector<int64_t> strides{1, 500, 4, 2, 700, 60, 12, 200};
    DeviceTensor self(shape, ACL_FLOAT, strides, 5);
    const std::vector<double> values = refValues(ACL_FLOAT, 144, 31);
    self.upload(values);
    const std::vector<int64_t> outShape{1, 1, 3, 1, 1, 2, 1, 2};
    for (int mode : {1, 2, 3}) {
        SCOPED_TRACE(mode == 1 ? "EACH" : mode == 2 ? "LANES" : "EACH, 64-bit index");
        ScopedTestHook path(TestHook::ReductionPath, mode == 2 ? 2 : 1);
        ScopedTestHook wide(TestHook::WideIndex, mode == 3 ? 1 : 0);
        DeviceTensor out(outShape, ACL_FLOAT, {100, 100, 20, 100, 100, 7, 100, 3}, 2);
        expectReduction({kReduceSum, false, {0, 3, -2}, true, ACL_FLOAT, mode == 2}, self, values, out, stream);
    }
}

// The CHUNKS split, from the shape alone: the innermost reduced dims up to 65,536 elements (the outermost of them
// cut at a divisor of its extent), at least 4,096, for the LANES shape from 131,072 elements an output; none for a
// prime count, for many outputs, below the threshold and for an ARG row.
TEST(ReductionPathChoice, ChunksFromTheShapeAlone) {
    EXPECT_EQ(aclcl::reductionChunk(1, {8, 64, 128, 128}), 65536);  // 128 x 128 x 4 of the 64
    EXPECT_EQ(aclcl::reductionChunk(1, {8, 64, 56, 56}), 50176);    // 56 x 56 x 16 of the 64
    EXPECT_EQ(aclcl::reductionChunk(1, {int64_t{1} << 23}), 65536);
    EXPECT_EQ(aclcl::reductionChunk(4, {1, 2, 65536}), 65536);
    EXPECT_EQ(aclcl::reductionChunk(1, {1048573}), 0);               // a prime: no divisor to cut at
    EXPECT_EQ(aclcl::reductionChunk(1, {65536}), 0);                 // one chunk: no split
    EXPECT_EQ(aclcl::reductionChunk(1, {100000}), 0);                // below 131,072
    EXPECT_EQ(aclcl::reductionChunk(4096, {1 << 20}), 0);            // EACH's shape (many outputs)
    EXPECT_EQ(aclcl::reductionChunk(1, {1 << 20}, true), 0);         // ARG rows keep LANES
    EXPECT_EQ(aclcl::reductionChunk(1, {3, 1 << 17}), 65536);
    EXPECT_EQ(aclcl::reductionChunk(1, {131071 * 2}), 0);            // 2 x a prime: chunks of 2 are too small
    ScopedTestHook hook(TestHook::ReductionPath, 3);                 // the tests' small chunks, at any size
    EXPECT_EQ(aclcl::reductionChunk(3, {10, 40}), 200);
    EXPECT_EQ(aclcl::reductionChunk(3, {7, 5, 13}), 65);
    EXPECT_EQ(aclcl::reductionChunk(3, {300}), 150);
    EXPECT_EQ(aclcl::reductionChunk(3, {61}), 0);
}

// CHUNKS gives its order's exact bits (each chunk in the path its own shape takes, then the chunks in order; the
// reference emulates it): forced in chunks of 64 to 256 (EACH within) over one reduced dim and several, strided
// and permuted views, kept dims around reduced ones, FLOAT, FLOAT16 accumulating in fp32, INT32, BOOL, DOUBLE,
// COMPLEX64 and Mean; and by the shape itself over 4 x 65,536 elements (LANES within each chunk). Each on the
// device's own kernels and the GPU kernels, the same bits.
TEST_P(ReductionTest, ChunksGiveTheirOrdersBits) {
    struct Case {
        std::vector<int64_t> shape, dims;
        aclDataType dtype;
        bool mean;
        int hook;  // TestHook::ReductionPath: 3 small chunks, 0 the shape's own split
    };
    const std::vector<Case> cases = {
        {{3, 10, 40}, {1, 2}, ACL_FLOAT, false, 3},    {{2, 7, 5, 13}, {1, 2, 3}, ACL_FLOAT, false, 3},
        {{300}, {}, ACL_FLOAT, false, 3},              {{4, 3, 200}, {0, 2}, ACL_FLOAT, false, 3},
        {{3, 10, 40}, {1, 2}, ACL_FLOAT, true, 3},     {{3, 10, 40}, {1, 2}, ACL_FLOAT16, false, 3},
        {{3, 10, 40}, {1, 2}, ACL_INT32, false, 3},    {{3, 10, 40}, {1, 2}, ACL_BOOL, false, 3},
        {{3, 10, 40}, {1, 2}, ACL_DOUBLE, false, 3},   {{3, 10, 40}, {1, 2}, ACL_COMPLEX64, false, 3},
        {{4, 65536}, {}, ACL_FLOAT, false, 0},
    };
    size_t ran = 0;
    for (const Case &c : cases) {
        if (c.dtype == ACL_DOUBLE && !fp64()) continue;
        SCOPED_TRACE(std::string(aclcl::dtypeName(c.dtype)) + " " + aclcl::dimsString(c.shape) + " dims " +
                     std::to_string(c.dims.size()) + (c.mean ? " Mean" : " ReduceSum") + " hook " +
                     std::to_string(c.hook));
        int64_t n = 1;
        for (int64_t e : c.shape) n *= e;
        // A permuted, strided view where the shape allows one (the dims reversed over a padded storage).
        const bool view = c.shape.size() == 3 && c.hook == 3;
        std::vector<int64_t> strides;
        if (view) strides = {1, 2 * c.shape[0], 2 * c.shape[0] * c.shape[1] + 3};
        DeviceTensor self = view ? DeviceTensor(c.shape, c.dtype, strides, 4) : DeviceTensor(c.shape, c.dtype);
        const std::vector<double> values = refValues(c.dtype, static_cast<size_t>(n), 67);
        self.upload(values);
        std::vector<bool> flags = refReducedFlags(c.shape.size(), c.dims);
        std::vector<int64_t> outShape, reducedExtents;
        for (size_t k = 0; k < c.shape.size(); ++k) (flags[k] ? reducedExtents : outShape).push_back(c.shape[k]);
        int64_t outputs = 1;
        for (int64_t e : outShape) outputs *= e;
        ScopedTestHook path(TestHook::ReductionPath, c.hook);
        const int64_t chunk = aclcl::reductionChunk(outputs, reducedExtents);
        ASSERT_GT(chunk, 0) << "the case has no chunks";
        const bool lanes = aclcl::reductionPath(outputs * (n / outputs / chunk), chunk) == ReductionPath::Lanes;
        EXPECT_EQ(lanes, c.hook == 0);
        std::vector<double> first;
        for (int gpuKernels : {0, 1}) {
            SCOPED_TRACE(gpuKernels ? "GPU kernels" : "the device's own kernels");
            ScopedTestHook kernels(TestHook::ManyWorkItemKernels, gpuKernels);
            DeviceTensor out(outShape, c.dtype);
            const std::vector<double> got = expectReduction(
                {c.mean ? kMean : kReduceSum, c.mean, c.dims, false, c.dtype, lanes, chunk}, self, values, out, stream);
            ASSERT_FALSE(got.empty());
            if (first.empty()) first = got;
            EXPECT_EQ(got, first);
            ++ran;
        }
    }
    EXPECT_GE(ran, 20u);
}

// The CPU devices' walking kernels (several outputs or lanes a vector; reduction.h; forced at these small sizes)
// give the orders' exact bits, and the GPU kernels (TestHook::ManyWorkItemKernels) the same: EACH over outputs that
// are neighbours in self, in tiles of up to 64 with a shorter last one; LANES over one reduced dim, contiguous and
// strided, with an output's 64 lanes split among 1, 2, 4 and 8 work-items (hook values 4 .. 32), then its
// partials' tree; LANES over two reduced dims around a kept one (a per-channel sum), inner runs of 130 (blocks
// across a run's end), 64 and a strided 70, unsplit and split. All in FLOAT; EACH and strided LANES in dtypes whose
// vectors hold 8 (FLOAT16, read element by element; BOOL) and 4 (DOUBLE, INT64).
TEST_P(ReductionTest, WalkingKernelsGiveTheOrdersBits) {
    struct Case {
        std::vector<int64_t> shape, dims;
        bool lanes;
        int hook;  // TestHook::ReductionPath (0: the shape's own path)
    };
    const std::vector<Case> cases = {{{6, 100}, {0}, false, 0},  {{2, 3, 70}, {1}, false, 0},
                                     {{3, 5000}, {1}, true, 0},  {{3000, 3}, {0}, true, 0},
                                     {{8200}, {}, true, 4},      {{8200}, {}, true, 8},
                                     {{2, 4100}, {1}, true, 16}, {{4100, 2}, {0}, true, 32},
                                     {{3, 4, 130}, {0, 2}, true, 2}, {{5, 3, 64}, {0, 2}, true, 16},
                                     {{4, 70, 3}, {0, 1}, true, 8},
                                     // EACH tiles of up to 256 outputs: whole ones and a last one of 88
                                     {{2, 2, 40, 600}, {1}, false, 0}};
    for (aclDataType d : {ACL_FLOAT, ACL_FLOAT16, ACL_BOOL, ACL_DOUBLE, ACL_INT64}) {
        if (d == ACL_DOUBLE && !fp64()) continue;
        for (size_t i = 0; i < cases.size(); ++i) {
            const Case &c = cases[i];
            // Each program builds for a second or so on a CPU: the other dtypes run EACH and strided LANES.
            if (d != ACL_FLOAT && i != 0 && i != 3) continue;
            SCOPED_TRACE(std::string(aclcl::dtypeName(d)) + " " + aclcl::dimsString(c.shape) +
                         (c.lanes ? " LANES hook " + std::to_string(c.hook) : " EACH"));
            DeviceTensor self(c.shape, d);
            int64_t n = 1;
            for (int64_t e : c.shape) n *= e;
            const std::vector<double> values = refValues(d, static_cast<size_t>(n), 61);
            self.upload(values);
            std::vector<int64_t> outShape;
            for (size_t k = 0; k < c.shape.size(); ++k) {
                bool reduced = c.dims.empty();
                for (int64_t r : c.dims) reduced = reduced || static_cast<size_t>(r) == k;
                if (!reduced) outShape.push_back(c.shape[k]);
            }
            ScopedTestHook path(TestHook::ReductionPath, c.hook);
            ScopedTestHook walk(TestHook::ReductionWalk, 1);  // at these sizes too
            std::vector<double> first;
            for (int gpuKernels : {0, 1}) {
                SCOPED_TRACE(gpuKernels ? "GPU kernels" : "the device's own kernels");
                ScopedTestHook kernels(TestHook::ManyWorkItemKernels, gpuKernels);
                DeviceTensor out(outShape, d);
                const std::vector<double> got =
                    expectReduction({kReduceSum, false, c.dims, false, d, c.lanes}, self, values, out, stream);
                if (first.empty()) first = got;
                EXPECT_EQ(got, first);
            }
        }
    }
}

// Which kernels a plan takes, from its log: the walking kernels on a CPU device whose loops are not capped, from
// 65,536 elements (EACH, LANES over one reduced dim and over two around a kept one, and ALONG on both paths), the
// one-lane kernels below that and on every other device.
TEST_P(ReductionTest, WalkingKernelsFrom64KElementsOnCpuDevices) {
    const bool walking = !aclcl::deviceAt(device()).manyWorkItemKernels();
    for (int64_t n : {int64_t{8}, int64_t{16}}) {
        const bool big = n * 64 * 64 * 8 >= 65536;  // 32,768 or 65,536 elements
        SCOPED_TRACE(std::to_string(n * 64 * 64 * 8) + " elements");
        DeviceTensor self({n, 64, 64, 8}, ACL_FLOAT), outEach({n, 64, 8}, ACL_FLOAT), outAll({}, ACL_FLOAT);
        IntArray dim1({1}), all({});
        std::string text = planLog(kReduceSum, {self, dim1, false, ACL_FLOAT, outEach});
        EXPECT_EQ(text.find("kernel rd_walk_each ") != std::string::npos, walking && big) << text;
        text = planLog(kReduceSum, {self, all, false, ACL_FLOAT, outAll});
        EXPECT_EQ(text.find("kernel rd_walk_lanes ") != std::string::npos, walking && big) << text;
        // A per-channel sum: two reduced dims around the kept one.
        DeviceTensor planes({n, 8, 64, 64}, ACL_FLOAT), outChannels({8}, ACL_FLOAT);
        IntArray aroundChannels({0, 2, 3});
        text = planLog(kReduceSum, {planes, aroundChannels, false, ACL_FLOAT, outChannels});
        EXPECT_EQ(text.find("kernel rd_walk_lanes ") != std::string::npos, walking && big) << text;
        // ALONG: rows of 64 elements (EACH) and of 512 (LANES).
        DeviceTensor rows({n * 512, 64}, ACL_FLOAT), rowsOut({n * 512, 64}, ACL_FLOAT);
        text = planLog(kSoftmax, {rows, int64_t{1}, rowsOut});
        EXPECT_EQ(text.find("kernel rd_along_walk ") != std::string::npos, walking && big) << text;
        DeviceTensor longRows({n * 64, 512}, ACL_FLOAT), longRowsOut({n * 64, 512}, ACL_FLOAT);
        text = planLog(kSoftmax, {longRows, int64_t{1}, longRowsOut});
        EXPECT_EQ(text.find("kernel rd_along_walk_lanes ") != std::string::npos, walking && big) << text;
    }
}

// The walking kernels read FLOAT16 with vload_half8 where a vector's address is 16-byte aligned and as bits widened
// by the kernel elsewhere: every one of the 65,536 patterns (subnormals, infinities, NaNs, -0) through an EACH of one
// element an output, aligned and not, against the reference and the GPU kernels.
TEST_P(ReductionTest, WalkReadsEveryFp16BitPattern) {
    std::vector<double> values(65536);
    for (uint32_t h = 0; h < 65536; ++h) {
        const int e = static_cast<int>((h >> 10) & 0x1f), m = static_cast<int>(h & 0x3ff);
        const double magnitude = e == 0    ? std::ldexp(m, -24)
                                 : e == 31 ? (m == 0 ? INFINITY : NAN)
                                           : std::ldexp(1024 + m, e - 25);
        values[h] = (h & 0x8000) ? -magnitude : magnitude;
    }
    ScopedTestHook walk(TestHook::ReductionWalk, 1);
    std::vector<double> first;
    // Storage offset 0: the vectors' addresses 16-byte aligned (the runtime's vload_half8); 3: none of them (the
    // kernel's own widening from the bits).
    for (int64_t offset : {int64_t{0}, int64_t{3}}) {
        DeviceTensor self({1, 65536}, ACL_FLOAT16, {65536, 1}, offset);
        self.upload(values);
        for (int gpuKernels : {0, 1}) {
            SCOPED_TRACE((gpuKernels ? "GPU kernels" : "the device's own kernels") +
                         std::string(", storage offset ") + std::to_string(offset));
            ScopedTestHook kernels(TestHook::ManyWorkItemKernels, gpuKernels);
            DeviceTensor out({65536}, ACL_FLOAT16);
            const std::vector<double> got =
                expectReduction({kReduceSum, false, {0}, false, ACL_FLOAT16}, self, values, out, stream);
            if (first.empty()) first = got;
            EXPECT_EQ(got.size(), first.size());
            for (size_t i = 0; i < got.size() && i < first.size(); ++i) {
                EXPECT_TRUE(sameValue(got[i], first[i])) << "pattern " << i;
            }
        }
    }
}

// Reduced dims that are contiguous merge into one, whatever the kept ones do; nothing reduced (every reduced
// dim of size 1) is a conversion.
TEST_P(ReductionTest, MergedAndTrivialReductions) {
    DeviceTensor self({4, 5, 6}, ACL_INT32), out({4}, ACL_INT32);
    const std::vector<double> values = refValues(ACL_INT32, 120, 8);
    self.upload(values);
    expectReduction({kReduceSum, false, {1, 2}, false, ACL_INT32}, self, values, out, stream);
    DeviceTensor one({4, 1, 6}, ACL_INT32), kept({4, 6}, ACL_INT64);
    const std::vector<double> ones = refValues(ACL_INT32, 24, 9);
    one.upload(ones);
    expectReduction({kReduceSum, false, {1}, false, ACL_INT64}, one, ones, kept, stream);
}

}  // namespace
