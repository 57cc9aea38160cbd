// Fuzz target: aclnnNLLLoss and aclnnNLLLossBackward, the first byte picking the operator. The arena's
// integers make many targets valid and many not: a bad target must read nothing out of bounds and come
// back as 507015 at synchronize.
#include "common/fuzz_op.h"
#include "harness/nll_loss.h"
#include "harness/nll_loss_backward.h"

using namespace fuzzing;

namespace {

// self (N, C) (or (C) when N is 0: then a 0-d target), target INT64/INT32/UINT8, weight (C).
Seed make(const char *name, bool forward, int64_t N, int64_t C, aclDataType dtype, aclDataType targetType,
          int64_t reduction, bool run, bool repeatable = false) {
    FuzzWriter w = startSeedOf(forward);
    const std::vector<int64_t> self = N ? std::vector<int64_t>{N, C} : std::vector<int64_t>{C};
    const std::vector<int64_t> rows = N ? std::vector<int64_t>{N} : std::vector<int64_t>{};
    const std::vector<int64_t> none = reduction == 0 ? rows : std::vector<int64_t>{};
    if (!forward) writeTensor(w, seedAt(12288, none, dtype));  // gradOutput
    writeTensor(w, seedAt(0, self, dtype));                    // self
    writeTensor(w, seedAt(4096, rows, targetType));            // target
    writeTensor(w, seedAt(8192, {C}, dtype));                  // weight
    w.i64(reduction);
    w.i64(-100);
    if (forward) {
        writeTensor(w, seedAt(16384, none, dtype));            // out
        writeTensor(w, seedAt(16640, {}, dtype));              // totalWeightOut
    } else {
        writeTensor(w, seedAt(16640, {}, dtype));              // totalWeight
        writeTensor(w, seedAt(20480, self, dtype));            // out
    }
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        make("loss_mean", true, 8, 10, ACL_FLOAT, ACL_INT64, 1, true),
        make("loss_none_fp16_u8_repeatable", true, 5, 4, ACL_FLOAT16, ACL_UINT8, 0, true, true),
        make("loss_1d_bf16_plan_only", true, 0, 6, ACL_BF16, ACL_INT32, 2, false),
        make("grad_mean", false, 8, 10, ACL_FLOAT, ACL_INT64, 1, true),
        make("grad_none_fp16_i32", false, 5, 4, ACL_FLOAT16, ACL_INT32, 0, true, true),
    };
}

void fuzzOne(OpFuzz &op) {
    if (op.picksFirst()) {
        const auto [self, target, weight] = op.inputs<3>();
        const int64_t reduction = op.i64();
        const int64_t ignoreIndex = op.i64();
        const auto [out, totalWeight] = op.outputs<2>();
        op.call(testing_support::kNLLLoss, {self, target, weight, reduction, ignoreIndex, out, totalWeight});
        return;
    }
    const auto [gradOutput, self, target, weight] = op.inputs<4>();
    const int64_t reduction = op.i64();
    const int64_t ignoreIndex = op.i64();
    aclTensor *totalWeight = op.input();
    aclTensor *out = op.output();
    op.call(testing_support::kNLLLossBackward,
            {gradOutput, self, target, weight, reduction, ignoreIndex, totalWeight, out});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
