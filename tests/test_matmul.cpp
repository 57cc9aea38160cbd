// aclnnMm, aclnnBatchMatMul, aclnnMatmul: every dtype CANN lists (and mixes of them) against a float64 host
// product of the values the device holds, over 2-D products, same and broadcast batches, torch.matmul's 1-D
// and batch-broadcasting rules up to 4-D, transposed and strided views, out written through a view, empty
// products, every cubeMathType, every GEMM backend of the device, run-to-run bits; the errors in CANN's order.
//
// Tolerance (kept in docs/ops/mm.md): each out value is a sum of K products. Summed in fp32 in any order (the
// backends' orders differ), it is within gamma_K * sum|products| of the exact sum (K roundings of a product or
// a partial sum, each at most 2^-24 relative: Higham's bound for a dot product; 16-bit inputs are exact in
// fp32), then rounded once to out's dtype: anyOrderSumBound with K + 1 terms and unit 2^-24. cubeMathType 2
// (USE_FP16) on a device with cl_khr_fp16 sums in fp16: the same bound with unit 2^-11, over inputs chosen
// exact in fp16.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "harness/matmul.h"
#include "runtime/device.h"
#include "support/elementwise_ref.h"
#include "support/error_rows.h"
#include "support/gemm_backends.h"
#include "support/op_test.h"
#include "support/sum_bound.h"
#include "support/host_data.h"

using namespace testing_support;

namespace {

// A tensor of the test: shape, dtype and (optionally) a view's strides and offset.
struct TensorSpec {
    std::vector<int64_t> shape;
    std::vector<int64_t> strides = {};  // empty: contiguous
    int64_t offset = 0;
};

DeviceTensor makeTensor(const TensorSpec &t, aclDataType d) {
    if (t.strides.empty()) return DeviceTensor(t.shape, d);
    return DeviceTensor(t.shape, d, t.strides, t.offset);
}

// out = self @ mat2 in double with torch.matmul's rules, and sum|products| per element, over the values as the
// device holds them (row-major over each view).
struct Reference {
    std::vector<double> value, absSum;
    int64_t K = 0;
};

Reference matmulReference(const std::vector<int64_t> &selfShape, const std::vector<double> &self,
                          const std::vector<int64_t> &mat2Shape, const std::vector<double> &mat2) {
    std::vector<int64_t> s = selfShape, m = mat2Shape;
    if (s.size() == 1) s.insert(s.begin(), 1);
    if (m.size() == 1) m.push_back(1);
    const int64_t M = s[s.size() - 2], K = s.back(), N = m.back();
    const size_t bs = s.size() - 2, bm = m.size() - 2, br = std::max(bs, bm);
    std::vector<int64_t> batch(br, 1);
    for (size_t k = 0; k < br; ++k) {
        const int64_t ds = k + bs >= br ? s[k + bs - br] : 1, dm = k + bm >= br ? m[k + bm - br] : 1;
        batch[k] = ds == 1 ? dm : ds;
    }
    int64_t batches = 1;
    for (int64_t b : batch) batches *= b;
    Reference r;
    r.K = K;
    std::vector<int64_t> idx(br, 0);
    for (int64_t b = 0; b < batches; ++b) {
        // Row-major batch offsets of each operand, a size-1 dim broadcast.
        int64_t so = 0, mo = 0;
        for (size_t k = 0; k < br; ++k) {
            if (k + bs >= br) so = so * s[k + bs - br] + (s[k + bs - br] == 1 ? 0 : idx[k]);
            if (k + bm >= br) mo = mo * m[k + bm - br] + (m[k + bm - br] == 1 ? 0 : idx[k]);
        }
        for (int64_t i = 0; i < M; ++i) {
            for (int64_t j = 0; j < N; ++j) {
                double v = 0, a = 0;
                for (int64_t k = 0; k < K; ++k) {
                    const double p = self[static_cast<size_t>((so * M + i) * K + k)] *
                                     mat2[static_cast<size_t>((mo * K + k) * N + j)];
                    v += p;
                    a += std::fabs(p);
                }
                r.value.push_back(v);
                r.absSum.push_back(a);
            }
        }
        for (size_t k = br; k-- > 0;) {
            if (++idx[k] < batch[k]) break;
            idx[k] = 0;
        }
    }
    return r;
}

// Values k / 8 for k in [-32, 32]: exact in FLOAT16 and BFLOAT16 (and their products in fp32).
std::vector<double> eighths(size_t n, uint64_t seed) {
    std::vector<double> v(n);
    uint64_t x = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    for (double &e : v) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        e = static_cast<double>(static_cast<int64_t>((x >> 33) % 65) - 32) / 8.0;
    }
    return v;
}

