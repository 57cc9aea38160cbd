// aclnnConvolution (aclnnop/aclnn_convolution.h): 1-D (N, C, L) and 2-D (N, C, H, W) convolution, with stride,
// padding (per side), dilation, groups and an optional bias, as products through the GEMM seam, in one of two
// ways (planShiftedTaps says which):
// - columns: the im2col columns of a chunk of samples go to workspace (cl_kernels/im2col.cl, cast to the
//   GEMM's dtype on the way), then one GEMM per sample and group writes out[n, group's channels, :] =
//   W_g @ columns, with beta 1 onto out pre-filled with bias (cl_kernels/conv_tbc.cl bias_planes);
// - shifted taps (stride 1): the input is padded once into workspace, and each tap's product reads it as a
//   matrix shifted by the tap (no column buffer, KH*KW times smaller than the columns); see planShiftedTaps.
// Transposed and 3-D convolutions are refused. The contract, in check order: docs/ops/convolution.md.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "aclnnop/aclnn_convolution.h"
#include "common/checked_math.h"
#include "ops/convolution_shape.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnConvolution";

// Executor indices.
constexpr size_t kInput = 0, kWeight = 1, kBias = 2;
constexpr size_t kOutput = 0;

struct Args {
    const aclTensor *input, *weight, *bias;
    const aclIntArray *stride, *padding, *dilation;
    bool transposed;
    const aclIntArray *outputPadding;
    int64_t groups;
    const aclTensor *output;
    int8_t cubeMathType;
};

// 161002 unless `array` has one of the counts (`what` describes them).
void checkArrayCount(const char *op, const aclIntArray *array, const char *name, std::initializer_list<size_t> counts,
                     const char *what) {
    if (std::find(counts.begin(), counts.end(), array->values.size()) != counts.end()) return;
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to have %s, but found %zu (%s).", op, name, what,
                                            array->values.size(), array->toString().c_str()));
}

