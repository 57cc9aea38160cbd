#include "kernels/dtype_defines.h"

#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"

namespace aclcl {

namespace {

struct Spelling {
    const char *storage;
    const char *value;
    const char *load;   // uses p and i
    const char *store;  // uses p, i and v
};

Spelling spell(aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT: return {"float", "float", "((p)[i])", "((p)[i] = (float)(v))"};
        case ACL_DOUBLE: return {"double", "double", "((p)[i])", "((p)[i] = (double)(v))"};
        case ACL_FLOAT16: return {"half", "float", "vload_half((i), (p))", "vstore_half_rte((float)(v), (i), (p))"};
        case ACL_BF16: return {"ushort", "float", "bf16_to_float((p)[i])", "((p)[i] = float_to_bf16((float)(v)))"};
        case ACL_COMPLEX64: return {"float2", "float2", "((p)[i])", "((p)[i] = convert_float2(v))"};
        case ACL_COMPLEX128: return {"double2", "double2", "((p)[i])", "((p)[i] = convert_double2(v))"};
        case ACL_INT8: return {"char", "char", "((p)[i])", "((p)[i] = (char)(v))"};
        case ACL_UINT8: return {"uchar", "uchar", "((p)[i])", "((p)[i] = (uchar)(v))"};
        case ACL_INT16: return {"short", "short", "((p)[i])", "((p)[i] = (short)(v))"};
        case ACL_UINT16: return {"ushort", "ushort", "((p)[i])", "((p)[i] = (ushort)(v))"};
        case ACL_INT32: return {"int", "int", "((p)[i])", "((p)[i] = (int)(v))"};
        case ACL_UINT32: return {"uint", "uint", "((p)[i])", "((p)[i] = (uint)(v))"};
        case ACL_INT64: return {"long", "long", "((p)[i])", "((p)[i] = (long)(v))"};
        case ACL_UINT64: return {"ulong", "ulong", "((p)[i])", "((p)[i] = (ulong)(v))"};
        case ACL_BOOL: return {"uchar", "uchar", "((p)[i])", "((p)[i] = (uchar)((v) != 0))"};
        default:
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("dtype %s cannot be used in an OpenCL kernel", dtypeName(dtype)));
    }
}

// The bounds of a floating value stored into an integer slot (storeSpelling): clamped below at lo, above at
// hi, or, for 32- and 64-bit types whose maximum a float cannot hold, the maximum itself at edge and above.
struct IntegerRange {
    const char *lo, *hi, *edge, *max;  // edge: where saturation at max starts (null: clamp to hi)
};

bool integerRange(aclDataType to, IntegerRange *r) {
    switch (to) {
        case ACL_INT8: *r = {"-128.0", "127.0", nullptr, nullptr}; return true;
        case ACL_UINT8: *r = {"0.0", "255.0", nullptr, nullptr}; return true;
        case ACL_INT16: *r = {"-32768.0", "32767.0", nullptr, nullptr}; return true;
        case ACL_UINT16: *r = {"0.0", "65535.0", nullptr, nullptr}; return true;
        case ACL_INT32: *r = {"-2147483648.0", nullptr, "2147483648.0", "INT_MAX"}; return true;
        case ACL_UINT32: *r = {"0.0", nullptr, "4294967296.0", "UINT_MAX"}; return true;
        case ACL_INT64: *r = {"-9223372036854775808.0", nullptr, "9223372036854775808.0", "LONG_MAX"}; return true;
        case ACL_UINT64: *r = {"0.0", nullptr, "18446744073709551616.0", "ULONG_MAX"}; return true;
        default: return false;
    }
}

constexpr const char *kFp64Enable = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#define ACLNN_FP64 1\n";