struct Product {
    const Binding *op;
    TensorSpec self, mat2, out;
    std::string name;
};

class MatmulTest : public DeviceTest {
protected:
    bool fp16Gemm() const { return aclcl::deviceAt(device()).fp16; }

    // Runs one product with these dtypes and cubeMathType; checks every out value against the reference and
    // that out's storage outside the view is untouched; returns out's stored bytes.
    std::vector<uint8_t> check(const Product &p, aclDataType ds, aclDataType dm, aclDataType dout, int8_t cube = 0,
                               uint64_t seed = 1, bool exactInHalf = false) {
        SCOPED_TRACE(p.name + " " + dtypeLabel(ds) + " @ " + dtypeLabel(dm) + " -> " + dtypeLabel(dout) + " cube " +
                     std::to_string(cube));
        DeviceTensor self = makeTensor(p.self, ds), mat2 = makeTensor(p.mat2, dm), out = makeTensor(p.out, dout);
        const size_t ns = static_cast<size_t>(self.numel()), nm = static_cast<size_t>(mat2.numel());
        self.upload(exactInHalf ? eighths(ns, seed) : refValues(ACL_FLOAT, ns, seed));
        mat2.upload(exactInHalf ? eighths(nm, seed + 1) : refValues(ACL_FLOAT, nm, seed + 1));
        out.fillStorage(0xFF);  // NaN in every float dtype: a GEMM that read out (beta 0) would show it
        const std::vector<uint8_t> before = out.storage();
        EXPECT_EQ(planAndRun(*p.op, {self, mat2, out, cube}, stream), ACL_SUCCESS) << aclGetRecentErrMsg();

        const Reference ref = matmulReference(p.self.shape, self.download(), p.mat2.shape, mat2.download());
        const std::vector<double> got = out.download();
        EXPECT_EQ(got.size(), ref.value.size());
        const bool half = cube == 2 && fp16Gemm() && !(ds == ACL_BF16 && dm == ACL_BF16);
        const double unit = std::ldexp(1.0, half ? -11 : -24);
        size_t bad = 0;
        for (size_t i = 0; i < got.size() && i < ref.value.size(); ++i) {
            const double bound =
                anyOrderSumBound(ref.value[i], ref.absSum[i], static_cast<double>(ref.K + 1), unit, dout);
            if (!(std::fabs(got[i] - ref.value[i]) <= bound) && bad++ < 3) {
                ADD_FAILURE() << "out[" << i << "]: got " << got[i] << ", want " << ref.value[i] << " (bound " << bound
                              << ")";
            }
        }
        EXPECT_EQ(bad, 0u);
        // Storage outside out's view keeps its bytes.
        const std::vector<uint8_t> after = out.storage();
        const std::vector<int64_t> at = viewStorageElements(out.shape(), p.out.strides.empty()
                                                                             ? rowMajorStrides(p.out.shape, 0)
                                                                             : p.out.strides,
                                                            p.out.offset);
        std::vector<bool> inView(after.size(), false);
        const size_t elem = aclDataTypeSize(dout);
        for (int64_t e : at) {
            for (size_t b = 0; b < elem; ++b) inView[static_cast<size_t>(e) * elem + b] = true;
        }
        size_t stray = 0;
        for (size_t b = 0; b < after.size(); ++b) stray += !inView[b] && after[b] != before[b];
        EXPECT_EQ(stray, 0u) << "bytes written outside out's view";
        ++checked_;
        return after;
    }
    size_t checked_ = 0;
};

TensorSpec dense(std::vector<int64_t> shape) { return TensorSpec{std::move(shape)}; }

