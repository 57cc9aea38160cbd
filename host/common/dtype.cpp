#include "common/dtype.h"

namespace aclcl {

namespace {
const DtypeInfo kDtypes[] = {
    {ACL_FLOAT, "DT_FLOAT", 4, true, false, false, false},
    {ACL_FLOAT16, "DT_FLOAT16", 2, true, false, false, false},
    {ACL_INT8, "DT_INT8", 1, false, false, true, false},
    {ACL_INT32, "DT_INT32", 4, false, false, true, false},
    {ACL_UINT8, "DT_UINT8", 1, false, false, true, false},
    {ACL_INT16, "DT_INT16", 2, false, false, true, false},
    {ACL_UINT16, "DT_UINT16", 2, false, false, true, false},
    {ACL_UINT32, "DT_UINT32", 4, false, false, true, false},
    {ACL_INT64, "DT_INT64", 8, false, false, true, false},
    {ACL_UINT64, "DT_UINT64", 8, false, false, true, false},
    {ACL_DOUBLE, "DT_DOUBLE", 8, true, false, false, false},
    {ACL_BOOL, "DT_BOOL", 1, false, false, false, true},
    {ACL_STRING, "DT_STRING", 0, false, false, false, false},
    {ACL_COMPLEX64, "DT_COMPLEX64", 8, false, true, false, false},
    {ACL_COMPLEX128, "DT_COMPLEX128", 16, false, true, false, false},
    {ACL_BF16, "DT_BF16", 2, true, false, false, false},
    {ACL_INT4, "DT_INT4", 0, false, false, true, false},
    {ACL_UINT1, "DT_UINT1", 0, false, false, true, false},
    {ACL_COMPLEX32, "DT_COMPLEX32", 4, false, true, false, false},
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
