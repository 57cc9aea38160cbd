// aclnnConstantPadNd (aclnnop/aclnn_constant_pad_nd.h): out = self padded with `value` (torch.nn.functional.pad,
// mode 'constant'): pad = (last dim's begin, its end, the dim before's begin, its end, ...), a negative pad
// crops. The value is converted to self's dtype as the elementwise engine converts every scalar (as
// InplaceFillScalar's). Two plans, the same elements:
// - only the last two dims padded or cropped (the common case: an image's borders), and the dims before
//   them merging into at most two: one launch of the 2-D pads' gather (host/ops/pad2d_gather.h), every out
//   element written once, from self or as the value;
// - otherwise, on the elementwise engine: self's (cropped) window copied into out's interior, and out's
//   border filled with the value, as at most two fills a padded dim (each element of out written once).
// The contract, in CANN's check order: docs/ops/constant_pad_nd.md.
#include "aclnnop/aclnn_constant_pad_nd.h"

#include <algorithm>

#include "common/checked_math.h"
#include "common/layout.h"
#include "engines/elementwise.h"
#include "ops/pad2d_gather.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnConstantPadNd";
const std::vector<aclDataType> kPadDtypes = {ACL_FLOAT,  ACL_INT32,  ACL_FLOAT16, ACL_INT8,      ACL_DOUBLE,
                                             ACL_INT16,  ACL_INT64,  ACL_UINT64,  ACL_UINT32,    ACL_UINT16,
                                             ACL_UINT8,  ACL_BOOL,   ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

// The gather's geometry when only the last two dims (or the last one) are padded and the dims before them
// (sizes above 1) merge, in both self and out, into at most two (N, C); false otherwise.
bool asPad2d(const aclTensor *self, const aclTensor *out, const std::vector<int64_t> &begin,
             const std::vector<int64_t> &end, Pad2dGather *g) {
    const size_t rank = self->viewDims.size();
    const size_t lead = rank >= 2 ? rank - 2 : 0;
    for (size_t k = 0; k < lead; ++k) {
        if (begin[k] != 0 || end[k] != 0) return false;
    }
    // The leading dims as (size, self's stride, out's stride), merged outer into inner where both allow.
    struct Dim {
        int64_t size, in, out;
    };
    std::vector<Dim> dims;
    for (size_t k = 0; k < lead; ++k) {
        const Dim d{self->viewDims[k], self->strides[k], out->strides[k]};
        if (d.size == 1) continue;
        int64_t in = 0, o = 0;
        if (!dims.empty() && mergeDims(dims.back().size, d.size, dims.back().in, d.in, &in) &&
            mergeDims(dims.back().size, d.size, dims.back().out, d.out, &o)) {
            dims.back() = {dims.back().size * d.size, in, o};
        } else {
            dims.push_back(d);
        }
    }
    if (dims.size() > 2) return false;
    while (dims.size() < 2) dims.insert(dims.begin(), Dim{1, 0, 0});
    g->N = dims[0].size;
    g->C = dims[1].size;
    g->inStrides[0] = dims[0].in;
    g->inStrides[1] = dims[1].in;
    g->outStrides[0] = dims[0].out;
    g->outStrides[1] = dims[1].out;
    const bool twoD = rank >= 2;
    g->H = twoD ? self->viewDims[rank - 2] : 1;
    g->OH = twoD ? out->viewDims[rank - 2] : 1;
    g->top = twoD ? begin[rank - 2] : 0;
    g->inStrides[2] = twoD ? self->strides[rank - 2] : 0;
    g->outStrides[2] = twoD ? out->strides[rank - 2] : 0;
    g->W = self->viewDims[rank - 1];
    g->OW = out->viewDims[rank - 1];
    g->left = begin[rank - 1];
    g->inStrides[3] = self->strides[rank - 1];
    g->outStrides[3] = out->strides[rank - 1];
    return true;
}

void plan(OpPlan &plan, const aclTensor *self, const aclIntArray *pad, const aclScalar *value, const aclTensor *out) {
    const char *op = plan.checkName();
    checkNotNull(op, self, "self");
    checkNotNull(op, pad, "pad");
    checkNotNull(op, value, "aclScalar", "value");
    checkNotNull(op, out, "out");
    checkSameDtype(op, self, "self", out, "out");
    checkDtypeInList(op, self, "self", kPadDtypes);
    if (self->format != ACL_FORMAT_ND && self->format != out->format) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected out to have self's format %d, but found %d.", op,
                                                static_cast<int>(self->format), static_cast<int>(out->format)));
    }
    checkViews(op, {{self, "self"}, {out, "out"}});
    const size_t rank = self->viewDims.size();
    if (out->viewDims.size() != rank) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected out to have self's rank %zu, but found %zu.", op, rank,
                                                out->viewDims.size()));
    }
    const std::vector<int64_t> &p = pad->values;
    if (p.size() % 2 != 0 || p.size() / 2 > rank) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected pad to hold an even number of values, at most twice self's rank %zu, but found "
                       "%zu.", op, rank, p.size()));
    }
    // Each dim's pads (dim k takes the pair from the end: the last dim the first pair) and out's shape.
    std::vector<int64_t> begin(rank, 0), end(rank, 0);
    bool positive = false;
    for (size_t j = 0; j < p.size() / 2; ++j) {
        begin[rank - 1 - j] = p[2 * j];
        end[rank - 1 - j] = p[2 * j + 1];
        positive = positive || p[2 * j] > 0 || p[2 * j + 1] > 0;
    }
    for (size_t k = 0; k < rank; ++k) {
        const int64_t size = self->viewDims[k], b = begin[k], e = end[k];
        int64_t both = 0, padded = 0;
        if (!checkedAdd(b, e, &both) || !checkedAdd(size, both, &padded)) {
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: The pads %lld and %lld of dim %zu overflow int64.", op,
                                                    static_cast<long long>(b), static_cast<long long>(e), k));
        }
        if (size + std::min({b, e, both}) < 0) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: The input size %lld of dim %zu, plus negative padding %lld and %lld, resulted in a "
                           "negative output size.", op, static_cast<long long>(size), k, static_cast<long long>(b),
                           static_cast<long long>(e)));
        }
        if (out->viewDims[k] != padded) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Expected out's dim %zu to be %lld (its size %lld padded by %lld and %lld), but found "
                           "%lld.", op, k, static_cast<long long>(padded), static_cast<long long>(size),
                           static_cast<long long>(b), static_cast<long long>(e),
                           static_cast<long long>(out->viewDims[k])));
        }
        if (rank - k <= p.size() / 2 && padded == 0 && positive) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: The padded dim %zu has size 0 while some pad is positive (pad %s).", op, k,
                           pad->toString().c_str()));
        }
    }
    checkNoSelfOverlap(op, out, "out");
    requireDeviceSupports(plan.device(), self->dtype, op, "self");

    plan.addInput(self, "self");
    plan.addOutput(out, "out");
    plan.describeAttribute("pad", pad);
    if (out->isEmpty()) return;
    const ScalarValue v = ScalarValue::of(value);
    Pad2dGather g;
    if (rank >= 1 && !self->isEmpty() && asPad2d(self, out, begin, end, &g)) {
        g.mode = PadMode::Constant;
        storedScalarBytes(v, self->dtype, g.fill);
        planPad2dGather(plan, g, 0, 0, self, out);
        return;
    }
    // The interior: self's window (from -begin where a pad crops) at out's max(begin, 0), of the cropped sizes.
    std::vector<int64_t> from(rank), to(rank), inner(rank);
    for (size_t k = 0; k < rank; ++k) {
        from[k] = std::max<int64_t>(-begin[k], 0);
        to[k] = std::max<int64_t>(begin[k], 0);
        inner[k] = self->viewDims[k] - from[k] - std::max<int64_t>(-end[k], 0);
    }
    ElementwiseLaunch copy;
    copy.compute = self->dtype;
    copy.a = ElementwiseOperand::window(0, from);
    copy.outStart = to;
    copy.outDims = inner;
    planElementwise(plan, copy);
    // The border: for each dim k, the parts of out before and after the interior along k, within the interior
    // along the dims before k and whole along the dims after it (together every element outside the interior,
    // each once; an empty interior along a dim makes its two parts the whole dim).
    for (size_t k = 0; k < rank; ++k) {
        const int64_t lo[2] = {0, to[k] + inner[k]}, extent[2] = {to[k], out->viewDims[k] - to[k] - inner[k]};
        for (int side = 0; side < 2; ++side) {
            if (extent[side] == 0) continue;
            ElementwiseLaunch fill;
            fill.math = "b";
            fill.compute = out->dtype;
            fill.a = ElementwiseOperand::output(0);
            fill.b = ElementwiseOperand::value(v);
            fill.outStart.assign(rank, 0);
            fill.outDims = out->viewDims;
            for (size_t j = 0; j < k; ++j) {
                fill.outStart[j] = to[j];
                fill.outDims[j] = inner[j];
            }
            fill.outStart[k] = lo[side];
            fill.outDims[k] = extent[side];
            planElementwise(plan, fill);
        }
    }
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnConstantPadNdGetWorkspaceSize(const aclTensor *self, const aclIntArray *pad, const aclScalar *value,
                                               aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, self, pad, value, out); });
}

aclnnStatus aclnnConstantPadNd(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                               aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