// The products every dtype runs: Mm, BatchMatMul with equal and broadcast batches, Matmul's shapes.
const std::vector<Product> &products() {
    static const std::vector<Product> p = {
        {&kMm, dense({5, 7}), dense({7, 3}), dense({5, 3}), "Mm 5x7 @ 7x3"},
        {&kMm, dense({1, 1}), dense({1, 1}), dense({1, 1}), "Mm 1x1 @ 1x1"},
        {&kMm, dense({9, 33}), dense({33, 17}), dense({9, 17}), "Mm 9x33 @ 33x17"},
        {&kBatchMatMul, dense({3, 4, 6}), dense({3, 6, 5}), dense({3, 4, 5}), "BatchMatMul 3 batches"},
        {&kBatchMatMul, dense({1, 4, 6}), dense({3, 6, 5}), dense({3, 4, 5}), "BatchMatMul self batch 1"},
        {&kBatchMatMul, dense({3, 4, 6}), dense({1, 6, 5}), dense({3, 4, 5}), "BatchMatMul mat2 batch 1"},
        {&kMatmul, dense({7}), dense({7}), dense({}), "Matmul 1-D @ 1-D (dot)"},
        {&kMatmul, dense({7}), dense({7, 3}), dense({3}), "Matmul 1-D @ 2-D"},
        {&kMatmul, dense({4, 7}), dense({7}), dense({4}), "Matmul 2-D @ 1-D"},
        {&kMatmul, dense({4, 7}), dense({7, 3}), dense({4, 3}), "Matmul 2-D @ 2-D"},
        {&kMatmul, dense({2, 4, 7}), dense({7}), dense({2, 4}), "Matmul 3-D @ 1-D"},
        {&kMatmul, dense({7}), dense({2, 7, 3}), dense({2, 3}), "Matmul 1-D @ 3-D"},
        {&kMatmul, dense({2, 3, 4, 5}), dense({5, 6}), dense({2, 3, 4, 6}), "Matmul 4-D @ 2-D"},
        {&kMatmul, dense({4, 5}), dense({2, 3, 5, 6}), dense({2, 3, 4, 6}), "Matmul 2-D @ 4-D"},
        {&kMatmul, dense({2, 1, 4, 5}), dense({3, 5, 6}), dense({2, 3, 4, 6}), "Matmul 4-D @ 3-D broadcast"},
        {&kMatmul, dense({3, 4, 5}), dense({2, 1, 5, 6}), dense({2, 3, 4, 6}), "Matmul 3-D @ 4-D broadcast"},
        {&kMatmul, dense({2, 4, 5}), dense({2, 5, 6}), dense({8, 6}), "Matmul out reshaped"},
    };
    return p;
}

TEST_P(MatmulTest, EveryDtypeAndShapeMatchesTheHostProduct) {
    for (aclDataType d : kMatmulDtypes) {
        for (const Product &p : products()) check(p, d, d, d, 0, 3 + checked_);
    }
    EXPECT_EQ(checked_, kMatmulDtypes.size() * products().size());
}

// CANN's A2/A3 rule table accepts every mix of FLOAT, FLOAT16 and BFLOAT16; out of any of them.
TEST_P(MatmulTest, MixedDtypes) {
    const Product p{&kMm, dense({6, 9}), dense({9, 4}), dense({6, 4}), "Mm"};
    for (aclDataType ds : kMatmulDtypes) {
        for (aclDataType dm : kMatmulDtypes) {
            for (aclDataType dout : kMatmulDtypes) {
                if (ds == dm && dm == dout) continue;
                check(p, ds, dm, dout, 0, 40 + checked_);
            }
        }
    }
    EXPECT_EQ(checked_, 24u);
}

// Each product on every backend the device has: CLBlast, the host BLAS, the own GEMM.
TEST_P(MatmulTest, EveryGemmBackend) {
    const std::vector<Product> some = {products()[2], products()[4], products()[12], products()[15]};
    size_t backends = 0;
    forEachGemmBackend(device(), [&] {
        ++backends;
        for (const Product &p : some) check(p, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 0, 60);
        check(some[0], ACL_BF16, ACL_BF16, ACL_BF16, 0, 61);
        // Transposed operands and a transposed out (the product computed transposed, every flag flipped).
        check({&kBatchMatMul, {{3, 4, 6}, {24, 1, 4}, 0}, {{1, 6, 5}, {30, 1, 6}, 0}, {{3, 4, 5}, {20, 1, 4}, 0},
               "BatchMatMul transposed everything"},
              ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, 0, 62);
    });
    EXPECT_EQ(checked_, backends * (some.size() + 2));
}

