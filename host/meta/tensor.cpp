#include "meta/tensor.h"

namespace aclcl {

std::vector<int64_t> contiguousStrides(const std::vector<int64_t> &dims) {
    std::vector<int64_t> strides(dims.size(), 1);
    int64_t acc = 1;
    for (size_t i = dims.size(); i-- > 0;) {
        strides[i] = acc;
        acc *= dims[i] > 0 ? dims[i] : 1;
    }
    return strides;
}

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
    int64_t n = 1;
    for (int64_t d : viewDims) n *= d;
    return n;
}

bool aclTensor::isContiguous() const {
    int64_t expected = 1;
    for (size_t i = viewDims.size(); i-- > 0;) {
        if (viewDims[i] == 1) continue;  // any stride is fine along a size-1 dimension
        if (strides[i] != expected) return false;
        expected *= viewDims[i];
    }
    return true;
}

std::string aclTensor::shapeString() const { return aclcl::joinDims(viewDims); }

std::string aclIntArray::toString() const { return aclcl::joinDims(values); }
