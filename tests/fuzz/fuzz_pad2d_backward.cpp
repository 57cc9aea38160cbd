// Fuzz target: aclnnReflectionPad2dBackward and aclnnReplicationPad2dBackward (the first byte picks).
#include "common/fuzz_op.h"
#include "harness/pad2d_backward.h"

using namespace fuzzing;

namespace {

Seed sample(const char *name, bool reflection, aclDataType dtype, bool strided, bool run) {
    FuzzWriter w = startSeedOf(reflection);
    // docs/ops sample: gradOutput (1,1,4,4), self (1,1,2,2), padding 1,1,1,1.
    writeTensor(w, seedView({1, 1, 4, 4}, dtype, strided, {64, 64, 16, 2}));
    writeTensor(w, seedAt(2048, {1, 1, 2, 2}, dtype));
    writeIntArray(w, {1, 1, 1, 1});
    writeTensor(w, seedAt(4096, {1, 1, 2, 2}, dtype));
    return finishSeed(name, w, run, false);
}

Seed threeD(const char *name, bool reflection) {
    FuzzWriter w = startSeedOf(reflection);
    writeTensor(w, SeedTensor{{3, 7, 9}, ACL_FLOAT16});  // C=3, H=4+2+1, W=5+3+1
    writeTensor(w, seedAt(8192, {3, 4, 5}, ACL_FLOAT16));
    writeIntArray(w, {3, 1, 2, 1});
    writeTensor(w, SeedTensor{{3, 4, 5}, ACL_FLOAT16, ACL_FORMAT_ND, {}, 0, {60}, 12288});
    return finishSeed(name, w, true, true);
}

std::vector<Seed> seeds() {
    return {
        sample("reflection_sample", true, ACL_FLOAT, false, true),
        sample("reflection_sample_strided_bf16", true, ACL_BF16, true, true),
        sample("replication_sample", false, ACL_FLOAT, false, true),
        sample("replication_sample_fp64_plan_only", false, ACL_DOUBLE, false, false),
        threeD("reflection_3d_fp16_repeatable", true),
        threeD("replication_3d_fp16_repeatable", false),
    };
}

void fuzzOne(OpFuzz &op) {
    const bool reflection = op.picksFirst();
    const auto [gradOutput, self] = op.inputs<2>();
    aclIntArray *padding = op.intArray();
    aclTensor *gradInput = op.output();
    op.call(reflection ? testing_support::kReflectionPad2dBackward : testing_support::kReplicationPad2dBackward,
            {gradOutput, self, padding, gradInput});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
