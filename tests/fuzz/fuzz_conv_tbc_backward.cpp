// Fuzz target: aclnnConvTbcBackward (GEMMs through CLBlast).
#include "aclnnop/aclnn_convolution_backward.h"
#include "common/fuzz_op.h"

using namespace fuzzing;

namespace {

// T, B, Cin, Cout, K, pad -> self (T_out, B, Cout), input (T, B, Cin), weight (K, Cin, Cout), bias (Cout).
Seed make(const char *name, int64_t T, int64_t B, int64_t cin, int64_t cout, int64_t K, int64_t pad,
          aclDataType dtype, int cube, bool run, bool repeatable = false) {
    int64_t tout = T + 2 * pad + 1 - K;
    FuzzWriter w;
    writeTensor(w, SeedTensor{{tout, B, cout}, dtype, ACL_FORMAT_ND, {}, 0, {}, 0});
    writeTensor(w, SeedTensor{{T, B, cin}, dtype, ACL_FORMAT_NCL, {}, 0, {}, 4096});
    writeTensor(w, SeedTensor{{K, cin, cout}, dtype, ACL_FORMAT_ND, {}, 0, {}, 8192});
    writeTensor(w, SeedTensor{{cout}, dtype, ACL_FORMAT_ND, {}, 0, {}, 12288});
    w.i64(pad);
    w.i64(cube);
    writeTensor(w, SeedTensor{{T, B, cin}, dtype, ACL_FORMAT_ND, {}, 0, {}, 16384});
    writeTensor(w, SeedTensor{{K, cin, cout}, dtype, ACL_FORMAT_ND, {}, 0, {}, 20480});
    writeTensor(w, SeedTensor{{cout}, dtype, ACL_FORMAT_ND, {}, 0, {}, 24576});
    writePhaseTwo(w, run, repeatable);
    return Seed{name, w.bytes()};
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    initDevice();
    writeSeedsIfAsked({
        make("sample", 5, 1, 2, 2, 1, 0, ACL_FLOAT, 1, true),  // docs/ops sample
        make("padded_fp16", 6, 2, 3, 4, 3, 1, ACL_FLOAT16, 0, true, true),
        make("bf16_plan_only", 4, 3, 2, 5, 2, 2, ACL_BF16, 2, false),
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader in(data, size);
    OpFuzz op(in);
    aclTensor *self = op.input();
    aclTensor *input = op.input();
    aclTensor *weight = op.input();
    aclTensor *bias = op.input();
    int64_t pad = op.i64();
    auto cubeMathType = static_cast<int8_t>(op.i64());
    aclTensor *gradInput = op.output();
    aclTensor *gradWeight = op.output();
    aclTensor *gradBias = op.output();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclnnStatus s = aclnnConvTbcBackwardGetWorkspaceSize(self, input, weight, bias, pad, cubeMathType, gradInput,
                                                         gradWeight, gradBias, &ws, &ex);
    op.finish("aclnnConvTbcBackward", s, ws, ex, aclnnConvTbcBackward);
    return 0;
}
