// The aclnn meta objects: tensors, arrays, scalars and lists, as plain C++ value types.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "common/layout.h"

struct aclTensor {
    std::vector<int64_t> viewDims;
    std::vector<int64_t> strides;  // elements
    int64_t offset = 0;            // elements from the start of storage
    aclDataType dtype = ACL_DT_UNDEFINED;
    aclFormat format = ACL_FORMAT_ND;
    std::vector<int64_t> storageDims;
    void *data = nullptr;  // device pointer to the start of storage

    int64_t rank() const { return static_cast<int64_t>(viewDims.size()); }
    int64_t dim(int64_t i) const { return viewDims[static_cast<size_t>(i < 0 ? i + rank() : i)]; }
    int64_t numel() const;
    bool isEmpty() const { return numel() == 0; }
    // Row-major contiguous, whatever the offset.
    bool isContiguous() const;
    std::string shapeString() const;  // "[2, 3, 4]"
};

struct aclIntArray {
    std::vector<int64_t> values;
    std::string toString() const;
};
struct aclFloatArray {
    std::vector<float> values;
};
struct aclBoolArray {
    std::vector<bool> values;
};
struct aclScalar {
    aclDataType dtype = ACL_DT_UNDEFINED;
    unsigned char bytes[16] = {};
};
struct aclTensorList {
    std::vector<aclTensor *> tensors;
};
struct aclScalarList {
    std::vector<aclScalar *> scalars;
};

namespace aclcl {
std::string joinDims(const std::vector<int64_t> &dims);  // "[2, 3, 4]"
}  // namespace aclcl
