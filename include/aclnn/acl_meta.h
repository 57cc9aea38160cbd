/* aclnn-opencl: the aclnn meta API (tensors, arrays, scalars, executors). */
#ifndef ACLNN_OPENCL_ACLNN_ACL_META_H_
#define ACLNN_OPENCL_ACLNN_ACL_META_H_

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl_base.h"

#ifndef ACLNN_API
#define ACLNN_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t aclnnStatus;

typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclTensorList aclTensorList;
typedef struct aclScalarList aclScalarList;
typedef struct aclOpExecutor aclOpExecutor;

ACLNN_API aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                     const int64_t *stride, int64_t offset, aclFormat format,
                                     const int64_t *storageDims, uint64_t storageDimsNum, void *tensorData);
ACLNN_API aclScalar *aclCreateScalar(void *value, aclDataType dataType);
ACLNN_API aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size);
ACLNN_API aclFloatArray *aclCreateFloatArray(const float *value, uint64_t size);
ACLNN_API aclBoolArray *aclCreateBoolArray(const bool *value, uint64_t size);
ACLNN_API aclTensorList *aclCreateTensorList(const aclTensor *const *value, uint64_t size);
ACLNN_API aclScalarList *aclCreateScalarList(const aclScalar *const *value, uint64_t size);

ACLNN_API aclnnStatus aclDestroyTensor(const aclTensor *tensor);
ACLNN_API aclnnStatus aclDestroyScalar(const aclScalar *scalar);
ACLNN_API aclnnStatus aclDestroyIntArray(const aclIntArray *array);
ACLNN_API aclnnStatus aclDestroyFloatArray(const aclFloatArray *array);
ACLNN_API aclnnStatus aclDestroyBoolArray(const aclBoolArray *array);
ACLNN_API aclnnStatus aclDestroyTensorList(const aclTensorList *array);
ACLNN_API aclnnStatus aclDestroyScalarList(const aclScalarList *array);

/* The returned arrays are allocated with new[]; the caller frees them with delete[]. */
ACLNN_API aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims, uint64_t *viewDimsNum);
ACLNN_API aclnnStatus aclGetStorageShape(const aclTensor *tensor, int64_t **storageDims, uint64_t *storageDimsNum);
ACLNN_API aclnnStatus aclGetViewStrides(const aclTensor *tensor, int64_t **stridesValue, uint64_t *stridesNum);
ACLNN_API aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset);
ACLNN_API aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format);
ACLNN_API aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType);
ACLNN_API aclnnStatus aclGetIntArraySize(const aclIntArray *array, uint64_t *size);
ACLNN_API aclnnStatus aclGetFloatArraySize(const aclFloatArray *array, uint64_t *size);
ACLNN_API aclnnStatus aclGetBoolArraySize(const aclBoolArray *array, uint64_t *size);
ACLNN_API aclnnStatus aclGetTensorListSize(const aclTensorList *tensorList, uint64_t *size);
ACLNN_API aclnnStatus aclGetScalarListSize(const aclScalarList *scalarList, uint64_t *size);

ACLNN_API aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor);
ACLNN_API aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor);
ACLNN_API aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                            void *addr);
ACLNN_API aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                             void *addr);
ACLNN_API aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                                   const size_t relativeIndex, aclTensorList *tensors, void *addr);
ACLNN_API aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor *executor, size_t irIndex,
                                                    const size_t relativeIndex, aclTensorList *tensors,
                                                    void *addr);
ACLNN_API aclnnStatus aclSetRawTensorAddr(aclTensor *tensor, void *addr);
ACLNN_API aclnnStatus aclGetRawTensorAddr(const aclTensor *tensor, void **addr);

#ifdef __cplusplus
}
constexpr aclnnStatus OK = 0;
#endif

#endif /* ACLNN_OPENCL_ACLNN_ACL_META_H_ */