// The checks in CANN's order (its CheckConvParams, docs/ops/convolution.md): nulls; (views); dtypes (bias,
// input, weight, output); ranks, bias's length and the arrays' lengths; formats; values; output's shape;
// cubeMathType; (output not self-overlapping). Transposed (after the lengths) and 3-D (after the ranks) are
// refused with 161002. The parenthesised checks are ours.
conv::Geometry validate(const char *op, const Args &a) {
    checkNotNull(op, a.input, "input");
    checkNotNull(op, a.weight, "weight");
    checkNotNull(op, a.stride, "stride");
    checkNotNull(op, a.padding, "padding");
    checkNotNull(op, a.dilation, "dilation");
    checkNotNull(op, a.output, "output");
    if (a.transposed) checkNotNull(op, a.outputPadding, "outputPadding");
    checkViews(op, {{a.input, "input"}, {a.weight, "weight"}, {a.output, "output"}});
    if (a.bias) checkView(op, a.bias, "bias");

    if (a.bias) checkDtypeIn(op, a.bias, "bias", conv::kConvolutionDtypes);
    checkDtypeIn(op, a.input, "input", conv::kConvolutionDtypes);
    checkDtypeIn(op, a.weight, "weight", conv::kConvolutionDtypes);
    checkDtypeIn(op, a.output, "output", conv::kConvolutionDtypes);

    checkRankIn(op, a.input, "input", {3, 4, 5});
    checkRankIn(op, a.weight, "weight", {a.input->rank()});
    checkRankIn(op, a.output, "output", {a.input->rank()});
    const int64_t rank = a.input->rank();
    if (rank == 5) conv::refuseUnsupported(op, "A 3-D convolution (5-D input)");
    const bool oneD = rank == 3;
    if (a.bias) {
        checkRankIn(op, a.bias, "bias", {1});
        if (a.bias->dim(0) != a.weight->dim(0)) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Expected bias to have weight.shape[0] (C_out = %lld) values, but found bias %s.", op,
                           static_cast<long long>(a.weight->dim(0)), a.bias->shapeString().c_str()));
        }
    }
    const size_t spatial = static_cast<size_t>(rank - 2);
    checkArraySize(op, a.stride, "stride", spatial);
    checkArraySize(op, a.dilation, "dilation", spatial);
    if (oneD) {
        checkArrayCount(op, a.padding, "padding", {1, 2}, "1 or 2 values for a 1-D convolution");
    } else {
        checkArrayCount(op, a.padding, "padding", {2, 4}, "2 or 4 values (top, bottom, left, right) for a 2-D one");
    }
    if (a.transposed) {
        checkArraySize(op, a.outputPadding, "outputPadding", spatial);
        conv::refuseUnsupported(op, "A transposed convolution (transposed = true)");
    }

    const aclFormat layout = oneD ? ACL_FORMAT_NCL : ACL_FORMAT_NCHW;
    checkFormatIn(op, a.input, "input", {layout});
    if (!oneD && a.weight->format == ACL_FORMAT_FRACTAL_Z) conv::refuseUnsupported(op, "A FRACTAL_Z weight");
    checkFormatIn(op, a.weight, "weight", {layout});
    checkFormatIn(op, a.output, "output", {layout});
    if (a.bias) checkFormatIn(op, a.bias, "bias", {ACL_FORMAT_ND, ACL_FORMAT_NCL, ACL_FORMAT_NCHW, ACL_FORMAT_NCDHW});

    // Values. Spatial dims: the input's may be 0, the weight's must be positive.
    for (int64_t d = 2; d < rank; ++d) {
        if (a.weight->dim(d) > 0 && a.weight->dim(d) <= kMaxWindowValue) continue;
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected weight's kernel dims (2 and on) to be positive (and at most %lld), but found "
                       "weight %s.",
                       op, static_cast<long long>(kMaxWindowValue), a.weight->shapeString().c_str()));
    }
    checkWindowValues(op, a.stride, "stride", 1);
    checkWindowValues(op, a.dilation, "dilation", 1);
    // CANN's docs require padding >= 0 (its check does not test it; PyTorch refuses a negative one).
    checkWindowValues(op, a.padding, "padding", 0);
    if (a.groups <= 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected groups to be > 0, but found %lld.", op, static_cast<long long>(a.groups)));
    }
    const conv::Geometry g = conv::geometryOf(a.input, a.weight, a.stride, a.padding, a.dilation, a.groups);
    if (!a.input->isEmpty() && (g.Ho <= 0 || g.Wo <= 0)) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected the padded input (input %s, padding %s) to be at least the dilated kernel "
                       "(weight %s, dilation %s) in every spatial dim, but it is smaller.",
                       op, a.input->shapeString().c_str(), a.padding->toString().c_str(),
                       a.weight->shapeString().c_str(), a.dilation->toString().c_str()));
    }
    int64_t groupedC = 0;
    if (!checkedMul(a.weight->dim(1), a.groups, &groupedC) || groupedC != g.C) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected weight.shape[1] * groups to equal input's channels %lld, but found %lld * %lld.",
                       op, static_cast<long long>(g.C), static_cast<long long>(a.weight->dim(1)),
                       static_cast<long long>(a.groups)));
    }
    if (g.Cout % a.groups != 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected weight.shape[0] (C_out = %lld) to be divisible by groups %lld.", op,
                       static_cast<long long>(g.Cout), static_cast<long long>(a.groups)));
    }

    std::vector<int64_t> expected = {g.N, g.Cout};
    if (!oneD) expected.push_back(std::max<int64_t>(g.Ho, 0));
    expected.push_back(std::max<int64_t>(g.Wo, 0));
    checkShapeIs(op, a.output, "output", expected);
    if ((a.input->isEmpty() || a.weight->isEmpty()) && !a.output->isEmpty()) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected output to be empty when input or weight is, but found input %s, weight %s, "
                       "output %s.",
                       op, a.input->shapeString().c_str(), a.weight->shapeString().c_str(),
                       a.output->shapeString().c_str()));
    }
    if (a.cubeMathType < 0 || a.cubeMathType > 4) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected cubeMathType to be one of 0 (KEEP_DTYPE), 1 (ALLOW_FP32_DOWN_PRECISION), 2 "
                       "(USE_FP16), 3 (USE_HF32), 4 (USE_FP32_ADD), but found %d.",
                       op, static_cast<int>(a.cubeMathType)));
    }
    checkNoSelfOverlap(op, a.output, "output");
    return g;
}

// out (count, C_out, Ho, Wo; contiguous from outFirst) = uncropped[n, c, oh, ow] (rows of Wp, planes of
// outPlane) + bias[c], in one pass (cl_kernels/conv_crop.cl).
void planBiasCrop(OpPlan &plan, const Operand &uncropped, const Operand &bias, const Operand &out, uint64_t outFirst,
                  int64_t count, int64_t Cout, int64_t Ho, int64_t Wo, int64_t Wp, int64_t outPlane) {
    Defines defines;
    defines.slot("IN", uncropped.dtype).slot("B", bias.dtype).slot("OUT", out.dtype, ACL_FLOAT);
    defines.index(IndexWidth().cover(count * Cout * outPlane).cover(count * Cout * Ho * Wo + Wo).wide());
    auto kernel = plan.kernel(plan.program("conv_crop", defines), "bias_crop");
    const int64_t planes = count * Cout;
    plan.launch(kernel, planeWalk(plan.device(), kernel->maxWorkGroupSize(), planes), [=](Kernel &k, RunContext &ctx) {
        BufferRef dst = out.resolve(ctx);
        dst.offset += outFirst;
        k.args(uncropped.resolve(ctx), bias.resolve(ctx), dst, Wo, Ho, planes, Cout, Wp, outPlane);
    });
}

