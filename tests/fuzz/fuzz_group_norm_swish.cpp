// Fuzz target: aclnnGroupNormSwish.
#include "common/fuzz_op.h"
#include "harness/group_norm_swish.h"

using namespace fuzzing;

namespace {

// x = (N, C, ...); G groups; gamma/beta (C) in pdtype; mean/rstd (N, G) in pdtype. `format` indexes
// OpFuzz::dataFormat's choices.
Seed make(const char *name, const std::vector<int64_t> &shape, int64_t groups, aclDataType dtype, aclDataType pdtype,
          uint8_t format, bool swish, bool run, bool repeatable = false) {
    FuzzWriter w;
    const int64_t C = shape[1];
    writeTensor(w, seedAt(0, shape, dtype));                     // x
    writeTensor(w, seedAt(4096, {C}, pdtype));                   // gamma
    writeTensor(w, seedAt(4352, {C}, pdtype));                   // beta
    w.i64(groups);
    w.u8(format);
    w.f64(1e-5);
    w.flag(swish);
    w.f64(1.0);
    writeTensor(w, seedAt(8192, shape, dtype));                  // yOut
    writeTensor(w, seedAt(12288, {shape[0], groups}, pdtype));   // meanOut
    writeTensor(w, seedAt(12544, {shape[0], groups}, pdtype));   // rstdOut
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        make("sample", {2, 3, 4}, 1, ACL_FLOAT, ACL_FLOAT, 1, true, true),  // the CANN doc's sample
        make("fp16_gamma_fp32_no_swish", {2, 4, 3, 2}, 2, ACL_FLOAT16, ACL_FLOAT, 2, false, true, true),
        make("bf16_rank5_plan_only", {1, 6, 2, 1, 3}, 3, ACL_BF16, ACL_BF16, 0, true, false),
    };
}

void fuzzOne(OpFuzz &op) {
    const auto [x, gamma, beta] = op.inputs<3>();
    const int64_t numGroups = op.i64();
    char *dataFormat = op.dataFormat();
    const double eps = op.f64();
    const bool activateSwish = op.flag();
    const double swishScale = op.f64();
    const auto [yOut, meanOut, rstdOut] = op.outputs<3>();
    op.call(testing_support::kGroupNormSwish,
            {x, gamma, beta, numGroups, dataFormat, eps, activateSwish, swishScale, yOut, meanOut, rstdOut});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
