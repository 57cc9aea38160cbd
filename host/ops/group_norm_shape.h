// The GroupNorm family's shared shape rules (aclnnGroupNormSwish and aclnnGroupNormSwishGrad): x is
// (N, C, ...) cut into numGroups groups of C / numGroups channels; the statistics are (N, numGroups).
// Each check throws the operator's error with the same message for both operators.
#pragma once

#include <climits>
#include <cstdint>
#include <cstring>
#include <vector>

#include "ops/checks.h"

namespace aclcl {

struct GroupNormShape {
    int64_t batch = 0, channels = 0, groups = 0, planeLen = 0;  // planeLen: the product of x's dims after C
    int64_t channelsPerGroup() const { return channels / groups; }
    int64_t planes() const { return batch * channels; }
};

// numGroups > 0, and C = x.shape[1] divisible by it (x of rank >= 2 here; the rank check comes later).
inline void checkNumGroups(const char *op, const aclTensor *x, int64_t numGroups) {
    if (numGroups <= 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected numGroups to be > 0, but found %lld.", op, static_cast<long long>(numGroups)));
    }
    if (x->rank() >= 2 && x->dim(1) % numGroups != 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected the channel count C = x.shape[1] = %lld to be divisible by numGroups = %lld.", op,
                       static_cast<long long>(x->dim(1)), static_cast<long long>(numGroups)));
    }
}

// CANN supports no empty x (N, C and every other dim > 0); the shape of a non-empty x.
inline GroupNormShape groupNormShape(const char *op, const aclTensor *x, int64_t numGroups) {
    if (x->isEmpty()) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected x to be non-empty, but found shape %s.", op, x->shapeString().c_str()));
    }
    GroupNormShape s;
    s.batch = x->dim(0);
    s.channels = x->dim(1);
    s.groups = numGroups;
    s.planeLen = x->numel() / (s.batch * s.channels);
    return s;
}

// mean / rstd: (N, numGroups), or the same N * numGroups values as one dim.
inline void checkStatsShape(const char *op, const aclTensor *t, const char *arg, const GroupNormShape &s) {
    const std::vector<int64_t> matrix = {s.batch, s.groups}, flat = {s.batch * s.groups};
    if (t->viewDims == matrix || t->viewDims == flat) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected %s to have shape %s or %s (N, numGroups), but found %s.", op, arg,
                   dimsString(matrix).c_str(), dimsString(flat).c_str(), t->shapeString().c_str()));
}

// The kernels count planes and work-groups in int.
inline void checkPlaneCount(const char *op, const GroupNormShape &s) {
    if (s.planes() > INT_MAX / 2) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: N * C = %lld planes is more than this implementation handles "
                                                "(%d).",
                                                op, static_cast<long long>(s.planes()), INT_MAX / 2));
    }
}

// The shape GroupNorm and GroupNormBackward take as arguments (N, C, HxW, group), its planes checked.
inline GroupNormShape groupNormShapeOf(const char *op, int64_t n, int64_t c, int64_t hxw, int64_t group) {
    GroupNormShape s;
    s.batch = n;
    s.channels = c;
    s.groups = group;
    s.planeLen = hxw;
    checkPlaneCount(op, s);
    return s;
}

// dataFormatOptional: null, "NCHW" or "ND" (the layout is x's dims either way).
inline void checkDataFormat(const char *op, const char *format) {
    if (format && std::strcmp(format, "NCHW") != 0 && std::strcmp(format, "ND") != 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected dataFormatOptional to be null, \"NCHW\" or \"ND\", but found \"%s\".", op,
                       format));
    }
}

}  // namespace aclcl
