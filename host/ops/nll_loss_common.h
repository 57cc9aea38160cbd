// What aclnnNLLLoss and aclnnNLLLossBackward share: the reduction argument, the shapes of self / target /
// weight, the program's defines and the fault text of an out-of-range target (cl_kernels/nll_loss.cl).
#pragma once

#include <string>

#include "ops/op_plan.h"

namespace aclcl {

// reduction: 0 none, 1 mean, 2 sum.
enum NllReduction : int64_t { kNllNone = 0, kNllMean = 1, kNllSum = 2 };

// self (N, C) or (C), target (N) or 0-d, weight (C): the rows and classes.
struct NllShape {
    int64_t rows = 0, classes = 0;
};

// reduction in 0..2 -> else 161002.
void checkNllReduction(const char *op, int64_t reduction);
// self rank 1 or 2; target rank <= 1; self 1-D with a 0-d target or self 2-D with a 1-D target of N;
// weight 1-D of C (161002, in that order).
NllShape checkNllShapes(const char *op, const aclTensor *self, const aclTensor *target, const aclTensor *weight);
// The program's defines: X (self's dtype), TG (target), OUT (out, from float), TW, MEAN, PER_ROW_GRAD,
// ITEMS and the index width.
Defines nllDefines(const Device &device, aclDataType self, aclDataType target, aclDataType out, aclDataType tw,
                   bool mean, bool perRowGrad, int64_t elements);
// Work-items of the reduction kernels' work-groups (any gives the same bits).
int64_t nllItems(const Device &device);
// The fault source of an out-of-range target (the synchronize's 507015 message names it).
cl_uint nllFaultSource(const char *api);

}  // namespace aclcl
