// Fuzz target: aclnnGroupNorm (gamma and beta may be null).
#include "common/fuzz_op.h"
#include "harness/group_norm.h"

using namespace fuzzing;

namespace {

// self (N, C, ...); gamma/beta (C) or absent; meanOut/rstdOut (N, group); all in dtype.
Seed make(const char *name, const std::vector<int64_t> &shape, int64_t group, aclDataType dtype, bool affine, bool run,
          bool repeatable = false) {
    FuzzWriter w;
    const int64_t N = shape[0], C = shape[1];
    int64_t hxw = 1;
    for (size_t d = 2; d < shape.size(); ++d) hxw *= shape[d];
    writeTensor(w, seedAt(0, shape, dtype));  // self
    if (affine) {
        writeTensor(w, seedAt(4096, {C}, dtype));  // gamma
        writeTensor(w, seedAt(4352, {C}, dtype));  // beta
    } else {
        w.u8(15);  // gamma null (OpFuzz's null tensor byte)
        w.u8(15);  // beta null
    }
    w.i64(N);
    w.i64(C);
    w.i64(hxw);
    w.i64(group);
    w.f64(1e-5);
    writeTensor(w, seedAt(8192, shape, dtype));          // out
    writeTensor(w, seedAt(12288, {N, group}, dtype));    // meanOut
    writeTensor(w, seedAt(12544, {N, group}, dtype));    // rstdOut
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        make("sample", {2, 3, 4}, 1, ACL_FLOAT, true, true),  // the CANN example's shapes
        make("fp16_no_affine_repeatable", {2, 4, 3, 2}, 2, ACL_FLOAT16, false, true, true),
        make("bf16_rank5_plan_only", {1, 6, 2, 1, 3}, 3, ACL_BF16, true, false),
    };
}

void fuzzOne(OpFuzz &op) {
    const auto [self, gamma, beta] = op.inputs<3>();
    const int64_t N = op.i64();
    const int64_t C = op.i64();
    const int64_t HxW = op.i64();
    const int64_t group = op.i64();
    const double eps = op.f64();
    const auto [out, meanOut, rstdOut] = op.outputs<3>();
    op.call(testing_support::kGroupNorm, {self, gamma, beta, N, C, HxW, group, eps, out, meanOut, rstdOut});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
