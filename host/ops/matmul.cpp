// aclnnMm, aclnnBatchMatMul and aclnnMatmul (aclnnop/aclnn_mm.h, aclnn_batch_matmul.h, aclnn_matmul.h): matrix
// products through the GEMM seam (host/blas: the host BLAS on CPU devices, the own GEMM on GPUs, CLBlast
// elsewhere), in the ConvTbc family's GEMM step (ops/conv_tbc_gemm.h), which keeps one backend and one order
// of products per call. Each operator checks its own arguments (CANN's order, docs/ops/<op>.md) and describes
// its product as a Problem (out's batch dims, M, N, K, and per operand its dims with a 1-D operand promoted to
// a matrix); planProducts() plans every Problem the same way:
// - an operand of the GEMM's dtype whose last two dims are a row-major or a transposed (column-major) matrix
//   is read in place, the transposed one through the GEMM's transpose flag; any other operand is packed (and
//   cast) into the workspace by the copy-cast kernel;
// - out is written in place, at its row pitch and batch strides, when it is of the GEMM's dtype with a unit
//   column stride, or with a unit row stride (a transposed out: the products compute out^T = mat2^T self^T);
//   else into a workspace buffer that a final step copies and casts into out's view;
// - a product per batch (broadcast batch dims read the same matrix again), or one product of B*M rows when
//   mat2 is the same for every batch and self's batches follow each other row by row; K = 0 fills zeros.
// The GEMMs sum in fp32 (fp16 only for cubeMathType 2, USE_FP16, on a device with cl_khr_fp16), as CANN's
// cube units accumulate 16-bit products in fp32; the result is rounded once to out's dtype.
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"
#include "common/checked_math.h"
#include "common/layout.h"
#include "ops/conv_tbc_gemm.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

// Executor indices, in CANN's argument order.
constexpr size_t kSelf = 0, kMat2 = 1;
constexpr size_t kOut = 0;

struct Args {
    const aclTensor *self, *mat2;
    const aclTensor *out;
    int8_t cubeMathType;
};

// Which dim a 1-D operand gains to become a matrix: self (K) becomes (1, K), mat2 (K) becomes (K, 1).
enum class Promote { None, Row, Column };

struct Problem {
    std::vector<int64_t> batch;  // out's batch dims (broadcast over both operands')
    int64_t M = 0, N = 0, K = 0;
    Promote selfPromote = Promote::None, mat2Promote = Promote::None;
};

// The shared dtype and cubeMathType rules: self, mat2 and out each FLOAT, FLOAT16 or BFLOAT16 (any mix, as the
// A2/A3 rule table allows); cubeMathType -1 (FP16FP32_KEEP_DTYPE) to 4 (USE_FP32_ADD).
void checkDtypesAndCubeMathType(const char *op, const Args &a) {
    checkDtypeIn(op, a.self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    checkDtypeIn(op, a.mat2, "mat2", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    checkDtypeIn(op, a.out, "out", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    if (a.cubeMathType < -1 || a.cubeMathType > 4) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected cubeMathType to be one of -1 (FP16FP32_KEEP_DTYPE), 0 (KEEP_DTYPE), 1 "
                       "(ALLOW_FP32_DOWN_PRECISION), 2 (USE_FP16), 3 (USE_HF32), 4 (USE_FP32_ADD), but found %d.",
                       op, static_cast<int>(a.cubeMathType)));
    }
}

// CANN takes ND views; the FRACTAL_NZ layout (its weight format) is refused on self and out.
void checkNotNz(const char *op, const aclTensor *t, const char *arg) {
    if (t->format != ACL_FORMAT_FRACTAL_NZ) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected %s in an ND format, but found FRACTAL_NZ.", op, arg));
}

// The formats (self and out ND), then the three tensors' views: what each of the three checks after its shapes.
void checkFormatsAndViews(const char *op, const Args &a) {
    checkNotNz(op, a.self, "self");
    checkNotNz(op, a.out, "out");
    checkViews(op, {{a.self, "self"}, {a.mat2, "mat2"}, {a.out, "out"}});
}

void checkSameK(const char *op, const aclTensor *self, int64_t selfK, const char *selfAxis, const aclTensor *mat2,
                int64_t mat2K, const char *mat2Axis) {
    if (selfK == mat2K) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected self.shape[%s] to equal mat2.shape[%s] (the reduction length K), but found self %s "
                   "and mat2 %s.",
                   op, selfAxis, mat2Axis, self->shapeString().c_str(), mat2->shapeString().c_str()));
}

