// aclnnConvTbcBackward: gradients of a 1-D convolution over (time, batch, channel) tensors.
// gradInput and gradWeight are GEMMs through the GEMM seam (host/blas), one per kernel tap on row ranges of
// the (T*B, C) row-major views, where a time shift is an offset of B rows; gradBias is a fixed-order
// column sum (cl_kernels/conv_tbc_backward.cl). Layout and choices: docs/ops/conv_tbc_backward.md.
#include <algorithm>
#include <climits>
#include <memory>
#include <vector>

#include "aclnnop/aclnn_convolution_backward.h"
#include "ops/conv_tbc_family.h"
#include "ops/conv_tbc_gemm.h"
#include "ops/op_plan.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnConvTbcBackward";
// Rows summed by one work-item of the gradBias kernel; more rows become a second, fixed-order pass.
constexpr int64_t kBiasChunkRows = 256;

using conv_tbc::Shape;

struct Args {
    const aclTensor *self, *input, *weight, *bias;
    int64_t pad;
    int8_t cubeMathType;
    const aclTensor *gradInput, *gradWeight, *gradBias;
};

// The checks in the contract's order (docs/ops/conv_tbc_backward.md): nulls, dtypes, formats, empty self,
// ranks, shapes, cubeMathType; then the outputs must not overlap themselves.
Shape validate(const char *op, const Args &a) {
    const std::pair<const aclTensor *, const char *> all[] = {
        {a.self, "self"},           {a.input, "input"},           {a.weight, "weight"},    {a.bias, "bias"},
        {a.gradInput, "gradInput"}, {a.gradWeight, "gradWeight"}, {a.gradBias, "gradBias"}};
    for (auto &[t, name] : all) checkNotNull(op, t, name);
    for (auto &[t, name] : all) checkDtypeIn(op, t, name, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    for (auto &[t, name] : all) {
        if (t == a.bias || t == a.gradBias) {
            checkFormatIn(op, t, name, {ACL_FORMAT_ND});
        } else {
            checkFormatIn(op, t, name, {ACL_FORMAT_ND, ACL_FORMAT_NCL});
        }
    }
    for (auto &[t, name] : all) checkView(op, t, name);
    if (a.self->isEmpty()) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected self to be non-empty, but found shape %s.", op, a.self->shapeString().c_str()));
    }
    checkRankIn(op, a.self, "self", {3});
    checkRankIn(op, a.input, "input", {3});
    checkRankIn(op, a.weight, "weight", {3});
    checkRankIn(op, a.bias, "bias", {1});
    checkRankIn(op, a.gradBias, "gradBias", {1});
    checkRankIn(op, a.gradInput, "gradInput", {3});
    checkRankIn(op, a.gradWeight, "gradWeight", {3});

    Shape s;
    s.T = a.input->dim(0);
    s.B = a.input->dim(1);
    s.Cin = a.input->dim(2);
    s.K = a.weight->dim(0);
    s.Cout = a.weight->dim(2);
    s.pad = a.pad;
    conv_tbc::checkWeightInChannels(op, a.weight, s.Cin, "input");
    conv_tbc::checkBiasLength(op, a.bias, s.Cout);
    if (a.pad < 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected pad to be >= 0, but found %lld.", op, static_cast<long long>(a.pad)));
    }
    s.Tout = conv_tbc::outputLength(op, s.T, s.K, a.pad, "input");
    checkShapeIs(op, a.self, "self", {s.Tout, s.B, s.Cout});
    checkSameShape(op, a.input, "input", a.gradInput, "gradInput");
    checkSameShape(op, a.weight, "weight", a.gradWeight, "gradWeight");
    checkSameShape(op, a.bias, "bias", a.gradBias, "gradBias");
    conv_tbc::checkCubeMathType(op, a.cubeMathType);
    checkNoSelfOverlap(op, a.gradInput, "gradInput");
    checkNoSelfOverlap(op, a.gradWeight, "gradWeight");
    checkNoSelfOverlap(op, a.gradBias, "gradBias");
    return s;
}

class Planner {
public:
    Planner(OpPlan &plan, const Args &args, const Shape &shape) : plan_(plan), args_(args), s_(shape) {}

