// planGroupNormForward: one gns_group work-group per (n, group) (ops/group_norm_forward.h).
#include "ops/group_norm_forward.h"

#include "common/test_hooks.h"

namespace aclcl {

namespace {

constexpr int64_t kGpuLanes = 64;  // the kernel's virtual lanes: work-items per (n, group) on GPUs

// GPUs: 64 work-items per (n, group) (where the device allows work-groups of 64); CPUs: one, which walks
// the group (L elements) in about L/256 trips per statistics pass and L/16 for y, unless that is more
// than kMaxWalkTrips (launch.h). The tests force either with TestHook::GnsgWorkSplit (2: the GPU split,
// any other non-zero value: the CPU split). Both splits give the same bits (cl_kernels/group_norm_swish.cl).
int64_t chooseLanes(const Device &device, int64_t groupElements) {
    const int forced = testHook(TestHook::GnsgWorkSplit);
    if (forced != 0) return forced == 2 ? kGpuLanes : 1;
    const double trips = static_cast<double>(groupElements) * (2.0 / 256 + 1.0 / 16);
    return !walkingKernelFits(device, trips) && device.maxWorkGroupSize >= static_cast<size_t>(kGpuLanes) ? kGpuLanes
                                                                                                           : 1;
}

}  // namespace

void planGroupNormForward(OpPlan &plan, const GroupNormShape &s, const GroupNormForward &f) {
    const Operand x = plan.contiguousInput(f.x, f.xType);
    const std::shared_ptr<Operand> gamma =
        f.hasGamma ? std::make_shared<Operand>(plan.contiguousInput(f.gamma, f.pType)) : nullptr;
    const std::shared_ptr<Operand> beta =
        f.hasBeta ? std::make_shared<Operand>(plan.contiguousInput(f.beta, f.pType)) : nullptr;
    const Operand y = plan.contiguousOutput(f.y, f.xType), mean = plan.contiguousOutput(f.mean, f.pType),
                  rstd = plan.contiguousOutput(f.rstd, f.pType);

    const int64_t lanes = chooseLanes(plan.device(), s.channelsPerGroup() * s.planeLen);
    Defines defines;
    defines.slot("X", f.xType, ACL_FLOAT).slot("P", f.pType, ACL_FLOAT);
    defines.value("LANES", lanes).flag("SWISH", f.swish);
    if (!f.hasGamma) defines.flag("HAS_GAMMA", false);
    if (!f.hasBeta) defines.flag("HAS_BETA", false);
    // Element offsets up to x's element count plus a row of the kernel's reads past a group's start.
    defines.index(IndexWidth().cover(f.xNumel + 4 * kGpuLanes * 4).wide());
    ProgramHandle program = plan.program("group_norm_swish", defines);

    const cl_int groups = static_cast<cl_int>(s.groups), perGroup = static_cast<cl_int>(s.channelsPerGroup());
    const cl_long planeLen = s.planeLen;
    const float eps = static_cast<float>(f.eps), scale = static_cast<float>(f.swishScale);
    const size_t local = static_cast<size_t>(lanes), global = static_cast<size_t>(s.batch * s.groups * lanes);
    plan.launch(plan.kernel(program, "gns_group"), LaunchSize::grid(1, &global, &local),
                [=](Kernel &k, RunContext &ctx) {
                    const BufferRef none{};
                    k.args(x.resolve(ctx), gamma ? gamma->resolve(ctx) : none, beta ? beta->resolve(ctx) : none,
                           y.resolve(ctx), mean.resolve(ctx), rstd.resolve(ctx), groups, perGroup, planeLen, eps,
                           scale);
                });
}

}  // namespace aclcl