// One operand of the products: where its matrices are, and how the GEMM reads them.
struct MatrixOperand {
    Operand operand;
    std::vector<int64_t> batchStrides;  // per out batch dim, 0 where broadcast
    blas::Op op = blas::Op::NoTrans;  // out: Trans when out is column-major (its transpose is computed)
    size_t ld = 0;
};

// The operand for input i, whose dims (after promotion) end in the matrix (rows, cols) and whose batch dims
// align right with out's `batch`.
MatrixOperand matrixOperand(OpPlan &plan, size_t i, Promote promote, aclDataType gd, const std::vector<int64_t> &batch) {
    const aclTensor &t = plan.input(i);
    std::vector<int64_t> dims = t.viewDims, strides = t.strides;
    auto promoted = [promote](std::vector<int64_t> &d, std::vector<int64_t> &s) {
        // The added dim has size 1: its stride is never used to step, any value will do.
        if (promote == Promote::Row) {
            d.insert(d.begin(), 1);
            s.insert(s.begin(), s.empty() ? 1 : s[0]);
        } else if (promote == Promote::Column) {
            d.push_back(1);
            s.push_back(1);
        }
    };
    promoted(dims, strides);
    const size_t r = dims.size();
    const int64_t rows = dims[r - 2], cols = dims[r - 1];
    const int64_t rs = strides[r - 2], cs = strides[r - 1];

    MatrixOperand m;
    bool inPlace = false;
    bool batchOk = true;
    for (size_t k = 0; k + 2 < r; ++k) batchOk = batchOk && (dims[k] == 1 || strides[k] >= 0);
    if (t.dtype == gd && batchOk) {
        // Row-major: unit column stride (or one column) and a row pitch of at least the row.
        if ((cols == 1 || cs == 1) && (rows == 1 || rs >= std::max<int64_t>(cols, 1))) {
            m.op = blas::Op::NoTrans;
            m.ld = static_cast<size_t>(rows == 1 ? std::max<int64_t>(cols, 1) : rs);
            inPlace = true;
        } else if ((rows == 1 || rs == 1) && (cols == 1 || cs >= std::max<int64_t>(rows, 1))) {
            // A transposed view: the GEMM reads it as the stored (cols x rows) matrix with the transpose flag.
            m.op = blas::Op::Trans;
            m.ld = static_cast<size_t>(cols == 1 ? std::max<int64_t>(rows, 1) : cs);
            inPlace = true;
        }
    }
    if (inPlace) {
        m.operand.where = Operand::Where::Input;
        m.operand.index = i;
        m.operand.dtype = gd;
    } else {
        m.operand = plan.contiguousInput(i, gd);
        dims = t.viewDims;
        strides = contiguousStrides(dims);
        promoted(dims, strides);
        m.op = blas::Op::NoTrans;
        m.ld = static_cast<size_t>(std::max<int64_t>(cols, 1));
    }
    // Batch strides aligned right with out's batch dims; a missing or size-1 dim broadcasts (stride 0).
    m.batchStrides.assign(batch.size(), 0);
    const size_t own = r - 2;
    for (size_t k = 0; k < own; ++k) {
        const size_t at = batch.size() - own + k;
        if (dims[k] != 1) m.batchStrides[at] = strides[k];
    }
    return m;
}

