// Fuzz target: aclnnReflectionPad2d and aclnnReplicationPad2d (the first byte picks).
#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "common/fuzz_op.h"

using namespace fuzzing;

namespace {

// The CANN docs' example: self (1,1,3,3), padding 2,2,2,2, out (1,1,7,7).
Seed sample(const char *name, bool reflection, aclDataType dtype, bool strided, bool run) {
    FuzzWriter w;
    w.u8(reflection ? 0 : 1);
    SeedTensor self{{1, 1, 3, 3}, dtype};
    if (strided) {
        self.strides = {18, 18, 6, 2};
        self.offset = 1;
    }
    writeTensor(w, self);
    writeIntArray(w, {2, 2, 2, 2});
    writeTensor(w, SeedTensor{{1, 1, 7, 7}, dtype, ACL_FORMAT_ND, {}, 0, {}, 4096});
    writePhaseTwo(w, run, false);
    return Seed{name, w.bytes()};
}

// 3-D, negative and (for replication) beyond-the-dim pads, a strided out, a repeatable executor.
Seed threeD(const char *name, bool reflection, aclDataType dtype) {
    FuzzWriter w;
    w.u8(reflection ? 0 : 1);
    writeTensor(w, SeedTensor{{3, 4, 5}, dtype});
    const std::vector<int64_t> pad = reflection ? std::vector<int64_t>{3, -1, 2, 1} : std::vector<int64_t>{7, -1, 6, 1};
    writeIntArray(w, pad);
    const int64_t oh = 4 + pad[2] + pad[3], ow = 5 + pad[0] + pad[1];
    writeTensor(w, SeedTensor{{3, oh, ow}, dtype, ACL_FORMAT_ND, {}, 0, {}, 8192});
    writePhaseTwo(w, true, true);
    return Seed{name, w.bytes()};
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    initDevice();
    writeSeedsIfAsked({
        sample("reflection_sample", true, ACL_FLOAT, false, true),
        sample("reflection_sample_strided_int8", true, ACL_INT8, true, true),
        sample("replication_sample", false, ACL_FLOAT, false, true),
        sample("replication_sample_complex128_plan_only", false, ACL_COMPLEX128, false, false),
        threeD("reflection_3d_uint16_repeatable", true, ACL_UINT16),
        threeD("replication_3d_int64_repeatable", false, ACL_INT64),
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzReader in(data, size);
    bool reflection = in.u8() % 2 == 0;
    OpFuzz op(in);
    aclTensor *self = op.input();
    aclIntArray *padding = op.intArray();
    aclTensor *out = op.output();
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    if (reflection) {
        aclnnStatus s = aclnnReflectionPad2dGetWorkspaceSize(self, padding, out, &ws, &ex);
        op.finish("aclnnReflectionPad2d", s, ws, ex, aclnnReflectionPad2d);
    } else {
        aclnnStatus s = aclnnReplicationPad2dGetWorkspaceSize(self, padding, out, &ws, &ex);
        op.finish("aclnnReplicationPad2d", s, ws, ex, aclnnReplicationPad2d);
    }
    return 0;
}
