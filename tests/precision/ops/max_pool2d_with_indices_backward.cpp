// MaxPool2dWithIndicesBackward in the precision report, as a cascade: the forward runs on the device first
// and its indices (and self) feed the backward; each input gradient sums the output gradients whose index
// names it (metrics). The golden uses the indices the device produced (the forward's row checks them) and,
// as docs/ops says, drops the gradient of an index that is not a position of its own window inside the
// input (a window with no such position, possible with dilation).
#include "harness/max_pool2d_with_indices_backward.h"
#include "precision/ops/max_pool2d_forward.h"
#include "support/int_array.h"

namespace precision {
namespace {

CaseOutcome runMaxPool2dBackward(aclDataType dtype, Draw &draw, aclrtStream stream) {
    MaxPool2dRun f = runMaxPool2d(dtype, draw, stream);
    const std::vector<double> dy = draw.values(static_cast<size_t>(numel(f.out)), dtype);
    const std::vector<double> indices = f.indicesT.download();
    const int64_t H = f.self[f.self.size() - 2], W = f.self.back();
    const int64_t OW = f.out.back(), planeOut = f.out[f.out.size() - 2] * OW;
    // Whether coordinate c is tap (c - start) / dilation < kernel of a window starting at start.
    auto onWindow = [](int64_t c, int64_t start, int64_t dilation, int64_t kernel) {
        return c >= start && (c - start) % dilation == 0 && (c - start) / dilation < kernel;
    };
    std::vector<double> golden(static_cast<size_t>(numel(f.self)), 0.0);
    for (size_t e = 0; e < dy.size(); ++e) {
        const int64_t plane = static_cast<int64_t>(e) / planeOut, at = static_cast<int64_t>(indices[e]);
        const int64_t oh = static_cast<int64_t>(e) % planeOut / OW, ow = static_cast<int64_t>(e) % OW;
        const bool own = at >= 0 && at < H * W &&
                         onWindow(at / W, oh * f.stride[0] - f.padding[0], f.dilation[0], f.kernel[0]) &&
                         onWindow(at % W, ow * f.stride[1] - f.padding[1], f.dilation[1], f.kernel[1]);
        if (own) golden[static_cast<size_t>(plane * H * W + at)] += dy[e];
    }
    DeviceTensor gradOutput = uploaded(f.out, dtype, dy), gradInput(f.self, dtype);
    testing_support::IntArray kernel(f.kernel), stride(f.stride), padding(f.padding), dilation(f.dilation);
    runOrThrow(testing_support::kMaxPool2dWithIndicesBackward,
               {gradOutput, f.selfT, f.indicesT, kernel, stride, padding, dilation, f.ceilMode, gradInput}, stream);
    return {f.describe(), {output("gradInput", gradInput, std::move(golden), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnMaxPool2dWithIndicesBackward", floatDtypes(), runMaxPool2dBackward);

}  // namespace
}  // namespace precision
