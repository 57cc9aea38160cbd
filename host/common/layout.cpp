#include "common/layout.h"

namespace aclcl {

std::vector<int64_t> contiguousStrides(const std::vector<int64_t> &dims) {
    std::vector<int64_t> strides(dims.size(), 1);
    // Unsigned: user dims may overflow the product; checkView rejects such views, this must not be UB.
    uint64_t acc = 1;
    for (size_t i = dims.size(); i-- > 0;) {
        strides[i] = static_cast<int64_t>(acc);
        acc *= dims[i] > 0 ? static_cast<uint64_t>(dims[i]) : 1;
    }
    return strides;
}

int64_t viewReach(const std::vector<int64_t> &dims, const std::vector<int64_t> &strides) {
    int64_t reach = 0;
    for (size_t i = 0; i < dims.size(); ++i) {
        reach += (dims[i] > 0 ? dims[i] - 1 : 0) * (strides[i] < 0 ? -strides[i] : strides[i]);
    }
    return reach;
}

bool mergeDims(int64_t outer, int64_t inner, int64_t outerStride, int64_t innerStride, int64_t *merged) {
    if (outer <= 1 || inner == 0) {
        *merged = innerStride;
        return true;
    }
    if (inner == 1) {
        *merged = outerStride;
        return true;
    }
    // A valid view may have inner * innerStride past int64: its reach is only (inner - 1) * innerStride.
    int64_t packed = 0;
    if (!__builtin_mul_overflow(inner, innerStride, &packed) && outerStride == packed) {
        *merged = innerStride;
        return true;
    }
    return false;
}

std::vector<int64_t> nchwStrides(const std::vector<int64_t> &strides) {
    if (strides.size() == 4) return strides;
    return {0, strides[0], strides[1], strides[2]};
}

}  // namespace aclcl
