// The C entry points of include/aclnn_opencl/aclnn_opencl.h.
#include <cstring>

#include "aclnn_opencl/aclnn_opencl.h"
#include "common/acl_call.h"
#include "kernels/program_cache.h"
#include "runtime/memory.h"
#include "runtime/stream.h"

using namespace aclcl;

namespace {

template <size_t N>
void copyString(char (&dst)[N], const std::string &src) {
    std::strncpy(dst, src.c_str(), N - 1);
    dst[N - 1] = '\0';
}

}  // namespace

extern "C" {

aclError aclnnOpenclGetDeviceInfo(int32_t deviceId, aclnnOpenclDeviceInfo *info) {
    return run([&] {
        requireNonNull(info, "aclnnOpenclGetDeviceInfo", "info");
        const Device &d = deviceAt(deviceId);
        std::memset(info, 0, sizeof *info);
        copyString(info->name, d.name);
        copyString(info->platform, d.platformName);
        copyString(info->type, d.typeName());
        copyString(info->openclCVersion, d.openclCVersion);
        info->hasFp64 = d.fp64 ? 1 : 0;
        info->hasFp16 = d.fp16 ? 1 : 0;
        info->computeUnits = d.computeUnits;
        info->globalMemBytes = d.globalMemSize;
        info->maxAllocBytes = d.maxAllocSize;
    });
}

aclError aclnnOpenclGetCommandQueue(aclrtStream stream, void **clCommandQueue) {
    return run([&] {
        requireNonNull(clCommandQueue, "aclnnOpenclGetCommandQueue", "clCommandQueue");
        *clCommandQueue = resolveStream(stream).queue();
    });
}

aclError aclnnOpenclGetMemObject(const void *devPtr, void **clMem, size_t *offset) {
    return run([&] {
        requireNonNull(devPtr, "aclnnOpenclGetMemObject", "devPtr");
        requireNonNull(clMem, "aclnnOpenclGetMemObject", "clMem");
        requireNonNull(offset, "aclnnOpenclGetMemObject", "offset");
        DeviceAddress a = resolveDevicePointer(devPtr, 0, "aclnnOpenclGetMemObject");
        *clMem = a.mem;
        *offset = a.offset;
    });
}

aclError aclnnOpenclClearProgramCache(void) {
    return run([] { clearProgramCache(); });
}

}  // extern "C"
