// An aclTensorList the test owns, over tensors it already has (Cat's argument). CANN's list owns its tensors
// (aclDestroyTensorList destroys them), so the list holds handles of its own that view the same memory as the
// given ones (same shape, strides, offset, storage): the DeviceTensors stay theirs. A null entry is a null
// element. Header-only, without GoogleTest.
#pragma once

#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace testing_support {

// A handle of its own viewing t's memory as t does (nullptr for nullptr), read through aclnn's getters.
inline aclTensor *aliasOf(const aclTensor *t) {
    if (!t) return nullptr;
    int64_t *dims = nullptr, *strides = nullptr, *storage = nullptr;
    uint64_t rank = 0, strideCount = 0, storageRank = 0;
    int64_t offset = 0;
    aclFormat format = ACL_FORMAT_ND;
    aclDataType dtype = ACL_DT_UNDEFINED;
    void *data = nullptr;
    aclGetViewShape(t, &dims, &rank);
    aclGetViewStrides(t, &strides, &strideCount);
    aclGetStorageShape(t, &storage, &storageRank);
    aclGetViewOffset(t, &offset);
    aclGetFormat(t, &format);
    aclGetDataType(t, &dtype);
    aclGetRawTensorAddr(t, &data);
    aclTensor *alias = aclCreateTensor(dims, rank, dtype, strides, offset, format, storage, storageRank, data);
    delete[] dims;
    delete[] strides;
    delete[] storage;
    return alias;
}

class TensorList {
public:
    explicit TensorList(const std::vector<const aclTensor *> &tensors) {
        std::vector<aclTensor *> own;
        for (const aclTensor *t : tensors) own.push_back(aliasOf(t));
        list_ = aclCreateTensorList(own.data(), own.size());
    }
    ~TensorList() { aclDestroyTensorList(list_); }
    TensorList(const TensorList &) = delete;
    TensorList &operator=(const TensorList &) = delete;
    const aclTensorList *get() const { return list_; }
    operator const aclTensorList *() const { return list_; }  // NOLINT: passed where the call takes the list

private:
    aclTensorList *list_ = nullptr;
};

}  // namespace testing_support
