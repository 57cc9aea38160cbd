// What MaxUnpool2d and MaxUnpool2dBackward check alike (host/ops/max_unpool2d.cpp,
// host/ops/max_unpool2d_backward.cpp): the value dtypes, the indices' dtypes, the plane geometry and
// the flat-plane test their kernels choose by. One copy for the family.
#pragma once

#include <cstdint>
#include <initializer_list>

#include "ops/checks.h"

namespace aclcl {

// The values' dtypes: CANN's list for both operators (FLOAT, FLOAT16, INT8, UINT8, INT16, INT32, INT64,
// DOUBLE) and, ours, BF16 and BOOL. The tests and the precision report take it from here.
inline constexpr std::initializer_list<aclDataType> kUnpoolValueDtypes = {
    ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_BOOL};

// 161002 unless indices are INT32 or INT64 (CANN's list for both operators).
inline void checkUnpoolIndicesDtype(const char *op, const aclTensor *indices) {
    checkDtypeIn(op, indices, "indices", {ACL_INT32, ACL_INT64});
}

// self (C, H, W) or (N, C, H, W) unpooled into (oH, oW) planes.
struct UnpoolGeometry {
    int64_t N = 1, C = 0, H = 0, W = 0, oH = 0, oW = 0;
    int64_t planes() const { return N * C; }
};

inline UnpoolGeometry unpoolGeometry(const aclTensor *self, int64_t oH, int64_t oW) {
    UnpoolGeometry g;
    g.N = self->rank() == 4 ? self->dim(0) : 1;
    g.C = self->dim(-3);
    g.H = self->dim(-2);
    g.W = self->dim(-1);
    g.oH = oH;
    g.oW = oW;
    return g;
}

// A (rows, cols) plane with strides (sRow, sCol) laid out as one run of unit-stride elements.
inline bool unitFlatPlane(int64_t rows, int64_t cols, int64_t sRow, int64_t sCol) {
    return (cols == 1 || sCol == 1) && (rows == 1 || sRow == cols * (cols == 1 ? 1 : sCol));
}

// A (rows, cols) plane whose element k (row-major) is at k * sCol: rows follow each other evenly.
inline bool evenPlane(int64_t rows, int64_t cols, int64_t sRow, int64_t sCol) {
    return rows == 1 || sRow == cols * sCol;
}

}  // namespace aclcl
