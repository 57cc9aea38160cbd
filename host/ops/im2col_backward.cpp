// aclnnIm2colBackward (aclnnop/aclnn_im2col_backward.h): the gradient of im2col (col2im, PyTorch
// fold), as a gather with one work-item per output pixel (cl_kernels/im2col_backward.cl).
#include <algorithm>
#include <climits>
#include <memory>
#include <numeric>

#include "aclnnop/aclnn_im2col_backward.h"
#include "common/dtype.h"
#include "kernels/dtype_defines.h"
#include "ops/op_plan.h"
#include "ops/test_hooks.h"

namespace aclcl {

namespace {

constexpr size_t kGradOutput = 0;  // executor input index
constexpr size_t kOut = 0;         // executor output index

// Kernels with at most this many taps are specialised and unrolled; larger ones use the generic kernel.
constexpr int64_t kMaxUnrolledTaps = 64;
// Work-items per work-group: a few rows of about 64 columns.
constexpr size_t kWorkGroupTarget = 256;
constexpr size_t kRowTarget = 64;

bool g_forceWideIndex = false;
bool g_forceGeneric = false;

struct Geometry {
    int64_t N = 1, C = 0, H = 0, W = 0;
    int64_t KH = 0, KW = 0, DH = 0, DW = 0, PH = 0, PW = 0, SH = 0, SW = 0;
    int64_t L0 = 0, L1 = 0;
};

// The checks, in OPS.md order; returns the geometry of a valid call.
Geometry validate(const char *op, const Device &device, const aclTensor *gradOutput, const aclIntArray *inputSize,
                  const aclIntArray *kernelSize, const aclIntArray *dilation, const aclIntArray *padding,
                  const aclIntArray *stride, const aclTensor *out) {
    checkNotNull(op, gradOutput, "gradOutput");
    checkNotNull(op, inputSize, "inputSize");
    checkNotNull(op, kernelSize, "kernelSize");
    checkNotNull(op, dilation, "dilation");
    checkNotNull(op, padding, "padding");
    checkNotNull(op, stride, "stride");
    checkNotNull(op, out, "out");
    checkView(op, gradOutput, "gradOutput");
    checkView(op, out, "out");

    const auto supported = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    checkDtypeIn(op, gradOutput, "gradOutput", supported);
    checkDtypeIn(op, out, "out", supported);
    requireDeviceSupports(device, gradOutput->dtype, op, "gradOutput");
    requireDeviceSupports(device, out->dtype, op, "out");

    checkRankIn(op, gradOutput, "gradOutput", {2, 3});
    checkRankIn(op, out, "out", {gradOutput->rank() + 1});

    const struct {
        const aclIntArray *array;
        const char *name;
    } arrays[] = {{inputSize, "inputSize"}, {kernelSize, "kernelSize"}, {dilation, "dilation"},
                  {padding, "padding"},     {stride, "stride"}};
    for (const auto &a : arrays) checkArraySize(op, a.array, a.name, 2);

    // Attribute values: kernel, stride, dilation > 0; padding and inputSize >= 0; all within int32 so
    // that the kernels' coordinate arithmetic cannot overflow.
    const struct {
        const aclIntArray *array;
        const char *name;
        int64_t min;
    } ranges[] = {{kernelSize, "kernelSize", 1}, {stride, "stride", 1}, {dilation, "dilation", 1},
                  {padding, "padding", 0},       {inputSize, "inputSize", 0}};
    for (const auto &r : ranges) {
        for (int64_t v : r.array->values) {
            if (v >= r.min && v <= INT32_MAX / 4) continue;
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Expected every value of %s to be %s (and at most %d), but found %s.", op, r.name,
                           r.min == 1 ? "greater than 0" : "non-negative", INT32_MAX / 4,
                           r.array->toString().c_str()));
        }
    }

    Geometry g;
    g.H = inputSize->values[0];
    g.W = inputSize->values[1];
    g.KH = kernelSize->values[0];
    g.KW = kernelSize->values[1];
    g.DH = dilation->values[0];
    g.DW = dilation->values[1];
    g.PH = padding->values[0];
    g.PW = padding->values[1];
    g.SH = stride->values[0];
    g.SW = stride->values[1];

