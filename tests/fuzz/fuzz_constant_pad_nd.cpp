// Fuzz target: aclnnConstantPadNd (a window copy and border fills on the elementwise engine): any self (dtypes,
// shapes, views, empties), any pad array (crops, odd lengths, null), any value scalar, any out.
#include "common/fuzz_op.h"
#include "harness/constant_pad_nd.h"

using namespace fuzzing;
using namespace testing_support;

namespace {

void fuzzOne(OpFuzz &op) {
    aclTensor *self = op.input();
    aclIntArray *pad = op.intArray();
    aclScalar *value = op.scalar();
    aclTensor *out = op.output();
    op.call(kConstantPadNd, {self, pad, value, out});
}

Seed seed(const char *name, const SeedTensor &self, const std::vector<int64_t> &pad, const SeedTensor &out, bool run,
          bool repeatable) {
    FuzzWriter w;
    writeTensor(w, self);
    writeIntArray(w, pad);
    writeScalar(w, 1, 2.5);
    writeTensor(w, out);
    return finishSeed(name, w, run, repeatable);
}

// A strided float self padded on both dims with a crop, an INT16 self padded on its last dim run twice as a
// repeatable executor, and an empty self filled, planned only.
std::vector<Seed> seeds() {
    return {
        seed("pad_strided_crop", seedView({3, 4}, ACL_FLOAT, true, {9, 2}), {1, 2, -1, 1}, seedAt(8192, {3, 7}), true,
             false),
        seed("pad_int16_repeatable", seedAt(0, {2, 5}, ACL_INT16), {2, 0}, seedAt(8192, {2, 7}, ACL_INT16), true,
             true),
        seed("pad_empty_self_plan_only", seedAt(0, {2, 0}), {1, 1}, seedAt(8192, {2, 2}), false, false),
    };
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
