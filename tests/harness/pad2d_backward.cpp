// ReflectionPad2dBackward and ReplicationPad2dBackward: gradOutput 2 x 3 x 6 x 7, self 2 x 3 x 4 x 4.
#include "harness/pad2d_attributes.h"
#include "harness/pad2d_backward.h"

namespace reliability {
namespace {

class Pad2dBackwardHarness : public Pad2dHarnessBase {
public:
    Pad2dBackwardHarness(bool reflection, Layout layout, uint64_t seed)
        : Pad2dHarnessBase(reflection, testing_support::kReflectionPad2dBackward,
                           testing_support::kReplicationPad2dBackward) {
        // padding [left, right, top, bottom] = [1, 2, 1, 1]: W 4 -> 7, H 4 -> 6.
        addTensor("gradOutput", {2, 3, 6, 7}, ACL_FLOAT, layout, random({2, 3, 6, 7}, seed));
        addTensor("self", {2, 3, 4, 4}, ACL_FLOAT, layout, random({2, 3, 4, 4}, seed + 1));
        addArray("padding", {1, 2, 1, 1});
        addTensor("gradInput", {2, 3, 4, 4}, ACL_FLOAT, layout, {}, true);
    }
    BadAttributes badAttributes() override {
        BadAttributes bad = Pad2dHarnessBase::badAttributes();
        const int64_t huge = int64_t{1} << 62;  // W + left + right overflows int64
        bad.emplace_back("padding overflows int64", setArray("padding", {huge, huge, 1, 1}));
        return bad;
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnReflectionPad2dBackward", (harnessFactory<Pad2dBackwardHarness, true>));
ACLNN_REGISTER_HARNESS("aclnnReplicationPad2dBackward", (harnessFactory<Pad2dBackwardHarness, false>));

}  // namespace reliability
