// aclnnCat: every dtype CANN lists against the host reference (each input converted to the promoted dtype and
// then to out's, as CANN's cast-concat-cast; exact), joins along every dim, mixed dtypes promoted left to right,
// views in and out, the 1-D (0) tensors dropped and the other empty ones skipped, and every documented error
// in CANN's check order.
#include <cmath>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/cat.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/glue_ref.h"
#include "support/golden_tally.h"
#include "support/op_test.h"
#include "support/tensor_list.h"

using namespace testing_support;

namespace {

struct CatInput {
    DeviceTensor tensor;
    std::vector<double> values;  // row-major over its shape (complex: re, im pairs)
};

// Runs Cat over the inputs into out and compares every element exactly.
void expectCat(const std::vector<const CatInput *> &inputs, int64_t dim, aclDataType promoted, const DeviceTensor &out,
               aclrtStream stream) {
    std::vector<const aclTensor *> handles;
    for (const CatInput *in : inputs) handles.push_back(in->tensor.get());
    TensorList list(handles);
    ASSERT_ACL_OK(planAndRun(kCat, {list.get(), dim, out}, stream));
    const auto rank = static_cast<int64_t>(out.shape().size());
    std::vector<RefPart> parts;
    for (const CatInput *in : inputs) parts.push_back({in->tensor.shape(), in->tensor.dtype(), &in->values});
    const std::vector<double> want =
        refCat(parts, static_cast<size_t>(dim < 0 ? dim + rank : dim), promoted, out.dtype());
    const std::vector<double> got = out.download();
    const CheckResult r = compareExactly(got, want, sameValue, "Cat", "out");
    EXPECT_TRUE(r.ok) << r.detail;
}

CatInput input(const std::vector<int64_t> &shape, aclDataType d, uint64_t seed) {
    CatInput in{DeviceTensor(shape, d), {}};
    int64_t n = 1;
    for (int64_t s : shape) n *= s;
    in.values = refValues(d, static_cast<size_t>(n), seed);
    if (n > 0) in.tensor.upload(in.values);
    return in;
}

class CatEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(CatEveryDtype, kCatDtypes);

// Three tensors of the dtype joined along each dim (negative too) into an out of the dtype.
TEST_P(CatEveryDtype, EveryDimMatchesTheReference) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    size_t ran = 0;
    for (int64_t dim : {0, 1, 2, -1}) {
        SCOPED_TRACE("dim " + std::to_string(dim));
        const size_t k = static_cast<size_t>(dim < 0 ? dim + 3 : dim);
        std::vector<int64_t> a{2, 3, 4}, b{2, 3, 4}, c{2, 3, 4}, joined{2, 3, 4};
        b[k] = 1;
        c[k] = 2;
        joined[k] += 3;
        const CatInput x = input(a, d, 3 + ran), y = input(b, d, 30 + ran), z = input(c, d, 60 + ran);
        DeviceTensor out(joined, d);
        expectCat({&x, &y, &z}, dim, d, out, stream);
        ++ran;
    }
    EXPECT_EQ(ran, 4u);
}

// Every dtype joined with FLOAT after it: promoted as CANN's table says, into a FLOAT out (or the promoted
// dtype where it cannot cast to FLOAT: complex).
TEST_P(CatEveryDtype, PromotesWithFloat) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    const aclDataType promoted = d == ACL_DOUBLE || d == ACL_COMPLEX64 ? d : ACL_FLOAT;
    const aclDataType outDtype = d == ACL_COMPLEX64 ? ACL_COMPLEX64 : ACL_FLOAT;
    const CatInput x = input({3, 2}, d, 7), y = input({3, 5}, ACL_FLOAT, 8);
    DeviceTensor out({3, 7}, outDtype);
    expectCat({&x, &y}, 1, promoted, out, stream);
}

class CatTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(CatTest);

// A joined shape of one element may go to an out of one element in another shape, of fewer dims too (a 0-d
// out, as fuzz_cat found: the engine then indexed a stride before its array) or more.
TEST_P(CatTest, OneElementIntoAnOutOfAnotherRank) {
    DeviceTensor a({1, 1}, ACL_FLOAT), empty({1, 0}, ACL_FLOAT), scalar(std::vector<int64_t>{}, ACL_FLOAT),
        wide({1, 1, 1}, ACL_FLOAT);
    a.upload({7.5});
    TensorList list({a.get(), empty.get()});
    scalar.upload({0});
    ASSERT_ACL_OK(planAndRun(kCat, {list.get(), int64_t{1}, scalar}, stream));
    EXPECT_EQ(scalar.download(), (std::vector<double>{7.5}));
    wide.upload({0});
    TensorList alone({a.get()});
    ASSERT_ACL_OK(planAndRun(kCat, {alone.get(), int64_t{0}, wide}, stream));
    EXPECT_EQ(wide.download(), (std::vector<double>{7.5}));
}

