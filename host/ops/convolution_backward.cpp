// aclnnConvolutionBackward (aclnnop/aclnn_convolution_backward.h): the gradients of aclnnConvolution (1-D and
// 2-D, stride, padding per side, dilation, groups), each computed only when outputMask asks for it.
//   gradWeight_g = sum over n of gradOutput[n, g] (C_out/groups x L) @ columns[n, g]^T (L x K): the columns of
//     a chunk of samples (cl_kernels/im2col.cl) in workspace, then one GEMM per sample and group through the
//     GEMM seam, beta 1 onto the previous sample's sum, in sample order (a fixed order: no atomics).
//   gradInput = col2im(W_g^T @ gradOutput[n, g]): the same GEMMs' other product into the column buffer, then
//     the col2im gather (cl_kernels/im2col_backward.cl: each pixel sums its taps in a fixed order).
//   gradBias = the sum of gradOutput over N and the spatial dims, on the reduction engine (its fixed order).
// Those are the columns; where Convolution takes its shifted taps (and the pads are within the dilated
// kernel's reach), gradInput and gradWeight take them too, with neither column buffer nor col2im
// (planShiftedTaps). The contract, in check order: docs/ops/convolution_backward.md.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "aclnnop/aclnn_convolution_backward.h"
#include "common/checked_math.h"
#include "engines/reduction.h"
#include "ops/convolution_shape.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnConvolutionBackward";
constexpr ReductionRow kGradBiasSum{kApi, "0", "RD_SUM(acc, x)", "RD_SUM(acc, other)", "acc"};

// Executor input indices (the outputs' depend on the mask).
constexpr size_t kGradOutput = 0, kInput = 1, kWeight = 2;

struct Args {
    const aclTensor *gradOutput, *input, *weight;
    const aclIntArray *biasSizes, *stride, *padding, *dilation;
    bool transposed;
    const aclIntArray *outputPadding;
    int groups;
    const aclBoolArray *outputMask;
    int8_t cubeMathType;
    const aclTensor *gradInput, *gradWeight, *gradBias;
};

struct Wanted {
    bool input = false, weight = false, bias = false;
};

void checkFormatForRank(const char *op, const aclTensor *t, const char *name) {
    switch (t->rank()) {
        case 3: checkFormatIn(op, t, name, {ACL_FORMAT_ND, ACL_FORMAT_NCL}); return;
        case 4: checkFormatIn(op, t, name, {ACL_FORMAT_NCHW}); return;
        case 5: checkFormatIn(op, t, name, {ACL_FORMAT_NCDHW}); return;
        default: checkRankIn(op, t, name, {3, 4, 5});
    }
}

void checkAtLeast(const char *op, const aclIntArray *array, const char *name, int64_t min) {
    checkWindowValues(op, array, name, min);
}

void checkCount(const char *op, const aclIntArray *array, const char *name, size_t spatial) {
    const size_t n = array->values.size();
    if (n == spatial || (spatial == 2 && n == 4) || (spatial == 1 && n == 2 && std::string(name) == "padding")) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected %s to have %zu values%s, but found %zu (%s).", op, name, spatial,
                   spatial == 2 ? " (or 4)" : std::string(name) == "padding" ? " (or 2)" : "", n,
                   array->toString().c_str()));
}

