// Fuzz target: aclnnGroupNormSwishGrad.
#include "common/fuzz_op.h"
#include "harness/group_norm_swish_grad.h"

using namespace fuzzing;

namespace {

// shape = (N, C, ...); G groups; mean/rstd (N, G). `format` indexes OpFuzz::dataFormat's choices.
Seed make(const char *name, const std::vector<int64_t> &shape, int64_t groups, aclDataType dtype, uint8_t format,
          bool dgamma, bool dbeta, bool run, bool repeatable = false) {
    FuzzWriter w;
    int64_t C = shape[1];
    writeTensor(w, seedAt(0, shape, dtype));                    // dy
    writeTensor(w, seedAt(4096, {shape[0], groups}, dtype));    // mean
    writeTensor(w, seedAt(4352, {shape[0], groups}, dtype));    // rstd
    writeTensor(w, seedAt(8192, shape, dtype));                 // x
    writeTensor(w, seedAt(12288, {C}, dtype));                  // gamma
    writeTensor(w, seedAt(12544, {C}, dtype));                  // beta
    w.i64(groups);
    w.u8(format);
    w.f64(1.0);
    w.flag(dgamma);
    w.flag(dbeta);
    writeTensor(w, seedAt(16384, shape, dtype));                // dxOut
    writeTensor(w, seedAt(20480, {C}, dtype));                  // dgammaOut
    writeTensor(w, seedAt(20736, {C}, dtype));                  // dbetaOut
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        make("sample", {2, 3, 4}, 1, ACL_FLOAT, 0, true, true, true),  // docs/ops sample shapes
        make("nchw_fp16_groups", {2, 4, 3, 2}, 2, ACL_FLOAT16, 1, true, false, true, true),
        make("nd_bf16_rank5_plan_only", {1, 6, 2, 1, 3}, 3, ACL_BF16, 2, false, true, false),
    };
}

void fuzzOne(OpFuzz &op) {
    const auto [dy, mean, rstd, x, gamma, beta] = op.inputs<6>();
    int64_t numGroups = op.i64();
    char *dataFormat = op.dataFormat();
    double swishScale = op.f64();
    bool dgammaIsRequire = op.flag();
    bool dbetaIsRequire = op.flag();
    const auto [dxOut, dgammaOut, dbetaOut] = op.outputs<3>();
    op.call(testing_support::kGroupNormSwishGrad, {dy, mean, rstd, x, gamma, beta, numGroups, dataFormat, swishScale,
                                                   dgammaIsRequire, dbetaIsRequire, dxOut, dgammaOut, dbetaOut});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