// A small example by hand: [[1, 2]] and [[3, 4], [5, 6]] joined along dim 0 are their rows in order.
TEST_P(CatTest, SmallExampleByHand) {
    DeviceTensor a({1, 2}, ACL_FLOAT), b({2, 2}, ACL_FLOAT), out({3, 2}, ACL_FLOAT);
    a.upload({1, 2});
    b.upload({3, 4, 5, 6});
    TensorList list({a.get(), b.get()});
    ASSERT_ACL_OK(planAndRun(kCat, {list.get(), int64_t{0}, out}, stream));
    EXPECT_EQ(out.download(), (std::vector<double>{1, 2, 3, 4, 5, 6}));
}

// Mixed dtypes promote left to right (PromoteType) and convert to the promoted dtype first: INT32 and FLOAT16
// promote to FLOAT16 (2049 rounds to 2048 before an FLOAT out); UINT8 and INT8 to INT16; FLOAT16 and BF16 to
// FLOAT; BOOL with INT64 to INT64.
TEST_P(CatTest, MixedDtypesPromoteFirst) {
    struct Mix {
        aclDataType a, b, promoted, out;
    };
    for (const Mix &m : {Mix{ACL_INT32, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT},
                         Mix{ACL_UINT8, ACL_INT8, ACL_INT16, ACL_INT16}, Mix{ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_FLOAT},
                         Mix{ACL_BOOL, ACL_INT64, ACL_INT64, ACL_INT32}}) {
        SCOPED_TRACE(std::string(aclcl::dtypeName(m.a)) + " + " + aclcl::dtypeName(m.b));
        CatInput x = input({2, 3}, m.a, 1);
        if (m.a == ACL_INT32) {
            x.values[0] = 2049;  // not an FLOAT16 value: the promoted dtype rounds it
            x.tensor.upload(x.values);
        }
        const CatInput y = input({2, 2}, m.b, 2);
        DeviceTensor out({2, 5}, m.out);
        expectCat({&x, &y}, -1, m.promoted, out, stream);
        if (m.a == ACL_INT32) {
            EXPECT_EQ(out.download()[0], 2048);
        }
    }
}

// A transposed input with a storage offset, and an out with gaps between its elements and an offset: nothing
// but out's elements is written.
TEST_P(CatTest, ViewsInAndOut) {
    CatInput x{DeviceTensor({3, 4}, ACL_FLOAT, {1, 3}, 5), refValues(ACL_FLOAT, 12, 4)};
    x.tensor.upload(x.values);
    const CatInput y = input({3, 2}, ACL_FLOAT, 5);
    DeviceTensor out({3, 6}, ACL_FLOAT, {14, 2}, 3);
    out.fillStorage(0x7f);
    expectCat({&x, &y}, 1, ACL_FLOAT, out, stream);
    size_t untouched = 0;
    for (uint8_t b : out.storage()) untouched += b == 0x7f;
    EXPECT_EQ(untouched, out.storage().size() - 18 * sizeof(float));
}

// 1-D tensors of shape (0) are dropped before any check (their dtype, rank and shape do not matter); other
// tensors with a 0 in their shape are checked and skipped; a list left with nothing succeeds with no work.
TEST_P(CatTest, EmptyTensorsDroppedOrSkipped) {
    const CatInput x = input({2, 3}, ACL_FLOAT, 1), legacy = input({0}, ACL_INT8, 2),
                   empty = input({2, 0}, ACL_FLOAT, 3), y = input({2, 1}, ACL_FLOAT, 4);
    DeviceTensor out({2, 4}, ACL_FLOAT);
    expectCat({&legacy, &x, &empty, &y}, 1, ACL_FLOAT, out, stream);
    // Only dropped tensors, or an empty list: success, out untouched.
    DeviceTensor untouched({2}, ACL_FLOAT);
    untouched.upload({8, 9});
    TensorList onlyDropped({legacy.tensor.get(), legacy.tensor.get()}), none({});
    ASSERT_ACL_OK(planAndRun(kCat, {onlyDropped.get(), int64_t{5}, untouched}, stream));
    ASSERT_ACL_OK(planAndRun(kCat, {none.get(), int64_t{0}, untouched}, stream));
    EXPECT_EQ(untouched.download(), (std::vector<double>{8, 9}));
}

// PyTorch's cat (tests/golden/ops/cat.py): every dtype CANN lists along two dims, mixed dtypes into the
// promoted one, a 1-D (0) tensor dropped.
TEST_P(CatTest, MatchesPyTorchGolden) {
    constexpr size_t kFileCases = 27, kFp64Cases = 2;
    const auto noFp64 = [&](const golden::Case &c) -> std::string {
        return goldenDtype(c.tensor("out").dtype) == ACL_DOUBLE && !fp64() ? "no fp64 on this device" : "";
    };
    forEachGoldenCase({"cat.golden", kFileCases, fp64() ? kFileCases : kFileCases - kFp64Cases, noFp64},
                      [&](const golden::Case &c) {
        std::vector<DeviceTensor> inputs;
        for (size_t i = 0; c.has("tensors" + std::to_string(i)); ++i) {
            const golden::Tensor &t = c.tensor("tensors" + std::to_string(i));
            inputs.emplace_back(t.dims, goldenDtype(t.dtype));
            if (!t.values.empty()) inputs.back().upload(t.values);
        }
        std::vector<const aclTensor *> handles;
        for (const DeviceTensor &t : inputs) handles.push_back(t.get());
        const golden::Tensor &want = c.tensor("out");
        DeviceTensor out(want.dims, goldenDtype(want.dtype));
        TensorList list(handles);
        ASSERT_ACL_OK(planAndRun(kCat, {list.get(), c.ints("dim")[0], out}, stream));
        const CheckResult r = compareExactly(out.download(), want.values, sameValue, c.name, "out");
        EXPECT_TRUE(r.ok) << r.detail;
    });
}