// Stride 1: with a sample's input padded to planes of Hp x Wp (Hp = Ho + (KH-1)*DH, Wp = Wo + (KW-1)*DW),
// the tap (kh, kw) of output (oh, ow) reads padded[c, oh + kh*DH, ow + kw*DW], which lies kh*DH*Wp + kw*DW
// elements after position j = oh*Wp + ow of the plane. So, counting a sample's output positions over rows of
// Wp, each tap reads a (Cg x Ho*Wp) matrix of row stride Hp*Wp at a fixed shift:
//   out'[n, c_out of the group, j] = sum over taps, in order, of W_tap (Coutg x Cg) @ padded[n] shifted,
// one product per sample, group and tap (beta 1 from the second tap on), the weight permuted to (taps, C_out,
// Cg). The positions with ow >= Wo read past their row (into the next, or into the slack after the buffer,
// zeroed) and are dropped when out' (N, C_out, Ho, Wp) is cropped into out, the bias added on the way (or, for
// planes too long for one work-item's walk, written into out' first: beta 1 from the first tap on). The
// bits differ from the columns' (another summation order), and are fixed for a device and library.
// Returns false (nothing planned) where the columns run instead.
bool planShiftedTaps(OpPlan &plan, const conv::Geometry &g, conv_tbc::GemmStep &gemms, const GatherBuffer &image,
                     const Operand &w, const std::optional<Operand> &bias, const Operand &y) {
    const Im2colWindow &win = g.window;
    const conv::ShiftedPlanes sp = conv::shiftedPlanesOf(win, g.Ho, g.Wo);
    const int64_t Cg = g.Cg(), Coutg = g.Coutg(), taps = win.taps();
    const int64_t Hp = sp.Hp, Wp = sp.Wp, plane = sp.plane, outPlane = sp.outPlane, slack = sp.slack;
    const blas::GemmDims d{blas::Op::NoTrans,            blas::Op::NoTrans,       static_cast<size_t>(Coutg),
                           static_cast<size_t>(outPlane), static_cast<size_t>(Cg), static_cast<size_t>(Cg),
                           static_cast<size_t>(plane),    static_cast<size_t>(outPlane)};
    if (!conv::takesShiftedTaps(g, Cg, gemms, d)) return false;

    const aclDataType gd = gemms.dtype();
    const int64_t chunk =
        conv::samplesPerChunk(g.N, static_cast<uint64_t>(g.C * plane + g.Cout * outPlane) * dtypeSize(gd));
    // weight (C_out, Cg, taps) -> (taps, C_out, Cg): the gather's (n, c, h, w) = (tap, c_out, 0, channel).
    const Operand wt = plan.workspaceOperand(static_cast<uint64_t>(taps * g.Cout * Cg), gd);
    conv::planGatherCopy(plan, GatherBuffer{w, 0, {taps, g.Cout, 1, Cg}, {1, Cg * taps, 0, taps}}, 0, 0, 1, Cg,
                         GatherBuffer{wt, 0, {taps, g.Cout, Cg}, {g.Cout * Cg, Cg, 1}});
    const Operand padded = plan.workspaceOperand(static_cast<uint64_t>(chunk * g.C * plane + slack), gd);
    const Operand tmp = plan.workspaceOperand(static_cast<uint64_t>(chunk * g.Cout * outPlane), gd);
    // The bias is added in the crop where bias_crop's walk of a plane (rows of vectors of 8 and a tail) is
    // within the bound; otherwise written into out' first, for the products to add onto.
    const bool fillBias =
        bias && !walkingKernelFits(plan.device(), static_cast<double>(g.Ho) * (static_cast<double>(g.Wo) / 8 + 8));
    for (int64_t n0 = 0; n0 < g.N; n0 += chunk) {
        const int64_t count = std::min(chunk, g.N - n0);
        conv::planGatherCopy(plan, conv::sampleSlice(image, n0, count), win.PH, win.PW, Hp, Wp,
                             GatherBuffer{padded, 0, {count, g.C, plane}, {g.C * plane, plane, 1}});
        if (fillBias) conv_tbc::planBiasFill(plan, *bias, tmp, count, g.Cout, outPlane);
        if (slack > 0) gemms.zero(padded, static_cast<uint64_t>(count * g.C * plane), static_cast<uint64_t>(slack));
        for (int64_t n = 0; n < count; ++n) {
            for (int64_t grp = 0; grp < g.groups; ++grp) {
                for (int64_t t = 0; t < taps; ++t) {
                    gemms.gemm(d, wt, static_cast<uint64_t>((t * g.Cout + grp * Coutg) * Cg), padded,
                               static_cast<uint64_t>((n * g.C + grp * Cg) * plane + sp.shift(t)),
                               (fillBias || t > 0) ? 1.0f : 0.0f, tmp,
                               static_cast<uint64_t>((n * g.Cout + grp * Coutg) * outPlane));
                }
            }
        }
        gemms.enqueue();
        const uint64_t yFirst = static_cast<uint64_t>(n0 * g.Cout * g.L());
        if (bias && !fillBias) {
            planBiasCrop(plan, tmp, *bias, y, yFirst, count, g.Cout, g.Ho, g.Wo, Wp, outPlane);
            continue;
        }
        const GatherBuffer uncropped{tmp, 0, {count, g.Cout, g.Ho, g.Wo}, {g.Cout * outPlane, outPlane, Wp, 1}};
        conv::planGatherCopy(plan, uncropped, 0, 0, g.Ho, g.Wo,
                             GatherBuffer{y, yFirst, {count, g.Cout, g.L()}, {g.Cout * g.L(), g.L(), 1}});
    }
    return true;
}

