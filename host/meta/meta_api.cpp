// The C entry points of the aclnn meta API.
#include <cstring>
#include <memory>
#include <new>

#include "aclnn/aclnn_base.h"
#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "meta/executor.h"
#include "meta/tensor.h"

using namespace aclcl;

namespace {

template <class Body>
aclnnStatus run(Body &&body) {
    return guard(ACLNN_ERR_INNER, ACLNN_ERR_INNER, [&]() -> aclnnStatus {
        body();
        return ACLNN_SUCCESS;
    });
}

void requireNonNull(const void *p, const char *api, const char *type, const char *arg) {
    if (!p) {
        fail(ACLNN_ERR_PARAM_NULLPTR,
             strformat("%s: Expected a value of type [%s] for argument [%s] but instead found nullptr.", api, type,
                       arg));
    }
}

aclnnStatus copyDims(const char *api, const std::vector<int64_t> &from, int64_t **dims, uint64_t *num,
                     const char *arg) {
    return run([&] {
        requireNonNull(dims, api, "int64_t**", arg);
        requireNonNull(num, api, "uint64_t*", "num");
        *dims = new int64_t[from.empty() ? 1 : from.size()];
        std::copy(from.begin(), from.end(), *dims);
        *num = from.size();
    });
}

aclnnStatus setTensorAddr(const char *api, aclOpExecutor *executor, size_t index, aclTensor *tensor, void *addr,
                          bool output) {
    return run([&] {
        requireNonNull(executor, api, "aclOpExecutor*", "executor");
        std::shared_ptr<aclOpExecutor> held = findExecutor(executor);
        if (!held) fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: executor is not live", api));
        std::lock_guard<std::mutex> runLock(held->runMutex);  // not while another thread runs it
        auto &list = output ? executor->outputs : executor->inputs;
        if (index >= list.size()) {
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: index %zu is out of range: %s has %zu %s tensor(s)", api, index,
                                                    executor->op.c_str(), list.size(), output ? "output" : "input"));
        }
        list[index].data = addr;
        if (tensor) tensor->data = addr;
    });
}

}  // namespace

extern "C" {

aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t *stride,
                           int64_t offset, aclFormat format, const int64_t *storageDims, uint64_t storageDimsNum,
                           void *tensorData) {
    if ((viewDims == nullptr && viewDimsNum > 0) || (storageDims == nullptr && storageDimsNum > 0)) {
        setLastError("aclCreateTensor: viewDims and storageDims must not be null when their count is non-zero");
        return nullptr;
    }
    aclTensor *t = nullptr;
    guard(ACLNN_ERR_INNER, ACLNN_ERR_INNER, [&] {
        auto owned = std::make_unique<aclTensor>();
        owned->viewDims.assign(viewDims, viewDims + viewDimsNum);
        owned->strides =
            stride ? std::vector<int64_t>(stride, stride + viewDimsNum) : contiguousStrides(owned->viewDims);
        owned->offset = offset;
        owned->dtype = dataType;
        owned->format = format;
        owned->storageDims.assign(storageDims, storageDims + storageDimsNum);
        owned->data = tensorData;
        t = owned.release();
        return ACLNN_SUCCESS;
    });
    return t;
}

aclScalar *aclCreateScalar(void *value, aclDataType dataType) {
    size_t size = dtypeSize(dataType);
    if (!value || size == 0) {
        setLastError("aclCreateScalar: value must not be null and the dtype must have a byte size");
        return nullptr;
    }
    auto *s = new (std::nothrow) aclScalar;
    if (!s) return nullptr;
    s->dtype = dataType;
    std::memcpy(s->bytes, value, size);
    return s;
}

aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size) {
    if (!value && size > 0) return nullptr;
    auto *a = new (std::nothrow) aclIntArray;
    if (a) a->values.assign(value, value + size);
    return a;
}

aclFloatArray *aclCreateFloatArray(const float *value, uint64_t size) {
    if (!value && size > 0) return nullptr;
    auto *a = new (std::nothrow) aclFloatArray;
    if (a) a->values.assign(value, value + size);
    return a;
}

aclBoolArray *aclCreateBoolArray(const bool *value, uint64_t size) {
    if (!value && size > 0) return nullptr;
    auto *a = new (std::nothrow) aclBoolArray;
    if (a) a->values.assign(value, value + size);
    return a;
}

aclTensorList *aclCreateTensorList(const aclTensor *const *value, uint64_t size) {
    if (!value && size > 0) return nullptr;
    auto *l = new (std::nothrow) aclTensorList;
    if (l) {
        for (uint64_t i = 0; i < size; ++i) l->tensors.push_back(const_cast<aclTensor *>(value[i]));
    }
    return l;
}

aclScalarList *aclCreateScalarList(const aclScalar *const *value, uint64_t size) {
    if (!value && size > 0) return nullptr;
    auto *l = new (std::nothrow) aclScalarList;
    if (l) {
        for (uint64_t i = 0; i < size; ++i) l->scalars.push_back(const_cast<aclScalar *>(value[i]));
    }
    return l;
}

