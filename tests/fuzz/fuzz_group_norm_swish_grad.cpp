// Fuzz target: aclnnGroupNormSwishGrad.
#include <string>

#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "common/fuzz_op.h"

using namespace fuzzing;

namespace {

const char *const kFormats[] = {nullptr, "NCHW", "ND", "NHWC", "", "nchw"};

// shape = (N, C, ...); G groups; mean/rstd (N, G).
Seed make(const char *name, const std::vector<int64_t> &shape, int64_t groups, aclDataType dtype, uint8_t format,
          bool dgamma, bool dbeta, bool run, bool repeatable = false) {
    FuzzWriter w;
    int64_t C = shape[1];
    writeTensor(w, SeedTensor{shape, dtype, ACL_FORMAT_ND, {}, 0, {}, 0});                 // dy
    writeTensor(w, SeedTensor{{shape[0], groups}, dtype, ACL_FORMAT_ND, {}, 0, {}, 4096});   // mean
    writeTensor(w, SeedTensor{{shape[0], groups}, dtype, ACL_FORMAT_ND, {}, 0, {}, 4352});   // rstd
    writeTensor(w, SeedTensor{shape, dtype, ACL_FORMAT_ND, {}, 0, {}, 8192});              // x
    writeTensor(w, SeedTensor{{C}, dtype, ACL_FORMAT_ND, {}, 0, {}, 12288});               // gamma
    writeTensor(w, SeedTensor{{C}, dtype, ACL_FORMAT_ND, {}, 0, {}, 12544});               // beta
    w.i64(groups);
    w.u8(format);
    w.f64(1.0);
    w.flag(dgamma);
    w.flag(dbeta);
    writeTensor(w, SeedTensor{shape, dtype, ACL_FORMAT_ND, {}, 0, {}, 16384});             // dxOut
    writeTensor(w, SeedTensor{{C}, dtype, ACL_FORMAT_ND, {}, 0, {}, 20480});               // dgammaOut
    writeTensor(w, SeedTensor{{C}, dtype, ACL_FORMAT_ND, {}, 0, {}, 20736});               // dbetaOut
    writePhaseTwo(w, run, repeatable);
    return Seed{name, w.bytes()};
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    initDevice();
    writeSeedsIfAsked({
        make("sample", {2, 3, 4}, 1, ACL_FLOAT, 0, true, true, true),  // docs/ops sample shapes
        make("nchw_fp16_groups", {2, 4, 3, 2}, 2, ACL_FLOAT16, 1, true, false, true, true),
        make("nd_bf16_rank5_plan_only", {1, 6, 2, 1, 3}, 3, ACL_BF16, 2, false, true, false),
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader in(data, size);
    OpFuzz op(in);
    aclTensor *dy = op.input();
    aclTensor *mean = op.input();
    aclTensor *rstd = op.input();
    aclTensor *x = op.input();
    aclTensor *gamma = op.input();
    aclTensor *beta = op.input();
    int64_t numGroups = op.i64();
    const char *formatChoice = kFormats[in.below(sizeof kFormats / sizeof kFormats[0])];
    std::string format = formatChoice ? formatChoice : "";  // a mutable copy: the API takes char*
    double swishScale = op.f64();
    bool dgammaIsRequire = op.flag();
    bool dbetaIsRequire = op.flag();
    aclTensor *dxOut = op.output();
    aclTensor *dgammaOut = op.output();
    aclTensor *dbetaOut = op.output();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclnnStatus s = aclnnGroupNormSwishGradGetWorkspaceSize(
        dy, mean, rstd, x, gamma, beta, numGroups, formatChoice ? &format[0] : nullptr, swishScale, dgammaIsRequire,
        dbetaIsRequire, dxOut, dgammaOut, dbetaOut, &ws, &ex);
    op.finish("aclnnGroupNormSwishGrad", s, ws, ex, aclnnGroupNormSwishGrad);
    return 0;
}
