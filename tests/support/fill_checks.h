// What the fill operators' tests share (InplaceZero, InplaceOne, InplaceFillScalar, host/ops/fill_value.h):
// the selfRef views a fill goes through, and the check that every element of the view holds one bit pattern
// while every byte outside the view keeps what it held.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "support/device_tensor.h"
#include "support/host_data.h"

namespace testing_support {

struct FillLayout {
    const char *name;
    std::vector<int64_t> shape, strides;  // strides empty: contiguous
    int64_t offset = 0;
    DeviceTensor make(aclDataType dtype) const {
        return strides.empty() ? DeviceTensor(shape, dtype) : DeviceTensor(shape, dtype, strides, offset);
    }
    // Where each element of the view lies in its storage, in bytes, row-major.
    std::vector<size_t> byteOffsets(aclDataType dtype) const {
        std::vector<size_t> at;
        for (int64_t e : viewStorageElements(shape, strides.empty() ? rowMajorStrides(shape) : strides, offset)) {
            at.push_back(static_cast<size_t>(e) * aclDataTypeSize(dtype));
        }
        return at;
    }
};

// Contiguous (the vector kernel for the floating dtypes), every other element of padded rows at an offset
// (the strided kernel), a transposed view, 0-d, and rank 8.
inline const std::vector<FillLayout> &fillLayouts() {
    static const std::vector<FillLayout> layouts = {
        {"contiguous", {3, 5, 7}, {}, 0},
        {"every other element at an offset", {3, 5, 7}, {80, 16, 2}, 5},
        {"transposed", {7, 5}, {1, 7}, 0},
        {"0-d", {}, {}, 0},
        {"rank 8", {2, 1, 2, 1, 2, 1, 2, 3}, {}, 0},
    };
    return layouts;
}

inline bool isFloatingComponent(aclDataType d) {
    return d == ACL_FLOAT16 || d == ACL_BF16 || d == ACL_FLOAT || d == ACL_DOUBLE || d == ACL_COMPLEX64 ||
           d == ACL_COMPLEX128;
}

// Whether the bytes of one component of a floating dtype hold a NaN.
inline bool componentIsNan(const uint8_t *p, aclDataType d) {
    if (d == ACL_FLOAT16 || d == ACL_BF16) {
        uint16_t b;
        std::memcpy(&b, p, 2);
        return d == ACL_FLOAT16 ? (b & 0x7c00u) == 0x7c00u && (b & 0x3ffu) : (b & 0x7f80u) == 0x7f80u && (b & 0x7fu);
    }
    if (d == ACL_FLOAT || d == ACL_COMPLEX64) {
        float f;
        std::memcpy(&f, p, 4);
        return std::isnan(f);
    }
    double x;
    std::memcpy(&x, p, 8);
    return std::isnan(x);
}

// Every element of t's view (made by layout l) holds `element`'s bytes and every other byte of its storage
// is `before`'s. A component that `element` holds as a NaN may be any NaN: OpenCL's conversions keep a NaN a
// NaN but do not fix its payload.
inline void expectFilled(const DeviceTensor &t, const FillLayout &l, const std::vector<uint8_t> &before,
                         const std::vector<uint8_t> &element) {
    const aclDataType d = t.dtype();
    const size_t size = aclDataTypeSize(d), parts = componentsOf(d), part = size / parts;
    ASSERT_EQ(element.size(), size);
    const std::vector<uint8_t> after = t.storage();
    ASSERT_EQ(after.size(), before.size());
    std::vector<bool> inView(after.size(), false);
    size_t bad = 0;
    for (size_t at : l.byteOffsets(d)) {
        for (size_t b = 0; b < size; ++b) inView[at + b] = true;
        bool ok = true;
        for (size_t c = 0; c < parts; ++c) {
            const uint8_t *got = after.data() + at + c * part, *want = element.data() + c * part;
            const bool nan = isFloatingComponent(d) && componentIsNan(want, d);
            ok = ok && (nan ? componentIsNan(got, d) : std::memcmp(got, want, part) == 0);
        }
        if (!ok && bad++ < 3) {
            static const char kHex[] = "0123456789abcdef";
            std::string got, want;
            for (size_t b = size; b-- > 0;) {  // most significant byte first
                got += {kHex[after[at + b] >> 4], kHex[after[at + b] & 15]};
                want += {kHex[element[b] >> 4], kHex[element[b] & 15]};
            }
            ADD_FAILURE() << "the element at byte " << at << " holds 0x" << got << ", want 0x" << want;
        }
    }
    EXPECT_EQ(bad, 0u);
    size_t stray = 0;
    for (size_t b = 0; b < after.size(); ++b) stray += !inView[b] && after[b] != before[b];
    EXPECT_EQ(stray, 0u) << "bytes outside selfRef's view were written";
}

}  // namespace testing_support