// Transposed views go to the GEMM's transpose flags, other views are packed; an out view with unit column
// stride is written in place at its row pitch, a transposed one as the transposed product, another through a
// staging buffer.
TEST_P(MatmulTest, Views) {
    const std::vector<Product> views = {
        // self (5, 7) as the transpose of a stored (7, 5); mat2 (7, 3) as the transpose of a stored (3, 7).
        {&kMm, {{5, 7}, {1, 5}, 0}, dense({7, 3}), dense({5, 3}), "Mm transposed self"},
        {&kMm, dense({5, 7}), {{7, 3}, {1, 7}, 2}, dense({5, 3}), "Mm transposed mat2 at an offset"},
        {&kMm, {{5, 7}, {1, 6}, 1}, {{7, 3}, {1, 8}, 0}, dense({5, 3}), "Mm both transposed with pitches"},
        // Row pitch wider than the row: read in place with that pitch.
        {&kMm, {{5, 7}, {9, 1}, 3}, dense({7, 3}), dense({5, 3}), "Mm self row pitch 9"},
        // Neither row- nor column-major: packed.
        {&kMm, {{5, 7}, {14, 2}, 0}, dense({7, 3}), dense({5, 3}), "Mm self column stride 2"},
        {&kMm, dense({5, 7}), dense({7, 3}), {{5, 3}, {1, 5}, 0}, "Mm transposed out"},
        {&kMm, dense({5, 7}), dense({7, 3}), {{5, 3}, {4, 1}, 1}, "Mm out row pitch 4"},
        {&kMm, {{5, 7}, {1, 5}, 0}, dense({7, 3}), {{5, 3}, {1, 6}, 2}, "Mm transposed self into a transposed out"},
        {&kBatchMatMul, dense({3, 4, 6}), {{1, 6, 5}, {30, 1, 6}, 0}, {{3, 4, 5}, {20, 1, 4}, 0},
         "BatchMatMul transposed broadcast mat2 into transposed outs"},
        {&kBatchMatMul, dense({3, 4, 6}), {{3, 6, 5}, {30, 1, 6}, 0}, dense({3, 4, 5}),
         "BatchMatMul transposed mat2 per batch"},
        {&kBatchMatMul, {{3, 4, 6}, {6, 18, 1}, 0}, dense({3, 6, 5}), dense({3, 4, 5}),
         "BatchMatMul self batch innermost of the rows"},
        {&kBatchMatMul, dense({3, 4, 6}), dense({3, 6, 5}), {{3, 4, 5}, {25, 5, 1}, 2},
         "BatchMatMul out batch pitch 25"},
        {&kMatmul, {{7}, {3}, 1}, {{7}, {2}, 0}, dense({}), "Matmul dot of strided vectors"},
        {&kMatmul, dense({2, 4, 5}), dense({5, 6}), {{2, 4, 6}, {32, 8, 1}, 1}, "Matmul 3-D @ 2-D, out row pitch 8"},
        {&kMatmul, dense({2, 4, 5}), dense({5, 6}), {{2, 4, 6}, {40, 8, 1}, 0}, "Matmul 3-D @ 2-D, out batch pitch 40"},
        {&kMatmul, dense({4, 7}), dense({7}), {{4}, {3}, 1}, "Matmul 2-D @ 1-D into a strided vector"},
        {&kMatmul, {{2, 4, 5}, {20, 1, 4}, 0}, dense({5, 6}), dense({2, 4, 6}), "Matmul transposed batches @ 2-D"},
    };
    for (aclDataType d : {ACL_FLOAT, ACL_FLOAT16}) {
        for (const Product &p : views) check(p, d, d, d, 0, 80 + checked_);
    }
    EXPECT_EQ(checked_, 2 * views.size());
}

