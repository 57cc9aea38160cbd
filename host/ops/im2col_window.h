// The Im2col family's shared argument rules (Im2col and Im2colBackward): the dtype lists, the values of
// kernelSize, dilation, padding and stride, the window they describe and its sliding-block count per axis.
#pragma once

#include <climits>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "aclnn/opdev/op_errno.h"
#include "common/error.h"
#include "meta/tensor.h"

namespace aclcl {

// The dtypes (the tests and the precision report take them from here). Im2col's self and out: CANN's list
// (the docs: no COMPLEX128).
inline constexpr std::initializer_list<aclDataType> kIm2colDtypes = {
    ACL_INT8, ACL_UINT8,   ACL_INT16, ACL_UINT16, ACL_INT32, ACL_UINT32,    ACL_INT64,    ACL_UINT64,
    ACL_BF16, ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BOOL,  ACL_COMPLEX32, ACL_COMPLEX64};
// Im2colBackward's gradOutput and out.
inline constexpr std::initializer_list<aclDataType> kIm2colBackwardDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16,
                                                                             ACL_DOUBLE};

// Attribute values are kept within int32 / 4 so that the kernels' coordinate arithmetic cannot overflow.
constexpr int64_t kMaxWindowValue = INT32_MAX / 4;

// Every value of `array` must be at least `min` (1: kernelSize, stride, dilation; 0: padding, inputSize)
// and at most kMaxWindowValue.
inline void checkWindowValues(const char *op, const aclIntArray *array, const char *name, int64_t min) {
    for (int64_t v : array->values) {
        if (v >= min && v <= kMaxWindowValue) continue;
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected every value of %s to be %s (and at most %lld), but found %s.", op, name,
                       min == 1 ? "greater than 0" : "non-negative", static_cast<long long>(kMaxWindowValue),
                       array->toString().c_str()));
    }
}

// The sliding window, (H, W) pairs; the four arrays hold 2 checked values each.
struct Im2colWindow {
    int64_t KH = 0, KW = 0, DH = 0, DW = 0, PH = 0, PW = 0, SH = 0, SW = 0;
    int64_t L0 = 0, L1 = 0;  // sliding blocks in H and W, once computed by slideOver

    Im2colWindow() = default;
    Im2colWindow(const aclIntArray *kernelSize, const aclIntArray *dilation, const aclIntArray *padding,
                 const aclIntArray *stride)
        : KH(kernelSize->values[0]), KW(kernelSize->values[1]), DH(dilation->values[0]), DW(dilation->values[1]),
          PH(padding->values[0]), PW(padding->values[1]), SH(stride->values[0]), SW(stride->values[1]) {}

    int64_t taps() const { return KH * KW; }  // both < 2^29: no overflow

    // L0 and L1 for an image of H x W: (size + 2*pad - dilation*(kernel-1) - 1) / stride + 1, the
    // division rounding down (a negative span gives a non-positive count). Every term < 2^31.
    void slideOver(int64_t H, int64_t W) {
        L0 = blocks(H + 2 * PH - DH * (KH - 1) - 1, SH);
        L1 = blocks(W + 2 * PW - DW * (KW - 1) - 1, SW);
    }
    bool hasBlocks() const { return L0 >= 1 && L1 >= 1; }

private:
    static int64_t blocks(int64_t span, int64_t s) { return (span >= 0 ? span / s : -((-span + s - 1) / s)) + 1; }
};

// "kernelSize [.], dilation [.], padding [.], stride [.]", for messages.
inline std::string windowString(const aclIntArray *kernelSize, const aclIntArray *dilation,
                                const aclIntArray *padding, const aclIntArray *stride) {
    return "kernelSize " + kernelSize->toString() + ", dilation " + dilation->toString() + ", padding " +
           padding->toString() + ", stride " + stride->toString();
}

}  // namespace aclcl
