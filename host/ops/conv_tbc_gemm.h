// The GEMM step of the ConvTbc family (aclnnConvTbc and aclnnConvTbcBackward): per-tap GEMMs through the
// GEMM seam (host/blas: CLBlast, the host BLAS on CPU devices, the own GEMM on GPUs) on row ranges of
// (T*B, C) row-major views, where a time shift is an offset of B rows, plus zero fills of rows no GEMM
// writes; with the own GEMM, ConvTbc's taps and bias as one product instead. The actions run in the order they were added, in one
// plan step (one backend for all of them, named in the plan log; with CLBlast, one temp buffer carved
// from the workspace), in queue order, so the summation order is fixed and the results are deterministic.
// Mm, BatchMatMul and Matmul (ops/matmul.cpp) plan their products through it too.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "blas/gemm.h"
#include "ops/op_plan.h"

namespace aclcl {
namespace conv_tbc {

// out (outer, channels, inner), contiguous = bias[channel] broadcast, rounded once to out's dtype
// (cl_kernels/conv_tbc.cl: bias_rows for inner 1, ConvTbc's rows; otherwise, Convolution's (N, C_out,
// spatial), bias_planes_walk where one work-item's walk of a plane fits, else bias_planes): the start the GEMMs
// then add to with beta 1.
void planBiasFill(OpPlan &plan, const Operand &bias, const Operand &out, int64_t outer, int64_t channels,
                  int64_t inner);

class GemmStep {
public:
    // The precision of every GEMM is conv_tbc::gemmPrecision(device, cubeMathType) (a warning in the log
    // when cubeMathType 2 asks for fp16 on a device without it); the operands are buffers of dtype().
    GemmStep(OpPlan &plan, int8_t cubeMathType);

    blas::Precision precision() const { return precision_; }
    // The dtype of the GEMM operands: FLOAT16 on the half path, else FLOAT.
    aclDataType dtype() const { return precision_ == blas::Precision::Half ? ACL_FLOAT16 : ACL_FLOAT; }
    bool empty() const { return actions_.empty(); }

    // c[cFirst..] (m x n) = a[aFirst..] (op) * b[bFirst..] (op) + beta * c, offsets in elements.
    void gemm(const blas::GemmDims &dims, const Operand &a, uint64_t aFirst, const Operand &b, uint64_t bFirst,
              float beta, const Operand &c, uint64_t cFirst);
    // count zeros at c[first..].
    void zero(const Operand &c, uint64_t first, uint64_t count);
    // Whether the sequence's backend would be the own GEMM with a ConvTbc of these dims and taps folded
    // into one product (blas::ConvTaps): then convolution() may be used instead of bias rows plus one
    // gemm() per tap. The step keeps the choice that said so for enqueue().
    bool foldsConvolution(const blas::GemmDims &dims, const blas::ConvTaps &conv);
    // The backend a sequence of products of these dims would run in (asked again by enqueue()): for a plan
    // that chooses its algorithm by it.
    blas::Backend backendFor(const blas::GemmDims &dims) const;
    // c (m x n) = bias[col] + the folded convolution of a (the input rows) and b (the weight), as one
    // product; only where foldsConvolution() said so.
    void convolution(const blas::GemmDims &dims, const blas::ConvTaps &conv, const Operand &a, const Operand &b,
                     const Operand &bias, const Operand &c);
    // Adds the one step holding every action so far (nothing when there is none).
    void enqueue();

private:
    struct Action {
        bool zero = false;
        blas::GemmDims dims;
        Operand a, b, c;
        uint64_t aFirst = 0, bFirst = 0, cFirst = 0;  // element offsets added to the operands
        float beta = 0.0f;
        uint64_t zeroCount = 0;  // elements to zero at c + cFirst
        blas::ConvTaps conv;     // taps > 0: a folded convolution (own GEMM)
        bool hasBias = false;
        Operand bias;
    };
    blas::Product skeleton(const Action &action) const;  // dims, conv and zero only: for the backend choice

    OpPlan &plan_;
    blas::Precision precision_;
    std::vector<Action> actions_;
    std::optional<blas::BackendChoice> folded_;  // the choice foldsConvolution() said yes with
    std::string description_;  // the actions, for the log
};

}  // namespace conv_tbc
}  // namespace aclcl