// A transposed fp32 operand needs no packed copy: the same workspace as the contiguous call (none at these
// sizes, on every backend), while a view that is neither row- nor column-major is packed into the workspace.
TEST_P(MatmulTest, TransposedViewsAreReadInPlace) {
    forEachGemmBackend(device(), [&] {
        auto workspaceOf = [&](const TensorSpec &s, const TensorSpec &m) {
            DeviceTensor self = makeTensor(s, ACL_FLOAT), mat2 = makeTensor(m, ACL_FLOAT), out({5, 3}, ACL_FLOAT);
            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            EXPECT_EQ(kMm.plan({self, mat2, out, int8_t{0}}, &ws, &ex), ACL_SUCCESS) << aclGetRecentErrMsg();
            if (ex) aclDestroyAclOpExecutor(ex);
            return ws;
        };
        const uint64_t contiguous = workspaceOf(dense({5, 7}), dense({7, 3}));
        EXPECT_EQ(workspaceOf({{5, 7}, {1, 5}, 0}, {{7, 3}, {1, 7}, 0}), contiguous);
        EXPECT_GE(workspaceOf({{5, 7}, {14, 2}, 0}, dense({7, 3})), contiguous + 5 * 7 * sizeof(float));
        ++checked_;
    });
    EXPECT_GE(checked_, 1u);
}

// Empty products: K = 0 writes zeros; M, N or a batch of 0 succeed with nothing to write.
TEST_P(MatmulTest, Empties) {
    for (const Product &p : std::vector<Product>{
             {&kMm, dense({4, 0}), dense({0, 3}), dense({4, 3}), "Mm K 0"},
             {&kBatchMatMul, dense({2, 4, 0}), dense({2, 0, 3}), dense({2, 4, 3}), "BatchMatMul K 0"},
             {&kMatmul, dense({0}), dense({0}), dense({}), "Matmul dot of empties"},
             {&kMatmul, dense({2, 3, 0}), dense({0, 5}), {{2, 3, 5}, {1, 2, 6}, 0}, "Matmul K 0 into a view"},
         }) {
        check(p, ACL_FLOAT, ACL_FLOAT, ACL_BF16, 0, 100);  // reference: sums of nothing, 0
    }
    for (const Product &p : std::vector<Product>{
             {&kMm, dense({0, 5}), dense({5, 3}), dense({0, 3}), "Mm M 0"},
             {&kMm, dense({4, 5}), dense({5, 0}), dense({4, 0}), "Mm N 0"},
             {&kBatchMatMul, dense({0, 4, 5}), dense({1, 5, 3}), dense({0, 4, 3}), "BatchMatMul batch 0"},
             {&kMatmul, dense({0, 4, 5}), dense({5, 3}), dense({0, 4, 3}), "Matmul batch 0"},
         }) {
        SCOPED_TRACE(p.name);
        DeviceTensor self(p.self.shape, ACL_FLOAT), mat2(p.mat2.shape, ACL_FLOAT), out(p.out.shape, ACL_FLOAT);
        uint64_t ws = 1;
        EXPECT_EQ(planAndRun(*p.op, {self, mat2, out, int8_t{0}}, stream, &ws), ACL_SUCCESS) << aclGetRecentErrMsg();
        EXPECT_EQ(ws, 0u);
        ++checked_;
    }
    EXPECT_EQ(checked_, 8u);
}

// Every cubeMathType CANN takes: -1, 0, 1, 3 and 4 sum in fp32; 2 (USE_FP16) sums in fp16 where the device has
// cl_khr_fp16 (unless both operands are BFLOAT16), else in fp32. Inputs exact in fp16.
TEST_P(MatmulTest, EveryCubeMathType) {
    const Product mm{&kMm, dense({6, 40}), dense({40, 5}), dense({6, 5}), "Mm"};
    const Product bmm{&kBatchMatMul, dense({2, 6, 40}), dense({2, 40, 5}), dense({2, 6, 5}), "BatchMatMul"};
    for (int8_t cube = -1; cube <= 4; ++cube) {
        for (aclDataType d : kMatmulDtypes) {
            check(mm, d, d, d, cube, 120, true);
            check(bmm, d, ACL_FLOAT, ACL_FLOAT, cube, 121, true);
        }
    }
    EXPECT_EQ(checked_, 6 * kMatmulDtypes.size() * 2);
}

// The same call twice gives the same bits, on every backend.
TEST_P(MatmulTest, RunToRunBitIdentical) {
    const Product p{&kMatmul, dense({3, 20, 70}), dense({70, 9}), dense({3, 20, 9}), "Matmul"};
    forEachGemmBackend(device(), [&] {
        for (aclDataType d : {ACL_FLOAT, ACL_BF16}) {
            const std::vector<uint8_t> first = check(p, d, d, d, 0, 140);
            EXPECT_EQ(check(p, d, d, d, 0, 140), first);
        }
    });
}

