// What aclnnConvolution and aclnnConvolutionBackward share: the geometry of a 1-D (N, C, L) or 2-D (N, C, H, W)
// convolution as an im2col window (a 1-D one is a 2-D one of height 1), the padding's per-side forms, the
// output size, the chunking of the column buffer, and the plan of the columns of a chunk of samples.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "ops/conv_tbc_gemm.h"
#include "ops/im2col_gather.h"

namespace aclcl {
namespace conv {

// The dtypes of every tensor of both operators (CANN's A2/A3 list).
inline constexpr std::initializer_list<aclDataType> kConvolutionDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

// The column buffer holds the columns of as many samples as fit in this many bytes (at least one sample):
// few, big GEMMs, in a bounded workspace.
constexpr uint64_t kColumnBytesCap = uint64_t{64} << 20;

struct Geometry {
    bool oneD = false;
    int64_t N = 0, C = 0, H = 1, W = 0, Cout = 0, groups = 1, Ho = 1, Wo = 0;
    Im2colWindow window;  // KH.. SW; PH, PW the top and left pads; L0 = Ho, L1 = Wo

    int64_t Cg() const { return C / groups; }
    int64_t Coutg() const { return Cout / groups; }
    int64_t K() const { return Cg() * window.taps(); }     // one group's reduction length
    int64_t rows() const { return C * window.taps(); }     // column rows of one sample, all groups
    int64_t L() const { return Ho * Wo; }                  // output positions of one sample
};

// 161002: "<what> is not supported by this backend" (transposed, 3-D, a FRACTAL_Z weight).
[[noreturn]] void refuseUnsupported(const char *op, const char *what);

// The padding as (top, bottom, left, right) from CANN's forms: 2-D 2 values (H, W) or 4 (top, bottom, left,
// right); 1-D 1 value or 2 (left, right). The count was checked.
struct PadSides {
    int64_t top = 0, bottom = 0, left = 0, right = 0;
};
PadSides padSides(const aclIntArray *padding, bool oneD);

// floor((in + padTotal - dilation*(kernel-1) - 1) / stride) + 1 (every term checked to kMaxWindowValue or a
// tensor dim: no overflow); may be <= 0 for an empty input.
int64_t outputSize(int64_t in, int64_t padTotal, int64_t dilation, int64_t kernel, int64_t stride);

// The geometry from checked arguments: input (N, C, [H,] W), weight (C_out, C/groups, [KH,] KW).
Geometry geometryOf(const aclTensor *input, const aclTensor *weight, const aclIntArray *stride,
                    const aclIntArray *padding, const aclIntArray *dilation, int64_t groups);

// The (N, C, H, W) dims and strides of a 3-D (N, C, L) or 4-D tensor (a 1-D one's H: size 1, stride 0).
GatherBuffer nchwBuffer(const Operand &operand, const aclTensor &t);

// Samples per chunk of the column buffer.
int64_t samplesPerChunk(const Geometry &g, aclDataType columnDtype);

// The columns of samples [n0, n0 + count) of `image` into `columns` (count x rows x L, contiguous).
void planColumns(OpPlan &plan, const Geometry &g, const GatherBuffer &image, int64_t n0, int64_t count,
                 const Operand &columns);

}  // namespace conv
}  // namespace aclcl
