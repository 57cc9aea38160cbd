// Fuzz target: aclnnArgMax (the reduction engine's ARG form): any self (dtypes, shapes, views, empties, 0-d),
// any dim and keepdim, any out.
#include "common/fuzz_op.h"
#include "harness/argmax.h"

using namespace fuzzing;
using namespace testing_support;

namespace {

void fuzzOne(OpFuzz &op) {
    aclTensor *self = op.input();
    const int64_t dim = wrapSigned7(op.i64());
    const bool keepdim = op.flag();
    aclTensor *out = op.output();
    op.call(kArgMax, {self, dim, keepdim, out});
}

Seed seed(const char *name, const SeedTensor &self, int64_t dim, bool keepdim, const SeedTensor &out, bool run,
          bool repeatable) {
    FuzzWriter w;
    writeTensor(w, self);
    w.i64(dim);
    w.flag(keepdim);
    writeTensor(w, out);
    return finishSeed(name, w, run, repeatable);
}

// A strided float self along its last dim into INT64, an fp16 self along dim 0 with keepdim into INT32 run
// twice as a repeatable executor, and an INT8 0-d self planned only.
std::vector<Seed> seeds() {
    return {
        seed("argmax_strided_last_dim", seedView({3, 5}, ACL_FLOAT, true, {7, 1}), 1, false,
             seedAt(8192, {3}, ACL_INT64), true, false),
        seed("argmax_float16_keepdim_repeatable", seedAt(0, {4, 6}, ACL_FLOAT16), 0, true,
             seedAt(8192, {1, 6}, ACL_INT32), true, true),
        seed("argmax_int8_zero_dim_plan_only", seedAt(0, {}, ACL_INT8), -1, false, seedAt(8192, {}, ACL_INT64), false,
             false),
    };
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
