// Mm, BatchMatMul and Matmul in the precision report: out = self @ mat2 (Matmul with a drawn 1-D, 2-D or
// 3-D operand pair and broadcast batches), judged by the metrics against the products summed in double over
// the values the device holds. cubeMathType 0 (KEEP_DTYPE): 16-bit inputs, fp32 sums, one rounding to out.
#include <algorithm>

#include "harness/matmul.h"
#include "precision/precision.h"

namespace precision {
namespace {

// out (batch, M, N) = self (selfBatch, M, K) @ mat2 (mat2Batch, K, N) in double, a batch of 1 broadcast.
std::vector<double> product(const std::vector<double> &x, const std::vector<double> &w, int64_t selfBatch,
                            int64_t mat2Batch, int64_t M, int64_t K, int64_t N) {
    std::vector<double> out;
    for (int64_t b = 0; b < std::max(selfBatch, mat2Batch); ++b) {
        const int64_t bs = selfBatch == 1 ? 0 : b, bm = mat2Batch == 1 ? 0 : b;
        for (int64_t i = 0; i < M; ++i) {
            for (int64_t j = 0; j < N; ++j) {
                double sum = 0;
                for (int64_t k = 0; k < K; ++k) {
                    sum += x[static_cast<size_t>((bs * M + i) * K + k)] * w[static_cast<size_t>((bm * K + k) * N + j)];
                }
                out.push_back(sum);
            }
        }
    }
    return out;
}

// self (selfBatch, M, K) and mat2 (mat2Batch, K, N) drawn; the operator sees them in the shapes given.
CaseOutcome runProduct(const testing_support::Binding &op, aclDataType dtype, Draw &draw, aclrtStream stream,
                       int64_t selfBatch, int64_t mat2Batch, int64_t M, int64_t K, int64_t N,
                       const std::vector<int64_t> &selfShape, const std::vector<int64_t> &mat2Shape,
                       const std::vector<int64_t> &outShape) {
    const std::vector<double> x = draw.values(static_cast<size_t>(selfBatch * M * K), dtype);
    const std::vector<double> w = draw.values(static_cast<size_t>(mat2Batch * K * N), dtype);
    DeviceTensor self = uploaded(selfShape, dtype, x), mat2 = uploaded(mat2Shape, dtype, w);
    DeviceTensor out(outShape, dtype);
    runOrThrow(op, {self, mat2, out, int8_t{0}}, stream);
    const std::string what = "self " + shapeText(selfShape) + " mat2 " + shapeText(mat2Shape);
    return {what, {output("out", out, product(x, w, selfBatch, mat2Batch, M, K, N), Judge::Metrics)}};
}

CaseOutcome runMm(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const int64_t M = draw.integer(1, 16), K = draw.integer(1, 64), N = draw.integer(1, 16);
    return runProduct(testing_support::kMm, dtype, draw, stream, 1, 1, M, K, N, {M, K}, {K, N}, {M, N});
}

CaseOutcome runBatchMatMul(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const int64_t B = draw.integer(1, 4), M = draw.integer(1, 12), K = draw.integer(1, 48), N = draw.integer(1, 12);
    const int64_t which = draw.integer(0, 2);  // both batches B, self's 1, mat2's 1
    const int64_t bs = which == 1 ? 1 : B, bm = which == 2 ? 1 : B;
    return runProduct(testing_support::kBatchMatMul, dtype, draw, stream, bs, bm, M, K, N, {bs, M, K}, {bm, K, N},
                      {B, M, N});
}

CaseOutcome runMatmul(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const int64_t K = draw.integer(1, 48);
    switch (draw.integer(0, 3)) {
        case 0:  // 1-D @ 1-D: a dot product
            return runProduct(testing_support::kMatmul, dtype, draw, stream, 1, 1, 1, K, 1, {K}, {K}, {});
        case 1: {  // 3-D @ 1-D: one product of all the batches' rows
            const int64_t B = draw.integer(1, 4), M = draw.integer(1, 12);
            return runProduct(testing_support::kMatmul, dtype, draw, stream, 1, 1, B * M, K, 1, {B, M, K}, {K},
                              {B, M});
        }
        case 2: {  // 3-D @ 2-D: one product of all the batches' rows
            const int64_t B = draw.integer(1, 4), M = draw.integer(1, 12), N = draw.integer(1, 12);
            return runProduct(testing_support::kMatmul, dtype, draw, stream, 1, 1, B * M, K, N, {B, M, K}, {K, N},
                              {B, M, N});
        }
        default: {  // 2-D @ 3-D: self broadcast over mat2's batches
            const int64_t B = draw.integer(1, 4), M = draw.integer(1, 12), N = draw.integer(1, 12);
            return runProduct(testing_support::kMatmul, dtype, draw, stream, 1, B, M, K, N, {M, K}, {B, K, N},
                              {B, M, N});
        }
    }
}

ACLNN_REGISTER_PRECISION("aclnnMm", testing_support::kMatmulDtypes, runMm);
ACLNN_REGISTER_PRECISION("aclnnBatchMatMul", testing_support::kMatmulDtypes, runBatchMatMul);
ACLNN_REGISTER_PRECISION("aclnnMatmul", testing_support::kMatmulDtypes, runMatmul);

}  // namespace
}  // namespace precision
