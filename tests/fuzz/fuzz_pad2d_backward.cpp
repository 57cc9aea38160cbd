// Fuzz target: aclnnReflectionPad2dBackward and aclnnReplicationPad2dBackward (the first byte picks).
#include "aclnnop/aclnn_pad2d_backward.h"
#include "common/fuzz_op.h"

using namespace fuzzing;

namespace {

Seed sample(const char *name, bool reflection, aclDataType dtype, bool strided, bool run) {
    FuzzWriter w;
    w.u8(reflection ? 0 : 1);
    // docs/ops sample: gradOutput (1,1,4,4), self (1,1,2,2), padding 1,1,1,1.
    SeedTensor go{{1, 1, 4, 4}, dtype};
    if (strided) {
        go.strides = {64, 64, 16, 2};
        go.offset = 1;
    }
    writeTensor(w, go);
    writeTensor(w, SeedTensor{{1, 1, 2, 2}, dtype, ACL_FORMAT_ND, {}, 0, {}, 2048});
    writeIntArray(w, {1, 1, 1, 1});
    writeTensor(w, SeedTensor{{1, 1, 2, 2}, dtype, ACL_FORMAT_ND, {}, 0, {}, 4096});
    writePhaseTwo(w, run, false);
    return Seed{name, w.bytes()};
}

Seed threeD(const char *name, bool reflection) {
    FuzzWriter w;
    w.u8(reflection ? 0 : 1);
    writeTensor(w, SeedTensor{{3, 7, 9}, ACL_FLOAT16});  // C=3, H=4+2+1, W=5+3+1
    writeTensor(w, SeedTensor{{3, 4, 5}, ACL_FLOAT16, ACL_FORMAT_ND, {}, 0, {}, 8192});
    writeIntArray(w, {3, 1, 2, 1});
    writeTensor(w, SeedTensor{{3, 4, 5}, ACL_FLOAT16, ACL_FORMAT_ND, {}, 0, {60}, 12288});
    writePhaseTwo(w, true, true);
    return Seed{name, w.bytes()};
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    initDevice();
    writeSeedsIfAsked({
        sample("reflection_sample", true, ACL_FLOAT, false, true),
        sample("reflection_sample_strided_bf16", true, ACL_BF16, true, true),
        sample("replication_sample", false, ACL_FLOAT, false, true),
        sample("replication_sample_fp64_plan_only", false, ACL_DOUBLE, false, false),
        threeD("reflection_3d_fp16_repeatable", true),
        threeD("replication_3d_fp16_repeatable", false),
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader in(data, size);
    bool reflection = in.u8() % 2 == 0;
    OpFuzz op(in);
    aclTensor *gradOutput = op.input();
    aclTensor *self = op.input();
    aclIntArray *padding = op.intArray();
    aclTensor *gradInput = op.output();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    if (reflection) {
        aclnnStatus s = aclnnReflectionPad2dBackwardGetWorkspaceSize(gradOutput, self, padding, gradInput, &ws, &ex);
        op.finish("aclnnReflectionPad2dBackward", s, ws, ex, aclnnReflectionPad2dBackward);
    } else {
        aclnnStatus s = aclnnReplicationPad2dBackwardGetWorkspaceSize(gradOutput, self, padding, gradInput, &ws, &ex);
        op.finish("aclnnReplicationPad2dBackward", s, ws, ex, aclnnReplicationPad2dBackward);
    }
    return 0;
}
