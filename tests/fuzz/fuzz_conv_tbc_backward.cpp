// Fuzz target: aclnnConvTbcBackward (GEMMs through the GEMM seam: CLBlast or the host BLAS).
#include "common/fuzz_op.h"
#include "harness/conv_tbc_backward.h"

using namespace fuzzing;

namespace {

// T, B, Cin, Cout, K, pad -> self (T_out, B, Cout), input (T, B, Cin), weight (K, Cin, Cout), bias (Cout).
Seed make(const char *name, int64_t T, int64_t B, int64_t cin, int64_t cout, int64_t K, int64_t pad,
          aclDataType dtype, int cube, bool run, bool repeatable = false) {
    int64_t tout = T + 2 * pad + 1 - K;
    FuzzWriter w;
    writeTensor(w, seedAt(0, {tout, B, cout}, dtype));
    writeTensor(w, seedAt(4096, {T, B, cin}, dtype, ACL_FORMAT_NCL));
    writeTensor(w, seedAt(8192, {K, cin, cout}, dtype));
    writeTensor(w, seedAt(12288, {cout}, dtype));
    w.i64(pad);
    w.i64(cube);
    writeTensor(w, seedAt(16384, {T, B, cin}, dtype));
    writeTensor(w, seedAt(20480, {K, cin, cout}, dtype));
    writeTensor(w, seedAt(24576, {cout}, dtype));
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        make("sample", 5, 1, 2, 2, 1, 0, ACL_FLOAT, 1, true),  // docs/ops sample
        make("padded_fp16", 6, 2, 3, 4, 3, 1, ACL_FLOAT16, 0, true, true),
        make("bf16_plan_only", 4, 3, 2, 5, 2, 2, ACL_BF16, 2, false),
    };
}

void fuzzOne(OpFuzz &op) {
    const auto [self, input, weight, bias] = op.inputs<4>();
    int64_t pad = op.i64();
    auto cubeMathType = static_cast<int8_t>(op.i64());
    const auto [gradInput, gradWeight, gradBias] = op.outputs<3>();
    op.call(testing_support::kConvTbcBackward,
            {self, input, weight, bias, pad, cubeMathType, gradInput, gradWeight, gradBias});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
