// The pad family's shared argument rules (ReflectionPad2d, ReplicationPad2d and their backward
// operators): the dtype lists, padding's (left, right, top, bottom), reflection's "pad < dim" rule and
// the padded size.
#pragma once

#include <cstdint>
#include <initializer_list>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "meta/tensor.h"

namespace aclcl {

// Constant: ConstantPadNd's value outside self (host/ops/pad2d_gather.h), no rule of its own here.
enum class PadMode { Reflection, Replication, Constant };

// The dtypes, for both modes (the tests and the precision report take them from here).
// ReflectionPad2d/ReplicationPad2d: CANN's list (fp8 types left out); a copy of bytes, so every one is exact.
inline constexpr std::initializer_list<aclDataType> kPad2dDtypes = {
    ACL_BOOL,   ACL_INT8,  ACL_UINT8, ACL_INT16,  ACL_UINT16, ACL_FLOAT16,   ACL_BF16,      ACL_INT32,
    ACL_UINT32, ACL_FLOAT, ACL_INT64, ACL_UINT64, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
// Their backward operators' (gradOutput; self and gradInput have its dtype).
inline constexpr std::initializer_list<aclDataType> kPad2dBackwardDtypes = {ACL_FLOAT16,   ACL_FLOAT,      ACL_DOUBLE,
                                                                            ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

// Padding (left, right, top, bottom) applied to self's last two dims (H, W); OH, OW once checked.
struct PadSizes {
    int64_t H = 0, W = 0, OH = 0, OW = 0;
    int64_t left = 0, right = 0, top = 0, bottom = 0;
};

// padding must already hold 4 values.
inline PadSizes readPadding(const aclTensor *self, const aclIntArray *padding) {
    PadSizes s;
    s.left = padding->values[0];
    s.right = padding->values[1];
    s.top = padding->values[2];
    s.bottom = padding->values[3];
    s.H = self->dim(-2);
    s.W = self->dim(-1);
    return s;
}

// Reflection only: each pad must be less than the dim it mirrors (replication accepts any pad).
inline void checkReflectionPads(PadMode mode, const char *op, const PadSizes &s, const aclTensor *self,
                                const aclIntArray *padding) {
    if (mode != PadMode::Reflection) return;
    const struct {
        const char *name;
        int64_t pad, dim;
        const char *dimName;
    } pads[] = {{"left", s.left, s.W, "W"}, {"right", s.right, s.W, "W"}, {"top", s.top, s.H, "H"},
                {"bottom", s.bottom, s.H, "H"}};
    for (const auto &p : pads) {
        if (p.pad < p.dim) continue;
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected each reflection pad to be less than its input dimension, but padding %s "
                       "(%lld) >= self %s (%lld); padding %s, self shape %s.",
                       op, p.name, static_cast<long long>(p.pad), p.dimName, static_cast<long long>(p.dim),
                       padding->toString().c_str(), self->shapeString().c_str()));
    }
}

// Sets OH = H + top + bottom and OW = W + left + right (negative pads crop). Fails when a sum
// overflows, or, when atLeastOne, when either is below 1.
inline void checkPaddedSize(const char *op, PadSizes &s, bool atLeastOne, const aclTensor *self,
                            const aclIntArray *padding) {
    if (__builtin_add_overflow(s.H, s.top, &s.OH) || __builtin_add_overflow(s.OH, s.bottom, &s.OH) ||
        __builtin_add_overflow(s.W, s.left, &s.OW) || __builtin_add_overflow(s.OW, s.right, &s.OW) ||
        (atLeastOne && (s.OH < 1 || s.OW < 1))) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected the padded size of self %s with padding %s to be at least 1 in H and W "
                       "(negative pads crop), but H + top + bottom = %lld + %lld + %lld and W + left + right = "
                       "%lld + %lld + %lld.",
                       op, self->shapeString().c_str(), padding->toString().c_str(), static_cast<long long>(s.H),
                       static_cast<long long>(s.top), static_cast<long long>(s.bottom), static_cast<long long>(s.W),
                       static_cast<long long>(s.left), static_cast<long long>(s.right)));
    }
}

}  // namespace aclcl