// out as the products' C: out itself when it is of the GEMM's dtype and holds the result in its own shape with
// unit column stride (a row pitch of at least N) or unit row stride (column-major: op Trans, the products then
// compute out^T); batches anywhere, as out does not overlap itself. Else a contiguous buffer (out itself when
// contiguous, or a workspace buffer that a final step copies into out's view).
MatrixOperand outputMatrix(OpPlan &plan, const Problem &p, aclDataType gd) {
    const aclTensor &t = plan.output(kOut);
    std::vector<int64_t> result = p.batch;
    if (p.selfPromote == Promote::None) result.push_back(p.M);
    if (p.mat2Promote == Promote::None) result.push_back(p.N);
    MatrixOperand m;
    m.batchStrides.assign(p.batch.size(), 0);
    if (t.dtype == gd && t.viewDims == result) {
        size_t at = p.batch.size();
        bool ok = true;
        for (size_t k = 0; k < at; ++k) {
            ok = ok && (p.batch[k] == 1 || t.strides[k] >= 0);
            if (p.batch[k] != 1) m.batchStrides[k] = t.strides[k];
        }
        const int64_t rs = p.selfPromote == Promote::None ? t.strides[at++] : 0;
        const int64_t cs = p.mat2Promote == Promote::None ? t.strides[at++] : 1;
        m.operand.where = Operand::Where::Output;
        m.operand.index = kOut;
        m.operand.dtype = gd;
        if (ok && (p.N == 1 || cs == 1) && (p.M == 1 || rs >= p.N)) {
            m.ld = static_cast<size_t>(p.M == 1 ? p.N : rs);
            return m;
        }
        // Column-major (e.g. a transposed view): out^T = mat2^T @ self^T is written row by row instead.
        if (ok && (p.M == 1 || rs == 1) && (p.N == 1 || cs >= p.M)) {
            m.op = blas::Op::Trans;
            m.ld = static_cast<size_t>(p.N == 1 ? p.M : cs);
            return m;
        }
    }
    m.operand = plan.contiguousOutput(kOut, gd);
    m.ld = static_cast<size_t>(p.N);
    int64_t next = p.M * p.N;
    for (size_t k = p.batch.size(); k-- > 0;) {
        if (p.batch[k] != 1) m.batchStrides[k] = next;
        next *= p.batch[k];
    }
    return m;
}

// cubeMathType 2 (USE_FP16) computes in fp16 unless both operands are BFLOAT16 (CANN keeps BF16 then, which we
// sum in fp32); every other value sums in fp32 (HF32 is a reduced fp32; full fp32 is within what it allows).
int8_t gemmCubeMathType(const Args &a) {
    return a.cubeMathType == 2 && !(a.self->dtype == ACL_BF16 && a.mat2->dtype == ACL_BF16) ? 2 : 0;
}

void planProducts(OpPlan &plan, const Args &a, const Problem &p) {
    plan.addInput(a.self, "self");
    plan.addInput(a.mat2, "mat2");
    plan.addOutput(a.out, "out");
    plan.describeAttribute("cubeMathType", int64_t{a.cubeMathType});
    if (a.out->isEmpty()) return;  // batch, M or N is 0: nothing to write

    conv_tbc::GemmStep gemms(plan, gemmCubeMathType(a));
    const aclDataType gd = gemms.dtype();
    int64_t batches = 1;
    for (int64_t d : p.batch) batches *= d;
    if (p.K == 0) {
        // A sum over nothing: zeros (CANN's rule for an empty self or mat2 with a non-empty out).
        const Operand y = plan.contiguousOutput(kOut, gd);
        gemms.zero(y, 0, static_cast<uint64_t>(batches) * static_cast<uint64_t>(p.M) * static_cast<uint64_t>(p.N));
        gemms.enqueue();
        return;
    }
    const MatrixOperand x = matrixOperand(plan, kSelf, p.selfPromote, gd, p.batch);
    const MatrixOperand w = matrixOperand(plan, kMat2, p.mat2Promote, gd, p.batch);
    const MatrixOperand y = outputMatrix(plan, p, gd);
    const size_t M = static_cast<size_t>(p.M), N = static_cast<size_t>(p.N), K = static_cast<size_t>(p.K);

    // One product of batches * M rows: mat2 the same for every batch, and self's and out's matrices row after
    // row (row-major, each batch M rows of its pitch further on).
    bool fold = batches > 1 && x.op == blas::Op::NoTrans && y.op == blas::Op::NoTrans;
    int64_t xNext = p.M * static_cast<int64_t>(x.ld), yNext = p.M * static_cast<int64_t>(y.ld);
    for (size_t k = p.batch.size(); fold && k-- > 0;) {
        fold = w.batchStrides[k] == 0 &&
               (p.batch[k] == 1 || (x.batchStrides[k] == xNext && y.batchStrides[k] == yNext));
        xNext *= p.batch[k];
        yNext *= p.batch[k];
    }
    if (fold) {
        const blas::GemmDims d{x.op, w.op, M * static_cast<size_t>(batches), N, K, x.ld, w.ld, y.ld};
        gemms.gemm(d, x.operand, 0, w.operand, 0, 0.0f, y.operand, 0);
        gemms.enqueue();
        return;
    }
    // A column-major out takes the transposed product, (N x M) = op'(mat2) @ op'(self) with each flag flipped.
    const bool swap = y.op == blas::Op::Trans;
    auto flip = [](blas::Op o) { return o == blas::Op::Trans ? blas::Op::NoTrans : blas::Op::Trans; };
    const blas::GemmDims d = swap ? blas::GemmDims{flip(w.op), flip(x.op), N, M, K, w.ld, x.ld, y.ld}
                                  : blas::GemmDims{x.op, w.op, M, N, K, x.ld, w.ld, y.ld};
    const MatrixOperand &first = swap ? w : x, &second = swap ? x : w;
    std::vector<int64_t> index(p.batch.size(), 0);
    for (int64_t b = 0; b < batches; ++b) {
        int64_t xAt = 0, wAt = 0, yAt = 0;
        for (size_t k = 0; k < index.size(); ++k) {
            xAt += index[k] * x.batchStrides[k];
            wAt += index[k] * w.batchStrides[k];
            yAt += index[k] * y.batchStrides[k];
        }
        gemms.gemm(d, first.operand, static_cast<uint64_t>(swap ? wAt : xAt), second.operand,
                   static_cast<uint64_t>(swap ? xAt : wAt), 0.0f, y.operand, static_cast<uint64_t>(yAt));
        for (size_t k = index.size(); k-- > 0;) {  // the next batch index, row-major
            if (++index[k] < p.batch[k]) break;
            index[k] = 0;
        }
    }
    gemms.enqueue();
}