    const int64_t taps = g.KH * g.KW;  // both < 2^29: no overflow
    const int64_t rows = gradOutput->dim(-2);
    if (rows % taps != 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected gradOutput's dimension %lld (size %lld) to be divisible by the product of "
                       "kernelSize %s (%lld), but it is not (gradOutput shape %s).",
                       op, static_cast<long long>(gradOutput->rank() - 2), static_cast<long long>(rows),
                       kernelSize->toString().c_str(), static_cast<long long>(taps),
                       gradOutput->shapeString().c_str()));
    }

    // Sliding blocks per axis: (size + 2*pad - dilation*(kernel-1) - 1) / stride + 1 (all terms < 2^31).
    const int64_t spanH = g.H + 2 * g.PH - g.DH * (g.KH - 1) - 1;
    const int64_t spanW = g.W + 2 * g.PW - g.DW * (g.KW - 1) - 1;
    // Floor division: a negative span gives a non-positive block count.
    auto blocks = [](int64_t span, int64_t s) { return (span >= 0 ? span / s : -((-span + s - 1) / s)) + 1; };
    g.L0 = blocks(spanH, g.SH);
    g.L1 = blocks(spanW, g.SW);
    if (g.L0 < 1 || g.L1 < 1) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Given inputSize %s, kernelSize %s, dilation %s, padding %s, stride %s, the sliding "
                       "blocks (%lld, %lld) are too small (non-positive); gradOutput shape %s.",
                       op, inputSize->toString().c_str(), kernelSize->toString().c_str(),
                       dilation->toString().c_str(), padding->toString().c_str(), stride->toString().c_str(),
                       static_cast<long long>(g.L0), static_cast<long long>(g.L1),
                       gradOutput->shapeString().c_str()));
    }
    const int64_t L = g.L0 * g.L1;
    if (gradOutput->dim(-1) != L) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Given inputSize %s, kernelSize %s, dilation %s, padding %s, stride %s, expected "
                       "gradOutput's last dimension to be the number of sliding blocks %lld * %lld = %lld, but "
                       "found %lld (gradOutput shape %s).",
                       op, inputSize->toString().c_str(), kernelSize->toString().c_str(),
                       dilation->toString().c_str(), padding->toString().c_str(), stride->toString().c_str(),
                       static_cast<long long>(g.L0), static_cast<long long>(g.L1), static_cast<long long>(L),
                       static_cast<long long>(gradOutput->dim(-1)), gradOutput->shapeString().c_str()));
    }

    g.C = rows / taps;
    std::vector<int64_t> expected;
    if (gradOutput->rank() == 3) {
        g.N = gradOutput->dim(0);
        expected.push_back(g.N);
    }
    expected.insert(expected.end(), {g.C, g.H, g.W});
    checkShapeIs(op, out, "out", expected);
    checkNoSelfOverlap(op, out, "out");
    return g;
}

// Whether some offset the kernels compute (relative to a tensor's first element) can leave int32.
bool needsWideIndex(const aclTensor &grad, const aclTensor &out) {
    if (g_forceWideIndex) return true;
    const int64_t limit = INT32_MAX / 2;
    return viewReach(grad.viewDims, grad.strides) >= limit || viewReach(out.viewDims, out.strides) >= limit ||
           grad.numel() >= limit || out.numel() >= limit;
}

// The inverse of a modulo m (gcd(a, m) == 1), by the extended Euclidean algorithm; 0 when m == 1.
int64_t modularInverse(int64_t a, int64_t m) {
    if (m == 1) return 0;
    int64_t r0 = m, r1 = a % m, t0 = 0, t1 = 1;
    while (r1 != 0) {
        const int64_t q = r0 / r1;
        int64_t t = t0 - q * t1;
        t0 = t1;
        t1 = t;
        t = r0 - q * r1;
        r0 = r1;
        r1 = t;
    }
    return t0 < 0 ? t0 + m : t0;
}

