// Fuzz target: aclnnGroupNormSwish.
#include <string>

#include "aclnnop/aclnn_group_norm_swish.h"
#include "common/fuzz_op.h"

using namespace fuzzing;

namespace {

const char *const kFormats[] = {nullptr, "NCHW", "ND", "NHWC", "", "nchw"};

// x = (N, C, ...); G groups; gamma/beta (C) in pdtype; mean/rstd (N, G) in pdtype.
Seed make(const char *name, const std::vector<int64_t> &shape, int64_t groups, aclDataType dtype, aclDataType pdtype,
          uint8_t format, bool swish, bool run, bool repeatable = false) {
    FuzzWriter w;
    const int64_t C = shape[1];
    writeTensor(w, SeedTensor{shape, dtype, ACL_FORMAT_ND, {}, 0, {}, 0});                    // x
    writeTensor(w, SeedTensor{{C}, pdtype, ACL_FORMAT_ND, {}, 0, {}, 4096});                  // gamma
    writeTensor(w, SeedTensor{{C}, pdtype, ACL_FORMAT_ND, {}, 0, {}, 4352});                  // beta
    w.i64(groups);
    w.u8(format);
    w.f64(1e-5);
    w.flag(swish);
    w.f64(1.0);
    writeTensor(w, SeedTensor{shape, dtype, ACL_FORMAT_ND, {}, 0, {}, 8192});                 // yOut
    writeTensor(w, SeedTensor{{shape[0], groups}, pdtype, ACL_FORMAT_ND, {}, 0, {}, 12288});  // meanOut
    writeTensor(w, SeedTensor{{shape[0], groups}, pdtype, ACL_FORMAT_ND, {}, 0, {}, 12544});  // rstdOut
    writePhaseTwo(w, run, repeatable);
    return Seed{name, w.bytes()};
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    initDevice();
    writeSeedsIfAsked({
        make("sample", {2, 3, 4}, 1, ACL_FLOAT, ACL_FLOAT, 1, true, true),  // the CANN doc's sample
        make("fp16_gamma_fp32_no_swish", {2, 4, 3, 2}, 2, ACL_FLOAT16, ACL_FLOAT, 2, false, true, true),
        make("bf16_rank5_plan_only", {1, 6, 2, 1, 3}, 3, ACL_BF16, ACL_BF16, 0, true, false),
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader in(data, size);
    OpFuzz op(in);
    aclTensor *x = op.input();
    aclTensor *gamma = op.input();
    aclTensor *beta = op.input();
    const int64_t numGroups = op.i64();
    const char *formatChoice = kFormats[in.below(sizeof kFormats / sizeof kFormats[0])];
    std::string format = formatChoice ? formatChoice : "";  // a mutable copy: the API takes char*
    const double eps = op.f64();
    const bool activateSwish = op.flag();
    const double swishScale = op.f64();
    aclTensor *yOut = op.output();
    aclTensor *meanOut = op.output();
    aclTensor *rstdOut = op.output();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    const aclnnStatus s = aclnnGroupNormSwishGetWorkspaceSize(x, gamma, beta, numGroups,
                                                              formatChoice ? &format[0] : nullptr, eps, activateSwish,
                                                              swishScale, yOut, meanOut, rstdOut, &ws, &ex);
    op.finish("aclnnGroupNormSwish", s, ws, ex, aclnnGroupNormSwish);
    return 0;
}
