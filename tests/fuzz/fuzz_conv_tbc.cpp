// Fuzz target: aclnnConvTbc (bias rows, then the GEMM seam: CLBlast or the host BLAS).
#include "common/fuzz_op.h"
#include "harness/conv_tbc.h"

using namespace fuzzing;

namespace {

// T, B, Cin, Cout, K, pad -> self (T, B, Cin), weight (K, Cin, Cout), bias (Cout), out (T_out, B, Cout).
Seed make(const char *name, int64_t T, int64_t B, int64_t cin, int64_t cout, int64_t K, int64_t pad,
          aclDataType dtype, aclDataType biasDtype, int cube, bool run, bool repeatable = false) {
    const int64_t tout = T + 2 * pad + 1 - K;
    FuzzWriter w;
    writeTensor(w, seedAt(0, {T, B, cin}, dtype, ACL_FORMAT_NCL));
    writeTensor(w, seedAt(4096, {K, cin, cout}, dtype, ACL_FORMAT_NCL));
    writeTensor(w, seedAt(8192, {cout}, biasDtype));
    w.i64(pad);
    writeTensor(w, seedAt(12288, {tout, B, cout}, dtype, ACL_FORMAT_NCL));
    w.i64(cube);
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        make("sample", 2, 2, 3, 4, 3, 1, ACL_FLOAT, ACL_FLOAT, 1, true),  // docs/ops sample
        make("padded_fp16_fp32_bias", 6, 2, 3, 4, 3, 1, ACL_FLOAT16, ACL_FLOAT, 0, true, true),
        make("bf16_plan_only", 4, 3, 2, 5, 2, 2, ACL_BF16, ACL_BF16, 2, false),
        make("empty_time_gives_bias", 0, 2, 3, 4, 1, 1, ACL_FLOAT, ACL_BF16, 1, true),
    };
}

void fuzzOne(OpFuzz &op) {
    const auto [self, weight, bias] = op.inputs<3>();
    int64_t pad = op.i64();
    aclTensor *out = op.output();
    auto cubeMathType = static_cast<int8_t>(op.i64());
    op.call(testing_support::kConvTbc, {self, weight, bias, pad, out, cubeMathType});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
