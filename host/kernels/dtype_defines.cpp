#include "kernels/dtype_defines.h"

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

}  // namespace

std::string dtypeDefines(const std::string &slot, aclDataType dtype) {
    Spelling s = spell(dtype);
    bool complex = dtype == ACL_COMPLEX64 || dtype == ACL_COMPLEX128;
    std::string out;
    out += "#define " + slot + "_T " + s.storage + "\n";
    out += "#define " + slot + "_VAL_T " + s.value + "\n";
    out += "#define " + slot + "_LOAD(p, i) " + s.load + "\n";
    out += "#define " + slot + "_STORE(p, i, v) " + s.store + "\n";
    out += "#define " + slot + "_IS_COMPLEX " + (complex ? "1" : "0") + "\n";
    if (complex) {
        std::string scalar = dtype == ACL_COMPLEX64 ? "float" : "double";
        out += "#define " + slot + "_STORE_REAL(p, i, v) ((p)[i] = (" + scalar + "2)((" + scalar + ")(v), 0))\n";
    }
    if (needsFp64(dtype)) out = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" + out;
    return out;
}

std::string accDefine(aclDataType dtype) {
    if (needsFp64(dtype)) return "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#define ACC_T double\n";
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
