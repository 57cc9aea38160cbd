// aclnnConvTbc (aclnnop/aclnn_convolution.h): a 1-D convolution over (time, batch, channel) tensors,
// torch.conv_tbc. out starts as bias broadcast over the rows (cl_kernels/conv_tbc.cl), then each kernel
// tap adds one GEMM through CLBlast on a row range of the (T*B, C) row-major views (a time shift is an
// offset of B rows), in ascending tap order: the GEMM step ConvTbcBackward uses (ops/conv_tbc_gemm.h).
// The contract, in check order: docs/ops/conv_tbc.md.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "aclnnop/aclnn_convolution.h"
#include "ops/conv_tbc_family.h"
#include "ops/conv_tbc_gemm.h"
#include "ops/op_plan.h"

namespace aclcl {

namespace {

constexpr const char *kApi = "aclnnConvTbc";

// Executor indices, in CANN's argument order.
constexpr size_t kSelf = 0, kWeight = 1, kBias = 2;
constexpr size_t kOut = 0;

struct Args {
    const aclTensor *self, *weight, *bias;
    int64_t pad;
    const aclTensor *out;
    int8_t cubeMathType;
};

struct Geometry : conv_tbc::Shape {
    bool outEmpty = false;    // nothing to write
    bool inputEmpty = false;  // self or weight empty: out is bias broadcast
};

// The checks in CANN's order (its CheckConvTbcParams, docs/ops/conv_tbc.md): nulls; (views); dtypes; ranks;
// formats; values (bias length, K, pad, T + pad >= K, C_in); out's shape; cubeMathType; (out not
// self-overlapping). The parenthesised checks are ours.
Geometry validate(const char *op, const Args &a) {
    checkNotNull(op, a.self, "self");
    checkNotNull(op, a.weight, "weight");
    checkNotNull(op, a.bias, "bias");
    checkNotNull(op, a.out, "out");
    checkViews(op, {{a.self, "self"}, {a.weight, "weight"}, {a.bias, "bias"}, {a.out, "out"}});

    checkDtypeIn(op, a.bias, "bias", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    checkDtypeIn(op, a.self, "self", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    checkSameDtype(op, a.self, "self", a.weight, "weight");
    checkSameDtype(op, a.weight, "weight", a.out, "out");

    checkRankIn(op, a.self, "self", {3});
    checkRankIn(op, a.weight, "weight", {3});
    checkRankIn(op, a.out, "out", {3});
    checkRankIn(op, a.bias, "bias", {1});

    checkFormatIn(op, a.self, "self", {ACL_FORMAT_ND, ACL_FORMAT_NCL});
    checkFormatIn(op, a.weight, "weight", {ACL_FORMAT_ND, ACL_FORMAT_NCL});
    checkFormatIn(op, a.out, "out", {ACL_FORMAT_ND, ACL_FORMAT_NCL});

    Geometry g;
    g.T = a.self->dim(0);
    g.B = a.self->dim(1);
    g.Cin = a.self->dim(2);
    g.K = a.weight->dim(0);
    g.Cout = a.weight->dim(2);
    g.pad = a.pad;
    conv_tbc::checkBiasLength(op, a.bias, g.Cout);
    if (g.K <= 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected weight.shape[0] (the kernel size K) to be > 0, but found weight %s.", op,
                       a.weight->shapeString().c_str()));
    }
    // No upper limit: CANN's docs say [0, 255], but its parameter check does not enforce it and its
    // own test cases run pads of 354, 443 and 1037 (PyTorch has no limit either). The length rule
    // below and T_out fitting in int64 are the bounds.
    if (a.pad < 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected pad to be >= 0, but found %lld.", op, static_cast<long long>(a.pad)));
    }
    // CANN's length rule for a non-empty self counts the pad once: T + pad - K >= 0 (written as
    // pad >= K - T: T + pad may not fit in int64).
    if (!a.self->isEmpty() && g.pad < g.K - g.T) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected self.shape[0] + pad - weight.shape[0] to be >= 0, but found %lld + %lld - %lld.",
                       op, static_cast<long long>(g.T), static_cast<long long>(g.pad), static_cast<long long>(g.K)));
    }
    conv_tbc::checkWeightInChannels(op, a.weight, g.Cin, "self");
    g.Tout = conv_tbc::outputLength(op, g.T, g.K, g.pad, "self");
    checkShapeIs(op, a.out, "out", {g.Tout, g.B, g.Cout});
    conv_tbc::checkCubeMathType(op, a.cubeMathType);
    checkNoSelfOverlap(op, a.out, "out");
    g.outEmpty = a.out->isEmpty();
    g.inputEmpty = a.self->isEmpty() || a.weight->isEmpty();
    return g;
}

