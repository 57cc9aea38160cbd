// aclnnPermute (aclnnop/aclnn_permute.h): out = self with its dims reordered (out.shape[i] =
// self.shape[dims[i]], torch.permute made contiguous or written into any view of out). On the elementwise
// engine: a copy from self read through its permuted view (ElementwiseOperand::permuted), so nothing is
// packed or staged whatever the strides of self and out. The contract, in check order: docs/ops/permute.md.
//
// CANN checks duplicates in dims twice, as given and after adding the rank to negative values; it returns
// 561103 (not 161002) for an empty self with a non-empty out. Values are copied as the engine copies them:
// exact for every dtype (fp16 and bf16 travel as float, which holds them; a signalling NaN may come out quiet).
#include <algorithm>
#include <string>

#include "aclnnop/aclnn_permute.h"
#include "common/dtype.h"
#include "engines/elementwise.h"

namespace aclcl {
namespace {

constexpr const char *kApi = "aclnnPermute";
const std::vector<aclDataType> kPermuteDtypes = {ACL_FLOAT,  ACL_FLOAT16, ACL_INT8,   ACL_INT16,     ACL_INT32,
                                                 ACL_INT64,  ACL_UINT8,   ACL_UINT16, ACL_UINT32,    ACL_UINT64,
                                                 ACL_BOOL,   ACL_DOUBLE,  ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

bool repeats(const std::vector<int64_t> &v) {
    for (size_t i = 0; i < v.size(); ++i) {
        if (std::find(v.begin() + static_cast<std::ptrdiff_t>(i) + 1, v.end(), v[i]) != v.end()) return true;
    }
    return false;
}

// dims with the rank added to negative values, after CANN's checks of the rank and the raw values.
std::vector<int64_t> checkedOrder(const char *op, const aclTensor *self, const aclIntArray *dims,
                                  const aclTensor *out) {
    const int64_t rank = self->rank();
    if (out->rank() != rank) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected out to have the rank of self, %lld, but found %lld.", op,
                                                static_cast<long long>(rank), static_cast<long long>(out->rank())));
    }
    checkArraySize(op, dims, "dims", static_cast<size_t>(rank));
    if (repeats(dims->values)) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected dims to name each dim once, but found %s.", op, dims->toString().c_str()));
    }
    checkView(op, self, "self");  // rank <= 8 (CANN's check) and a well-formed view (ours)
    checkView(op, out, "out");
    std::vector<int64_t> order = dims->values;
    for (int64_t &d : order) {
        if (d < -rank || d >= rank) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Expected every value of dims to be in [%lld, %lld], but found %lld in %s.", op,
                           static_cast<long long>(-rank), static_cast<long long>(rank - 1), static_cast<long long>(d),
                           dims->toString().c_str()));
        }
        if (d < 0) d += rank;
    }
    if (repeats(order)) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected dims to name each dim once, but %s names one twice (negative values count from "
                       "the end: %s).",
                       op, dims->toString().c_str(), dimsString(order).c_str()));
    }
    return order;
}

void plan(OpPlan &plan, const aclTensor *self, const aclIntArray *dims, const aclTensor *out) {
    const char *op = plan.checkName();
    checkNotNull(op, self, "self");
    checkNotNull(op, dims, "dims");
    checkNotNull(op, out, "out");
    checkDtypeInList(op, self, "self", kPermuteDtypes);
    checkDtypeInList(op, out, "out", kPermuteDtypes);
    checkSameDtype(op, self, "self", out, "out");
    std::vector<int64_t> order = checkedOrder(op, self, dims, out);
    if (self->isEmpty() && !out->isEmpty()) {
        fail(ACLNN_ERR_INNER_NULLPTR, strformat("%s: Expected out to be empty as self %s is, but found %s.", op,
                                                self->shapeString().c_str(), out->shapeString().c_str()));
    }
    std::vector<int64_t> shape(order.size());
    for (size_t i = 0; i < order.size(); ++i) shape[i] = self->viewDims[static_cast<size_t>(order[i])];
    // CANN lets the shapes differ where both hold exactly one element; with the ranks equal, both are all ones.
    if (shape != out->viewDims) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected out to have shape %s (self's dims in the order of dims %s), but found %s.", op,
                       dimsString(shape).c_str(), dims->toString().c_str(), out->shapeString().c_str()));
    }
    checkNoSelfOverlap(op, out, "out");
    requireDeviceSupports(plan.device(), self->dtype, op, "self");

    plan.addInput(self, "self");
    plan.addOutput(out, "out");
    plan.describeAttribute("dims", dims);
    if (self->isEmpty()) return;
    ElementwiseLaunch l;
    l.compute = self->dtype;
    l.a = ElementwiseOperand::permuted(0, std::move(order));
    planElementwise(plan, l);
}

}  // namespace
}  // namespace aclcl

aclnnStatus aclnnPermuteGetWorkspaceSize(const aclTensor *self, const aclIntArray *dims, aclTensor *out,
                                         uint64_t *workspaceSize, aclOpExecutor **executor) {
    return aclcl::planOperator(aclcl::kApi, workspaceSize, executor,
                               [&](aclcl::OpPlan &plan) { aclcl::plan(plan, self, dims, out); });
}

aclnnStatus aclnnPermute(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, const aclrtStream stream) {
    return aclcl::runExecutor(aclcl::kApi, workspace, workspaceSize, executor, stream);
}
