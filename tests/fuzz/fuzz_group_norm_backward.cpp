// Fuzz target: aclnnGroupNormBackward (gamma may be null; outputMask from three flags, or null).
#include <array>
#include <memory>

#include "common/fuzz_op.h"
#include "harness/group_norm_backward.h"

using namespace fuzzing;

namespace {

// gradOut/input (N, C, ...); mean/rstd (N, group); gamma (C) or absent; all in dtype.
Seed make(const char *name, const std::vector<int64_t> &shape, int64_t group, aclDataType dtype, bool gamma,
          std::array<bool, 3> mask, bool run, bool repeatable = false) {
    FuzzWriter w;
    const int64_t N = shape[0], C = shape[1];
    int64_t hxw = 1;
    for (size_t d = 2; d < shape.size(); ++d) hxw *= shape[d];
    writeTensor(w, seedAt(0, shape, dtype));              // gradOut
    writeTensor(w, seedAt(4096, shape, dtype));           // input
    writeTensor(w, seedAt(8192, {N, group}, dtype));      // mean
    writeTensor(w, seedAt(8448, {N, group}, dtype));      // rstd
    if (gamma) {
        writeTensor(w, seedAt(8704, {C}, dtype));
    } else {
        w.u8(15);  // null (OpFuzz's null tensor byte)
    }
    w.i64(N);
    w.i64(C);
    w.i64(hxw);
    w.i64(group);
    w.flag(true);  // an outputMask
    for (bool m : mask) w.flag(m);
    writeTensor(w, seedAt(12288, shape, dtype));          // gradInput
    writeTensor(w, seedAt(16384, {C}, dtype));            // gradGammaOut
    writeTensor(w, seedAt(16640, {C}, dtype));            // gradBetaOut
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        make("sample", {2, 3, 4}, 1, ACL_FLOAT, true, {true, true, true}, true),
        make("fp16_no_gamma_repeatable", {2, 4, 3, 2}, 2, ACL_FLOAT16, false, {true, false, true}, true, true),
        make("bf16_rank5_plan_only", {1, 6, 2, 1, 3}, 3, ACL_BF16, true, {false, true, true}, false),
    };
}

void fuzzOne(OpFuzz &op) {
    const auto [gradOut, input, mean, rstd, gamma] = op.inputs<5>();
    const int64_t N = op.i64();
    const int64_t C = op.i64();
    const int64_t HxW = op.i64();
    const int64_t group = op.i64();
    const bool hasMask = op.flag();
    bool values[3];
    for (bool &v : values) v = op.flag();
    std::unique_ptr<aclBoolArray, aclnnStatus (*)(const aclBoolArray *)> mask(
        hasMask ? aclCreateBoolArray(values, 3) : nullptr, aclDestroyBoolArray);
    const auto [gradInput, gradGamma, gradBeta] = op.outputs<3>();
    op.call(testing_support::kGroupNormBackward,
            {gradOut, input, mean, rstd, gamma, N, C, HxW, group, static_cast<const aclBoolArray *>(mask.get()),
             gradInput, gradGamma, gradBeta});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
