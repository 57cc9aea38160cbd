// planGroupNormGrad (ops/group_norm_grad.h): per-(plane, chunk) sums, their fixed-order reduction into
// c1/c2 and dgamma/dbeta, then dx; or, on CPUs, one fused kernel per (n, group). No atomics: results are
// bit-identical run to run. The work splits are described in docs/ops/group_norm_swish_grad.md.
#include "ops/group_norm_grad.h"

#include <algorithm>
#include <memory>

#include "common/test_hooks.h"

namespace aclcl {

namespace {

int64_t floorPow2(int64_t v) {
    int64_t p = 1;
    while (p * 2 <= v) p *= 2;
    return p;
}

int64_t ceilPow2(int64_t v) {
    int64_t p = 1;
    while (p < v) p *= 2;
    return p;
}

int64_t ceilDiv(int64_t a, int64_t b) {
    return (a + b - 1) / b;
}

using Problem = GroupNormShape;

// How the work is cut. A plane is the HxW elements of one (n, c). `lanes` work-items share a plane (each
// taking runs of `vec` consecutive elements), a work-group covers local / lanes planes, and a plane is cut
// into `chunks` chunks when there are too few planes to keep the device busy (large HxW, few channels).
// It depends only on the shape and the device, so one device always sums in the same order.
struct Geometry {
    bool tiny = false;   // the *_tiny kernels: a work-item computes 16 whole planes as two float8
    bool fused = false;  // gnsg_fused_group: a work-item runs all three passes over one (n, group)
    int64_t groupCache = 0;  // floats of local memory the fused kernel keeps g in (0: it recomputes g)
    int64_t vec = 1, local = 1, lanes = 1, chunks = 1, chunkLen = 1, workGroups = 1;
    int64_t coefLocal = 1, coefLanes = 1, chanLocal = 1, chanLanes = 1;
};

// A reduction of `terms` values for each of `outputs` results: one work-item per result on a CPU
// (serial sums are cheapest there), a tree of up to `maxLocal` lanes per result on other devices.
void planReduction(int64_t terms, bool cpu, int64_t maxLocal, int64_t *local, int64_t *lanes) {
    *lanes = cpu ? 1 : std::min(maxLocal, ceilPow2(ceilDiv(terms, 4)));
    *local = std::max(*lanes, std::min<int64_t>(64, maxLocal));
}

// The ways to cut the work; the automatic choice depends on the device type and the shape. The tests
// force each one with TestHook::GnsgWorkSplit.
enum class WorkSplit {
    Automatic = 0,
    CpuThreePass = 1,     // one work-item per plane or chunk (16 planes per work-item for HxW < 16)
    Gpu = 2,              // lanes sharing a plane, tree reductions
    CpuFused = 3,         // one work-item per (n, group), g kept in local memory when it fits
    CpuFusedNoCache = 4,  // the same, recomputing g in pass 3
};

Geometry planGeometry(const Problem &p, const Device &device, int64_t elementSize, int64_t localMemSize,
                      bool wantDx) {
    Geometry g;
    const auto forced = static_cast<WorkSplit>(testHook(TestHook::GnsgWorkSplit));
    const bool cpu = forced == WorkSplit::Automatic ? device.isCpu() && !manyWorkItemKernels(device)
                                                    : forced != WorkSplit::Gpu;
    const int64_t maxLocal =
        std::min<int64_t>(256, floorPow2(static_cast<int64_t>(std::max<size_t>(device.maxWorkGroupSize, 1))));
    const int64_t units = std::max<int64_t>(1, device.computeUnits);
    const int64_t groupElems = p.channelsPerGroup() * p.planeLen;
    // Without dx (GroupNormBackward's outputMask) the fused kernel, which writes dx, does not apply.
    const bool forceFused = wantDx && (forced == WorkSplit::CpuFused || forced == WorkSplit::CpuFusedNoCache);
    // The fused split (one work-item per (n, group) runs all three passes) wants enough (n, group)s to
    // share out, and one group's x and dy in a core's cache (1 MiB L2 per core here, half of it for
    // them): the work-item reads them from memory once, as pass 3 finds them in the cache. It walks the
    // group with wide vectors in one work-item, so it needs a device whose work-items run vector types
    // as SIMD code (Device::nativeFloatVectorWidth > 1: PoCL, Intel's CPU runtime); on Mesa's llvmpipe
    // (1) it measured up to three times slower than three passes.
    const bool autoFuse = wantDx && forced == WorkSplit::Automatic && cpu && device.nativeFloatVectorWidth > 1 &&
                          p.batch * p.groups >= 8 * units && groupElems * 2 * elementSize <= 512 * 1024;

    // Planes too short for a vector of their own (HxW < 16) take the tiny kernels, which vectorise
    // across 16 planes instead; except, where the fused split applies, for 2-D inputs (HxW = 1: the
    // fused kernel takes a group's channels 16 at a time, 3x faster than the tiny kernels on PoCL and
    // 6x on Intel's runtime for 4x16384 G64) and where the compiler packs work-items into lanes
    // (Device::packsWorkItems: Intel's runtime), whose tiny kernels' 16-plane vectors become strided
    // gathers (2x4096x3 G8: 0.33 -> 0.21 ms under load; on PoCL the two are level there).
    if (cpu && p.planeLen < 16 && !forceFused && !(autoFuse && (p.planeLen == 1 || device.packsWorkItems))) {
        constexpr int64_t kTinyPlanes = 16;
        g.tiny = true;
        g.vec = kTinyPlanes;  // the tiny kernels load and store 2-D inputs (HxW = 1) as runs of 16
        g.local =
            std::clamp<int64_t>(floorPow2(std::max<int64_t>(1, 4096 / (kTinyPlanes * p.planeLen))), 1, maxLocal);
        g.chunkLen = p.planeLen;
        g.workGroups = ceilDiv(ceilDiv(p.planes(), kTinyPlanes), g.local);
        planReduction(p.channelsPerGroup(), cpu, maxLocal, &g.coefLocal, &g.coefLanes);
        planReduction(p.batch, cpu, maxLocal, &g.chanLocal, &g.chanLanes);
        return g;
    }
    int64_t wantGroups, minChunk;
    if (cpu) {
        // PoCL: one work-item walks a whole plane (or chunk) with wide vectors; small planes are batched so
        // that a work-group holds about 4 Ki elements.
        g.vec = p.planeLen >= 16 ? 16 : p.planeLen >= 8 ? 8 : p.planeLen >= 4 ? 4 : 1;
        g.lanes = 1;
        g.local = std::clamp<int64_t>(floorPow2(std::max<int64_t>(1, 4096 / p.planeLen)), 1, maxLocal);
        wantGroups = 8 * units;
        minChunk = 4096;
    } else {
        // GPUs: neighbouring work-items read neighbouring runs; at least 4 runs per lane.
        g.vec = p.planeLen >= 256 ? 4 : 1;
        g.lanes = std::min(maxLocal, floorPow2(std::max<int64_t>(1, p.planeLen / (4 * g.vec))));
        g.local = std::max(g.lanes, std::min<int64_t>(64, maxLocal));
        wantGroups = std::max<int64_t>(64, 16 * units);
        minChunk = 4 * g.lanes * g.vec;
    }
    if (forceFused || autoFuse) {
        g.fused = true;
        // Keeping g in local memory spares pass 3 the exp and the dy read. The size is rounded up to a
        // power of two so that few programs are built.
        const int64_t cache = std::max<int64_t>(1024, ceilPow2(groupElems));
        if (forced != WorkSplit::CpuFusedNoCache && cache * static_cast<int64_t>(sizeof(float)) <= localMemSize / 2) {
            g.groupCache = cache;
        }
        planReduction(p.batch, cpu, maxLocal, &g.chanLocal, &g.chanLanes);
        return g;
    }
    int64_t planeBlocks = ceilDiv(p.planes(), g.local / g.lanes);
    int64_t maxChunks = std::max<int64_t>(1, p.planeLen / minChunk);
    g.chunks = std::clamp<int64_t>(ceilDiv(wantGroups, planeBlocks), 1, maxChunks);
    g.chunkLen = ceilDiv(ceilDiv(p.planeLen, g.chunks), g.lanes * g.vec) * g.lanes * g.vec;
    g.chunks = ceilDiv(p.planeLen, g.chunkLen);
    g.workGroups = planeBlocks * g.chunks;
    planReduction(p.channelsPerGroup() * g.chunks, cpu, maxLocal, &g.coefLocal, &g.coefLanes);
    planReduction(p.batch * g.chunks, cpu, maxLocal, &g.chanLocal, &g.chanLanes);
    return g;
}

// The buffers the kernels use, resolved at run time.
struct Buffers {
    Operand dy, mean, rstd, x, dx, partialG, partialGx, coef;
    std::shared_ptr<Operand> gamma, beta, dgamma, dbeta;  // null when absent or not required
};

BufferRef maybe(const std::shared_ptr<Operand> &o, const RunContext &ctx) {
    return o ? o->resolve(ctx) : BufferRef{};
}

}  // namespace

// CANN infers the channel outputs with gamma's shape and checks only the inputs' shapes, so its doc
// sample passes (C, 1). Another element count cannot hold the result.
void checkChannelOutput(const char *op, const aclTensor *t, const char *arg, int64_t channels) {
    if (t->numel() == channels) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected %s to hold C = %lld elements (shape [%lld], or any shape with %lld elements such "
                   "as [%lld, 1]), but found shape %s with %lld elements.",
                   op, arg, static_cast<long long>(channels), static_cast<long long>(channels),
                   static_cast<long long>(channels), static_cast<long long>(channels), t->shapeString().c_str(),
                   static_cast<long long>(t->numel())));
}


