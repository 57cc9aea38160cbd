// Argument checks shared by the operators. Each throws Error with the aclnn code and a message that
// names the operator, the argument, what was expected and what was found.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "meta/tensor.h"

namespace aclcl {

// 161001 with CANN's text: "Expected a value of type [T] for argument [arg] but instead found nullptr."
void checkNotNull(const char *op, const void *p, const char *type, const char *arg);
inline void checkNotNull(const char *op, const aclTensor *t, const char *arg) {
    checkNotNull(op, t, "aclTensor", arg);
}
inline void checkNotNull(const char *op, const aclIntArray *a, const char *arg) {
    checkNotNull(op, a, "aclIntArray", arg);
}

// 161002: "Tensor arg not implemented for DT_X, should be in dtype support list [...]."
void checkDtypeIn(const char *op, const aclTensor *t, const char *arg, std::initializer_list<aclDataType> allowed);
// 161002 unless both tensors have the same dtype.
void checkSameDtype(const char *op, const aclTensor *a, const char *argA, const aclTensor *b, const char *argB);
// 161002 unless t's rank is one of `ranks`.
void checkRankIn(const char *op, const aclTensor *t, const char *arg, std::initializer_list<int64_t> ranks);
// 161002 unless the view dims equal `expected`.
void checkShapeIs(const char *op, const aclTensor *t, const char *arg, const std::vector<int64_t> &expected);
// 161002: "Expected tensor for a to have same size as tensor for b, but [..] does not equal [..]."
void checkSameShape(const char *op, const aclTensor *a, const char *argA, const aclTensor *b, const char *argB);
void checkArraySize(const char *op, const aclIntArray *a, const char *arg, size_t expected);
void checkFormatIn(const char *op, const aclTensor *t, const char *arg, std::initializer_list<aclFormat> allowed);

// The view itself is well formed: rank <= maxRank (CANN's 8 unless an operator has no limit), non-negative
// dims, strides for every dim, offset >= 0, element count and reach fit in int64, and (when storage dims
// are given) the view stays inside them.
void checkView(const char *op, const aclTensor *t, const char *arg, int64_t maxRank = 8);
// checkView for each (tensor, name), in order.
void checkViews(const char *op, std::initializer_list<std::pair<const aclTensor *, const char *>> tensors);
// An output view that would write one element twice (e.g. a zero stride) -> 161002.
void checkNoSelfOverlap(const char *op, const aclTensor *t, const char *arg);

std::string dimsString(const std::vector<int64_t> &dims);

}  // namespace aclcl
