// aclnnGroupNormSwishGrad: the gradient of swish(group_norm(x) * gamma + beta) with mean and rstd given.
// Kernels in cl_kernels/group_norm_swish_grad.cl: per-(plane, chunk) sums, their fixed-order reduction into
// c1/c2 and dgamma/dbeta, then dx; or, on CPUs, one fused kernel per (n, group). No atomics: results are
// bit-identical run to run. The work splits are described in docs/ops/group_norm_swish_grad.md.
#include "aclnnop/aclnn_group_norm_swish_grad.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstring>
#include <memory>

#include "ops/group_norm_shape.h"
#include "ops/op_plan.h"
#include "common/test_hooks.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnGroupNormSwishGrad";

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

Geometry planGeometry(const Problem &p, const Device &device, int64_t elementSize, int64_t localMemSize) {
    Geometry g;
    const auto forced = static_cast<WorkSplit>(testHook(TestHook::GnsgWorkSplit));
    const bool cpu = forced == WorkSplit::Automatic ? device.isCpu() && !manyWorkItemKernels(device)
                                                    : forced != WorkSplit::Gpu;
    const int64_t maxLocal =
        std::min<int64_t>(256, floorPow2(static_cast<int64_t>(std::max<size_t>(device.maxWorkGroupSize, 1))));
    const int64_t units = std::max<int64_t>(1, device.computeUnits);
    const int64_t groupElems = p.channelsPerGroup() * p.planeLen;
    const bool forceFused = forced == WorkSplit::CpuFused || forced == WorkSplit::CpuFusedNoCache;
    // The fused split (one work-item per (n, group) runs all three passes) wants enough (n, group)s to
    // share out, and one group's x and dy in a core's cache (1 MiB L2 per core here, half of it for
    // them): the work-item reads them from memory once, as pass 3 finds them in the cache. It walks the
    // group with wide vectors in one work-item, so it needs a device whose work-items run vector types
    // as SIMD code (Device::nativeFloatVectorWidth > 1: PoCL, Intel's CPU runtime); on Mesa's llvmpipe
    // (1) it measured up to three times slower than three passes.
    const bool autoFuse = forced == WorkSplit::Automatic && cpu && device.nativeFloatVectorWidth > 1 &&
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

// dgammaOut / dbetaOut: CANN infers them with gamma's shape and checks only the inputs' shapes, so its
// doc sample passes (C, 1). Any view holding exactly C elements is accepted and written in row-major
// order; another element count cannot hold the result.
void checkChannelOutput(const char *op, const aclTensor *t, const char *arg, int64_t channels) {
    if (t->numel() == channels) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected %s to hold C = %lld elements (shape [%lld], or any shape with %lld elements such "
                   "as [%lld, 1]), but found shape %s with %lld elements.",
                   op, arg, static_cast<long long>(channels), static_cast<long long>(channels),
                   static_cast<long long>(channels), static_cast<long long>(channels), t->shapeString().c_str(),
                   static_cast<long long>(t->numel())));
}

struct Args {
    const aclTensor *dy, *mean, *rstd, *x, *gamma, *beta;
    int64_t numGroups;
    const char *dataFormat;
    double swishScale;
    bool wantDgamma, wantDbeta;
    const aclTensor *dx, *dgamma, *dbeta;
};

