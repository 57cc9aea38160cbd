#include "meta/tensor.h"

namespace aclcl {


std::string joinDims(const std::vector<int64_t> &dims) {
    std::string out = "[";
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i) out += ", ";
        out += std::to_string(dims[i]);
    }
    return out + "]";
}

}  // namespace aclcl

int64_t aclTensor::numel() const {
    uint64_t n = 1;  // wraps instead of UB on unchecked views; checkView rejects overflowing ones
    for (int64_t d : viewDims) n *= static_cast<uint64_t>(d);
    return static_cast<int64_t>(n);
}

bool aclTensor::isContiguous() const {
    uint64_t expected = 1;
    for (size_t i = viewDims.size(); i-- > 0;) {
        if (viewDims[i] == 1) continue;  // any stride is fine along a size-1 dimension
        if (static_cast<uint64_t>(strides[i]) != expected) return false;
        expected *= static_cast<uint64_t>(viewDims[i]);
    }
    return true;
}

std::string aclTensor::shapeString() const { return aclcl::joinDims(viewDims); }

std::string aclIntArray::toString() const { return aclcl::joinDims(values); }
