// Fuzz target: aclnnReflectionPad2d and aclnnReplicationPad2d (the first byte picks).
#include "common/fuzz_op.h"
#include "harness/pad2d.h"

using namespace fuzzing;

namespace {

// The CANN docs' example: self (1,1,3,3), padding 2,2,2,2, out (1,1,7,7).
Seed sample(const char *name, bool reflection, aclDataType dtype, bool strided, bool run) {
    FuzzWriter w = startSeedOf(reflection);
    writeTensor(w, seedView({1, 1, 3, 3}, dtype, strided, {18, 18, 6, 2}));
    writeIntArray(w, {2, 2, 2, 2});
    writeTensor(w, seedAt(4096, {1, 1, 7, 7}, dtype));
    return finishSeed(name, w, run, false);
}

// 3-D, negative and (for replication) beyond-the-dim pads, a strided out, a repeatable executor.
Seed threeD(const char *name, bool reflection, aclDataType dtype) {
    FuzzWriter w = startSeedOf(reflection);
    writeTensor(w, SeedTensor{{3, 4, 5}, dtype});
    const std::vector<int64_t> pad = reflection ? std::vector<int64_t>{3, -1, 2, 1} : std::vector<int64_t>{7, -1, 6, 1};
    writeIntArray(w, pad);
    const int64_t oh = 4 + pad[2] + pad[3], ow = 5 + pad[0] + pad[1];
    writeTensor(w, seedAt(8192, {3, oh, ow}, dtype));
    return finishSeed(name, w, true, true);
}

std::vector<Seed> seeds() {
    return {
        sample("reflection_sample", true, ACL_FLOAT, false, true),
        sample("reflection_sample_strided_int8", true, ACL_INT8, true, true),
        sample("replication_sample", false, ACL_FLOAT, false, true),
        sample("replication_sample_complex128_plan_only", false, ACL_COMPLEX128, false, false),
        threeD("reflection_3d_uint16_repeatable", true, ACL_UINT16),
        threeD("replication_3d_int64_repeatable", false, ACL_INT64),
    };
}

void fuzzOne(OpFuzz &op) {
    const bool reflection = op.picksFirst();
    aclTensor *self = op.input();
    aclIntArray *padding = op.intArray();
    aclTensor *out = op.output();
    op.call(reflection ? testing_support::kReflectionPad2d : testing_support::kReplicationPad2d, {self, padding, out});
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
