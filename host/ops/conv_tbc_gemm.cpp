// The ConvTbc family's GEMM step (conv_tbc_gemm.h).
#include "ops/conv_tbc_gemm.h"

#include <algorithm>
#include <memory>

#include "blas/own_gemm.h"
#include "common/error.h"
#include "common/log.h"
#include "ops/conv_tbc_family.h"

namespace aclcl {
namespace conv_tbc {

namespace {

BufferRef at(const Operand &op, const RunContext &ctx, uint64_t first) {
    BufferRef r = op.resolve(ctx);
    r.offset += first;
    return r;
}

constexpr size_t kBiasGroupTarget = 256;  // work-items per group, bias_rows and bias_planes

}  // namespace

void planBiasFill(OpPlan &plan, const Operand &bias, const Operand &out, int64_t outer, int64_t channels,
                  int64_t inner) {
    const bool rows = inner == 1;
    const bool wideIndex = IndexWidth().cover(outer * channels * inner).cover(channels).wide();
    Defines defines;
    defines.slot("IN", bias.dtype).slot("OUT", out.dtype).index(wideIndex);
    ProgramHandle program = plan.program("conv_tbc", defines);
    // Planes: one work-item walks each where the walk fits (CPU devices; vectors of 8 and a tail).
    const bool walk = !rows && walkingKernelFits(plan.device(), static_cast<double>(inner) / 8 + 8);
    auto kernel = plan.kernel(program, rows ? "bias_rows" : walk ? "bias_planes_walk" : "bias_planes");
    const int64_t x = rows ? channels : inner, y = rows ? outer : outer * channels;
    LaunchSize size;
    if (walk) {
        size = planeWalk(plan.device(), kernel->maxWorkGroupSize(), y);
    } else {
        const size_t global[3] = {static_cast<size_t>(x), static_cast<size_t>(y), 1};
        size_t local[3];
        fillLocalSize(plan.device(), kernel->maxWorkGroupSize(), global, kBiasGroupTarget, local);
        size = LaunchSize::grid(2, global, local);
    }
    plan.launch(kernel, size, [=](Kernel &k, RunContext &ctx) {
        // The integer parameters are INDEX_T: long or int.
        if (rows && wideIndex) {
            k.args(bias.resolve(ctx), out.resolve(ctx), static_cast<cl_long>(outer), static_cast<cl_long>(channels));
        } else if (rows) {
            k.args(bias.resolve(ctx), out.resolve(ctx), static_cast<cl_int>(outer), static_cast<cl_int>(channels));
        } else if (wideIndex) {
            k.args(bias.resolve(ctx), out.resolve(ctx), static_cast<cl_long>(y), static_cast<cl_long>(channels),
                   static_cast<cl_long>(inner));
        } else {
            k.args(bias.resolve(ctx), out.resolve(ctx), static_cast<cl_int>(y), static_cast<cl_int>(channels),
                   static_cast<cl_int>(inner));
        }
    });
}

GemmStep::GemmStep(OpPlan &plan, int8_t cubeMathType)
    : plan_(plan), precision_(gemmPrecision(plan.device().fp16, cubeMathType)) {
    if (cubeMathType == 2 && !plan.device().fp16) {
        ACLCL_LOG(Warn, strformat("%s: cubeMathType 2 (USE_FP16) asks for fp16 GEMMs, but %s has no cl_khr_fp16: "
                                  "computing them in fp32",
                                  plan.checkName(), plan.device().describe().c_str()));
    }
}

void GemmStep::gemm(const blas::GemmDims &dims, const Operand &a, uint64_t aFirst, const Operand &b, uint64_t bFirst,
                    float beta, const Operand &c, uint64_t cFirst) {
    actions_.push_back(Action{false, dims, a, b, c, aFirst, bFirst, cFirst, beta, 0});
    if (plan_.logging()) {
        description_ += strformat("%sgemm %s%s m=%zu n=%zu k=%zu beta=%g", description_.empty() ? "" : ", ",
                                  dims.transA == blas::Op::Trans ? "T" : "N",
                                  dims.transB == blas::Op::Trans ? "T" : "N", dims.m, dims.n, dims.k, beta);
    }
}

void GemmStep::zero(const Operand &c, uint64_t first, uint64_t count) {
    Action z;
    z.zero = true;
    z.c = c;
    z.cFirst = first;
    z.zeroCount = count;
    actions_.push_back(z);
    if (plan_.logging()) {
        description_ +=
            strformat("%sfill %llu zeros", description_.empty() ? "" : ", ", static_cast<unsigned long long>(count));
    }
}

blas::Product GemmStep::skeleton(const Action &action) const {
    blas::Product p;
    p.zero = action.zero;
    p.dims = action.dims;
    p.conv = action.conv;
    return p;
}

bool GemmStep::foldsConvolution(const blas::GemmDims &dims, const blas::ConvTaps &conv) {
    Action a;
    a.dims = dims;
    a.conv = conv;
    blas::BackendChoice choice = blas::chooseBackend(plan_.device(), precision_, {skeleton(a)});
    if (choice.backend != blas::Backend::Own) return false;
    // Kept for enqueue(): asking again could give another answer (ACLNN_OPENCL_GEMM read twice).
    folded_ = std::move(choice);
    return true;
}

blas::Backend GemmStep::backendFor(const blas::GemmDims &dims) const {
    Action a;
    a.dims = dims;
    return blas::chooseBackend(plan_.device(), precision_, {skeleton(a)}).backend;
}

void GemmStep::convolution(const blas::GemmDims &dims, const blas::ConvTaps &conv, const Operand &a,
                           const Operand &b, const Operand &bias, const Operand &c) {
    Action act{false, dims, a, b, c, 0, 0, 0, 0.0f, 0};
    act.conv = conv;
    act.hasBias = true;
    act.bias = bias;
    actions_.push_back(act);
    if (plan_.logging()) {
        description_ += strformat("%sconvolution m=%zu n=%zu k=%zu (%u taps of %u channels, batch %u, pad %u) + bias",
                                  description_.empty() ? "" : ", ", dims.m, dims.n, dims.k, conv.taps, conv.cin,
                                  conv.batch, conv.pad);
    }
}

void GemmStep::enqueue() {
    if (actions_.empty()) return;
    std::vector<blas::Product> skeletons;
    for (const Action &g : actions_) skeletons.push_back(skeleton(g));
    bool folds = false;
    for (const Action &g : actions_) folds = folds || g.conv.taps > 0;
    if (folds && !folded_) fail(ACLNN_ERR_INNER, "a folded convolution was planned without foldsConvolution()");
    const blas::BackendChoice choice = folds ? *folded_ : blas::chooseBackend(plan_.device(), precision_, skeletons);
    std::string layouts;
    if (choice.backend == blas::Backend::Own && plan_.logging()) {
        for (const blas::Product &p : skeletons) {
            if (!p.zero) layouts += (layouts.empty() ? "; " : ", ") + blas::ownGemmLayout(plan_.device(), p);
        }
    }
    uint64_t tempBytes = 0;
    if (choice.backend == blas::Backend::ClBlast) {
        for (const Action &g : actions_) {
            if (!g.zero) tempBytes = std::max(tempBytes, blas::gemmTempBytes(plan_.device(), precision_, g.dims));
        }
    } else if (choice.backend == blas::Backend::Own) {
        for (const blas::Product &p : skeletons) {
            if (!p.zero) tempBytes = std::max(tempBytes, blas::ownGemmTempBytes(p));
        }
    }
    uint64_t region = 0;
    if (tempBytes > 0) region = plan_.reserveWorkspace(blas::tempRegionBytes(plan_.device(), tempBytes));
    auto actions = std::make_shared<std::vector<Action>>(std::move(actions_));
    actions_.clear();
    folded_.reset();
    const blas::Precision precision = precision_;
    const blas::Backend backend = choice.backend;
    const std::string what =
        !plan_.logging()
            ? std::string()
            : strformat("%s %s (%s), temp %llu bytes at workspace +%llu [%s]", blas::backendName(backend),
                        precision == blas::Precision::Half ? "fp16" : "fp32", description_.c_str(),
                        static_cast<unsigned long long>(tempBytes), static_cast<unsigned long long>(region),
                        (choice.why + layouts).c_str());
    plan_.step(
        [actions, precision, backend, tempBytes, region](RunContext &ctx) {
            ClMemPtr temp;
            if (tempBytes > 0) {
                BufferRef ws = ctx.workspace(region, ACL_INT8);  // offset in bytes
                temp = blas::makeTempBuffer(ctx.device(), ws.mem, ws.offset, tempBytes);
            }
            std::vector<blas::Product> products;
            products.reserve(actions->size());
            for (const Action &g : *actions) {
                blas::Product p;
                p.zero = g.zero;
                p.c = at(g.c, ctx, g.cFirst);
                p.zeroCount = g.zeroCount;
                if (!g.zero) {
                    p.dims = g.dims;
                    p.beta = g.beta;
                    p.a = at(g.a, ctx, g.aFirst);
                    p.b = at(g.b, ctx, g.bFirst);
                    p.conv = g.conv;
                    if (g.hasBias) p.bias = g.bias.resolve(ctx);
                }
                products.push_back(p);
            }
            blas::enqueueProducts(ctx.device(), ctx.queue(), backend, precision, products, temp.get());
        },
        what);
    description_.clear();
}

}  // namespace conv_tbc
}  // namespace aclcl