// The checks in CANN's order (its convolution_backward_checker.cpp CheckParams, docs/ops/
// convolution_backward.md): nulls and outputMask (161001); (views); dtypes; formats; attribute values;
// cubeMathType; [transposed and 3-D refused]; the empty path's checks, or ranks, shapes and array lengths;
// channels and groups; (gradOutput's spatial dims against the forward's; outputs not self-overlapping).
Wanted validate(const char *op, const Args &a, bool *emptyPath) {
    checkNotNull(op, a.gradOutput, "gradOutput");
    checkNotNull(op, a.input, "input");
    checkNotNull(op, a.weight, "weight");
    checkNotNull(op, a.stride, "stride");
    checkNotNull(op, a.padding, "padding");
    checkNotNull(op, a.dilation, "dilation");
    checkNotNull(op, a.outputPadding, "outputPadding");
    checkNotNull(op, a.outputMask, "aclBoolArray", "outputMask");
    if (a.outputMask->values.size() != 3) {
        fail(ACLNN_ERR_PARAM_NULLPTR,
             strformat("%s: Expected outputMask to have 3 values ([gradInput, gradWeight, gradBias]), but found %zu.",
                       op, a.outputMask->values.size()));
    }
    const Wanted want{a.outputMask->values[0], a.outputMask->values[1], a.outputMask->values[2]};
    if (want.input) checkNotNull(op, a.gradInput, "gradInput");
    if (want.weight) checkNotNull(op, a.gradWeight, "gradWeight");
    if (want.bias) checkNotNull(op, a.gradBias, "gradBias");
    checkViews(op, {{a.gradOutput, "gradOutput"}, {a.input, "input"}, {a.weight, "weight"}});
    const std::pair<const aclTensor *, const char *> outs[] = {
        {want.input ? a.gradInput : nullptr, "gradInput"},
        {want.weight ? a.gradWeight : nullptr, "gradWeight"},
        {want.bias ? a.gradBias : nullptr, "gradBias"}};
    for (auto &[t, name] : outs) {
        if (t) checkView(op, t, name);
    }

    checkDtypeIn(op, a.gradOutput, "gradOutput", conv::kConvolutionDtypes);
    checkDtypeIn(op, a.input, "input", conv::kConvolutionDtypes);
    checkDtypeIn(op, a.weight, "weight", conv::kConvolutionDtypes);
    for (auto &[t, name] : outs) {
        if (t) checkDtypeIn(op, t, name, conv::kConvolutionDtypes);
    }

    checkFormatForRank(op, a.gradOutput, "gradOutput");
    checkFormatForRank(op, a.input, "input");
    checkFormatForRank(op, a.weight, "weight");
    if (outs[0].first) checkFormatForRank(op, a.gradInput, "gradInput");
    if (outs[1].first) checkFormatForRank(op, a.gradWeight, "gradWeight");
    if (outs[2].first) checkFormatIn(op, a.gradBias, "gradBias", {ACL_FORMAT_ND});

    checkAtLeast(op, a.stride, "stride", 1);
    checkAtLeast(op, a.padding, "padding", 0);
    checkAtLeast(op, a.dilation, "dilation", 1);
    if (!a.transposed) {
        for (int64_t v : a.outputPadding->values) {
            if (v == 0) continue;
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Expected every value of outputPadding to be 0 when transposed is false, but found %s.",
                           op, a.outputPadding->toString().c_str()));
        }
    }
    if (a.groups < 1) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected groups to be >= 1, but found %d.", op, a.groups));
    }
    if (a.cubeMathType < 0 || a.cubeMathType > 3) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected cubeMathType to be one of 0 (KEEP_DTYPE), 1 (ALLOW_FP32_DOWN_PRECISION), 2 "
                       "(USE_FP16), 3 (USE_HF32), but found %d.",
                       op, static_cast<int>(a.cubeMathType)));
    }
    if (a.transposed) conv::refuseUnsupported(op, "A transposed convolution's gradient (transposed = true)");
    if (a.input->rank() == 5) conv::refuseUnsupported(op, "A 3-D convolution's gradient (5-D input)");

    const int64_t rank = a.input->rank();
    checkRankIn(op, a.gradOutput, "gradOutput", {rank});
    checkRankIn(op, a.weight, "weight", {rank});
    const int64_t Cout = a.weight->dim(0);
    *emptyPath = a.input->isEmpty() || a.weight->isEmpty();
    if (*emptyPath) {
        // CANN's empty path: gradWeight and gradBias are zeros, gradInput must be empty by its N or C.
        if (want.bias) {
            if (!a.biasSizes || a.biasSizes->values.size() != 1 || a.biasSizes->values[0] != Cout) {
                fail(ACLNN_ERR_PARAM_INVALID,
                     strformat("%s: Expected biasSizes to be [%lld] (weight.shape[0]) when gradBias is wanted, but "
                               "found %s.",
                               op, static_cast<long long>(Cout),
                               a.biasSizes ? a.biasSizes->toString().c_str() : "nullptr"));
            }
            checkShapeIs(op, a.gradBias, "gradBias", {Cout});
        }
        if (want.input && a.input->dim(0) != 0 && a.input->dim(1) != 0) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Expected input's N or C to be 0 when input or weight is empty and gradInput is "
                           "wanted, but found input %s and weight %s.",
                           op, a.input->shapeString().c_str(), a.weight->shapeString().c_str()));
        }
        if (want.input) checkSameShape(op, a.input, "input", a.gradInput, "gradInput");
        if (want.weight) checkSameShape(op, a.weight, "weight", a.gradWeight, "gradWeight");
        int64_t groupedC = 0;
        if (!checkedMul(a.weight->dim(1), a.groups, &groupedC) || groupedC != a.input->dim(1)) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Expected weight.shape[1] * groups to equal input's channels %lld, but found %lld * %d.",
                           op, static_cast<long long>(a.input->dim(1)), static_cast<long long>(a.weight->dim(1)),
                           a.groups));
        }
        return want;
    }

    if (a.gradOutput->isEmpty()) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected gradOutput to be non-empty, but found shape %s.", op,
                                                a.gradOutput->shapeString().c_str()));
    }
    if (want.input) checkSameShape(op, a.input, "input", a.gradInput, "gradInput");
    if (want.weight) checkSameShape(op, a.weight, "weight", a.gradWeight, "gradWeight");
    if (want.bias) checkShapeIs(op, a.gradBias, "gradBias", {a.gradOutput->dim(1)});
    const size_t spatial = static_cast<size_t>(rank - 2);
    checkArraySize(op, a.stride, "stride", spatial);
    checkArraySize(op, a.dilation, "dilation", spatial);
    checkCount(op, a.padding, "padding", spatial);
    checkCount(op, a.outputPadding, "outputPadding", spatial);

    if (a.gradOutput->dim(1) != Cout) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected gradOutput.shape[1] to equal weight.shape[0] (C_out = %lld), but found "
                       "gradOutput %s.",
                       op, static_cast<long long>(Cout), a.gradOutput->shapeString().c_str()));
    }
    const int64_t C = a.input->dim(1), Cg = a.weight->dim(1);
    if (C % Cg != 0 || C / Cg != a.groups) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected input's channels %lld / weight.shape[1] %lld to be exactly groups %d, but it is "
                       "not.",
                       op, static_cast<long long>(C), static_cast<long long>(Cg), a.groups));
    }
    // Ours: C_out divisible by groups, kernel dims in range and gradOutput's spatial dims those of the forward
    // (CANN checks them for 3-D only; a mismatch here would be a wrong answer, never a result).
    if (Cout % a.groups != 0) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected weight.shape[0] (C_out = %lld) to be divisible by "
                                                "groups %d.",
                                                op, static_cast<long long>(Cout), a.groups));
    }
    for (int64_t d = 2; d < rank; ++d) {
        if (a.weight->dim(d) <= kMaxWindowValue) continue;
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected weight's kernel dims to be at most %lld, but found %s.",
                                                op, static_cast<long long>(kMaxWindowValue),
                                                a.weight->shapeString().c_str()));
    }
    const conv::Geometry g = conv::geometryOf(a.input, a.weight, a.stride, a.padding, a.dilation, a.groups);
    std::vector<int64_t> expected = {a.input->dim(0), Cout};
    if (rank == 4) expected.push_back(g.Ho);
    expected.push_back(g.Wo);
    checkShapeIs(op, a.gradOutput, "gradOutput", expected);
    for (auto &[t, name] : outs) {
        if (t) checkNoSelfOverlap(op, t, name);
    }
    return want;
}

