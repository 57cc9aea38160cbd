#include "common/dtype.h"

namespace aclcl {

namespace {
const DtypeInfo kDtypes[] = {
    {ACL_FLOAT, "DT_FLOAT", "float32", 4, true, false, false, false},
    {ACL_FLOAT16, "DT_FLOAT16", "float16", 2, true, false, false, false},
    {ACL_INT8, "DT_INT8", "int8", 1, false, false, true, false},
    {ACL_INT32, "DT_INT32", "int32", 4, false, false, true, false},
    {ACL_UINT8, "DT_UINT8", "uint8", 1, false, false, true, false},
    {ACL_INT16, "DT_INT16", "int16", 2, false, false, true, false},
    {ACL_UINT16, "DT_UINT16", nullptr, 2, false, false, true, false},
    {ACL_UINT32, "DT_UINT32", nullptr, 4, false, false, true, false},
    {ACL_INT64, "DT_INT64", "int64", 8, false, false, true, false},
    {ACL_UINT64, "DT_UINT64", nullptr, 8, false, false, true, false},
    {ACL_DOUBLE, "DT_DOUBLE", "float64", 8, true, false, false, false},
    {ACL_BOOL, "DT_BOOL", "bool", 1, false, false, false, true},
    {ACL_STRING, "DT_STRING", nullptr, 0, false, false, false, false},
    {ACL_COMPLEX64, "DT_COMPLEX64", "complex64", 8, false, true, false, false},
    {ACL_COMPLEX128, "DT_COMPLEX128", "complex128", 16, false, true, false, false},
    {ACL_BF16, "DT_BF16", "bfloat16", 2, true, false, false, false},
    {ACL_INT4, "DT_INT4", nullptr, 0, false, false, true, false},
    {ACL_UINT1, "DT_UINT1", nullptr, 0, false, false, true, false},
    {ACL_COMPLEX32, "DT_COMPLEX32", "complex32", 4, false, true, false, false},
};
}  // namespace

const DtypeInfo *dtypeInfo(aclDataType dtype) {
    for (const auto &info : kDtypes) {
        if (info.dtype == dtype) return &info;
    }
    return nullptr;
}

size_t dtypeSize(aclDataType dtype) {
    const DtypeInfo *info = dtypeInfo(dtype);
    return info ? info->size : 0;
}

const char *dtypeName(aclDataType dtype) {
    const DtypeInfo *info = dtypeInfo(dtype);
    return info ? info->name : "DT_UNDEFINED";
}

const char *torchDtypeName(aclDataType dtype) {
    const DtypeInfo *info = dtypeInfo(dtype);
    return info ? info->torchName : nullptr;
}

bool dtypeFromTorchName(const std::string &name, aclDataType *dtype) {
    for (const auto &info : kDtypes) {
        if (info.torchName && name == info.torchName) {
            *dtype = info.dtype;
            return true;
        }
    }
    return false;
}

bool canCast(aclDataType from, aclDataType to) {
    const DtypeInfo *f = dtypeInfo(from);
    const DtypeInfo *t = dtypeInfo(to);
    if (!f || !t || f->size == 0 || t->size == 0) return false;
    if (f->complex && !t->complex) return false;
    if ((f->floating || f->complex) && (t->integral || t->isBool)) return false;
    if (!f->isBool && t->isBool) return false;
    return true;
}

bool needsFp64(aclDataType dtype) { return dtype == ACL_DOUBLE || dtype == ACL_COMPLEX128; }

std::string dtypeList(const aclDataType *dtypes, size_t count) {
    std::string out = "[";
    for (size_t i = 0; i < count; ++i) {
        if (i) out += ", ";
        out += dtypeName(dtypes[i]);
    }
    return out + "]";
}

}  // namespace aclcl