// Local size: the row split into near-equal pieces of at most kRowTarget (a multiple of 8), then rows.
void chooseLocal(size_t kernelMax, int64_t W, int64_t H, size_t local[3]) {
    const size_t limit = std::max<size_t>(1, std::min(kWorkGroupTarget, kernelMax));
    const size_t pieces = (static_cast<size_t>(W) + kRowTarget - 1) / kRowTarget;
    size_t lx = (static_cast<size_t>(W) + pieces - 1) / pieces;
    lx = std::min(roundUp(lx, 8), limit);
    local[0] = lx;
    local[1] = std::max<size_t>(1, std::min(limit / lx, static_cast<size_t>(H)));
    local[2] = 1;
}

aclnnStatus planIm2colBackward(const aclTensor *gradOutput, const aclIntArray *inputSize,
                               const aclIntArray *kernelSize, const aclIntArray *dilation,
                               const aclIntArray *padding, const aclIntArray *stride, aclTensor *out,
                               uint64_t *workspaceSize, aclOpExecutor **executor) {
    const char *api = "aclnnIm2colBackward";
    return planOperator(api, workspaceSize, executor, [&](OpPlan &plan) {
        const std::string phase1 = std::string(api) + "GetWorkspaceSize";
        const Geometry g = validate(phase1.c_str(), plan.device(), gradOutput, inputSize, kernelSize, dilation,
                                    padding, stride, out);
        plan.addInput(gradOutput, "gradOutput");
        plan.addOutput(out, "out");
        if (gradOutput->isEmpty() || out->isEmpty()) return;  // nothing to compute

        const aclDataType inType = gradOutput->dtype, outType = out->dtype;
        const aclDataType accType = (inType == ACL_DOUBLE || outType == ACL_DOUBLE) ? ACL_DOUBLE : ACL_FLOAT;
        const int64_t taps = g.KH * g.KW;

        // gradOutput as (nc, tap, column) and out as (nc, h, w): used in place when (n, c) collapse
        // into one index, else packed (in) or staged (out) contiguously by the plan.
        const bool rank3 = gradOutput->rank() == 3;
        const int64_t gsR = gradOutput->strides[rank3 ? 1 : 0];
        const int64_t gsN = rank3 ? gradOutput->strides[0] : 0;
        int64_t gsNC = 0;
        Operand src;
        src.where = Operand::Where::Input;
        src.index = kGradOutput;
        src.dtype = inType;
        aclTensor gradView = *gradOutput;
        if (!mergeDims(g.N, g.C, gsN, taps * gsR, &gsNC)) {
            src = plan.contiguousInput(kGradOutput, inType);
            gradView.strides = contiguousStrides(gradView.viewDims);
            gsNC = taps * gradView.strides[rank3 ? 1 : 0];
        }
        const int64_t gsT = gradView.strides[rank3 ? 1 : 0];
        const int64_t gsCol = gradView.strides[rank3 ? 2 : 1];

        const size_t r = static_cast<size_t>(out->rank());
        int64_t osNC = 0;
        Operand dst;
        dst.where = Operand::Where::Output;
        dst.index = kOut;
        dst.dtype = outType;
        aclTensor outView = *out;
        if (!mergeDims(g.N, g.C, rank3 ? out->strides[0] : 0, out->strides[r - 3], &osNC)) {
            dst = plan.contiguousOutput(kOut, outType);
            outView.strides = contiguousStrides(outView.viewDims);
            osNC = outView.strides[r - 3];
        }
        const int64_t osH = outView.strides[r - 2], osW = outView.strides[r - 1];

        const bool unrolled = !g_forceGeneric && taps <= kMaxUnrolledTaps;
        std::string defines = dtypeDefines("IN", inType) + dtypeDefines("OUT", outType, accType) +
                              accDefine(accType) + indexDefine(needsWideIndex(gradView, outView));
        defines += gsCol == 1 ? "#define GSL 1\n" : "#define GSL gsL\n";
        defines += osW == 1 ? "#define OSW 1\n" : "#define OSW osW\n";
        if (unrolled) {
            defines += strformat("#define UNROLLED 1\n#define KH %lld\n#define KW %lld\n#define SH %lld\n"
                                 "#define SW %lld\n#define DH %lld\n#define DW %lld\n",
                                 static_cast<long long>(g.KH), static_cast<long long>(g.KW),
                                 static_cast<long long>(g.SH), static_cast<long long>(g.SW),
                                 static_cast<long long>(g.DH), static_cast<long long>(g.DW));
        } else {
            defines += "#define UNROLLED 0\n";
        }
        ProgramHandle program = plan.program("im2col_backward", defines);
        auto kernel = std::make_shared<Kernel>(program,
                                               unrolled ? "im2col_backward_unrolled" : "im2col_backward_generic");

        size_t local[3];
        chooseLocal(kernel->maxWorkGroupSize(), g.W, g.H, local);
        const size_t global[3] = {static_cast<size_t>(g.W), static_cast<size_t>(g.H),
                                  static_cast<size_t>(g.N * g.C)};
        const cl_int H = static_cast<cl_int>(g.H), W = static_cast<cl_int>(g.W), L0 = static_cast<cl_int>(g.L0),
                     L1 = static_cast<cl_int>(g.L1), PH = static_cast<cl_int>(g.PH),
                     PW = static_cast<cl_int>(g.PW);
        const cl_long args[6] = {gsNC, gsT, gsCol, osNC, osH, osW};
        if (unrolled) {
            plan.step([=](RunContext &ctx) {
                kernel->args(src.resolve(ctx), dst.resolve(ctx), H, W, L0, L1, PH, PW, args[0], args[1], args[2],
                             args[3], args[4], args[5]);
                kernel->launch(ctx.queue(), 3, global, local);
            });
            return;
        }
        // Per axis: valid taps form an arithmetic sequence with step S / gcd(D, S).
        const int64_t gcdH = std::gcd(g.DH, g.SH), gcdW = std::gcd(g.DW, g.SW);
        const cl_int geo[12] = {static_cast<cl_int>(g.KH),
                                static_cast<cl_int>(g.KW),
                                static_cast<cl_int>(g.SH),
                                static_cast<cl_int>(g.SW),
                                static_cast<cl_int>(g.DH),
                                static_cast<cl_int>(g.DW),
                                static_cast<cl_int>(g.SH / gcdH),
                                static_cast<cl_int>(modularInverse(g.DH / gcdH, g.SH / gcdH)),
                                static_cast<cl_int>(gcdH),
                                static_cast<cl_int>(g.SW / gcdW),
                                static_cast<cl_int>(modularInverse(g.DW / gcdW, g.SW / gcdW)),
                                static_cast<cl_int>(gcdW)};
        plan.step([=](RunContext &ctx) {
            kernel->args(src.resolve(ctx), dst.resolve(ctx), H, W, L0, L1, PH, PW, args[0], args[1], args[2], args[3],
                         args[4], args[5], geo[0], geo[1], geo[2], geo[3], geo[4], geo[5], geo[6], geo[7], geo[8],
                         geo[9], geo[10], geo[11]);
            kernel->launch(ctx.queue(), 3, global, local);
        });
    });
}

}  // namespace

// Test hooks (declared in ops/test_hooks.h; not part of the public API): 64-bit index math for every size,
// and the generic (runtime-geometry) kernel for every kernel size.
void im2colBackwardForceWideIndex(bool wide) { g_forceWideIndex = wide; }
void im2colBackwardForceGeneric(bool generic) { g_forceGeneric = generic; }

}  // namespace aclcl

aclnnStatus aclnnIm2colBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclIntArray *inputSize,
                                                const aclIntArray *kernelSize, const aclIntArray *dilation,
                                                const aclIntArray *padding, const aclIntArray *stride, aclTensor *out,
                                                uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planIm2colBackward(gradOutput, inputSize, kernelSize, dilation, padding, stride, out,
                                     workspaceSize, executor);
}

aclnnStatus aclnnIm2colBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                aclrtStream stream) {
    return aclcl::runExecutor("aclnnIm2colBackward", workspace, workspaceSize, executor, stream);
}
