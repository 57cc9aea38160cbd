// Fuzz target: aclnnUpsampleNearest2d (self, outputSize, out), any formats, shapes and views.
#include "common/fuzz_op.h"
#include "harness/upsample_nearest2d.h"

using namespace fuzzing;

namespace {

// self (N, C, H, W) in `format`'s dim order; out resized to (oH, oW).
Seed make(const char *name, std::vector<int64_t> nchw, int64_t oH, int64_t oW, aclDataType dtype, aclFormat format,
          bool run, bool repeatable = false) {
    const bool nhwc = format == ACL_FORMAT_NHWC;
    const auto dims = [&](int64_t h, int64_t w) {
        return nhwc ? std::vector<int64_t>{nchw[0], h, w, nchw[1]} : std::vector<int64_t>{nchw[0], nchw[1], h, w};
    };
    FuzzWriter w;
    writeTensor(w, seedAt(0, dims(nchw[2], nchw[3]), dtype, format));
    writeIntArray(w, {oH, oW});
    writeTensor(w, seedAt(4096, dims(oH, oW), dtype, format));
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        make("sample_twice", {1, 1, 2, 2}, 4, 4, ACL_FLOAT, ACL_FORMAT_NCHW, true),
        make("nhwc_fp16_odd_repeatable", {1, 3, 3, 4}, 5, 7, ACL_FLOAT16, ACL_FORMAT_NHWC, true, true),
        make("uint8_down", {2, 2, 6, 5}, 3, 2, ACL_UINT8, ACL_FORMAT_NCHW, true),
        make("fp64_plan_only", {1, 2, 3, 3}, 6, 4, ACL_DOUBLE, ACL_FORMAT_NCHW, false),
    };
}

void fuzzOne(OpFuzz &op) {
    aclTensor *self = op.input();
    aclIntArray *outputSize = op.intArray();
    aclTensor *out = op.output();
    op.call(testing_support::kUpsampleNearest2d, {self, outputSize, out});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
