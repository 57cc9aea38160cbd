#include "support/view_layout.h"

#include "support/host_data.h"

namespace testing_support {

std::vector<int64_t> viewLayoutStrides(const std::vector<int64_t> &dims, ViewLayout layout) {
    const size_t r = dims.size();
    switch (layout) {
        case ViewLayout::Contiguous:
        case ViewLayout::Offset: return rowMajorStrides(dims, 0);
        case ViewLayout::Gapped: return rowMajorStrides(dims, 1);
        case ViewLayout::InnerStrided: {
            std::vector<int64_t> s = rowMajorStrides(dims, 0);
            for (int64_t &v : s) v *= 2;
            return s;
        }
        case ViewLayout::Transposed: {
            std::vector<int64_t> s(r);
            s[r - 2] = 1;            // the second-to-last dim innermost
            s[r - 1] = dims[r - 2];  // then the last
            int64_t acc = dims[r - 2] * dims[r - 1];
            for (size_t i = r - 2; i-- > 0;) {
                s[i] = acc;
                acc *= dims[i];
            }
            return s;
        }
        case ViewLayout::ChannelsLast: {
            std::vector<int64_t> s(r);
            const int64_t c = dims[r - 3] + 1;
            s[r - 3] = 1;
            s[r - 1] = c;
            s[r - 2] = c * dims[r - 1];
            if (r == 4) s[0] = s[r - 2] * dims[r - 2];
            return s;
        }
    }
    return {};
}

int64_t viewLayoutOffset(ViewLayout layout) {
    switch (layout) {
        case ViewLayout::Offset: return 7;
        case ViewLayout::Gapped: return 5;
        case ViewLayout::InnerStrided:
        case ViewLayout::ChannelsLast: return 3;
        case ViewLayout::Transposed: return 2;
        default: return 0;
    }
}

DeviceTensor layoutTensor(const std::vector<int64_t> &dims, aclDataType dtype, ViewLayout layout) {
    return DeviceTensor(dims, dtype, viewLayoutStrides(dims, layout), viewLayoutOffset(layout));
}

}  // namespace testing_support
