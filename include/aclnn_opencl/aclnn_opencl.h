/* aclnn-opencl's own extension API: what a CANN program cannot ask through acl, such as which
 * OpenCL device it runs on, and the OpenCL handles behind streams and device pointers for interop.
 * OpenCL handles are passed as void* so that this header does not need the OpenCL headers. */
#ifndef ACLNN_OPENCL_ACLNN_OPENCL_H_
#define ACLNN_OPENCL_ACLNN_OPENCL_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    char name[256];          /* CL_DEVICE_NAME */
    char platform[256];      /* CL_PLATFORM_NAME */
    char type[16];           /* "GPU", "CPU", "ACCELERATOR" or "OTHER" */
    char openclCVersion[64]; /* CL_DEVICE_OPENCL_C_VERSION */
    int32_t hasFp64;         /* cl_khr_fp64: DOUBLE and COMPLEX128 can run */
    int32_t hasFp16;         /* cl_khr_fp16: fp16 arithmetic (fp16 storage never needs it) */
    uint32_t computeUnits;
    uint64_t globalMemBytes;
    uint64_t maxAllocBytes;
} aclnnOpenclDeviceInfo;

/* Facts about aclrt device deviceId (see docs/devices.md for the order and ACLNN_OPENCL_DEVICE). */
ACL_FUNC_VISIBILITY aclError aclnnOpenclGetDeviceInfo(int32_t deviceId, aclnnOpenclDeviceInfo *info);
/* The cl_command_queue behind a stream (null: the current device's default stream). The library
 * keeps ownership. */
ACL_FUNC_VISIBILITY aclError aclnnOpenclGetCommandQueue(aclrtStream stream, void **clCommandQueue);
/* The cl_mem and byte offset behind a device pointer from aclrtMalloc (any pointer inside it). */
ACL_FUNC_VISIBILITY aclError aclnnOpenclGetMemObject(const void *devPtr, void **clMem, size_t *offset);
/* Drops every compiled program this process keeps (the drivers' on-disk caches are not touched). */
ACL_FUNC_VISIBILITY aclError aclnnOpenclClearProgramCache(void);

#ifdef __cplusplus
}
#endif

#endif /* ACLNN_OPENCL_ACLNN_OPENCL_H_ */
