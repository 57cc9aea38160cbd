// Fuzz target: aclnnCat (copies into windows of out on the elementwise engine): a list of 0 to 3 tensors
// (any dtypes, shapes, views, empties, null elements), any dim, any out.
#include "common/fuzz_op.h"
#include "harness/cat.h"
#include "support/tensor_list.h"

using namespace fuzzing;
using namespace testing_support;

namespace {

void fuzzOne(OpFuzz &op) {
    const size_t count = op.u8() % 4;
    std::vector<const aclTensor *> elements;
    for (size_t i = 0; i < count; ++i) elements.push_back(op.input());
    const int64_t dim = wrapSigned7(op.i64());
    aclTensor *out = op.output();
    TensorList list(elements);
    op.call(kCat, {list.get(), dim, out});
}

Seed seed(const char *name, const std::vector<SeedTensor> &tensors, int64_t dim, const SeedTensor &out, bool run,
          bool repeatable) {
    FuzzWriter w;
    w.u8(static_cast<uint8_t>(tensors.size()));
    for (const SeedTensor &t : tensors) writeTensor(w, t);
    w.i64(dim);
    writeTensor(w, out);
    return finishSeed(name, w, run, repeatable);
}

// Three float tensors along dim 1 (the first a strided view), an INT32 with a FLOAT16 into FLOAT along the last
// dim run twice as a repeatable executor, and a 1-D (0) tensor dropped before a BOOL one, planned only.
std::vector<Seed> seeds() {
    return {
        seed("cat_three_dim1_strided", {seedView({2, 3}, ACL_FLOAT, true, {7, 2}), seedAt(2048, {2, 1}),
                                        seedAt(4096, {2, 2})},
             1, seedAt(8192, {2, 6}), true, false),
        seed("cat_promoted_repeatable", {seedAt(0, {3, 2}, ACL_INT32), seedAt(4096, {3, 4}, ACL_FLOAT16)}, -1,
             seedAt(8192, {3, 6}), true, true),
        seed("cat_dropped_plan_only", {seedAt(0, {0}, ACL_INT8), seedAt(4096, {4}, ACL_BOOL)}, 0,
             seedAt(8192, {4}, ACL_BOOL), false, false),
    };
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