// ---------------------------------------------------------------------------------------------------------
// aclnnMm: CANN's order: nulls (out, self, mat2); dtypes and cubeMathType; ranks 2; K; out (M, N); formats;
// (the views, out not overlapping itself).

constexpr const char *kMmApi = "aclnnMm";

void planMm(OpPlan &plan, const Args &a) {
    const char *op = plan.checkName();
    checkNotNull(op, a.out, "out");
    checkNotNull(op, a.self, "self");
    checkNotNull(op, a.mat2, "mat2");
    checkDtypesAndCubeMathType(op, a);
    checkRankIn(op, a.self, "self", {2});
    checkRankIn(op, a.mat2, "mat2", {2});
    checkSameK(op, a.self, a.self->dim(1), "1", a.mat2, a.mat2->dim(0), "0");
    Problem p;
    p.M = a.self->dim(0);
    p.K = a.self->dim(1);
    p.N = a.mat2->dim(1);
    checkShapeIs(op, a.out, "out", {p.M, p.N});
    checkFormatsAndViews(op, a);
    checkNoSelfOverlap(op, a.out, "out");
    planProducts(plan, a, p);
}

// ---------------------------------------------------------------------------------------------------------
// aclnnBatchMatMul: nulls; dtypes and cubeMathType; ranks 3; K; batches equal or one of them 1; out
// (batch, M, N); formats; (the views, out not overlapping itself).

constexpr const char *kBatchMatMulApi = "aclnnBatchMatMul";

void planBatchMatMul(OpPlan &plan, const Args &a) {
    const char *op = plan.checkName();
    checkNotNull(op, a.self, "self");
    checkNotNull(op, a.mat2, "mat2");
    checkNotNull(op, a.out, "out");
    checkDtypesAndCubeMathType(op, a);
    checkRankIn(op, a.self, "self", {3});
    checkRankIn(op, a.mat2, "mat2", {3});
    checkRankIn(op, a.out, "out", {3});
    checkSameK(op, a.self, a.self->dim(2), "2", a.mat2, a.mat2->dim(1), "1");
    const int64_t bs = a.self->dim(0), bm = a.mat2->dim(0);
    if (bs != bm && bs != 1 && bm != 1) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected self.shape[0] and mat2.shape[0] (the batch) to be equal or one of them 1, but "
                       "found self %s and mat2 %s.",
                       op, a.self->shapeString().c_str(), a.mat2->shapeString().c_str()));
    }
    Problem p;
    p.batch = {bs == 1 ? bm : bs};
    p.M = a.self->dim(1);
    p.K = a.self->dim(2);
    p.N = a.mat2->dim(2);
    checkShapeIs(op, a.out, "out", {p.batch[0], p.M, p.N});
    checkFormatsAndViews(op, a);
    checkNoSelfOverlap(op, a.out, "out");
    planProducts(plan, a, p);
}

// ---------------------------------------------------------------------------------------------------------
// aclnnMatmul: nulls; dtypes and cubeMathType; ranks 1 to 6, K, batch dims broadcastable; formats; (the
// views; out holding as many elements as the result, whose shape it may reshape; out not overlapping itself).

constexpr const char *kMatmulApi = "aclnnMatmul";