// out rows (T_out*B of them, C_out wide) = bias, rounded once to out's dtype.
void planBiasRows(OpPlan &plan, const Operand &bias, const Operand &out, int64_t rows, int64_t channels) {
    conv_tbc::planBiasFill(plan, bias, out, rows, channels, 1);
}

void plan(OpPlan &plan, const Args &a) {
    const Geometry g = validate(plan.checkName(), a);
    plan.addInput(a.self, "self");
    plan.addInput(a.weight, "weight");
    plan.addInput(a.bias, "bias");
    plan.addOutput(a.out, "out");
    plan.describeAttribute("pad", a.pad);
    plan.describeAttribute("cubeMathType", int64_t{a.cubeMathType});
    if (g.outEmpty) return;

    const int64_t rows = g.Tout * g.B;
    if (g.inputEmpty) {
        // CANN's rule: an empty self (T, B or C_in = 0) with a non-empty out gives bias broadcast, cast to
        // out's dtype (every tap meets only padding or sums over no channel).
        planBiasRows(plan, plan.contiguousInput(kBias, a.bias->dtype), plan.contiguousOutput(kOut, a.out->dtype),
                     rows, g.Cout);
        return;
    }

    conv_tbc::GemmStep gemms(plan, a.cubeMathType);
    const aclDataType gd = gemms.dtype();
    const uint64_t B = static_cast<uint64_t>(g.B), Cin = static_cast<uint64_t>(g.Cin),
                   Cout = static_cast<uint64_t>(g.Cout);
    // The own GEMM takes the whole convolution as one product: the reduction over (tap, C_in) with the
    // time-shifted input rows read in place, then the bias (docs/gemm.md). The counts fit 32 bits
    // wherever it is chosen (ownGemmObstacle).
    const blas::GemmDims whole{blas::Op::NoTrans, blas::Op::NoTrans, static_cast<size_t>(rows), Cout,
                               static_cast<size_t>(g.K) * Cin, Cin, Cout, Cout};
    const bool counts32 = std::max({g.K, g.Cin, g.B, g.pad}) <= static_cast<int64_t>(UINT32_MAX);
    const blas::ConvTaps taps{static_cast<uint32_t>(g.K), static_cast<uint32_t>(Cin), static_cast<uint32_t>(B),
                              static_cast<uint32_t>(g.pad)};
    if (counts32 && gemms.foldsConvolution(whole, taps)) {
        const Operand bias = plan.contiguousInput(kBias, gd);
        const Operand x = plan.contiguousInput(kSelf, gd);
        const Operand w = plan.contiguousInput(kWeight, gd);
        const Operand y = plan.contiguousOutput(kOut, gd);
        gemms.convolution(whole, taps, x, w, bias, y);
        gemms.enqueue();
        return;
    }
    const Operand bias = plan.contiguousInput(kBias, a.bias->dtype);
    const Operand x = plan.contiguousInput(kSelf, gd);
    const Operand w = plan.contiguousInput(kWeight, gd);
    const Operand y = plan.contiguousOutput(kOut, gd);
    planBiasRows(plan, bias, y, rows, g.Cout);
    // PyTorch's order: bias first, then the taps in ascending k, each adding (beta 1) over the out rows t
    // whose input row t + k - pad exists (the rows ConvTbcBackward's gradWeight sums over).
    for (int64_t k = 0; k < g.K; ++k) {
        const conv_tbc::TapRange r = conv_tbc::gradWeightRows(g.T, g.Tout, g.pad, k);
        if (r.empty()) continue;
        // out rows (m x C_out) += self rows (m x C_in) * W[k] (C_in x C_out), all row-major.
        const blas::GemmDims d{
            blas::Op::NoTrans, blas::Op::NoTrans, static_cast<size_t>(r.end - r.first) * B, Cout, Cin, Cin, Cout, Cout};
        const uint64_t selfRow = static_cast<uint64_t>(r.first + k - g.pad);
        gemms.gemm(d, x, selfRow * B * Cin, w, static_cast<uint64_t>(k) * Cin * Cout, 1.0f, y,
                   static_cast<uint64_t>(r.first) * B * Cout);
    }
    gemms.enqueue();
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnConvTbcGetWorkspaceSize(const aclTensor *self, const aclTensor *weight, const aclTensor *bias,
                                         const int64_t pad, aclTensor *out, int8_t cubeMathType,
                                         uint64_t *workspaceSize, aclOpExecutor **executor) {
    const aclcl::Args args{self, weight, bias, pad, out, cubeMathType};
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, args); });
}

aclnnStatus aclnnConvTbc(void *workspace, const uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}