void plan(OpPlan &plan, const Args &a) {
    const conv::Geometry g = validate(plan.checkName(), a);
    plan.addInput(a.input, "input");
    plan.addInput(a.weight, "weight");
    if (a.bias) plan.addInput(a.bias, "bias");
    plan.addOutput(a.output, "output");
    plan.describeAttribute("stride", a.stride);
    plan.describeAttribute("padding", a.padding);
    plan.describeAttribute("dilation", a.dilation);
    plan.describeAttribute("groups", a.groups);
    plan.describeAttribute("cubeMathType", int64_t{a.cubeMathType});
    if (a.output->isEmpty()) return;  // CANN: success, nothing launched

    conv_tbc::GemmStep gemms(plan, a.cubeMathType);
    const aclDataType gd = gemms.dtype();
    const Operand w = plan.contiguousInput(kWeight, gd);  // (C_out, K) row-major
    const Operand y = plan.contiguousOutput(kOutput, gd);  // (N, C_out, L)
    const GatherBuffer image = conv::nchwBuffer(Operand{Operand::Where::Input, kInput, 0, a.input->dtype},
                                                plan.input(kInput));
    std::optional<Operand> bias;
    if (a.bias) bias = plan.contiguousInput(kBias, a.bias->dtype);
    if (planShiftedTaps(plan, g, gemms, image, w, bias, y)) return;
    const int64_t L = g.L(), K = g.K(), Coutg = g.Coutg(), rows = g.rows();
    float beta = 0.0f;
    if (bias) {
        conv_tbc::planBiasFill(plan, *bias, y, g.N, g.Cout, L);
        beta = 1.0f;
    }
    const int64_t chunk = conv::samplesPerChunk(g, gd);
    const Operand columns = plan.workspaceOperand(static_cast<uint64_t>(chunk * rows * L), gd);
    // out[n, group's rows] (C_out/groups x L) = W_g (C_out/groups x K) @ columns[n, group's rows] (K x L).
    const blas::GemmDims d{blas::Op::NoTrans,         blas::Op::NoTrans,         static_cast<size_t>(Coutg),
                           static_cast<size_t>(L),    static_cast<size_t>(K),    static_cast<size_t>(K),
                           static_cast<size_t>(L),    static_cast<size_t>(L)};
    for (int64_t n0 = 0; n0 < g.N; n0 += chunk) {
        const int64_t count = std::min(chunk, g.N - n0);
        conv::planColumns(plan, g, image, n0, count, columns);
        for (int64_t n = n0; n < n0 + count; ++n) {
            for (int64_t grp = 0; grp < g.groups; ++grp) {
                gemms.gemm(d, w, static_cast<uint64_t>(grp * Coutg * K), columns,
                           static_cast<uint64_t>((n - n0) * rows * L + grp * K * L), beta, y,
                           static_cast<uint64_t>((n * g.Cout + grp * Coutg) * L));
            }
        }
        gemms.enqueue();
    }
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnConvolutionGetWorkspaceSize(const aclTensor *input, const aclTensor *weight, const aclTensor *bias,
                                             const aclIntArray *stride, const aclIntArray *padding,
                                             const aclIntArray *dilation, bool transposed,
                                             const aclIntArray *outputPadding, const int64_t groups, aclTensor *output,
                                             int8_t cubeMathType, uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{input, weight,        bias,   stride, padding,     dilation,
                           transposed, outputPadding, groups, output, cubeMathType};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnConvolution(void *workspace, const uint64_t workspaceSize, aclOpExecutor *executor,
                             aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
