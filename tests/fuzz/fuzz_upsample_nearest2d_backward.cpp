// Fuzz target: aclnnUpsampleNearest2dBackward (gradOut, outputSize, inputSize, scalesH, scalesW,
// gradInput), any formats, shapes, scales and views.
#include "common/fuzz_op.h"
#include "harness/upsample_nearest2d_backward.h"

using namespace fuzzing;

namespace {

Seed make(const char *name, std::vector<int64_t> nchw, int64_t oH, int64_t oW, double scalesH, double scalesW,
          aclDataType dtype, aclFormat format, bool run, bool repeatable = false) {
    const bool nhwc = format == ACL_FORMAT_NHWC;
    const auto dims = [&](int64_t h, int64_t w) {
        return nhwc ? std::vector<int64_t>{nchw[0], h, w, nchw[1]} : std::vector<int64_t>{nchw[0], nchw[1], h, w};
    };
    FuzzWriter w;
    writeTensor(w, seedAt(0, dims(oH, oW), dtype, format));
    writeIntArrays(w, {{oH, oW}, dims(nchw[2], nchw[3])});
    w.f64(scalesH);
    w.f64(scalesW);
    writeTensor(w, seedAt(4096, dims(nchw[2], nchw[3]), dtype, format));
    return finishSeed(name, w, run, repeatable);
}

std::vector<Seed> seeds() {
    return {
        make("sample_twice", {1, 1, 2, 2}, 4, 4, 0.0, 0.0, ACL_FLOAT, ACL_FORMAT_NCHW, true),
        make("nhwc_fp16_odd_repeatable", {1, 3, 3, 4}, 5, 7, 0.0, 0.0, ACL_FLOAT16, ACL_FORMAT_NHWC, true, true),
        make("bf16_scales", {2, 2, 4, 5}, 9, 4, 2.2, 0.7, ACL_BF16, ACL_FORMAT_NCHW, true),
        make("down_plan_only", {1, 2, 6, 6}, 3, 2, 0.0, 0.0, ACL_FLOAT, ACL_FORMAT_NCHW, false),
    };
}

void fuzzOne(OpFuzz &op) {
    aclTensor *gradOut = op.input();
    const auto [outputSize, inputSize] = op.intArrays<2>();
    const double scalesH = op.f64();
    const double scalesW = op.f64();
    aclTensor *gradInput = op.output();
    op.call(testing_support::kUpsampleNearest2dBackward, {gradOut, outputSize, inputSize, scalesH, scalesW, gradInput});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
