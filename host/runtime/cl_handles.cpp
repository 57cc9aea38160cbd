#include "runtime/cl_handles.h"

#include "acl/acl_base.h"

namespace aclcl {

const char *clErrorName(cl_int err) {
    switch (err) {
#define ACLCL_CL_ERR(x) \
    case x:             \
        return #x;
        ACLCL_CL_ERR(CL_SUCCESS)
        ACLCL_CL_ERR(CL_DEVICE_NOT_FOUND)
        ACLCL_CL_ERR(CL_DEVICE_NOT_AVAILABLE)
        ACLCL_CL_ERR(CL_COMPILER_NOT_AVAILABLE)
        ACLCL_CL_ERR(CL_MEM_OBJECT_ALLOCATION_FAILURE)
        ACLCL_CL_ERR(CL_OUT_OF_RESOURCES)
        ACLCL_CL_ERR(CL_OUT_OF_HOST_MEMORY)
        ACLCL_CL_ERR(CL_PROFILING_INFO_NOT_AVAILABLE)
        ACLCL_CL_ERR(CL_BUILD_PROGRAM_FAILURE)
        ACLCL_CL_ERR(CL_MISALIGNED_SUB_BUFFER_OFFSET)
        ACLCL_CL_ERR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
        ACLCL_CL_ERR(CL_INVALID_VALUE)
        ACLCL_CL_ERR(CL_INVALID_DEVICE)
        ACLCL_CL_ERR(CL_INVALID_CONTEXT)
        ACLCL_CL_ERR(CL_INVALID_COMMAND_QUEUE)
        ACLCL_CL_ERR(CL_INVALID_MEM_OBJECT)
        ACLCL_CL_ERR(CL_INVALID_PROGRAM)
        ACLCL_CL_ERR(CL_INVALID_PROGRAM_EXECUTABLE)
        ACLCL_CL_ERR(CL_INVALID_KERNEL_NAME)
        ACLCL_CL_ERR(CL_INVALID_KERNEL)
        ACLCL_CL_ERR(CL_INVALID_ARG_INDEX)
        ACLCL_CL_ERR(CL_INVALID_ARG_VALUE)
        ACLCL_CL_ERR(CL_INVALID_ARG_SIZE)
        ACLCL_CL_ERR(CL_INVALID_KERNEL_ARGS)
        ACLCL_CL_ERR(CL_INVALID_WORK_DIMENSION)
        ACLCL_CL_ERR(CL_INVALID_WORK_GROUP_SIZE)
        ACLCL_CL_ERR(CL_INVALID_WORK_ITEM_SIZE)
        ACLCL_CL_ERR(CL_INVALID_GLOBAL_OFFSET)
        ACLCL_CL_ERR(CL_INVALID_EVENT_WAIT_LIST)
        ACLCL_CL_ERR(CL_INVALID_EVENT)
        ACLCL_CL_ERR(CL_INVALID_OPERATION)
        ACLCL_CL_ERR(CL_INVALID_BUFFER_SIZE)
        ACLCL_CL_ERR(CL_INVALID_GLOBAL_WORK_SIZE)
        ACLCL_CL_ERR(CL_INVALID_BUILD_OPTIONS)
#undef ACLCL_CL_ERR
        default:
            return "CL_UNKNOWN_ERROR";
    }
}

void clCheck(cl_int err, const char *what, int code) {
    if (err != CL_SUCCESS) fail(code, strformat("%s failed: %s (%d)", what, clErrorName(err), err));
}

void waitAndRelease(cl_event event, const char *what, int code) {
    ClEventPtr hold(event);
    clCheck(clWaitForEvents(1, &event), what, code);
}

}  // namespace aclcl