// The store for a slot of dtype `to` given values of dtype `from`, rounding once (common.cl's
// *_to_float_odd helpers cover the pairs whose default path would round twice through float).
std::string storeSpelling(aclDataType to, aclDataType from, const Spelling &s) {
    const bool fromComplex = from == ACL_COMPLEX64 || from == ACL_COMPLEX128;
    switch (to) {
        case ACL_FLOAT16:
            if (from == ACL_DOUBLE) return "vstore_half_rte((double)(v), (i), (p))";
            break;
        case ACL_BF16:
            if (from == ACL_DOUBLE) return "((p)[i] = float_to_bf16(double_to_float_odd((double)(v))))";
            if (from == ACL_INT32 || from == ACL_INT64 || from == ACL_UINT32) {
                return "((p)[i] = float_to_bf16(long_to_float_odd((long)(v))))";
            }
            if (from == ACL_UINT64) return "((p)[i] = float_to_bf16(ulong_to_float_odd((ulong)(v))))";
            break;
        case ACL_COMPLEX64:
            if (!fromComplex) return "((p)[i] = (float2)((float)(v), 0.0f))";
            break;
        case ACL_COMPLEX128:
            if (!fromComplex) return "((p)[i] = (double2)((double)(v), 0.0))";
            break;
        default: break;
    }
    // Floating values into an integer slot truncate toward zero and saturate, NaN giving 0 (a plain cast
    // leaves out-of-range values undefined). CANN's Cast maps NaN to 0 too (docs/ops/cast.md). OpenCL's
    // _sat conversions should map NaN to 0 as well, but Intel's CPU runtime gives UINT_MAX and Mesa's
    // llvmpipe INT_MIN: NaN is replaced by 0 first, on every device (as a comparison: LLVM 15, in llvmpipe,
    // crashes on isnan() selecting between narrow integers). The saturation is spelled out rather than
    // left to convert_<T>_sat_rtz, which Intel's CPU runtime runs about six times slower than a plain
    // conversion (Cast of 8M floats to int32: 23 ms against 3.5): the value is clamped in its own floating
    // type to the integer range's lower end (exact: 0 or -2^(N-1)) and, for 8 and 16 bits, its upper end
    // (exact too); 32- and 64-bit types, whose maximum a float cannot hold, take the maximum itself at
    // 2^(N-1) or 2^N and above (exact). Inside the range the plain conversion truncates toward zero.
    const DtypeInfo *toInfo = dtypeInfo(to), *fromInfo = dtypeInfo(from);
    if (toInfo && fromInfo && toInfo->integral && fromInfo->floating) {
        const bool wide = from == ACL_DOUBLE;
        const std::string f = wide ? "" : "f", type = wide ? "double" : "float";
        const std::string value = "(" + type + ")((v) == (v) ? (v) : 0)";
        IntegerRange r{};
        if (!integerRange(to, &r)) {
            return std::string("((p)[i] = convert_") + s.storage + "_sat_rtz((v) == (v) ? (v) : 0))";
        }
        const std::string low = "fmax(" + value + ", " + r.lo + f + ")";
        if (!r.edge) return std::string("((p)[i] = (") + s.storage + ")fmin(" + low + ", " + r.hi + f + "))";
        return std::string("((p)[i] = ") + value + " >= " + r.edge + f + " ? " + r.max + " : (" + s.storage + ")" +
               low + ")";
    }
    return s.store;
}

// The unsigned integer type of an element of `bytes` bytes; nullptr for other sizes.
const char *rawType(size_t bytes) {
    switch (bytes) {
        case 1: return "uchar";
        case 2: return "ushort";
        case 4: return "uint";
        case 8: return "ulong";
        case 16: return "ulong2";  // complex128
        default: return nullptr;
    }
}

// S_VSTOREn alone for an integer slot of at most 4 bytes that stores float values: storeSpelling's NaN to
// 0, clamp and saturation lane by lane, then the plain conversion (truncation toward zero inside the
// range); n is 2, 4 or 8. The 64-bit integers keep their scalar stores: Mesa's llvmpipe selects the wrong
// lanes of a float vector saturated into long (Cast of inf to int64 gave LONG_MIN).
std::string integerVectorStores(const std::string &slot, aclDataType dtype, aclDataType from) {
    const DtypeInfo *info = dtypeInfo(dtype);
    IntegerRange r{};
    if (from != ACL_FLOAT || !info || !info->integral || info->size > 4 || !integerRange(dtype, &r)) return "";
    const std::string storage = spell(dtype).storage;
    std::string out;
    for (const char *n : {"2", "4", "8"}) {
        const std::string vec = storage + n, fvec = std::string("float") + n;
        const std::string value = "select((" + fvec + ")0.0f, (v), (v) == (v))";
        const std::string low = "fmax(" + value + ", " + r.lo + "f)";
        const std::string stored =
            r.edge ? "select(convert_" + vec + "(" + low + "), (" + vec + ")" + r.max + ", convert_int" + n + "(" +
                         value + " >= " + r.edge + "f))"
                   : "convert_" + vec + "(fmin(" + low + ", " + r.hi + "f))";
        out += "#define " + slot + "_VSTORE" + n + "(p, i, v) vstore" + n + "(" + stored + ", 0, (p) + (i))\n";
    }
    return out;
}

