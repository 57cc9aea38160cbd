// Fuzz target: aclnnConvTbc (bias rows, then GEMMs through CLBlast).
#include "aclnnop/aclnn_convolution.h"
#include "common/fuzz_op.h"

using namespace fuzzing;

namespace {

// T, B, Cin, Cout, K, pad -> self (T, B, Cin), weight (K, Cin, Cout), bias (Cout), out (T_out, B, Cout).
Seed make(const char *name, int64_t T, int64_t B, int64_t cin, int64_t cout, int64_t K, int64_t pad,
          aclDataType dtype, aclDataType biasDtype, int cube, bool run, bool repeatable = false) {
    const int64_t tout = T + 2 * pad + 1 - K;
    FuzzWriter w;
    writeTensor(w, SeedTensor{{T, B, cin}, dtype, ACL_FORMAT_NCL, {}, 0, {}, 0});
    writeTensor(w, SeedTensor{{K, cin, cout}, dtype, ACL_FORMAT_NCL, {}, 0, {}, 4096});
    writeTensor(w, SeedTensor{{cout}, biasDtype, ACL_FORMAT_ND, {}, 0, {}, 8192});
    w.i64(pad);
    writeTensor(w, SeedTensor{{tout, B, cout}, dtype, ACL_FORMAT_NCL, {}, 0, {}, 12288});
    w.i64(cube);
    writePhaseTwo(w, run, repeatable);
    return Seed{name, w.bytes()};
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    initDevice();
    writeSeedsIfAsked({
        make("sample", 2, 2, 3, 4, 3, 1, ACL_FLOAT, ACL_FLOAT, 1, true),  // docs/ops sample
        make("padded_fp16_fp32_bias", 6, 2, 3, 4, 3, 1, ACL_FLOAT16, ACL_FLOAT, 0, true, true),
        make("bf16_plan_only", 4, 3, 2, 5, 2, 2, ACL_BF16, ACL_BF16, 2, false),
        make("empty_time_gives_bias", 0, 2, 3, 4, 1, 1, ACL_FLOAT, ACL_BF16, 1, true),
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader in(data, size);
    OpFuzz op(in);
    aclTensor *self = op.input();
    aclTensor *weight = op.input();
    aclTensor *bias = op.input();
    int64_t pad = op.i64();
    aclTensor *out = op.output();
    auto cubeMathType = static_cast<int8_t>(op.i64());
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclnnStatus s = aclnnConvTbcGetWorkspaceSize(self, weight, bias, pad, out, cubeMathType, &ws, &ex);
    op.finish("aclnnConvTbc", s, ws, ex, aclnnConvTbc);
    return 0;
}
