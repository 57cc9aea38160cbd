// Fuzz target: aclnnCast: any self (dtype, shape, view), any dtype argument (CANN's values and others,
// valid or not), any out (a dtype that differs from the argument, another shape, an overlapping view).
#include "common/fuzz_op.h"
#include "harness/cast.h"

using namespace fuzzing;

namespace {

Seed cast(const char *name, const SeedTensor &self, aclDataType dtype, const std::vector<int64_t> &outDims, bool run,
          bool repeatable) {
    FuzzWriter w;
    writeTensor(w, self);
    w.i64(dtype);
    writeTensor(w, seedAt(4096, outDims, dtype));
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        cast("float_to_float16", seedAt(0, {2, 3, 4}, ACL_FLOAT), ACL_FLOAT16, {2, 3, 4}, true, false),
        cast("strided_int8_to_bf16_repeatable", seedView({3, 5}, ACL_INT8, true, {7, 1}), ACL_BF16, {3, 5}, true, true),
        cast("complex64_to_int32", seedAt(0, {4, 1}, ACL_COMPLEX64), ACL_INT32, {4, 1}, true, false),
        cast("double_to_bool_plan_only", seedAt(0, {6}, ACL_DOUBLE), ACL_BOOL, {6}, false, false),
    };
}

void fuzzOne(OpFuzz &op) {
    aclTensor *self = op.input();
    const auto dtype = static_cast<aclDataType>(wrapSigned7(op.i64()));
    aclTensor *out = op.output();
    op.call(testing_support::kCast, {self, dtype, out});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
