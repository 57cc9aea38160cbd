// aclnnConvTbcBackward: gradients of a 1-D convolution over (time, batch, channel) tensors.
// gradInput and gradWeight are GEMMs through CLBlast (host/blas), one per kernel tap on row ranges of
// the (T*B, C) row-major views, where a time shift is an offset of B rows; gradBias is a fixed-order
// column sum (cl_kernels/conv_tbc_backward.cl). Layout and choices: docs/ops/conv_tbc_backward.md.
#include "ops/conv_tbc_backward.h"

#include <algorithm>
#include <climits>
#include <memory>
#include <vector>

#include "aclnnop/aclnn_convolution_backward.h"
#include "ops/op_plan.h"

namespace aclcl {
namespace conv_tbc {

aclDataType promotedDtype(aclDataType self, aclDataType input, aclDataType weight) {
    const aclDataType all[] = {self, input, weight};
    bool anyFloat = false, anyHalf = false, anyBf16 = false;
    for (aclDataType d : all) {
        anyFloat |= d == ACL_FLOAT;
        anyHalf |= d == ACL_FLOAT16;
        anyBf16 |= d == ACL_BF16;
    }
    if (anyFloat || (anyHalf && anyBf16)) return ACL_FLOAT;
    return anyHalf ? ACL_FLOAT16 : ACL_BF16;
}

blas::Precision gemmPrecision(bool deviceHasFp16, aclDataType promoted, int8_t cubeMathType) {
    if (!deviceHasFp16) return blas::Precision::Single;
    if (cubeMathType == 2) return blas::Precision::Half;
    if (cubeMathType == 0 && promoted == ACL_FLOAT16) return blas::Precision::Half;
    return blas::Precision::Single;
}

TapRange gradInputRows(int64_t T, int64_t Tout, int64_t pad, int64_t k) {
    return TapRange{std::max<int64_t>(0, k - pad), std::min<int64_t>(T, k - pad + Tout)};
}

TapRange gradWeightRows(int64_t T, int64_t Tout, int64_t pad, int64_t k) {
    return TapRange{std::max<int64_t>(0, pad - k), std::min<int64_t>(Tout, T + pad - k)};
}

}  // namespace conv_tbc

namespace {

constexpr const char *kApi = "aclnnConvTbcBackward";
// Rows summed by one work-item of the gradBias kernel; more rows become a second, fixed-order pass.
constexpr int64_t kBiasChunkRows = 256;

struct Shape {
    int64_t T = 0, B = 0, Cin = 0, Cout = 0, K = 0, pad = 0, Tout = 0;
};

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
    if (a.weight->dim(1) != s.Cin) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected weight.shape[1] to equal input.shape[2] (C_in = %lld), but found weight %s.", op,
                       static_cast<long long>(s.Cin), a.weight->shapeString().c_str()));
    }
    if (a.bias->dim(0) != s.Cout) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected bias.shape[0] to equal weight.shape[2] (C_out = %lld), but found bias %s.", op,
                       static_cast<long long>(s.Cout), a.bias->shapeString().c_str()));
    }
    if (a.pad < 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected pad to be >= 0, but found %lld.", op, static_cast<long long>(a.pad)));
    }
    // T_out = T + 2*pad + 1 - K; a pad so large that this overflows cannot match self's shape.
    int64_t twoPad = 0, sum = 0;
    if (__builtin_mul_overflow(a.pad, int64_t{2}, &twoPad) || __builtin_add_overflow(s.T, twoPad, &sum) ||
        __builtin_add_overflow(sum, int64_t{1}, &sum)) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected T_out = input.shape[0] + 2*pad + 1 - weight.shape[0] to fit in int64, but pad is "
                       "%lld.",
                       op, static_cast<long long>(a.pad)));
    }
    s.Tout = sum - s.K;
    if (s.Tout < 0) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected T_out = input.shape[0] + 2*pad + 1 - weight.shape[0] to be >= 0, but found "
                       "%lld + 2*%lld + 1 - %lld = %lld.",
                       op, static_cast<long long>(s.T), static_cast<long long>(a.pad), static_cast<long long>(s.K),
                       static_cast<long long>(s.Tout)));
    }
    checkShapeIs(op, a.self, "self", {s.Tout, s.B, s.Cout});
    checkSameShape(op, a.input, "input", a.gradInput, "gradInput");
    checkSameShape(op, a.weight, "weight", a.gradWeight, "gradWeight");
    checkSameShape(op, a.bias, "bias", a.gradBias, "gradBias");
    if (a.cubeMathType < 0 || a.cubeMathType > 3) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected cubeMathType to be one of 0 (KEEP_DTYPE), 1 (ALLOW_FP32_DOWN_PRECISION), 2 "
                       "(USE_FP16), 3 (USE_HF32), but found %d.",
                       op, static_cast<int>(a.cubeMathType)));
    }
    checkNoSelfOverlap(op, a.gradInput, "gradInput");
    checkNoSelfOverlap(op, a.gradWeight, "gradWeight");
    checkNoSelfOverlap(op, a.gradBias, "gradBias");
    return s;
}

// One enqueued action of the GEMM step: a GEMM on row ranges, or zeroing rows no GEMM writes.
struct GemmAction {
    bool zero = false;
    blas::GemmDims dims;
    Operand a, b, c;
    uint64_t aFirst = 0, bFirst = 0, cFirst = 0;  // element offsets added to the operands
    float beta = 0.0f;
    uint64_t zeroCount = 0;                      // elements to zero at c + cFirst
};

BufferRef at(const Operand &op, const RunContext &ctx, uint64_t first) {
    BufferRef r = op.resolve(ctx);
    r.offset += first;
    return r;
}

