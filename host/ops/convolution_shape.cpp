// The Convolution family's shared geometry (convolution_shape.h).
#include "ops/convolution_shape.h"

#include <algorithm>

#include "common/dtype.h"
#include "common/test_hooks.h"

namespace aclcl {
namespace conv {

void refuseUnsupported(const char *op, const char *what) {
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: %s is not supported by this backend (aclnn-opencl runs 1-D and 2-D "
                                            "non-transposed convolutions).",
                                            op, what));
}

PadSides padSides(const aclIntArray *padding, bool oneD) {
    const std::vector<int64_t> &p = padding->values;
    PadSides s;
    if (oneD) {
        s.left = p[0];
        s.right = p.size() == 2 ? p[1] : p[0];
    } else if (p.size() == 4) {
        s = PadSides{p[0], p[1], p[2], p[3]};
    } else {
        s = PadSides{p[0], p[0], p[1], p[1]};
    }
    return s;
}

int64_t outputSize(int64_t in, int64_t padTotal, int64_t dilation, int64_t kernel, int64_t stride) {
    const int64_t span = in + padTotal - dilation * (kernel - 1) - 1;
    return (span >= 0 ? span / stride : -((-span + stride - 1) / stride)) + 1;
}

Geometry geometryOf(const aclTensor *input, const aclTensor *weight, const aclIntArray *stride,
                    const aclIntArray *padding, const aclIntArray *dilation, int64_t groups) {
    Geometry g;
    g.oneD = input->rank() == 3;
    g.N = input->dim(0);
    g.C = input->dim(1);
    g.W = input->dim(-1);
    g.H = g.oneD ? 1 : input->dim(2);
    g.Cout = weight->dim(0);
    g.groups = groups;
    Im2colWindow &w = g.window;
    const PadSides pad = padSides(padding, g.oneD);
    w.KW = weight->dim(-1);
    w.SW = stride->values.back();
    w.DW = dilation->values.back();
    w.PW = pad.left;
    if (g.oneD) {
        w.KH = w.SH = w.DH = 1;
        w.PH = 0;
    } else {
        w.KH = weight->dim(2);
        w.SH = stride->values[0];
        w.DH = dilation->values[0];
        w.PH = pad.top;
    }
    g.Ho = g.oneD ? 1 : outputSize(g.H, pad.top + pad.bottom, w.DH, w.KH, w.SH);
    g.Wo = outputSize(g.W, pad.left + pad.right, w.DW, w.KW, w.SW);
    w.L0 = g.Ho;
    w.L1 = g.Wo;
    return g;
}

GatherBuffer nchwBuffer(const Operand &operand, const aclTensor &t) {
    GatherBuffer b;
    b.operand = operand;
    const bool oneD = t.rank() == 3;
    const bool packed = operand.where == Operand::Where::Workspace;
    const std::vector<int64_t> strides = packed ? contiguousStrides(t.viewDims) : t.strides;
    b.dims = {t.dim(0), t.dim(1), oneD ? 1 : t.dim(2), t.dim(-1)};
    b.strides = {strides[0], strides[1], oneD ? 0 : strides[2], strides.back()};
    return b;
}

int64_t samplesPerChunk(int64_t N, uint64_t bytesPerSample) {
    const int64_t fit = bytesPerSample == 0 ? N : static_cast<int64_t>(kColumnBytesCap / bytesPerSample);
    return std::max<int64_t>(1, std::min(fit, N));
}

int64_t samplesPerChunk(const Geometry &g, aclDataType columnDtype) {
    return samplesPerChunk(g.N,
                           static_cast<uint64_t>(g.rows()) * static_cast<uint64_t>(g.L()) * dtypeSize(columnDtype));
}

GatherBuffer sampleSlice(const GatherBuffer &buffer, int64_t n0, int64_t count) {
    GatherBuffer slice = buffer;
    slice.first += static_cast<uint64_t>(n0 * buffer.strides[0]);
    slice.dims[0] = count;
    return slice;
}

void planColumns(OpPlan &plan, const Geometry &g, const GatherBuffer &image, int64_t n0, int64_t count,
                 const Operand &columns) {
    const GatherBuffer dst{columns, 0, {count, g.rows(), g.L()}, {g.rows() * g.L(), g.L(), 1}};
    planIm2col(plan, g.window, sampleSlice(image, n0, count), dst);
}

void planGatherCopy(OpPlan &plan, const GatherBuffer &image, int64_t padTop, int64_t padLeft, int64_t L0,
                    int64_t L1, const GatherBuffer &cols) {
    Im2colWindow copy;
    copy.KH = copy.KW = copy.DH = copy.DW = copy.SH = copy.SW = 1;
    copy.PH = padTop;
    copy.PW = padLeft;
    copy.L0 = L0;
    copy.L1 = L1;
    planIm2col(plan, copy, image, cols);
}

ShiftedPlanes shiftedPlanesOf(const Im2colWindow &window, int64_t Ho, int64_t Wo) {
    ShiftedPlanes s;
    s.Hp = Ho + (window.KH - 1) * window.DH;
    s.Wp = Wo + (window.KW - 1) * window.DW;
    s.plane = s.Hp * s.Wp;
    s.outPlane = Ho * s.Wp;
    s.slack = (window.KW - 1) * window.DW;
    s.KW = window.KW;
    s.DH = window.DH;
    s.DW = window.DW;
    return s;
}

bool takesShiftedTaps(const Geometry &g, int64_t channels, conv_tbc::GemmStep &gemms, const blas::GemmDims &product) {
    const int hook = testHook(TestHook::ConvolutionTaps);
    if (hook == 1 || g.window.SH != 1 || g.window.SW != 1) return false;
    if (hook == 2) return true;
    return channels >= kShiftedTapsMinChannels && gemms.backendFor(product) == blas::Backend::HostBlas;
}

}  // namespace conv
}  // namespace aclcl