// The benchmark's cases (tests/cases/matmul_cases.cpp) run and pass their checks: the smallest of Mm's sweep.
TEST_P(MatmulTest, BenchmarkCasesCheck) {
    for (auto &c : makeCases("Mm")) {
        if (c->op != "Mm" || (c->name != "128x128x128" && c->name != "fp16 128x128x128")) continue;
        SCOPED_TRACE(c->name + " " + dtypeLabel(c->dtype));
        c->setup();
        ASSERT_ACL_OK(runCaseOnce(*c, stream));
        const CheckResult r = c->check();
        EXPECT_TRUE(r.ok) << r.detail;
        ++checked_;
    }
    EXPECT_EQ(checked_, 2u);  // FLOAT and FLOAT16
}

INSTANTIATE_ON_ALL_DEVICES(MatmulTest);

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order (docs/ops/mm.md, batch_matmul.md, matmul.md).

ErrorRows cubeMathTypeRows() {
    ErrorRows rows;
    for (int64_t cube : {-2, 5, 100}) {
        rows.push_back({"cubeMathType " + std::to_string(cube), set("cubeMathType", value(cube)),
                        ACLNN_ERR_PARAM_INVALID, {"cubeMathType", std::to_string(cube)}});
    }
    return rows;
}

ErrorRows dtypeRows() {
    return ErrorRows{
        {"self DOUBLE", set("self", dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_INVALID, {"self", "DT_DOUBLE"}},
        {"mat2 INT32", set("mat2", dtype(ACL_INT32)), ACLNN_ERR_PARAM_INVALID, {"mat2", "DT_INT32"}},
        {"out INT8", set("out", dtype(ACL_INT8)), ACLNN_ERR_PARAM_INVALID, {"out", "DT_INT8"}},
        {"self FLOAT16, mat2 BF16, out FLOAT", set("self", dtype(ACL_FLOAT16)) + set("mat2", dtype(ACL_BF16)),
         ACL_SUCCESS, {}},
    };
}

CallSpec mmCall() {
    return CallSpec(kMm, {{"self", TensorArg{{3, 4}}},
                          {"mat2", TensorArg{{4, 5}}},
                          {"out", TensorArg{{3, 5}}},
                          {"cubeMathType", int64_t{0}}});
}
ErrorRows mmRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    return validRow() + outPointerRows() + nullRows({"out", "self", "mat2"}) + ErrorRows{
        {"out null, self INT32", null("out") + set("self", dtype(ACL_INT32)), ACLNN_ERR_PARAM_NULLPTR, {"out"}},
    } + dtypeRows() + cubeMathTypeRows() + ErrorRows{
        {"self DOUBLE, cubeMathType 5", set("self", dtype(ACL_DOUBLE)) + set("cubeMathType", value(int64_t{5})),
         INVALID, {"self", "DT_DOUBLE"}},
        {"self 3-D", set("self", shape({1, 3, 4})), INVALID, {"self"}},
        {"mat2 1-D", set("mat2", shape({4})), INVALID, {"mat2"}},
        {"K 4 and 6", set("mat2", shape({6, 5})), INVALID, {"self.shape[1]", "mat2.shape[0]", "[3, 4]", "[6, 5]"}},
        {"out 3x6", set("out", shape({3, 6})), INVALID, {"out", "[3, 5]", "[3, 6]"}},
        {"out 1-D", set("out", shape({15})), INVALID, {"out"}},
        {"self FRACTAL_NZ", set("self", format(ACL_FORMAT_FRACTAL_NZ)), INVALID, {"self", "FRACTAL_NZ"}},
        {"out FRACTAL_NZ", set("out", format(ACL_FORMAT_FRACTAL_NZ)), INVALID, {"out", "FRACTAL_NZ"}},
        shortRow("self"),
        overlapRow("out", {0, 1}),
        {"K 0: zeros", set("self", shape({3, 0})) + set("mat2", shape({0, 5})), ACL_SUCCESS, {}},
    } + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(MmErrors, mmCall, mmRows);

CallSpec batchMatMulCall() {
    return CallSpec(kBatchMatMul, {{"self", TensorArg{{2, 3, 4}}},
                                   {"mat2", TensorArg{{2, 4, 5}}},
                                   {"out", TensorArg{{2, 3, 5}}},
                                   {"cubeMathType", int64_t{0}}});
}
ErrorRows batchMatMulRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    return validRow() + outPointerRows() + nullRows({"self", "mat2", "out"}) + dtypeRows() + cubeMathTypeRows() +
           ErrorRows{
               {"self 2-D", set("self", shape({3, 4})), INVALID, {"self"}},
               {"mat2 4-D", set("mat2", shape({1, 2, 4, 5})), INVALID, {"mat2"}},
               {"out 2-D", set("out", shape({6, 5})), INVALID, {"out"}},
               {"K 4 and 6", set("mat2", shape({2, 6, 5})), INVALID, {"self.shape[2]", "mat2.shape[1]"}},
               {"batches 2 and 3", set("mat2", shape({3, 4, 5})) + set("out", shape({3, 3, 5})), INVALID,
                {"batch", "[2, 3, 4]", "[3, 4, 5]"}},
               {"mat2 batch 1", set("mat2", shape({1, 4, 5})), ACL_SUCCESS, {}},
               {"self batch 1", set("self", shape({1, 3, 4})), ACL_SUCCESS, {}},
               {"out batch 1", set("out", shape({1, 3, 5})), INVALID, {"out", "[2, 3, 5]", "[1, 3, 5]"}},
               {"self FRACTAL_NZ", set("self", format(ACL_FORMAT_FRACTAL_NZ)), INVALID, {"self", "FRACTAL_NZ"}},
               shortRow("mat2"),
               overlapRow("out", {0, 5, 1}),
               {"batch 0", set("self", shape({0, 3, 4})) + set("mat2", shape({1, 4, 5})) + set("out", shape({0, 3, 5})),
                ACL_SUCCESS, {}},
           } +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(BatchMatMulErrors, batchMatMulCall, batchMatMulRows);

CallSpec matmulCall() {
    return CallSpec(kMatmul, {{"self", TensorArg{{2, 3, 4}}},
                              {"mat2", TensorArg{{4, 5}}},
                              {"out", TensorArg{{2, 3, 5}}},
                              {"cubeMathType", int64_t{0}}});
}
ErrorRows matmulRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    return validRow() + outPointerRows() + nullRows({"self", "mat2", "out"}) + dtypeRows() + cubeMathTypeRows() +
           ErrorRows{
               {"self 0-d", set("self", shape({})), INVALID, {"self", "1-D to 6-D", "0-D"}},
               {"mat2 7-D", set("mat2", shape({1, 1, 1, 1, 1, 4, 5})), INVALID, {"mat2", "1-D to 6-D", "7-D"}},
               {"K 4 and 6", set("mat2", shape({6, 5})), INVALID, {"self.shape[2]", "mat2.shape[0]"}},
               {"1-D K 4 and 6", set("self", shape({4})) + set("mat2", shape({6})) + set("out", shape({})), INVALID,
                {"self.shape[0]", "mat2.shape[0]"}},
               {"batches 2 and 3", set("mat2", shape({3, 4, 5})), INVALID, {"broadcast", "2", "3"}},
               {"self FRACTAL_NZ", set("self", format(ACL_FORMAT_FRACTAL_NZ)), INVALID, {"self", "FRACTAL_NZ"}},
               shortRow("self"),
               {"out of 31 elements", set("out", shape({31})), INVALID, {"out", "30", "[2, 3, 5]", "[31]"}},
               {"out reshaped", set("out", shape({6, 5})), ACL_SUCCESS, {}},
               {"a result beyond int64 from empty operands",
                set("self", shape({int64_t{1} << 40, 0})) + set("mat2", shape({0, int64_t{1} << 40})), INVALID,
                {"overflows int64", "[1099511627776, 1099511627776]"}},
               overlapRow("out", {0, 5, 1}),
               {"dot into 0-d", set("self", shape({4})) + set("mat2", shape({4})) + set("out", shape({})), ACL_SUCCESS,
                {}},
               {"6-D @ 1-D", set("self", shape({1, 1, 1, 2, 3, 4})) + set("mat2", shape({4})) +
                                     set("out", shape({1, 1, 1, 2, 3})),
                ACL_SUCCESS, {}},
           } +
           withoutExecutorRows();
}
ACLNN_ERROR_TABLE(MatmulErrors, matmulCall, matmulRows);

}  // namespace