void enqueueZero(cl_command_queue queue, const BufferRef &ref, uint64_t count, size_t elementBytes) {
    const cl_uint zero = 0;
    clCheck(clEnqueueFillBuffer(queue, ref.mem, &zero, elementBytes, ref.offset * elementBytes, count * elementBytes,
                                0, nullptr, nullptr),
            "clEnqueueFillBuffer (ConvTbcBackward zero rows)", ACLNN_ERR_RUNTIME_ERROR);
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

        aclDataType promoted = conv_tbc::promotedDtype(args_.self->dtype, args_.input->dtype, args_.weight->dtype);
        precision_ = conv_tbc::gemmPrecision(plan_.device().fp16, promoted, args_.cubeMathType);
        gemmDtype_ = precision_ == blas::Precision::Half ? ACL_FLOAT16 : ACL_FLOAT;
        if (args_.cubeMathType == 2 && !plan_.device().fp16) {
            ACLCL_LOG(Warn, strformat("%s: cubeMathType 2 (USE_FP16) asks for fp16 GEMMs, but %s has no cl_khr_fp16: "
                                      "computing them in fp32",
                                      plan_.checkName(), plan_.device().describe().c_str()));
        }

        if (!args_.gradInput->isEmpty()) planGradInput();
        if (!args_.gradWeight->isEmpty()) planGradWeight();
        enqueueGemmStep();
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

    void addGemm(const blas::GemmDims &dims, const Operand &a, uint64_t aFirst, const Operand &b, uint64_t bFirst,
                 float beta, const Operand &c, uint64_t cFirst) {
        GemmAction g{false, dims, a, b, c, aFirst, bFirst, cFirst, beta, 0};
        tempBytes_ = std::max(tempBytes_, blas::gemmTempBytes(plan_.device(), precision_, dims));
        actions_.push_back(g);
        if (plan_.logging()) {
            description_ += strformat("%sgemm %s%s m=%zu n=%zu k=%zu beta=%g", description_.empty() ? "" : ", ",
                                      dims.transA == blas::Op::Trans ? "T" : "N",
                                      dims.transB == blas::Op::Trans ? "T" : "N", dims.m, dims.n, dims.k, beta);
        }
    }

    void addZero(const Operand &c, uint64_t first, uint64_t count) {
        GemmAction z;
        z.zero = true;
        z.c = c;
        z.cFirst = first;
        z.zeroCount = count;
        actions_.push_back(z);
        if (plan_.logging()) {
            description_ += strformat("%sfill %llu zeros", description_.empty() ? "" : ", ",
                                      static_cast<unsigned long long>(count));
        }
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
        if (fullTap < 0) addZero(gi, 0, static_cast<uint64_t>(s_.T) * B * Cin);
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
            addGemm(d, dy, selfRow * B * Cout, w, static_cast<uint64_t>(k) * Cin * Cout, k == fullTap ? 0.0f : 1.0f,
                    gi, static_cast<uint64_t>(r.first) * B * Cin);
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
                addZero(gw, block, Cin * Cout);
                continue;
            }
            // gradWeight[k] (C_in x C_out) = input rows^T (C_in x kk) * self rows (kk x C_out).
            const blas::GemmDims d{blas::Op::Trans, blas::Op::NoTrans, Cin, Cout,
                                   static_cast<size_t>(r.end - r.first) * B, Cin, Cout, Cout};
            uint64_t inputRow = static_cast<uint64_t>(r.first + k - s_.pad);
            addGemm(d, x, inputRow * B * Cin, dy, static_cast<uint64_t>(r.first) * B * Cout, 0.0f, gw, block);
        }
    }

    // All GEMMs and zero fills in one step, so that they share one temp buffer (the queue is in order).
    void enqueueGemmStep() {
        if (actions_.empty()) return;
        uint64_t region = 0;
        if (tempBytes_ > 0) region = plan_.reserveWorkspace(blas::tempRegionBytes(plan_.device(), tempBytes_));
        auto actions = std::make_shared<std::vector<GemmAction>>(std::move(actions_));
        blas::Precision precision = precision_;
        uint64_t tempBytes = tempBytes_;
        size_t elementBytes = dtypeSize(gemmDtype_);
        const std::string what =
            !plan_.logging() ? std::string()
                             : strformat("CLBlast %s (%s), temp %llu bytes at workspace +%llu",
                                         precision == blas::Precision::Half ? "fp16" : "fp32", description_.c_str(),
                                         static_cast<unsigned long long>(tempBytes),
                                         static_cast<unsigned long long>(region));
        plan_.step([actions, precision, tempBytes, region, elementBytes](RunContext &ctx) {
            ClMemPtr temp;
            if (tempBytes > 0) {
                BufferRef ws = ctx.workspace(region, ACL_INT8);  // offset in bytes
                temp = blas::makeTempBuffer(ctx.device(), ws.mem, ws.offset, tempBytes);
            }
            for (const GemmAction &g : *actions) {
                if (g.zero) {
                    enqueueZero(ctx.queue(), at(g.c, ctx, g.cFirst), g.zeroCount, elementBytes);
                } else {
                    blas::gemm(ctx.device(), ctx.queue(), precision, g.dims, 1.0f, at(g.a, ctx, g.aFirst),
                               at(g.b, ctx, g.bFirst), g.beta, at(g.c, ctx, g.cFirst), temp.get());
                }
            }
        }, what);
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
    blas::Precision precision_ = blas::Precision::Single;
    aclDataType gemmDtype_ = ACL_FLOAT;
    bool haveSelf_ = false;
    Operand self_;
    std::vector<GemmAction> actions_;
    std::string description_;  // the GEMM step's actions, for the log
    uint64_t tempBytes_ = 0;
};

}  // namespace
}  // namespace aclcl

extern "C" {

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

}  // extern "C"