    void run() {
        plan_.addInput(args_.self, "self");
        plan_.addInput(args_.input, "input");
        plan_.addInput(args_.weight, "weight");
        plan_.addInput(args_.bias, "bias");  // only its shape matters; kept so input indices follow CANN's order
        plan_.addOutput(args_.gradInput, "gradInput");
        plan_.addOutput(args_.gradWeight, "gradWeight");
        plan_.addOutput(args_.gradBias, "gradBias");
        plan_.describeAttribute("pad", args_.pad);
        plan_.describeAttribute("cubeMathType", int64_t{args_.cubeMathType});

        gemms_ = std::make_unique<conv_tbc::GemmStep>(plan_, args_.cubeMathType);
        gemmDtype_ = gemms_->dtype();

        if (!args_.gradInput->isEmpty()) planGradInput();
        if (!args_.gradWeight->isEmpty()) planGradWeight();
        gemms_->enqueue();
        planGradBias();
    }

private:
    Operand selfOperand() {
        if (!haveSelf_) {
            self_ = plan_.contiguousInput(kSelf, gemmDtype_);
            haveSelf_ = true;
        }
        return self_;
    }

    // gradInput rows [t0, t1) of tap k: GI[t] (B x C_in) += self[t + pad - k] (B x C_out) * W[k]^T.
    // The taps add up in a fixed order: first one that covers every row (beta 0), then the others in
    // ascending k (beta 1); without such a tap the rows are zeroed first.
    void planGradInput() {
        Operand gi = plan_.contiguousOutput(kGradInput, gemmDtype_);
        const uint64_t B = static_cast<uint64_t>(s_.B), Cin = static_cast<uint64_t>(s_.Cin),
                       Cout = static_cast<uint64_t>(s_.Cout);
        int64_t fullTap = -1;
        for (int64_t k = 0; k < s_.K && fullTap < 0; ++k) {
            conv_tbc::TapRange r = conv_tbc::gradInputRows(s_.T, s_.Tout, s_.pad, k);
            if (r.first == 0 && r.end == s_.T) fullTap = k;
        }
        if (fullTap < 0) gemms_->zero(gi, 0, static_cast<uint64_t>(s_.T) * B * Cin);
        if (s_.K == 0) return;
        Operand dy = selfOperand();
        Operand w = plan_.contiguousInput(kWeight, gemmDtype_);
        std::vector<int64_t> order;
        if (fullTap >= 0) order.push_back(fullTap);
        for (int64_t k = 0; k < s_.K; ++k) {
            if (k != fullTap) order.push_back(k);
        }
        for (int64_t k : order) {
            conv_tbc::TapRange r = conv_tbc::gradInputRows(s_.T, s_.Tout, s_.pad, k);
            if (r.empty()) continue;
            // GI rows (m x C_in) = self rows (m x C_out) * W[k]^T (C_out x C_in), all row-major.
            const blas::GemmDims d{blas::Op::NoTrans, blas::Op::Trans, static_cast<size_t>(r.end - r.first) * B,
                                   Cin, Cout, Cout, Cout, Cin};
            uint64_t selfRow = static_cast<uint64_t>(r.first + s_.pad - k);
            gemms_->gemm(d, dy, selfRow * B * Cout, w, static_cast<uint64_t>(k) * Cin * Cout,
                         k == fullTap ? 0.0f : 1.0f, gi, static_cast<uint64_t>(r.first) * B * Cin);
        }
    }

    // gradWeight[k] (C_in x C_out) = input[t + k - pad]^T * self[t] over the self rows of tap k; a tap that
    // only ever meets padding is zero.
    void planGradWeight() {
        Operand gw = plan_.contiguousOutput(kGradWeight, gemmDtype_);
        const uint64_t B = static_cast<uint64_t>(s_.B), Cin = static_cast<uint64_t>(s_.Cin),
                       Cout = static_cast<uint64_t>(s_.Cout);
        bool anyRows = false;
        for (int64_t k = 0; k < s_.K; ++k) anyRows |= !conv_tbc::gradWeightRows(s_.T, s_.Tout, s_.pad, k).empty();
        Operand x, dy;
        if (anyRows) {
            dy = selfOperand();
            x = plan_.contiguousInput(kInput, gemmDtype_);
        }
        for (int64_t k = 0; k < s_.K; ++k) {
            conv_tbc::TapRange r = conv_tbc::gradWeightRows(s_.T, s_.Tout, s_.pad, k);
            uint64_t block = static_cast<uint64_t>(k) * Cin * Cout;
            if (r.empty()) {
                gemms_->zero(gw, block, Cin * Cout);
                continue;
            }
            // gradWeight[k] (C_in x C_out) = input rows^T (C_in x kk) * self rows (kk x C_out).
            const blas::GemmDims d{blas::Op::Trans, blas::Op::NoTrans, Cin, Cout,
                                   static_cast<size_t>(r.end - r.first) * B, Cin, Cout, Cout};
            uint64_t inputRow = static_cast<uint64_t>(r.first + k - s_.pad);
            gemms_->gemm(d, x, inputRow * B * Cin, dy, static_cast<uint64_t>(r.first) * B * Cout, 0.0f, gw, block);
        }
    }

