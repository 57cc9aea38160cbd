#include "kernels/copy_cast.h"

#include "aclnn/opdev/op_errno.h"
#include "common/layout.h"
#include "kernels/defines.h"
#include "kernels/launch.h"

namespace aclcl {

namespace {

cl_long8 toLong8(const std::vector<int64_t> &v) {
    cl_long8 out;
    for (int i = 0; i < 8; ++i) out.s[i] = v[static_cast<size_t>(i)];
    return out;
}

}  // namespace

CopyCastPlan planCopyCast(Device &device, aclDataType src, aclDataType dst, const std::vector<int64_t> &shape,
                          const std::vector<int64_t> &srcStrides, const std::vector<int64_t> &dstStrides) {
    if (shape.size() > 8) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("copy: rank %zu is above the supported 8", shape.size()));
    }
    CopyCastPlan plan;
    // The dims the kernel walks: size-1 dims dropped, and a dim merged into the one outside it where both views
    // step through the pair as one run (a contiguous pack or stage is one dim, and takes COPY_FLAT).
    std::vector<int64_t> dims, ss, ds;
    for (size_t k = 0; k < shape.size(); ++k) {
        if (shape[k] == 1) continue;
        int64_t s = 0, d = 0;
        if (!dims.empty() && mergeDims(dims.back(), shape[k], ss.back(), srcStrides[k], &s) &&
            mergeDims(dims.back(), shape[k], ds.back(), dstStrides[k], &d)) {
            dims.back() *= shape[k];
            ss.back() = s;
            ds.back() = d;
            continue;
        }
        dims.push_back(shape[k]);
        ss.push_back(srcStrides[k]);
        ds.push_back(dstStrides[k]);
    }
    if (dims.empty()) dims = ss = ds = {1};  // one element
    const size_t pad = 8 - dims.size();
    plan.shape.assign(pad, 1);
    plan.srcStrides.assign(pad, 0);
    plan.dstStrides.assign(pad, 0);
    plan.shape.insert(plan.shape.end(), dims.begin(), dims.end());
    plan.srcStrides.insert(plan.srcStrides.end(), ss.begin(), ss.end());
    plan.dstStrides.insert(plan.dstStrides.end(), ds.begin(), ds.end());
    plan.total = 1;
    for (int64_t d : shape) plan.total *= static_cast<uint64_t>(d);
    const bool wide = IndexWidth().coverView(shape, srcStrides).coverView(shape, dstStrides).wide();
    Defines defines;
    defines.slot("IN", src).slot("OUT", dst, src).index(wide).flag("COPY_FLAT", dims.size() == 1);
    plan.program = buildProgram(device, "copy_cast", defines.text());
    return plan;
}

void enqueueCopyCast(cl_command_queue queue, const CopyCastPlan &plan, const BufferRef &src, const BufferRef &dst) {
    if (plan.total == 0) return;
    Kernel k(plan.program, "copy_cast");
    k.args(src, dst, toLong8(plan.shape), toLong8(plan.srcStrides), toLong8(plan.dstStrides),
           static_cast<cl_ulong>(plan.total));
    k.launch1d(queue, plan.total);
}

}  // namespace aclcl