void planGroupNormGrad(OpPlan &plan, const Problem &p, const GroupNormGrad &a) {
    Geometry geo = planGeometry(p, plan.device(), static_cast<int64_t>(dtypeSize(a.dtype)),
                                static_cast<int64_t>(plan.device().localMemSize), a.wantDx);
    const aclDataType dtype = a.dtype;

    Buffers b;
    b.dy = plan.contiguousInput(a.dy, dtype);
    b.mean = plan.contiguousInput(a.mean, dtype);
    b.rstd = plan.contiguousInput(a.rstd, dtype);
    b.x = plan.contiguousInput(a.x, dtype);
    if (a.hasGamma) b.gamma = std::make_shared<Operand>(plan.contiguousInput(a.gamma, dtype));
    if (a.swish) b.beta = std::make_shared<Operand>(plan.contiguousInput(a.beta, dtype));
    if (a.wantDx) b.dx = plan.contiguousOutput(a.dx, dtype);
    if (a.wantDgamma) b.dgamma = std::make_shared<Operand>(plan.contiguousOutput(a.dgamma, dtype));
    if (a.wantDbeta) b.dbeta = std::make_shared<Operand>(plan.contiguousOutput(a.dbeta, dtype));
    const uint64_t partialCount = static_cast<uint64_t>(p.planes() * geo.chunks);
    b.partialG = plan.workspaceOperand(partialCount, ACL_FLOAT);
    b.partialGx = plan.workspaceOperand(partialCount, ACL_FLOAT);
    if (!geo.fused && a.wantDx) b.coef = plan.workspaceOperand(static_cast<uint64_t>(2 * p.batch * p.groups), ACL_FLOAT);

    const int64_t numel = p.planes() * p.planeLen;
    const bool wide = IndexWidth().cover(numel).cover(static_cast<int64_t>(partialCount)).wide();
    Defines defines;
    defines.slot("IO", dtype).index(wide).value("VEC", geo.vec).value("LOCAL", geo.local);
    defines.value("LANES", geo.lanes).value("COEF_LOCAL", geo.coefLocal).value("COEF_LANES", geo.coefLanes);
    defines.value("CHAN_LOCAL", geo.chanLocal).value("CHAN_LANES", geo.chanLanes);
    defines.flag("WANT_DGAMMA", a.wantDgamma).flag("WANT_DBETA", a.wantDbeta).value("GROUP_CACHE", geo.groupCache);
    if (!a.swish) defines.flag("SWISH", false);
    if (!a.hasGamma) defines.flag("HAS_GAMMA", false);
    ProgramHandle program = plan.program("group_norm_swish_grad", defines);

    const cl_int planes = static_cast<cl_int>(p.planes()), channels = static_cast<cl_int>(p.channels),
                 perGroup = static_cast<cl_int>(p.channelsPerGroup()), chunks = static_cast<cl_int>(geo.chunks),
                 batch = static_cast<cl_int>(p.batch);
    const cl_long planeLen = p.planeLen, chunkLen = geo.chunkLen;
    const float scale = static_cast<float>(a.swishScale);
    const float invGroupSize = static_cast<float>(1.0 / (static_cast<double>(p.channelsPerGroup()) * p.planeLen));

    if (geo.fused) {
        // One work-item per (n, group) does passes 1 to 3; dgamma/dbeta from its stored plane sums.
        const size_t local = 1, global = static_cast<size_t>(p.batch * p.groups);
        plan.launch(plan.kernel(program, "gnsg_fused_group"), LaunchSize::grid(1, &global, &local),
                    [=](Kernel &k, RunContext &ctx) {
                        k.args(b.dy.resolve(ctx), b.mean.resolve(ctx), b.rstd.resolve(ctx), b.x.resolve(ctx),
                               maybe(b.gamma, ctx), maybe(b.beta, ctx), b.partialG.resolve(ctx),
                               b.partialGx.resolve(ctx), b.dx.resolve(ctx), batch, channels, perGroup, planeLen, scale,
                               invGroupSize);
                    });
    } else {
        auto sums = plan.kernel(program, geo.tiny ? "gnsg_plane_sums_tiny" : "gnsg_plane_sums");
        const size_t mainGlobal = static_cast<size_t>(geo.workGroups * geo.local),
                     mainLocal = static_cast<size_t>(geo.local);
        const LaunchSize mainSize = LaunchSize::grid(1, &mainGlobal, &mainLocal);
        plan.launch(sums, mainSize, [=](Kernel &k, RunContext &ctx) {
            k.args(b.dy.resolve(ctx), b.mean.resolve(ctx), b.rstd.resolve(ctx), b.x.resolve(ctx), maybe(b.gamma, ctx),
                   maybe(b.beta, ctx), b.partialG.resolve(ctx), b.partialGx.resolve(ctx), planes, channels, perGroup,
                   planeLen, chunkLen, chunks, scale);
        });
        if (a.wantDx) {
            auto coefKernel = plan.kernel(program, "gnsg_group_coef");
            auto dxKernel = plan.kernel(program, geo.tiny ? "gnsg_dx_tiny" : "gnsg_dx");
            const size_t coefLocal = static_cast<size_t>(geo.coefLocal);
            const size_t coefGlobal =
                static_cast<size_t>(ceilDiv(p.batch * p.groups, geo.coefLocal / geo.coefLanes) * geo.coefLocal);
            plan.launch(coefKernel, LaunchSize::grid(1, &coefGlobal, &coefLocal), [=](Kernel &k, RunContext &ctx) {
                k.args(b.partialG.resolve(ctx), b.partialGx.resolve(ctx), maybe(b.gamma, ctx), b.coef.resolve(ctx),
                       batch, channels, perGroup, chunks, invGroupSize);
            });
            plan.launch(dxKernel, mainSize, [=](Kernel &k, RunContext &ctx) {
                k.args(b.dy.resolve(ctx), b.mean.resolve(ctx), b.rstd.resolve(ctx), b.x.resolve(ctx),
                       maybe(b.gamma, ctx), maybe(b.beta, ctx), b.coef.resolve(ctx), b.dx.resolve(ctx), planes,
                       channels, perGroup, planeLen, chunkLen, chunks, scale);
            });
        }
    }
    if (a.wantDgamma || a.wantDbeta) {
        const size_t chanLocal = static_cast<size_t>(geo.chanLocal);
        const size_t chanGlobal =
            static_cast<size_t>(ceilDiv(p.channels, geo.chanLocal / geo.chanLanes) * geo.chanLocal);
        plan.launch(plan.kernel(program, "gnsg_channel_grads"), LaunchSize::grid(1, &chanGlobal, &chanLocal),
                    [=](Kernel &k, RunContext &ctx) {
                        k.args(b.partialG.resolve(ctx), b.partialGx.resolve(ctx), maybe(b.dgamma, ctx),
                               maybe(b.dbeta, ctx), batch, channels, chunks);
                    });
    }
}

}  // namespace aclcl
