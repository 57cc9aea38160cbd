// The generic strided copy-and-cast kernel (cl_kernels/copy_cast.cl): any view of rank <= 8 to any
// view of the same shape, converting between castable dtypes.
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"

#include "kernels/program_cache.h"
#include "runtime/memory.h"

namespace aclcl {

struct CopyCastPlan {
    ProgramHandle program;
    std::vector<int64_t> shape, srcStrides, dstStrides;  // merged (copy_cast.cpp), padded to 8, leading 1 / 0
    uint64_t total = 0;
};

CopyCastPlan planCopyCast(Device &device, aclDataType src, aclDataType dst, const std::vector<int64_t> &shape,
                          const std::vector<int64_t> &srcStrides, const std::vector<int64_t> &dstStrides);
void enqueueCopyCast(cl_command_queue queue, const CopyCastPlan &plan, const BufferRef &src, const BufferRef &dst);

}  // namespace aclcl
