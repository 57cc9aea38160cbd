// aclDataTypeSize and the fp16 conversions of acl_base.h.
#include <cstring>

#include "acl/acl_base.h"
#include "common/dtype.h"

extern "C" {

size_t aclDataTypeSize(aclDataType dataType) { return aclcl::dtypeSize(dataType); }

float aclFloat16ToFloat(aclFloat16 value) {
    uint32_t sign = static_cast<uint32_t>(value & 0x8000u) << 16;
    uint32_t exponent = (value >> 10) & 0x1fu;
    uint32_t mantissa = value & 0x3ffu;
    uint32_t bits;
    if (exponent == 0x1f) {
        bits = sign | 0x7f800000u | (mantissa << 13);
    } else if (exponent != 0) {
        bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        bits = sign;
    } else {  // subnormal: normalise
        int shift = 0;
        while ((mantissa & 0x400u) == 0) {
            mantissa <<= 1;
            ++shift;
        }
        mantissa &= 0x3ffu;
        bits = sign | (static_cast<uint32_t>(113 - shift) << 23) | (mantissa << 13);
    }
    float out;
    std::memcpy(&out, &bits, sizeof out);
    return out;
}

aclFloat16 aclFloatToFloat16(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    uint32_t sign = (bits >> 16) & 0x8000u;
    uint32_t absBits = bits & 0x7fffffffu;
    if (absBits > 0x7f800000u) return static_cast<aclFloat16>(sign | 0x7e00u);  // NaN
    if (absBits >= 0x477ff000u) return static_cast<aclFloat16>(sign | 0x7c00u);  // rounds to infinity
    if (absBits < 0x38800000u) {  // subnormal or zero in fp16
        if (absBits < 0x33000000u) return static_cast<aclFloat16>(sign);
        uint32_t exponent = absBits >> 23;
        uint32_t mantissa = (absBits & 0x7fffffu) | 0x800000u;
        uint32_t shift = 126 - exponent;  // fp16 subnormals count units of 2^-24
        uint32_t half = mantissa >> shift;
        uint32_t rem = mantissa & ((1u << shift) - 1);
        uint32_t halfway = 1u << (shift - 1);
        if (rem > halfway || (rem == halfway && (half & 1u))) ++half;
        return static_cast<aclFloat16>(sign | half);
    }
    uint32_t rounded = absBits + 0xfffu + ((absBits >> 13) & 1u);  // round to nearest even
    return static_cast<aclFloat16>(sign | (((rounded >> 13) - (112u << 10)) & 0x7fffu));
}

}  // extern "C"