// The benchmark's case (three 8 x 64 x 56 x 56 FLOAT tensors along dim 1): the full tier only.
TEST_P(CatTest, BenchmarkShape) {
    if (quickTier()) GTEST_SKIP() << fullTierOnly("the 3 x 8 x 64 x 56 x 56 case");
    const CatInput x = input({8, 64, 56, 56}, ACL_FLOAT, 1), y = input({8, 64, 56, 56}, ACL_FLOAT, 2),
                   z = input({8, 64, 56, 56}, ACL_FLOAT, 3);
    DeviceTensor out({8, 192, 56, 56}, ACL_FLOAT);
    expectCat({&x, &y, &z}, 1, ACL_FLOAT, out, stream);
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: the list null; (1-D (0) tensors dropped; nothing left succeeds); null elements and
// out; each element's dtype and out's; promotion and CanCast(promoted, out); formats; tensor 0's rank (with
// ours: every view); dim; ranks; the other dims; out's joined shape; (ours: out not overlapping itself).

CallSpec catCall() {
    return CallSpec(kCat, {{"tensors", TensorListArg{{TensorArg{{2, 3, 4}}, TensorArg{{2, 2, 4}}}, {}}},
                           {"dim", int64_t{1}},
                           {"out", TensorArg{{2, 5, 4}}}});
}
ErrorRows catRows() {
    return validRow() + outPointerRows() + nullRows({"tensors"}) + ErrorRows{
        {"tensors[1] null", set("tensors", nullItem(1)), ACLNN_ERR_PARAM_NULLPTR, {"tensors[1]", "nullptr"}},
        {"out null", null("out"), ACLNN_ERR_PARAM_NULLPTR, {"out", "nullptr"}},
        {"tensors[1] UINT32", set("tensors", item(1, dtype(ACL_UINT32))), ACLNN_ERR_PARAM_INVALID,
         {"tensors[1]", "DT_UINT32"}},
        {"out COMPLEX128", set("out", dtype(ACL_COMPLEX128)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_COMPLEX128"}},
        {"DOUBLE with COMPLEX64 promotes to COMPLEX128",
         set("tensors", item(0, dtype(ACL_DOUBLE)), item(1, dtype(ACL_COMPLEX64))) + set("out", dtype(ACL_COMPLEX64)),
         ACLNN_ERR_PARAM_INVALID, {"DT_COMPLEX128"}},
        {"FLOAT into INT32 out", set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID,
         {"out", "DT_FLOAT", "DT_INT32"}},
        {"tensors[0] private format", set("tensors", item(0, format(ACL_FORMAT_FRACTAL_NZ))), ACLNN_ERR_PARAM_INVALID,
         {"tensors[0]", "private"}},
        {"tensors[1] another format", set("tensors", item(1, format(ACL_FORMAT_NCHW))), ACLNN_ERR_PARAM_INVALID,
         {"tensors[1]", "format"}},
        {"out another format", set("out", format(ACL_FORMAT_NCHW)), ACLNN_ERR_PARAM_INVALID, {"out", "format"}},
        {"tensors[0] rank 9", set("tensors", item(0, shape({1, 1, 1, 1, 1, 1, 2, 3, 4}))), ACLNN_ERR_PARAM_INVALID,
         {"tensors[0]", "8"}},
        {"dim 3", set("dim", value(int64_t{3})), ACLNN_ERR_PARAM_INVALID, {"dim", "[-3, 2]", "3"}},
        {"tensors[1] rank 2", set("tensors", item(1, shape({2, 2}))), ACLNN_ERR_PARAM_INVALID,
         {"tensors[1]", "dimensions"}},
        {"tensors[1] another dim 2", set("tensors", item(1, shape({2, 2, 5}))), ACLNN_ERR_PARAM_INVALID,
         {"tensors[1]", "dimension 2", "4", "5"}},
        {"out shape", set("out", shape({2, 6, 4})), ACLNN_ERR_PARAM_INVALID, {"out", "[2, 5, 4]", "[2, 6, 4]"}},
        overlapRow("out", {0, 4, 1}),
        withoutFp64Row("DT_DOUBLE without fp64", set("tensors", item(0, dtype(ACL_DOUBLE))), {"fp64"}),
        {"1-D (0) tensor dropped",
         set("tensors", item(1, shape({0})), item(1, dtype(ACL_UINT32))) + set("out", shape({2, 3, 4})),
         ACL_SUCCESS, {}},
        {"tensors[1] empty, skipped", set("tensors", item(1, shape({2, 0, 4}))) + set("out", shape({2, 3, 4})),
         ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(CatErrors, catCall, catRows);

}  // namespace
