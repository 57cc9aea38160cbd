// NLLLoss and NLLLossBackward in the precision report: self (N, C) or (C), valid class indices as targets
// (INT64, INT32 or UINT8, drawn), a drawn reduction and ignoreIndex that some rows hit, and a class weight
// (the drawn values' magnitudes: a class weight is not negative, and a total weight that cancels to nearly 0
// would measure the division's conditioning, not the operator). Judged by the metrics against
// tests/cases/nll_loss_cases.h's references in double; the backward's totalWeight is the counted rows' weight
// sum in the dtype, as NLLLoss's totalWeightOut holds it.
#include <cmath>
#include <string>

#include "cases/nll_loss_cases.h"
#include "harness/nll_loss.h"
#include "harness/nll_loss_backward.h"
#include "precision/precision.h"

namespace precision {
namespace {

struct Drawn {
    int64_t rows = 1, classes = 1, reduction = 1, ignoreIndex = -100;
    bool oneDim = false;  // self (C) with a 0-d target
    aclDataType targetType = ACL_INT64;
    std::vector<double> target, weight;

    std::vector<int64_t> selfShape() const {
        return oneDim ? std::vector<int64_t>{classes} : std::vector<int64_t>{rows, classes};
    }
    std::vector<int64_t> targetShape() const { return oneDim ? std::vector<int64_t>{} : std::vector<int64_t>{rows}; }
    // out and gradOutput: (N) for none with a 2-D self, else one element.
    std::vector<int64_t> lossShape() const {
        return reduction == 0 && !oneDim ? std::vector<int64_t>{rows} : std::vector<int64_t>{};
    }
    std::string text() const {
        static const char *const names[] = {"none", "mean", "sum"};
        const char *indices = targetType == ACL_INT64 ? " INT64" : targetType == ACL_INT32 ? " INT32" : " UINT8";
        return "self " + shapeText(selfShape()) + " " + names[reduction] + " ignoreIndex " +
               std::to_string(ignoreIndex) + indices + " target";
    }
};

// The sizes, the attributes, the targets and the weight (before self's or gradOutput's values).
Drawn drawProblem(aclDataType dtype, Draw &draw) {
    Drawn d;
    d.oneDim = draw.integer(0, 7) == 0;
    d.rows = d.oneDim ? 1 : draw.integer(1, 16);
    d.classes = draw.integer(1, 12);
    d.reduction = draw.integer(0, 2);
    const aclDataType targetTypes[] = {ACL_INT64, ACL_INT32, ACL_UINT8};
    d.targetType = targetTypes[draw.integer(0, 2)];
    // ignoreIndex a class (its rows ignored) or PyTorch's default -100 that some rows hold (UINT8 holds none).
    const bool classIgnored = d.targetType == ACL_UINT8 || draw.coin();
    d.ignoreIndex = classIgnored ? draw.integer(0, d.classes - 1) : -100;
    for (int64_t n = 0; n < d.rows; ++n) {
        const bool ignored = !classIgnored && draw.integer(0, 3) == 0;
        d.target.push_back(ignored ? -100.0 : static_cast<double>(draw.integer(0, d.classes - 1)));
    }
    d.weight = draw.values(static_cast<size_t>(d.classes), dtype);
    for (double &w : d.weight) w = std::fabs(w);
    return d;
}

CaseOutcome runNLLLoss(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const Drawn d = drawProblem(dtype, draw);
    const std::vector<double> x = draw.values(static_cast<size_t>(d.rows * d.classes), dtype);
    testing_support::NllReference want =
        testing_support::nllReference(x, d.target, d.weight, d.rows, d.classes, d.reduction, d.ignoreIndex);
    DeviceTensor self = uploaded(d.selfShape(), dtype, x), target = uploaded(d.targetShape(), d.targetType, d.target),
                 weight = uploaded({d.classes}, dtype, d.weight), out(d.lossShape(), dtype), totalWeight({}, dtype);
    runOrThrow(testing_support::kNLLLoss, {self, target, weight, d.reduction, d.ignoreIndex, out, totalWeight},
               stream);
    CaseOutcome outcome{d.text(), {output("out", out, std::move(want.out), Judge::Metrics)}};
    if (d.reduction != 0) {  // written for mean and sum only
        outcome.outputs.push_back(output("totalWeightOut", totalWeight, {want.totalWeight}, Judge::Metrics));
    }
    return outcome;
}

CaseOutcome runNLLLossBackward(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const Drawn d = drawProblem(dtype, draw);
    const std::vector<double> dy = draw.values(static_cast<size_t>(numel(d.lossShape())), dtype);
    double total = 0;
    for (int64_t n = 0; n < d.rows; ++n) {
        const auto t = static_cast<int64_t>(d.target[static_cast<size_t>(n)]);
        if (t != d.ignoreIndex && t >= 0) total += d.weight[static_cast<size_t>(t)];
    }
    total = roundToDtype(total, dtype);
    std::vector<double> want = testing_support::nllBackwardReference(dy, d.target, d.weight, d.rows, d.classes,
                                                                     d.reduction, d.ignoreIndex, total);
    DeviceTensor gradOutput = uploaded(d.lossShape(), dtype, dy), self(d.selfShape(), dtype),
                 target = uploaded(d.targetShape(), d.targetType, d.target),
                 weight = uploaded({d.classes}, dtype, d.weight), totalWeight = uploaded({}, dtype, {total}),
                 out(d.selfShape(), dtype);
    self.upload(draw.values(static_cast<size_t>(d.rows * d.classes), dtype));  // only its shape is read
    runOrThrow(testing_support::kNLLLossBackward,
               {gradOutput, self, target, weight, d.reduction, d.ignoreIndex, totalWeight, out}, stream);
    return {d.text(), {output("out", out, std::move(want), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnNLLLoss", floatDtypes(), runNLLLoss);
ACLNN_REGISTER_PRECISION("aclnnNLLLossBackward", floatDtypes(), runNLLLossBackward);

}  // namespace
}  // namespace precision
