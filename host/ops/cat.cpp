// aclnnCat (aclnnop/aclnn_cat.h): out = the tensors joined along `dim`, as torch.cat: their dtypes promoted
// together (CANN's PromoteType, left to right), each input converted to that dtype and then to out's. On the
// elementwise engine: one copy a non-empty input, each into its window of out (its cast-on-store copy, through
// every view). The contract, in CANN's check order: docs/ops/cat.md. 1-D tensors of shape (0) are dropped first
// (PyTorch's legacy rule); nothing left succeeds with no work; other tensors with a 0 in their shape are
// checked and then skipped.
#include "aclnnop/aclnn_cat.h"

#include <algorithm>

#include "common/checked_math.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnCat";
const std::vector<aclDataType> kCatDtypes = {ACL_FLOAT, ACL_INT32,  ACL_INT64,     ACL_FLOAT16, ACL_INT16, ACL_INT8,
                                             ACL_UINT8, ACL_DOUBLE, ACL_COMPLEX64, ACL_BF16,    ACL_BOOL};

// tensors[i]'s name in messages.
std::string nameOf(size_t i) { return strformat("tensors[%zu]", i); }

void plan(OpPlan &plan, const aclTensorList *tensors, int64_t dim, const aclTensor *out) {
    const char *op = plan.checkName();
    checkNotNull(op, tensors, "aclTensorList", "tensors");
    // Dropped first: 1-D tensors of shape (0). Their places in the list still name the others.
    std::vector<std::pair<const aclTensor *, size_t>> kept;
    for (size_t i = 0; i < tensors->tensors.size(); ++i) {
        const aclTensor *t = tensors->tensors[i];
        if (t && t->viewDims.size() == 1 && t->viewDims[0] == 0) continue;
        kept.emplace_back(t, i);
    }
    if (kept.empty()) return;
    for (const auto &[t, i] : kept) checkNotNull(op, t, "aclTensor", nameOf(i).c_str());
    checkNotNull(op, out, "out");
    for (const auto &[t, i] : kept) checkDtypeInList(op, t, nameOf(i).c_str(), kCatDtypes);
    checkDtypeInList(op, out, "out", kCatDtypes);
    aclDataType promoted = kept[0].first->dtype;
    for (size_t k = 1; k < kept.size(); ++k) {
        const aclDataType next = promoteType(promoted, kept[k].first->dtype);
        if (next == ACL_DT_UNDEFINED || next == ACL_COMPLEX128) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: %s dtype %s and %s dtype %s can't be promoted%s.", op, nameOf(kept[k].second).c_str(),
                           dtypeName(kept[k].first->dtype), k == 1 ? nameOf(kept[0].second).c_str() : "the previous",
                           dtypeName(promoted), next == ACL_COMPLEX128 ? " (to DT_COMPLEX128, not supported)" : ""));
        }
        promoted = next;
    }
    checkCastsTo(op, promoted, "the promoted dtype", out, "out");
    const aclTensor *first = kept[0].first;
    checkNotPrivateFormat(op, first, nameOf(kept[0].second).c_str());
    for (const auto &[t, i] : kept) {
        if (t->format != first->format) {
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected every tensor to have the format of %s (%d), but %s "
                                                    "has %d.", op, nameOf(kept[0].second).c_str(),
                                                    static_cast<int>(first->format), nameOf(i).c_str(),
                                                    static_cast<int>(t->format)));
        }
    }
    if (out->format != first->format) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected out to have the format of the tensors (%d), but found %d.", op,
                       static_cast<int>(first->format), static_cast<int>(out->format)));
    }
    for (const auto &[t, i] : kept) checkView(op, t, nameOf(i).c_str());
    checkView(op, out, "out");
    const auto rank = static_cast<int64_t>(first->rank());
    if (dim < -rank || dim >= rank) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Dimension out of range (expected dim to be in range of [%lld, %lld], but got %lld).", op,
                       static_cast<long long>(-rank), static_cast<long long>(rank - 1), static_cast<long long>(dim)));
    }
    const auto along = static_cast<size_t>(dim < 0 ? dim + rank : dim);
    std::vector<int64_t> shape = first->viewDims;
    shape[along] = 0;
    for (const auto &[t, i] : kept) {
        if (t->rank() != first->rank()) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Tensors must have same number of dimensions: got %lld and %lld (%s).", op,
                           static_cast<long long>(rank), static_cast<long long>(t->rank()), nameOf(i).c_str()));
        }
        for (size_t k = 0; k < shape.size(); ++k) {
            if (k != along && t->viewDims[k] != first->viewDims[k]) {
                fail(ACLNN_ERR_PARAM_INVALID,
                     strformat("%s: Sizes of tensors must match except in dimension %zu. Expected size %lld but got "
                               "size %lld for %s in dimension %zu.",
                               op, along, static_cast<long long>(first->viewDims[k]),
                               static_cast<long long>(t->viewDims[k]), nameOf(i).c_str(), k));
            }
        }
        if (!checkedAdd(shape[along], t->viewDims[along], &shape[along])) {
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: The joined size along dim %zu overflows int64.", op, along));
        }
    }
    // The joined shape holds one element only when every dim is 1 (no product that could overflow).
    const bool one = std::all_of(shape.begin(), shape.end(), [](int64_t d) { return d == 1; });
    if (out->viewDims != shape && !(one && out->numel() == 1)) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected out to have the joined shape %s, but found %s.", op,
                                                dimsString(shape).c_str(), out->shapeString().c_str()));
    }
    checkNoSelfOverlap(op, out, "out");
    for (const auto &[t, i] : kept) requireDeviceSupports(plan.device(), t->dtype, op, nameOf(i).c_str());
    requireDeviceSupports(plan.device(), out->dtype, op, "out");

    plan.addOutput(out, "out");
    plan.describeAttribute("dim", dim);
    // An out of one element in another shape (both hold one element) is written as the joined shape would be:
    // its one element, whatever its strides.
    const bool joinedShape = out->viewDims == shape;
    int64_t at = 0;
    for (const auto &[t, i] : kept) {
        if (t->isEmpty()) continue;
        const size_t input = plan.addInput(t, nameOf(i).c_str());
        ElementwiseLaunch l;
        l.compute = promoted;
        l.a = ElementwiseOperand::input(input);
        l.output = 0;
        if (joinedShape) {
            l.outStart.assign(shape.size(), 0);
            l.outStart[along] = at;
            l.outDims = t->viewDims;
        }
        planElementwise(plan, l);
        at += t->viewDims[along];
    }
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnCatGetWorkspaceSize(const aclTensorList *tensors, int64_t dim, aclTensor *out,
                                     uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, tensors, dim, out); });
}

aclnnStatus aclnnCat(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