aclnnStatus aclDestroyTensor(const aclTensor *tensor) {
    delete tensor;
    return ACLNN_SUCCESS;
}
aclnnStatus aclDestroyScalar(const aclScalar *scalar) {
    delete scalar;
    return ACLNN_SUCCESS;
}
aclnnStatus aclDestroyIntArray(const aclIntArray *array) {
    delete array;
    return ACLNN_SUCCESS;
}
aclnnStatus aclDestroyFloatArray(const aclFloatArray *array) {
    delete array;
    return ACLNN_SUCCESS;
}
aclnnStatus aclDestroyBoolArray(const aclBoolArray *array) {
    delete array;
    return ACLNN_SUCCESS;
}
aclnnStatus aclDestroyTensorList(const aclTensorList *array) {
    if (array) {
        for (aclTensor *t : array->tensors) delete t;
    }
    delete array;
    return ACLNN_SUCCESS;
}
aclnnStatus aclDestroyScalarList(const aclScalarList *array) {
    if (array) {
        for (aclScalar *s : array->scalars) delete s;
    }
    delete array;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims, uint64_t *viewDimsNum) {
    if (!tensor) return run([&] { requireNonNull(tensor, "aclGetViewShape", "aclTensor*", "tensor"); });
    return copyDims("aclGetViewShape", tensor->viewDims, viewDims, viewDimsNum, "viewDims");
}

aclnnStatus aclGetStorageShape(const aclTensor *tensor, int64_t **storageDims, uint64_t *storageDimsNum) {
    if (!tensor) return run([&] { requireNonNull(tensor, "aclGetStorageShape", "aclTensor*", "tensor"); });
    return copyDims("aclGetStorageShape", tensor->storageDims, storageDims, storageDimsNum, "storageDims");
}

aclnnStatus aclGetViewStrides(const aclTensor *tensor, int64_t **stridesValue, uint64_t *stridesNum) {
    if (!tensor) return run([&] { requireNonNull(tensor, "aclGetViewStrides", "aclTensor*", "tensor"); });
    return copyDims("aclGetViewStrides", tensor->strides, stridesValue, stridesNum, "stridesValue");
}

aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset) {
    return run([&] {
        requireNonNull(tensor, "aclGetViewOffset", "aclTensor*", "tensor");
        requireNonNull(offset, "aclGetViewOffset", "int64_t*", "offset");
        *offset = tensor->offset;
    });
}

aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format) {
    return run([&] {
        requireNonNull(tensor, "aclGetFormat", "aclTensor*", "tensor");
        requireNonNull(format, "aclGetFormat", "aclFormat*", "format");
        *format = tensor->format;
    });
}

aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType) {
    return run([&] {
        requireNonNull(tensor, "aclGetDataType", "aclTensor*", "tensor");
        requireNonNull(dataType, "aclGetDataType", "aclDataType*", "dataType");
        *dataType = tensor->dtype;
    });
}

#define ACLCL_SIZE_GETTER(fn, Type, member)                    \
    aclnnStatus fn(const Type *array, uint64_t *size) {        \
        return run([&] {                                       \
            requireNonNull(array, #fn, #Type "*", "array");    \
            requireNonNull(size, #fn, "uint64_t*", "size");    \
            *size = array->member.size();                      \
        });                                                    \
    }
ACLCL_SIZE_GETTER(aclGetIntArraySize, aclIntArray, values)
ACLCL_SIZE_GETTER(aclGetFloatArraySize, aclFloatArray, values)
ACLCL_SIZE_GETTER(aclGetBoolArraySize, aclBoolArray, values)
ACLCL_SIZE_GETTER(aclGetTensorListSize, aclTensorList, tensors)
ACLCL_SIZE_GETTER(aclGetScalarListSize, aclScalarList, scalars)
#undef ACLCL_SIZE_GETTER

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor) {
    if (!executor) return ACLNN_ERR_INNER_NULLPTR;
    return run([&] {
        if (!checkExecutor(executor)) {
            fail(ACLNN_ERR_PARAM_INVALID, "aclSetAclOpExecutorRepeatable: executor is not live");
        }
        executor->repeatable = true;
    });
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor) {
    if (!executor) return ACLNN_ERR_INNER_NULLPTR;
    return run([&] {
        if (!checkExecutor(executor)) fail(ACLNN_ERR_PARAM_INVALID, "aclDestroyAclOpExecutor: executor is not live");
        destroyExecutor(executor);
    });
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr) {
    return setTensorAddr("aclSetInputTensorAddr", executor, index, tensor, addr, false);
}

aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor, void *addr) {
    return setTensorAddr("aclSetOutputTensorAddr", executor, index, tensor, addr, true);
}

aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor *executor, size_t irIndex, const size_t relativeIndex,
                                         aclTensorList *tensors, void *addr) {
    (void)tensors;
    return setTensorAddr("aclSetDynamicInputTensorAddr", executor, irIndex + relativeIndex, nullptr, addr, false);
}

aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor *executor, size_t irIndex, const size_t relativeIndex,
                                          aclTensorList *tensors, void *addr) {
    (void)tensors;
    return setTensorAddr("aclSetDynamicOutputTensorAddr", executor, irIndex + relativeIndex, nullptr, addr, true);
}

aclnnStatus aclSetRawTensorAddr(aclTensor *tensor, void *addr) {
    return run([&] {
        requireNonNull(tensor, "aclSetRawTensorAddr", "aclTensor*", "tensor");
        tensor->data = addr;
    });
}

aclnnStatus aclGetRawTensorAddr(const aclTensor *tensor, void **addr) {
    return run([&] {
        requireNonNull(tensor, "aclGetRawTensorAddr", "aclTensor*", "tensor");
        requireNonNull(addr, "aclGetRawTensorAddr", "void**", "addr");
        *addr = tensor->data;
    });
}

aclnnStatus aclnnInit(const char *configPath) {
    (void)configPath;
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnFinalize(void) { return ACLNN_SUCCESS; }

}  // extern "C"
