// aclnnPermute: every dtype CANN lists over ranks 0 to 8, negative dims, strided selfs and outs at offsets,
// byte for byte against the host's permutation of self's stored bytes (values with -0.0, infinities and NaN
// where the dtype has them; out's gaps untouched); the errors in CANN's check order.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/permute.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/int_array.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {


struct PermuteCase {
    std::vector<int64_t> shape, dims;
};
const PermuteCase kCases[] = {
    {{}, {}},
    {{7}, {-1}},
    {{5, 6}, {1, 0}},
    {{2, 3, 4}, {2, 0, -2}},
    {{2, 3, 4}, {0, 1, 2}},
    {{2, 3, 4, 5}, {0, 2, 1, 3}},
    {{3, 2, 2, 3}, {-1, -2, -3, -4}},
    {{2, 3, 1, 2, 2}, {4, 0, 3, 1, 2}},
    {{2, 1, 3, 2, 2, 2}, {-1, -3, 0, 2, 1, 4}},
    {{2, 2, 3, 1, 2, 2, 2}, {6, 5, 4, 3, 2, 1, 0}},
    {{2, 2, 2, 2, 2, 2, 2, 3}, {7, 0, 6, 1, 5, 2, 4, 3}},
};

// dims with the rank added to negative values.
std::vector<size_t> normalised(const PermuteCase &c) {
    std::vector<size_t> order;
    for (int64_t d : c.dims) order.push_back(static_cast<size_t>(d < 0 ? d + static_cast<int64_t>(c.shape.size()) : d));
    return order;
}

// Values of dtype d with the floating edge cases first: -0.0, infinities, NaN.
std::vector<double> permuteValues(aclDataType d, size_t n, uint64_t seed) {
    std::vector<double> v = refValues(d, n, seed);
    if (refIsFloat(d) || refIsComplex(d)) {
        const double edges[] = {-0.0, INFINITY, -INFINITY, std::numeric_limits<double>::quiet_NaN()};
        for (size_t i = 0; i < 4 && i < v.size(); ++i) v[i] = edges[i];
    }
    return v;
}

class PermuteEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(PermuteEveryDtype, kPermuteDtypes);

// Each case contiguous into contiguous, a strided self at an offset, a strided out at an offset, in turn.
TEST_P(PermuteEveryDtype, EveryRankAndViewMatchesThePermutedBytes) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    const size_t elem = aclDataTypeSize(d);
    size_t ran = 0;
    for (const PermuteCase &c : kCases) {
        const std::vector<size_t> order = normalised(c);
        std::vector<int64_t> outShape;
        for (size_t k : order) outShape.push_back(c.shape[k]);
        const bool stridedSelf = ran % 3 == 1, stridedOut = ran % 3 == 2;
        SCOPED_TRACE(shapeName(c.shape) + " dims " + shapeName(c.dims) + (stridedSelf ? ", strided self" : "") +
                     (stridedOut ? ", strided out" : ""));
        const std::vector<int64_t> selfStrides = rowMajorStrides(c.shape, stridedSelf ? 1 : 0),
                                   outStrides = rowMajorStrides(outShape, stridedOut ? 1 : 0);
        const int64_t selfOffset = stridedSelf ? 3 : 0, outOffset = stridedOut ? 2 : 0;
        DeviceTensor self(c.shape, d, selfStrides, selfOffset), out(outShape, d, outStrides, outOffset);
        const uint64_t seed = 11 + ran + 20 * dtypeIndex(kPermuteDtypes);
        self.upload(permuteValues(d, static_cast<size_t>(product(c.shape)), seed));
        out.fillStorage(0x5A);
        std::vector<uint8_t> want = out.storage();
        const IntArray dims(c.dims);
        ASSERT_ACL_OK(planAndRun(kPermute, {self, dims.get(), out}, stream));

        // Element o (row-major over out's shape) is self's element with index[order[k]] = o's index[k].
        const std::vector<uint8_t> selfBytes = self.storage();
        const std::vector<int64_t> outAt = viewStorageElements(outShape, outStrides, outOffset);
        for (size_t o = 0; o < outAt.size(); ++o) {
            int64_t rest = static_cast<int64_t>(o), from = selfOffset;
            for (size_t k = outShape.size(); k-- > 0;) {
                from += rest % outShape[k] * selfStrides[order[k]];
                rest /= outShape[k];
            }
            std::copy_n(selfBytes.begin() + from * static_cast<std::ptrdiff_t>(elem), elem,
                        want.begin() + outAt[o] * static_cast<std::ptrdiff_t>(elem));
        }
        const std::vector<uint8_t> got = out.storage();
        size_t bad = 0;
        for (size_t b = 0; b < got.size(); ++b) {
            if (got[b] != want[b] && bad++ < 3) {
                ADD_FAILURE() << "byte " << b << " of out's storage: got " << int{got[b]} << ", want " << int{want[b]};
            }
        }
        EXPECT_EQ(bad, 0u);
        ++ran;
    }
    EXPECT_EQ(ran, sizeof kCases / sizeof kCases[0]);
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; self's and out's dtypes, equal; out's rank, dims' size, repeated values,
// self's rank (at most 8, with the malformed views); dims in range, repeated after normalising; an empty
// self with a non-empty out (561103); out's shape; (out not overlapping itself, fp64 on the device).