// Stride 1, with pads within the dilated kernel's reach (top = (KH-1)*DH - PH >= 0, left = (KW-1)*DW - PW >= 0):
// both gradients from gradOutput padded to the planes of a stride-1 convolution whose output has the input's
// size, Hq x Wq = (H + (KH-1)*DH) x (W + (KW-1)*DW): dyP[n, co, r, s] = gradOutput[n, co, r - top, s - left]
// (0 outside). With (kh, kw) the tap t and t' = taps-1-t the flipped one,
//   gradInput[n, c, h, w] = sum over co and t of W[co, c, t'] * dyP[n, co, h + kh*DH, w + kw*DW],
//   gradWeight[co, c, t'] = sum over n, h, w of dyP[n, co, h + kh*DH, w + kw*DW] * input[n, c, h, w],
// and counting positions over rows of Wq (conv::ShiftedPlanes), each tap reads dyP at a fixed shift:
// - gradInput'[n, group's c] (Cg x H*Wq) = sum over t, in order, of WB_t' (Cg x Coutg) @ dyP[n, group]
//   shifted, WB the weight permuted to (taps, C, Coutg); cropped into gradInput;
// - gradWeight (taps, C_out, Cg) tap t' (Coutg x Cg) += dyP[n, group] shifted (Coutg x H*Wq) @ input'[n,
//   group]^T, input' the input widened to Wq with zeros (the positions past the width add zeros), one sample
//   after another; permuted into gradWeight.
// No column buffer and no col2im. The bits differ from the columns' (other summation orders). Returns false
// (nothing planned) where the columns run instead.
bool planShiftedTaps(OpPlan &plan, const Args &a, const conv::Geometry &g, conv_tbc::GemmStep &gemms,
                     const Wanted &want, size_t oInput, size_t oWeight) {
    const Im2colWindow &win = g.window;
    const int64_t top = (win.KH - 1) * win.DH - win.PH, left = (win.KW - 1) * win.DW - win.PW;
    if (top < 0 || left < 0) return false;
    const conv::ShiftedPlanes sp = conv::shiftedPlanesOf(win, g.H, g.W);
    const int64_t Cg = g.Cg(), Coutg = g.Coutg(), taps = win.taps(), plane = sp.plane, outPlane = sp.outPlane;
    // gradInput's products (Cg x H*Wq) = WB (Cg x Coutg) @ dyP shifted (Coutg x H*Wq).
    const blas::GemmDims dx{blas::Op::NoTrans,          blas::Op::NoTrans,           static_cast<size_t>(Cg),
                            static_cast<size_t>(outPlane), static_cast<size_t>(Coutg), static_cast<size_t>(Coutg),
                            static_cast<size_t>(plane),    static_cast<size_t>(outPlane)};
    // gradWeight's (Coutg x Cg) = dyP shifted (Coutg x H*Wq) @ input'^T (H*Wq x Cg).
    const blas::GemmDims dw{blas::Op::NoTrans,       blas::Op::Trans,             static_cast<size_t>(Coutg),
                            static_cast<size_t>(Cg),    static_cast<size_t>(outPlane), static_cast<size_t>(plane),
                            static_cast<size_t>(outPlane), static_cast<size_t>(Cg)};
    if (!conv::takesShiftedTaps(g, std::min(Cg, Coutg), gemms, want.input ? dx : dw)) return false;

    const aclDataType gd = gemms.dtype();
    const int64_t perSample = g.Cout * plane + (want.input ? g.C * outPlane : 0) + (want.weight ? g.C * outPlane : 0);
    const int64_t chunk = conv::samplesPerChunk(g.N, static_cast<uint64_t>(perSample) * dtypeSize(gd));
    const GatherBuffer dyImage = conv::nchwBuffer(
        Operand{Operand::Where::Input, kGradOutput, 0, a.gradOutput->dtype}, plan.input(kGradOutput));
    Operand wb, tmp, gradIn, gwT, widened, gw;
    GatherBuffer image;
    if (want.input) {
        const Operand w = plan.contiguousInput(kWeight, gd);  // (C_out, Cg, taps)
        // (taps, C, Coutg): the gather's (n, c, h, w) = (tap, group, channel in the group, c_out in the group).
        wb = plan.workspaceOperand(static_cast<uint64_t>(taps * g.C * Coutg), gd);
        const GatherBuffer weight{w, 0, {taps, g.groups, Cg, Coutg}, {1, Coutg * Cg * taps, taps, Cg * taps}};
        conv::planGatherCopy(plan, weight, 0, 0, Cg, Coutg,
                             GatherBuffer{wb, 0, {taps, g.groups, Cg * Coutg}, {g.C * Coutg, Cg * Coutg, 1}});
        tmp = plan.workspaceOperand(static_cast<uint64_t>(chunk * g.C * outPlane), gd);
        gradIn = plan.contiguousOutput(oInput, gd);  // (N, C, H*W)
    }
    if (want.weight) {
        gw = plan.contiguousOutput(oWeight, gd);  // (C_out, Cg, taps)
        gwT = plan.workspaceOperand(static_cast<uint64_t>(taps * g.Cout * Cg), gd);
        widened = plan.workspaceOperand(static_cast<uint64_t>(chunk * g.C * outPlane), gd);
        image = conv::nchwBuffer(Operand{Operand::Where::Input, kInput, 0, a.input->dtype}, plan.input(kInput));
    }
    const Operand dyP = plan.workspaceOperand(static_cast<uint64_t>(chunk * g.Cout * plane + sp.slack), gd);
    for (int64_t n0 = 0; n0 < g.N; n0 += chunk) {
        const int64_t count = std::min(chunk, g.N - n0);
        conv::planGatherCopy(plan, conv::sampleSlice(dyImage, n0, count), top, left, sp.Hp, sp.Wp,
                             GatherBuffer{dyP, 0, {count, g.Cout, plane}, {g.Cout * plane, plane, 1}});
        if (sp.slack > 0) {
            gemms.zero(dyP, static_cast<uint64_t>(count * g.Cout * plane), static_cast<uint64_t>(sp.slack));
        }
        if (want.weight) {
            conv::planGatherCopy(plan, conv::sampleSlice(image, n0, count), 0, 0, g.H, sp.Wp,
                                 GatherBuffer{widened, 0, {count, g.C, outPlane}, {g.C * outPlane, outPlane, 1}});
        }
        for (int64_t n = 0; n < count; ++n) {
            for (int64_t grp = 0; grp < g.groups; ++grp) {
                for (int64_t t = 0; t < taps; ++t) {
                    const uint64_t dyAt = static_cast<uint64_t>((n * g.Cout + grp * Coutg) * plane + sp.shift(t));
                    const int64_t flipped = taps - 1 - t;
                    if (want.weight) {
                        gemms.gemm(dw, dyP, dyAt, widened, static_cast<uint64_t>((n * g.C + grp * Cg) * outPlane),
                                   n0 + n == 0 ? 0.0f : 1.0f, gwT,
                                   static_cast<uint64_t>((flipped * g.Cout + grp * Coutg) * Cg));
                    }
                    if (want.input) {
                        gemms.gemm(dx, wb, static_cast<uint64_t>((flipped * g.C + grp * Cg) * Coutg), dyP, dyAt,
                                   t > 0 ? 1.0f : 0.0f, tmp, static_cast<uint64_t>((n * g.C + grp * Cg) * outPlane));
                    }
                }
            }
        }
        gemms.enqueue();
        if (want.input) {
            const int64_t HW = g.H * g.W;
            conv::planGatherCopy(
                plan, GatherBuffer{tmp, 0, {count, g.C, g.H, g.W}, {g.C * outPlane, outPlane, sp.Wp, 1}}, 0, 0, g.H,
                g.W, GatherBuffer{gradIn, static_cast<uint64_t>(n0 * g.C * HW), {count, g.C, HW}, {g.C * HW, HW, 1}});
        }
    }
    if (want.weight) {
        conv::planGatherCopy(plan, GatherBuffer{gwT, 0, {g.Cout, Cg, 1, taps}, {Cg, 1, 0, g.Cout * Cg}}, 0, 0, 1, taps,
                             GatherBuffer{gw, 0, {g.Cout, Cg, taps}, {Cg * taps, taps, 1}});
    }
    return true;
}

