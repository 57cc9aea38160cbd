// aclnnReflectionPad2dBackward's and aclnnReplicationPad2dBackward's calls, written once
// (support/binding.h): the two take the same arguments.
#pragma once

#include "aclnnop/aclnn_pad2d_backward.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kReflectionPad2dBackward =
    ACLNN_BINDING(aclnnReflectionPad2dBackward, "gradOutput", "self", "padding", "gradInput");
inline const Binding kReplicationPad2dBackward =
    ACLNN_BINDING(aclnnReplicationPad2dBackward, "gradOutput", "self", "padding", "gradInput");

}  // namespace testing_support
