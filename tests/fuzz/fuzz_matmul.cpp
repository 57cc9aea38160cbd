// Fuzz target: aclnnMm, aclnnBatchMatMul and aclnnMatmul (one plan through the GEMM seam), the input's
// first byte picking the operator: any self, mat2 and out (ranks, 1-D and broadcast batches, dtypes,
// views, empties) and any cubeMathType.
#include "common/fuzz_op.h"
#include "harness/matmul.h"

using namespace fuzzing;
using namespace testing_support;

namespace {

const Binding *const kOps[] = {&kMm, &kBatchMatMul, &kMatmul};

void fuzzOne(OpFuzz &op) {
    const Binding &matmul = *kOps[op.u8() % 3];
    const auto [self, mat2] = op.inputs<2>();
    aclTensor *out = op.output();
    const auto cubeMathType = static_cast<int8_t>(wrapSigned7(op.i64()));
    op.call(matmul, {self, mat2, out, cubeMathType});
}

Seed product(uint8_t which, const char *name, const SeedTensor &self, const SeedTensor &mat2,
             const std::vector<int64_t> &out, aclDataType outDtype, int64_t cubeMathType, bool run) {
    FuzzWriter w;
    w.u8(which);
    writeTensor(w, self);
    writeTensor(w, mat2);
    writeTensor(w, seedAt(8192, out, outDtype));
    w.i64(cubeMathType);
    return finishSeed(name, w, run, false);
}

// Mm of two matrices, BatchMatMul with a batch of 1 broadcast, Matmul of a 1-D self by a batch, and an
// fp16 Mm planned only under USE_FP16.
std::vector<Seed> seeds() {
    return {
        product(0, "mm_float", seedAt(0, {3, 5}), seedAt(2048, {5, 4}), {3, 4}, ACL_FLOAT, 1, true),
        product(1, "batch_matmul_broadcast_batch", seedAt(0, {2, 3, 5}), seedAt(2048, {1, 5, 4}), {2, 3, 4},
                ACL_FLOAT, 0, true),
        product(2, "matmul_vector_by_batch", seedAt(0, {5}), seedAt(2048, {2, 5, 3}), {2, 3}, ACL_FLOAT, 1, true),
        product(0, "mm_float16_use_fp16_plan_only", seedAt(0, {4, 8}, ACL_FLOAT16), seedAt(2048, {8, 2}, ACL_FLOAT16),
                {4, 2}, ACL_FLOAT16, 2, false),
    };
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
