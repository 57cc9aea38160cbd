// Fuzz target: aclnnIm2col.
#include "common/fuzz_op.h"
#include "harness/im2col.h"

using namespace fuzzing;

namespace {

// The CANN docs' example: self (2,2,3), kernel 2x2, dilation 1, padding 1, stride 2, out (8,4); out of
// another dtype when outType differs.
Seed sample(const char *name, aclDataType dtype, aclDataType outType, bool strided, bool run) {
    FuzzWriter w;
    writeTensor(w, seedView({2, 2, 3}, dtype, strided, {12, 6, 2}));
    writeIntArrays(w, {{2, 2}, {1, 1}, {1, 1}, {2, 2}});
    writeTensor(w, seedAt(4096, {8, 4}, outType));
    return finishSeed(name, w, run, false);
}

// 4-D with dilation, unequal strides and a repeatable executor: self (2,3,7,6), kernel 3x2, dilation
// (1,2), padding (1,0), stride (2,1) -> L0 = 4, L1 = 4, out (2,18,16).
Seed fourD(const char *name, aclDataType dtype) {
    FuzzWriter w;
    writeTensor(w, SeedTensor{{2, 3, 7, 6}, dtype});
    writeIntArrays(w, {{3, 2}, {1, 2}, {1, 0}, {2, 1}});
    writeTensor(w, seedAt(8192, {2, 18, 16}, dtype));
    return finishSeed(name, w, true, true);
}

std::vector<Seed> seeds() {
    return {
        sample("sample", ACL_FLOAT, ACL_FLOAT, false, true),
        sample("sample_strided_int8", ACL_INT8, ACL_INT8, true, true),
        sample("sample_cast_bf16_to_float", ACL_BF16, ACL_FLOAT, false, true),
        sample("sample_double_plan_only", ACL_DOUBLE, ACL_DOUBLE, false, false),
        fourD("4d_uint16_repeatable", ACL_UINT16),
        fourD("4d_complex32_repeatable", ACL_COMPLEX32),
    };
}

void fuzzOne(OpFuzz &op) {
    aclTensor *self = op.input();
    const auto [kernelSize, dilation, padding, stride] = op.intArrays<4>();
    aclTensor *out = op.output();
    op.call(testing_support::kIm2col, {self, kernelSize, dilation, padding, stride, out});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