// The checks, in the order of the contract (docs/ops/group_norm_swish_grad.md): nulls, dtypes, numGroups,
// shapes, data format.
Problem validate(const char *op, const Args &a) {
    checkNotNull(op, a.dy, "dy");
    checkNotNull(op, a.mean, "mean");
    checkNotNull(op, a.rstd, "rstd");
    checkNotNull(op, a.x, "x");
    checkNotNull(op, a.gamma, "gamma");
    checkNotNull(op, a.beta, "beta");
    checkNotNull(op, a.dx, "dxOut");
    if (a.wantDgamma) checkNotNull(op, a.dgamma, "dgammaOut");
    if (a.wantDbeta) checkNotNull(op, a.dbeta, "dbetaOut");

    checkDtypeIn(op, a.dy, "dy", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    std::vector<std::pair<const aclTensor *, const char *>> same = {
        {a.mean, "mean"}, {a.rstd, "rstd"}, {a.x, "x"}, {a.gamma, "gamma"}, {a.beta, "beta"}, {a.dx, "dxOut"}};
    if (a.wantDgamma) same.emplace_back(a.dgamma, "dgammaOut");
    if (a.wantDbeta) same.emplace_back(a.dbeta, "dbetaOut");
    for (auto &[t, name] : same) checkSameDtype(op, a.dy, "dy", t, name);

    checkNumGroups(op, a.x, a.numGroups);

    std::vector<std::pair<const aclTensor *, const char *>> all = {{a.dy, "dy"},   {a.mean, "mean"},   {a.rstd, "rstd"},
                                                                   {a.x, "x"},     {a.gamma, "gamma"}, {a.beta, "beta"},
                                                                   {a.dx, "dxOut"}};
    if (a.wantDgamma) all.emplace_back(a.dgamma, "dgammaOut");
    if (a.wantDbeta) all.emplace_back(a.dbeta, "dbetaOut");
    checkRankIn(op, a.x, "x", {2, 3, 4, 5, 6, 7, 8});
    for (auto &[t, name] : all) checkView(op, t, name);
    const Problem p = groupNormShape(op, a.x, a.numGroups);
    checkSameShape(op, a.x, "x", a.dy, "dy");
    checkStatsShape(op, a.mean, "mean", p);
    checkStatsShape(op, a.rstd, "rstd", p);
    checkShapeIs(op, a.gamma, "gamma", {p.channels});
    checkShapeIs(op, a.beta, "beta", {p.channels});
    checkSameShape(op, a.x, "x", a.dx, "dxOut");
    checkNoSelfOverlap(op, a.dx, "dxOut");
    if (a.wantDgamma) {
        checkChannelOutput(op, a.dgamma, "dgammaOut", p.channels);
        checkNoSelfOverlap(op, a.dgamma, "dgammaOut");
    }
    if (a.wantDbeta) {
        checkChannelOutput(op, a.dbeta, "dbetaOut", p.channels);
        checkNoSelfOverlap(op, a.dbeta, "dbetaOut");
    }
    checkPlaneCount(op, p);
    checkDataFormat(op, a.dataFormat);
    return p;
}

// The buffers the kernels use, resolved at run time.
struct Buffers {
    Operand dy, mean, rstd, x, gamma, beta, dx, partialG, partialGx, coef;
    std::shared_ptr<Operand> dgamma, dbeta;  // null when not required
};

void plan(OpPlan &plan, const Args &a) {
    Problem p = validate(plan.checkName(), a);
    Geometry geo = planGeometry(p, plan.device(), static_cast<int64_t>(dtypeSize(a.x->dtype)),
                                static_cast<int64_t>(plan.device().localMemSize));
    const aclDataType dtype = a.x->dtype;

    // Inputs in CANN's argument order; outputs dx, then dgamma and dbeta when required.
    size_t iDy = plan.addInput(a.dy, "dy"), iMean = plan.addInput(a.mean, "mean"),
           iRstd = plan.addInput(a.rstd, "rstd"), iX = plan.addInput(a.x, "x"),
           iGamma = plan.addInput(a.gamma, "gamma"), iBeta = plan.addInput(a.beta, "beta");
    size_t oDx = plan.addOutput(a.dx, "dxOut");
    plan.allowInPlace(oDx, iDy);  // docs/ops/group_norm_swish_grad.md: dxOut may be dy or x itself
    plan.allowInPlace(oDx, iX);
    size_t oDgamma = a.wantDgamma ? plan.addOutput(a.dgamma, "dgammaOut") : 0;
    size_t oDbeta = a.wantDbeta ? plan.addOutput(a.dbeta, "dbetaOut") : 0;
    plan.describeAttribute("numGroups", a.numGroups);
    plan.describeAttribute("swishScale", a.swishScale);

    Buffers b;
    b.dy = plan.contiguousInput(iDy, dtype);
    b.mean = plan.contiguousInput(iMean, dtype);
    b.rstd = plan.contiguousInput(iRstd, dtype);
    b.x = plan.contiguousInput(iX, dtype);
    b.gamma = plan.contiguousInput(iGamma, dtype);
    b.beta = plan.contiguousInput(iBeta, dtype);
    b.dx = plan.contiguousOutput(oDx, dtype);
    if (a.wantDgamma) b.dgamma = std::make_shared<Operand>(plan.contiguousOutput(oDgamma, dtype));
    if (a.wantDbeta) b.dbeta = std::make_shared<Operand>(plan.contiguousOutput(oDbeta, dtype));
    const uint64_t partialCount = static_cast<uint64_t>(p.planes() * geo.chunks);
    b.partialG = plan.workspaceOperand(partialCount, ACL_FLOAT);
    b.partialGx = plan.workspaceOperand(partialCount, ACL_FLOAT);
    if (!geo.fused) b.coef = plan.workspaceOperand(static_cast<uint64_t>(2 * p.batch * p.groups), ACL_FLOAT);

    const bool wide = IndexWidth().cover(a.x->numel()).cover(static_cast<int64_t>(partialCount)).wide();
    Defines defines;
    defines.slot("IO", dtype).index(wide).value("VEC", geo.vec).value("LOCAL", geo.local);
    defines.value("LANES", geo.lanes).value("COEF_LOCAL", geo.coefLocal).value("COEF_LANES", geo.coefLanes);
    defines.value("CHAN_LOCAL", geo.chanLocal).value("CHAN_LANES", geo.chanLanes);
    defines.flag("WANT_DGAMMA", a.wantDgamma).flag("WANT_DBETA", a.wantDbeta).value("GROUP_CACHE", geo.groupCache);
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
                               b.gamma.resolve(ctx), b.beta.resolve(ctx), b.partialG.resolve(ctx),
                               b.partialGx.resolve(ctx), b.dx.resolve(ctx), batch, channels, perGroup, planeLen, scale,
                               invGroupSize);
                    });
    } else {
        auto sums = plan.kernel(program, geo.tiny ? "gnsg_plane_sums_tiny" : "gnsg_plane_sums");
        auto coefKernel = plan.kernel(program, "gnsg_group_coef");
        auto dxKernel = plan.kernel(program, geo.tiny ? "gnsg_dx_tiny" : "gnsg_dx");
        const size_t mainGlobal = static_cast<size_t>(geo.workGroups * geo.local),
                     mainLocal = static_cast<size_t>(geo.local);
        const size_t coefLocal = static_cast<size_t>(geo.coefLocal);
        const size_t coefGlobal =
            static_cast<size_t>(ceilDiv(p.batch * p.groups, geo.coefLocal / geo.coefLanes) * geo.coefLocal);
        const LaunchSize mainSize = LaunchSize::grid(1, &mainGlobal, &mainLocal);
        plan.launch(sums, mainSize, [=](Kernel &k, RunContext &ctx) {
            k.args(b.dy.resolve(ctx), b.mean.resolve(ctx), b.rstd.resolve(ctx), b.x.resolve(ctx), b.gamma.resolve(ctx),
                   b.beta.resolve(ctx), b.partialG.resolve(ctx), b.partialGx.resolve(ctx), planes, channels, perGroup,
                   planeLen, chunkLen, chunks, scale);
        });
        plan.launch(coefKernel, LaunchSize::grid(1, &coefGlobal, &coefLocal), [=](Kernel &k, RunContext &ctx) {
            k.args(b.partialG.resolve(ctx), b.partialGx.resolve(ctx), b.gamma.resolve(ctx), b.coef.resolve(ctx), batch,
                   channels, perGroup, chunks, invGroupSize);
        });
        plan.launch(dxKernel, mainSize, [=](Kernel &k, RunContext &ctx) {
            k.args(b.dy.resolve(ctx), b.mean.resolve(ctx), b.rstd.resolve(ctx), b.x.resolve(ctx), b.gamma.resolve(ctx),
                   b.beta.resolve(ctx), b.coef.resolve(ctx), b.dx.resolve(ctx), planes, channels, perGroup, planeLen,
                   chunkLen, chunks, scale);
        });
    }
    if (a.wantDgamma || a.wantDbeta) {
        const size_t chanLocal = static_cast<size_t>(geo.chanLocal);
        const size_t chanGlobal =
            static_cast<size_t>(ceilDiv(p.channels, geo.chanLocal / geo.chanLanes) * geo.chanLocal);
        plan.launch(plan.kernel(program, "gnsg_channel_grads"), LaunchSize::grid(1, &chanGlobal, &chanLocal),
                    [=](Kernel &k, RunContext &ctx) {
                        BufferRef none{};
                        k.args(b.partialG.resolve(ctx), b.partialGx.resolve(ctx),
                               b.dgamma ? b.dgamma->resolve(ctx) : none, b.dbeta ? b.dbeta->resolve(ctx) : none, batch,
                               channels, chunks);
                    });
    }
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnGroupNormSwishGradGetWorkspaceSize(const aclTensor *dy, const aclTensor *mean, const aclTensor *rstd,
                                                    const aclTensor *x, const aclTensor *gamma, const aclTensor *beta,
                                                    int64_t numGroups, char *dataFormatOptional, double swishScale,
                                                    bool dgammaIsRequire, bool dbetaIsRequire, const aclTensor *dxOut,
                                                    const aclTensor *dgammaOut, const aclTensor *dbetaOut,
                                                    uint64_t *workspaceSize, aclOpExecutor **executor) {
    aclcl::Args args{dy,
                     mean,
                     rstd,
                     x,
                     gamma,
                     beta,
                     numGroups,
                     dataFormatOptional,
                     swishScale,
                     dgammaIsRequire,
                     dbetaIsRequire,
                     dxOut,
                     dgammaOut,
                     dbetaOut};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnGroupNormSwishGrad(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                    aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}