void plan(OpPlan &plan, const Args &a) {
    bool emptyPath = false;
    const Wanted want = validate(plan.checkName(), a, &emptyPath);
    plan.addInput(a.gradOutput, "gradOutput");
    plan.addInput(a.input, "input");
    plan.addInput(a.weight, "weight");
    size_t next = 0;
    const size_t oInput = want.input ? (plan.addOutput(a.gradInput, "gradInput"), next++) : 0;
    const size_t oWeight = want.weight ? (plan.addOutput(a.gradWeight, "gradWeight"), next++) : 0;
    const size_t oBias = want.bias ? (plan.addOutput(a.gradBias, "gradBias"), next++) : 0;
    plan.describeAttribute("stride", a.stride);
    plan.describeAttribute("padding", a.padding);
    plan.describeAttribute("dilation", a.dilation);
    plan.describeAttribute("groups", int64_t{a.groups});
    plan.describeAttribute("cubeMathType", int64_t{a.cubeMathType});
    if (emptyPath) {
        // Sums over no sample or no channel: zeros (gradInput is empty).
        if (want.weight && !a.gradWeight->isEmpty()) planReductionFill(plan, oWeight, 0.0);
        if (want.bias && !a.gradBias->isEmpty()) planReductionFill(plan, oBias, 0.0);
        return;
    }

    const conv::Geometry g = conv::geometryOf(a.input, a.weight, a.stride, a.padding, a.dilation, a.groups);
    if (want.bias) {
        ReductionLaunch sum;
        sum.row = &kGradBiasSum;
        sum.accumulate = ACL_FLOAT;
        sum.reduced = std::vector<bool>(static_cast<size_t>(a.gradOutput->rank()), true);
        sum.reduced[1] = false;
        sum.input = kGradOutput;
        sum.output = oBias;
        planReduction(plan, sum);
    }
    if (!want.input && !want.weight) return;

    conv_tbc::GemmStep gemms(plan, a.cubeMathType);
    if (planShiftedTaps(plan, a, g, gemms, want, oInput, oWeight)) return;
    const aclDataType gd = gemms.dtype();
    const Operand dy = plan.contiguousInput(kGradOutput, gd);  // (N, C_out, L)
    const int64_t L = g.L(), K = g.K(), Coutg = g.Coutg(), rows = g.rows();
    const int64_t chunk = conv::samplesPerChunk(g, gd);
    const Operand columns = plan.workspaceOperand(static_cast<uint64_t>(chunk * rows * L), gd);
    Operand w, gw;
    if (want.input) w = plan.contiguousInput(kWeight, gd);  // (C_out, K) row-major
    if (want.weight) gw = plan.contiguousOutput(oWeight, gd);
    GatherBuffer image, gradImage;
    int64_t gradImageNc = 0;
    if (want.weight) {
        image = conv::nchwBuffer(Operand{Operand::Where::Input, kInput, 0, a.input->dtype}, plan.input(kInput));
    }
    if (want.input) {
        // Written in place when its (n, c) merge into one stride (col2im's addressing), else staged.
        const MergedView v = plan.mergedOutput(oInput, a.gradInput->dtype, 0, 1, g.N, g.C);
        gradImage = GatherBuffer{v.operand, 0, {g.N, g.C, g.H, g.W},
                                 {v.strides[0], v.strides[1], g.oneD ? 0 : v.strides[2], v.strides.back()}};
        gradImageNc = v.mergedStride;
    }
    // gradWeight_g (C_out/g x K) += gradOutput[n, g] (C_out/g x L) @ columns[n, g]^T.
    const blas::GemmDims dw{blas::Op::NoTrans,      blas::Op::Trans,        static_cast<size_t>(Coutg),
                            static_cast<size_t>(K), static_cast<size_t>(L), static_cast<size_t>(L),
                            static_cast<size_t>(L), static_cast<size_t>(K)};
    // columns[n, g] (K x L) = W_g^T (K x C_out/g) @ gradOutput[n, g] (C_out/g x L).
    const blas::GemmDims dx{blas::Op::Trans,        blas::Op::NoTrans,      static_cast<size_t>(K),
                            static_cast<size_t>(L), static_cast<size_t>(Coutg), static_cast<size_t>(K),
                            static_cast<size_t>(L), static_cast<size_t>(L)};
    for (int64_t n0 = 0; n0 < g.N; n0 += chunk) {
        const int64_t count = std::min(chunk, g.N - n0);
        if (want.weight) conv::planColumns(plan, g, image, n0, count, columns);
        for (int64_t n = n0; n < n0 + count; ++n) {
            for (int64_t grp = 0; grp < g.groups; ++grp) {
                const uint64_t at = static_cast<uint64_t>((n - n0) * rows * L + grp * K * L),
                               dyAt = static_cast<uint64_t>((n * g.Cout + grp * Coutg) * L);
                if (want.weight) {
                    gemms.gemm(dw, dy, dyAt, columns, at, n == 0 ? 0.0f : 1.0f, gw,
                               static_cast<uint64_t>(grp * Coutg * K));
                }
            }
        }
        // After every read of the chunk's columns (same queue, in order): the input gradient's columns.
        for (int64_t n = n0; n < n0 + count && want.input; ++n) {
            for (int64_t grp = 0; grp < g.groups; ++grp) {
                gemms.gemm(dx, w, static_cast<uint64_t>(grp * Coutg * K), dy,
                           static_cast<uint64_t>((n * g.Cout + grp * Coutg) * L), 0.0f, columns,
                           static_cast<uint64_t>((n - n0) * rows * L + grp * K * L));
            }
        }
        gemms.enqueue();
        if (want.input) {
            GatherBuffer target = gradImage;
            target.first += static_cast<uint64_t>(n0 * gradImageNc * g.C);
            target.dims[0] = count;
            const GatherBuffer cols{columns, 0, {count, rows, L}, {rows * L, L, 1}};
            planCol2im(plan, g.window, cols, g.window.taps() * L, target, gradImageNc);
        }
    }
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnConvolutionBackwardGetWorkspaceSize(
    const aclTensor *gradOutput, const aclTensor *input, const aclTensor *weight, const aclIntArray *biasSizes,
    const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation, bool transposed,
    const aclIntArray *outputPadding, int groups, const aclBoolArray *outputMask, int8_t cubeMathType,
    aclTensor *gradInput, aclTensor *gradWeight, aclTensor *gradBias, uint64_t *workspaceSize,
    aclOpExecutor **executor) {
    const aclcl::Args args{gradOutput,    input,  weight,     biasSizes,    stride,    padding,
                           dilation,      transposed, outputPadding, groups, outputMask, cubeMathType,
                           gradInput,     gradWeight, gradBias};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnConvolutionBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     const aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