void planMatmul(OpPlan &plan, const Args &a) {
    const char *op = plan.checkName();
    checkNotNull(op, a.self, "self");
    checkNotNull(op, a.mat2, "mat2");
    checkNotNull(op, a.out, "out");
    checkDtypesAndCubeMathType(op, a);
    for (const auto &[t, arg] : {std::pair{a.self, "self"}, std::pair{a.mat2, "mat2"}}) {
        if (t->rank() >= 1 && t->rank() <= 6) continue;
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to be 1-D to 6-D, but found %lld-D (shape %s).", op,
                                                arg, static_cast<long long>(t->rank()), t->shapeString().c_str()));
    }
    const int64_t rs = a.self->rank(), rm = a.mat2->rank();
    checkSameK(op, a.self, a.self->dim(-1), rs == 1 ? "0" : std::to_string(rs - 1).c_str(), a.mat2,
               rm == 1 ? a.mat2->dim(0) : a.mat2->dim(-2), rm == 1 ? "0" : std::to_string(rm - 2).c_str());
    Problem p;
    p.selfPromote = rs == 1 ? Promote::Row : Promote::None;
    p.mat2Promote = rm == 1 ? Promote::Column : Promote::None;
    p.M = rs == 1 ? 1 : a.self->dim(-2);
    p.K = a.self->dim(-1);
    p.N = rm == 1 ? 1 : a.mat2->dim(-1);
    // Batch dims: NumPy broadcasting of the dims before the matrices (a 1-D operand has none).
    const size_t bs = rs > 2 ? static_cast<size_t>(rs - 2) : 0, bm = rm > 2 ? static_cast<size_t>(rm - 2) : 0;
    p.batch.assign(std::max(bs, bm), 1);
    for (size_t k = 0; k < p.batch.size(); ++k) {
        const int64_t ds = k + bs >= p.batch.size() ? a.self->viewDims[k + bs - p.batch.size()] : 1;
        const int64_t dm = k + bm >= p.batch.size() ? a.mat2->viewDims[k + bm - p.batch.size()] : 1;
        if (ds != dm && ds != 1 && dm != 1) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Expected the batch dims of self %s and mat2 %s to broadcast, but found %lld and %lld "
                           "in batch dim %zu.",
                           op, a.self->shapeString().c_str(), a.mat2->shapeString().c_str(),
                           static_cast<long long>(ds), static_cast<long long>(dm), k));
        }
        p.batch[k] = ds == 1 ? dm : ds;
    }
    checkFormatsAndViews(op, a);
    // The result's shape: the batch dims, then M unless self is 1-D, then N unless mat2 is 1-D.
    std::vector<int64_t> result = p.batch;
    if (rs > 1) result.push_back(p.M);
    if (rm > 1) result.push_back(p.N);
    int64_t count = 1;
    bool fits = true;
    for (int64_t d : result) fits = fits && checkedMul(count, d, &count);
    if (!fits) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected the result %s to have at most 2^63 - 1 elements, but "
                                                "its element count overflows int64 (self %s, mat2 %s).",
                                                op, dimsString(result).c_str(), a.self->shapeString().c_str(),
                                                a.mat2->shapeString().c_str()));
    }
    if (a.out->numel() != count) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected out to hold the %lld elements of the result %s, but found out %s.", op,
                       static_cast<long long>(count), dimsString(result).c_str(), a.out->shapeString().c_str()));
    }
    checkNoSelfOverlap(op, a.out, "out");
    planProducts(plan, a, p);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnMmGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out, int8_t cubeMathType,
                                    uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{self, mat2, out, cubeMathType};
    return aclcl::planOperator(aclcl::kMmApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::planMm(plan, args); });
}

aclnnStatus aclnnMm(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kMmApi, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnBatchMatMulGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                                             int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{self, mat2, out, cubeMathType};
    return aclcl::planOperator(aclcl::kBatchMatMulApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::planBatchMatMul(plan, args); });
}

aclnnStatus aclnnBatchMatMul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kBatchMatMulApi, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnMatmulGetWorkspaceSize(const aclTensor *self, const aclTensor *mat2, aclTensor *out,
                                        int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{self, mat2, out, cubeMathType};
    return aclcl::planOperator(aclcl::kMatmulApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::planMatmul(plan, args); });
}

aclnnStatus aclnnMatmul(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kMatmulApi, workspace, workspaceSize, executor, stream);
}