// S_VLOADn / S_VSTOREn for the real floating slots whose stores take values of the slot's own value
// type (S_VAL_T: float for fp16 / bf16): the vector forms of S_LOAD and S_STORE, the same rounding
// lane by lane. n is 2, 4 or 8: at most 32 bytes of value, since a call that passes or returns a
// 64-byte vector changes the ABI on x86-64 without AVX-512 (clang's -Wpsabi, PoCL prints it).
std::string vectorDefines(const std::string &slot, aclDataType dtype, aclDataType from) {
    const bool fromValue = from == dtype || ((dtype == ACL_FLOAT16 || dtype == ACL_BF16) && from == ACL_FLOAT);
    if (!fromValue) return integerVectorStores(slot, dtype, from);
    std::string out;
    for (const char *n : {"2", "4", "8"}) {
        if (dtype == ACL_DOUBLE && std::string(n) == "8") continue;  // double8 is 64 bytes
        const std::string load = "#define " + slot + "_VLOAD" + n + "(p, i) ";
        const std::string store = "#define " + slot + "_VSTORE" + n + "(p, i, v) ";
        switch (dtype) {
            case ACL_FLOAT:
            case ACL_DOUBLE:
                out += load + "vload" + n + "(0, (p) + (i))\n";
                out += store + "vstore" + n + "((v), 0, (p) + (i))\n";
                break;
            case ACL_FLOAT16:
                out += load + "vload_half" + n + "(0, (p) + (i))\n";
                out += store + "vstore_half" + n + "_rte((v), 0, (p) + (i))\n";
                break;
            case ACL_BF16:
                out += load + "as_float" + n + "(convert_uint" + n + "(vload" + n + "(0, (p) + (i))) << 16)\n";
                out += store + "vstore" + n + "(float_to_bf16_v" + n + "(v), 0, (p) + (i))\n";
                break;
            default: return "";
        }
    }
    return out;
}

}  // namespace

std::string dtypeDefines(const std::string &slot, aclDataType dtype, aclDataType from) {
    if (from == ACL_DT_UNDEFINED) from = dtype;
    // Every plan asks for the same few slots again (a call's planning spent half its time spelling them): each
    // spelling is kept once made. A dtype kernels cannot hold throws before anything is kept.
    static std::mutex mutex;
    static std::map<std::tuple<std::string, aclDataType, aclDataType>, std::string> spelled;
    const auto key = std::make_tuple(slot, dtype, from);
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (auto it = spelled.find(key); it != spelled.end()) return it->second;
    }
    Spelling s = spell(dtype);
    bool complex = dtype == ACL_COMPLEX64 || dtype == ACL_COMPLEX128;
    std::string out;
    out += "#define " + slot + "_T " + s.storage + "\n";
    out += "#define " + slot + "_VAL_T " + s.value + "\n";
    out += "#define " + slot + "_LOAD(p, i) " + s.load + "\n";
    out += "#define " + slot + "_STORE(p, i, v) " + storeSpelling(dtype, from, s) + "\n";
    out += "#define " + slot + "_IS_COMPLEX " + (complex ? "1" : "0") + "\n";
    out += rawDefine(slot, dtypeSize(dtype));
    out += vectorDefines(slot, dtype, from);
    if (needsFp64(dtype) || needsFp64(from)) out = kFp64Enable + out;
    std::lock_guard<std::mutex> lock(mutex);
    return spelled.emplace(key, std::move(out)).first->second;
}

std::string rawDefine(const std::string &slot, size_t bytes) {
    const char *type = rawType(bytes);
    if (type == nullptr) {
        fail(ACLNN_ERR_INNER, strformat("no raw type of %zu bytes for slot %s", bytes, slot.c_str()));
    }
    return "#define " + slot + "_RAW_T " + type + "\n";
}

std::string accDefine(aclDataType dtype) {
    if (needsFp64(dtype)) return std::string(kFp64Enable) + "#define ACC_T double\n";
    return "#define ACC_T float\n";
}

std::string indexDefine(bool wide) { return wide ? "#define INDEX_T long\n" : "#define INDEX_T int\n"; }

void requireDeviceSupports(const Device &device, aclDataType dtype, const char *op, const char *arg) {
    if (needsFp64(dtype) && !device.fp64) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: %s has dtype %s, but %s has no fp64 support (cl_khr_fp64); use DT_FLOAT or another "
                       "device",
                       op, arg, dtypeName(dtype), device.describe().c_str()));
    }
}

}  // namespace aclcl
