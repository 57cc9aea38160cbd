// aclnnReflectionPad2d's and aclnnReplicationPad2d's calls, written once (support/binding.h): the two
// take the same arguments.
#pragma once

#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "support/binding.h"

namespace testing_support {

inline const Binding kReflectionPad2d = ACLNN_BINDING(aclnnReflectionPad2d, "self", "padding", "out");
inline const Binding kReplicationPad2d = ACLNN_BINDING(aclnnReplicationPad2d, "self", "padding", "out");

}  // namespace testing_support
