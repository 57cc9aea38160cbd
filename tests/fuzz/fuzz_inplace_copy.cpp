// Fuzz target: aclnnInplaceCopy: any selfRef and src (dtypes: every pair converts; shapes: src broadcasts
// to selfRef's; views: transposed, strided, offset, overlapping).
#include "common/fuzz_op.h"
#include "harness/copy.h"

using namespace fuzzing;

namespace {

Seed copy(const char *name, const SeedTensor &selfRef, const SeedTensor &src, bool run, bool repeatable) {
    FuzzWriter w;
    writeTensor(w, selfRef);
    writeTensor(w, src);
    return finishSeed(name, w, run, repeatable);
}

SeedTensor at(int64_t arenaByte, SeedTensor t) {
    t.arenaByte = arenaByte;
    return t;
}

std::vector<Seed> seeds() {
    return {
        copy("float_from_float16", seedAt(0, {2, 3, 4}, ACL_FLOAT), seedAt(4096, {2, 3, 4}, ACL_FLOAT16), true, false),
        // The copy that makes a view contiguous: src is a 4x5 storage read transposed.
        copy("float_from_transposed_repeatable", seedAt(0, {5, 4}, ACL_FLOAT),
             at(4096, SeedTensor{{5, 4}, ACL_FLOAT, ACL_FORMAT_ND, {1, 5}}), true, true),
        copy("int32_from_broadcast_bool", seedAt(0, {3, 4}, ACL_INT32), seedAt(4096, {4}, ACL_BOOL), true, false),
        copy("strided_bf16_from_complex64", seedView({3, 4}, ACL_BF16, true, {8, 2}),
             seedAt(4096, {1, 4}, ACL_COMPLEX64), true, false),
        copy("double_from_int64_plan_only", seedAt(0, {2, 2}, ACL_DOUBLE), seedAt(4096, {2, 2}, ACL_INT64), false,
             false),
    };
}

void fuzzOne(OpFuzz &op) {
    aclTensor *selfRef = op.output();
    aclTensor *src = op.input();
    op.call(testing_support::kInplaceCopy, {selfRef, src});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