CallSpec permuteCall() {
    return CallSpec(kPermute,
                    {{"self", TensorArg{{2, 3, 4}}}, {"dims", Ints{2, 0, -2}}, {"out", TensorArg{{4, 2, 3}}}});
}
ErrorRows permuteRows() {
    const std::vector<int64_t> nine{1, 1, 1, 1, 1, 1, 2, 3, 4};
    return validRow() + outPointerRows() + nullRows({"self", "dims", "out"}) + ErrorRows{
        {"self DT_COMPLEX32", set("self", dtype(ACL_COMPLEX32)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_COMPLEX32"}},
        {"out DT_STRING", set("out", dtype(ACL_STRING)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_STRING"}},
        {"out of another dtype", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_FLOAT", "DT_INT32"}},
        {"out of rank 2", set("out", shape({4, 6})), ACLNN_ERR_PARAM_INVALID, {"out", "rank", "3", "2"}},
        {"dims of 2 values", set("dims", ints({1, 0})), ACLNN_ERR_PARAM_INVALID, {"dims", "3 values"}},
        {"dims repeat a value", set("dims", ints({1, 1, 0})), ACLNN_ERR_PARAM_INVALID, {"dims", "[1, 1, 0]"}},
        {"self rank 9",
         set("self", shape(nine)) + set("out", shape(nine)) + set("dims", ints({0, 1, 2, 3, 4, 5, 6, 7, 8})),
         ACLNN_ERR_PARAM_INVALID, {"self", "8"}},
        shortRow("self"),
        {"dim 3 of rank 3", set("dims", ints({3, 0, 1})), ACLNN_ERR_PARAM_INVALID, {"dims", "[-3, 2]", "3"}},
        {"dim -4 of rank 3", set("dims", ints({2, -4, 1})), ACLNN_ERR_PARAM_INVALID, {"dims", "[-3, 2]", "-4"}},
        {"dims repeat after normalising", set("dims", ints({2, 0, -1})), ACLNN_ERR_PARAM_INVALID,
         {"dims", "[2, 0, -1]", "[2, 0, 2]"}},
        {"empty self, out not empty", set("self", shape({2, 0, 4})), ACLNN_ERR_INNER_NULLPTR, {"out", "[2, 0, 4]"}},
        {"out shape", set("out", shape({4, 3, 2})), ACLNN_ERR_PARAM_INVALID, {"out", "[4, 2, 3]", "[4, 3, 2]"}},
        overlapRow("out", {0, 0, 1}),
        withoutFp64Row("DT_DOUBLE without fp64", set({"self", "out"}, dtype(ACL_DOUBLE)), {"fp64"}),
        {"empty self and out", set("self", shape({2, 0, 4})) + set("out", shape({4, 2, 0})), ACL_SUCCESS, {}},
        {"0-d", set("self", shape({})) + set("out", shape({})) + set("dims", ints({})), ACL_SUCCESS, {}}} +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(PermuteErrors, permuteCall, permuteRows);

}  // namespace
