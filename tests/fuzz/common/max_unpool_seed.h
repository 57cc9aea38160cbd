// The seed arguments that MaxUnpool2d and its backward both end with (indices, outputSize, out), for
// their two fuzz targets.
#pragma once

#include <cstdint>
#include <vector>

#include "common/fuzz_op.h"

namespace fuzzing {

// indices shaped like self in `indexType` (the arena holds small integers in its odd 32-bit words:
// indices point there), outputSize (oH, oW), then out; NCHW, each in its own part of the arena.
inline void writeUnpoolTail(FuzzWriter &w, const std::vector<int64_t> &selfShape, aclDataType indexType, int64_t oH,
                            int64_t oW, const std::vector<int64_t> &outShape, aclDataType outType) {
    writeTensor(w, seedAt(8192, selfShape, indexType, ACL_FORMAT_NCHW));
    writeIntArray(w, {oH, oW});
    writeTensor(w, seedAt(12288, outShape, outType, ACL_FORMAT_NCHW));
}

}  // namespace fuzzing
