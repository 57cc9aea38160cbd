// The shared checks and defines of aclnnNLLLoss and aclnnNLLLossBackward (ops/nll_loss_common.h).
#include "ops/nll_loss_common.h"

#include <algorithm>

#include "runtime/stream.h"

namespace aclcl {

void checkNllReduction(const char *op, int64_t reduction) {
    if (reduction >= kNllNone && reduction <= kNllSum) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected reduction to be 0 (none), 1 (mean) or 2 (sum), but found %lld.", op,
                   static_cast<long long>(reduction)));
}

NllShape checkNllShapes(const char *op, const aclTensor *self, const aclTensor *target, const aclTensor *weight) {
    checkRankIn(op, self, "self", {1, 2});
    checkRankIn(op, target, "target", {0, 1});
    const bool rowPair = self->rank() == 2 && target->rank() == 1 && target->dim(0) == self->dim(0);
    const bool single = self->rank() == 1 && target->rank() == 0;
    if (!rowPair && !single) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected self (C) with a 0-d target, or self (N, C) with target (N), but found self %s "
                       "and target %s.",
                       op, self->shapeString().c_str(), target->shapeString().c_str()));
    }
    NllShape s;
    s.rows = self->rank() == 2 ? self->dim(0) : 1;
    s.classes = self->dim(-1);
    checkShapeIs(op, weight, "weight", {s.classes});
    return s;
}

int64_t nllItems(const Device &device) {
    int64_t items = 1;
    while (items * 2 <= 64 && static_cast<size_t>(items * 2) <= device.maxWorkGroupSize) items *= 2;
    return device.isCpu() ? 1 : items;
}

Defines nllDefines(const Device &device, aclDataType self, aclDataType target, aclDataType out, aclDataType tw,
                   bool mean, bool perRowGrad, int64_t elements) {
    Defines d;
    d.slot("X", self).slot("TG", target).slot("OUT", out, ACL_FLOAT).slot("TW", tw, ACL_FLOAT);
    d.flag("MEAN", mean).flag("PER_ROW_GRAD", perRowGrad).value("ITEMS", nllItems(device));
    d.index(IndexWidth().cover(elements).wide());
    return d;
}

namespace {

std::string describeFault(const FaultRecord &r) {
    return strformat("target %lld of row %lld is outside [0, C = %lld) and is not ignoreIndex; that row counted as "
                     "ignored",
                     static_cast<long long>(r.value), static_cast<long long>(r.position),
                     static_cast<long long>(r.limit));
}

}  // namespace

cl_uint nllFaultSource(const char *api) {
    return registerFaultSource(api, describeFault);
}

}  // namespace aclcl
