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

// Samples per chunk when each takes `bytesPerSample` of workspace: as many as fit in kColumnBytesCap (all N
// when a sample takes none), at least one.
int64_t samplesPerChunk(int64_t N, uint64_t bytesPerSample);
// Samples per chunk of the column buffer.
int64_t samplesPerChunk(const Geometry &g, aclDataType columnDtype);

// Samples [n0, n0 + count) of a gather buffer whose first dim is the sample.
GatherBuffer sampleSlice(const GatherBuffer &buffer, int64_t n0, int64_t count);

// The columns of samples [n0, n0 + count) of `image` into `columns` (count x rows x L, contiguous).
void planColumns(OpPlan &plan, const Geometry &g, const GatherBuffer &image, int64_t n0, int64_t count,
                 const Operand &columns);

// A copy through im2col's gather with a 1 x 1 window, stride 1 and dilation 1: cols[n, c, h*L1 + w] =
// image[n, c, h - padTop, w - padLeft] (0 outside image) for h < L0, w < L1: it pads, crops, permutes and
// converts.
void planGatherCopy(OpPlan &plan, const GatherBuffer &image, int64_t padTop, int64_t padLeft, int64_t L0,
                    int64_t L1, const GatherBuffer &cols);

// Shifted taps (docs/ops/convolution.md): a stride-1 convolution of an image padded to planes
// of Hp x Wp, its output positions counted over rows of Wp (j = oh*Wp + ow for oh < the output's rows), reads
// for the tap (kh, kw) the plane at j + shift(tap). A matrix of the planes' rows (row stride plane) at that
// shift is one tap's product operand; the positions with ow past the output's width read into the next row
// (or past the buffer: slack elements, zeroed) and are dropped or multiplied by zeros.
struct ShiftedPlanes {
    int64_t Hp = 0, Wp = 0, plane = 0, outPlane = 0, slack = 0, KW = 1, DH = 1, DW = 1;

    int64_t shift(int64_t tap) const { return (tap / KW) * DH * Wp + (tap % KW) * DW; }
};
// For an output of Ho x Wo under `window` (its stride ignored: 1).
ShiftedPlanes shiftedPlanesOf(const Im2colWindow &window, int64_t Ho, int64_t Wo);

// Whether Convolution and its backward take the shifted taps: stride 1, and, unless TestHook::ConvolutionTaps
// forces a way (1 the columns, 2 the shifted taps), at least kShiftedTapsMinChannels channels a group in
// `channels` (each product's reduction) and products that run in the host BLAS (`product`, one of them).
bool takesShiftedTaps(const Geometry &g, int64_t channels, conv_tbc::GemmStep &gemms, const blas::GemmDims &product);

// The shifted taps are taken where the products run in the host BLAS and each group has at least this many
// channels: each tap's product reduces over one group's channels only. From 16 up they were faster on both
// CPU runtimes (1.2-1.5x at 8 x 16..64 x 56 x 56); below, on small planes, either way could win.
constexpr int64_t kShiftedTapsMinChannels = 16;

}  // namespace conv
}  // namespace aclcl