    // gradBias[c] = sum over the T_out*B rows of self, in fp32, in a fixed order (column_sums).
    void planGradBias() {
        const aclTensor &selfT = plan_.input(kSelf);
        // Reuse the GEMM operand when it holds self exactly (fp32); a half-precision copy would lose bits.
        Operand src = (haveSelf_ && gemmDtype_ == ACL_FLOAT) ? self_ : plan_.contiguousInput(kSelf, selfT.dtype);
        aclDataType outDtype = plan_.output(kGradBias).dtype;
        Operand out = plan_.contiguousOutput(kGradBias, outDtype);
        const int64_t rows = s_.Tout * s_.B, channels = s_.Cout;
        const int64_t chunks = (rows + kBiasChunkRows - 1) / kBiasChunkRows;
        const bool wide =
            IndexWidth().cover(rows + kBiasChunkRows).cover(rows * channels).cover(chunks * channels).wide();
        if (chunks == 1) {
            addColumnSums(src, out, rows, channels, rows, 1, wide);
            return;
        }
        Operand partial = plan_.workspaceOperand(static_cast<uint64_t>(chunks * channels), ACL_FLOAT);
        addColumnSums(src, partial, rows, channels, kBiasChunkRows, chunks, wide);
        addColumnSums(partial, out, chunks, channels, chunks, 1, wide);
    }

    void addColumnSums(const Operand &src, const Operand &dst, int64_t rows, int64_t channels, int64_t chunkRows,
                       int64_t chunks, bool wideIndex) {
        Defines defines;
        defines.slot("IN", src.dtype).slot("OUT", dst.dtype).acc(ACL_FLOAT).index(wideIndex);
        ProgramHandle program = plan_.program("conv_tbc_backward", defines);
        const bool wide = defines.wideIndex();
        plan_.launch(plan_.kernel(program, "column_sums"), LaunchSize::linear(static_cast<size_t>(chunks * channels)),
                     [src, dst, rows, channels, chunkRows, chunks, wide](Kernel &k, RunContext &ctx) {
                         // The integer parameters are INDEX_T: long or int.
                         if (wide) {
                             k.args(src.resolve(ctx), dst.resolve(ctx), static_cast<cl_long>(rows),
                                    static_cast<cl_long>(channels), static_cast<cl_long>(chunkRows),
                                    static_cast<cl_long>(chunks));
                         } else {
                             k.args(src.resolve(ctx), dst.resolve(ctx), static_cast<cl_int>(rows),
                                    static_cast<cl_int>(channels), static_cast<cl_int>(chunkRows),
                                    static_cast<cl_int>(chunks));
                         }
                     });
    }

    static constexpr size_t kSelf = 0, kInput = 1, kWeight = 2;
    static constexpr size_t kGradInput = 0, kGradWeight = 1, kGradBias = 2;

    OpPlan &plan_;
    const Args &args_;
    Shape s_;
    std::unique_ptr<conv_tbc::GemmStep> gemms_;
    aclDataType gemmDtype_ = ACL_FLOAT;
    bool haveSelf_ = false;
    Operand self_;
};

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnConvTbcBackwardGetWorkspaceSize(const aclTensor *self, const aclTensor *input,
                                                 const aclTensor *weight, const aclTensor *bias, int64_t pad,
                                                 int8_t cubeMathType, aclTensor *gradInput, aclTensor *gradWeight,
                                                 aclTensor *gradBias, uint64_t *workspaceSize,
                                                 aclOpExecutor **executor) {
    using namespace aclcl;
    return planOperator(kApi, workspaceSize, executor, [&](OpPlan &plan) {
        Args args{self, input, weight, bias, pad, cubeMathType, gradInput, gradWeight, gradBias};
        Shape shape = validate(plan.checkName(), args);
        Planner(plan, args, shape).run();
    });
}

aclnnStatus aclnnConvTbcBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                 aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}

