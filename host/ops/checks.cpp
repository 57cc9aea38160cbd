#include "ops/checks.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

namespace aclcl {

namespace {

const char *formatName(aclFormat f) {
    switch (f) {
        case ACL_FORMAT_NCHW: return "NCHW";
        case ACL_FORMAT_NHWC: return "NHWC";
        case ACL_FORMAT_ND: return "ND";
        case ACL_FORMAT_NC1HWC0: return "NC1HWC0";
        case ACL_FORMAT_FRACTAL_Z: return "FRACTAL_Z";
        case ACL_FORMAT_HWCN: return "HWCN";
        case ACL_FORMAT_NDHWC: return "NDHWC";
        case ACL_FORMAT_FRACTAL_NZ: return "FRACTAL_NZ";
        case ACL_FORMAT_NCDHW: return "NCDHW";
        case ACL_FORMAT_NC: return "NC";
        case ACL_FORMAT_NCL: return "NCL";
        default: return "other";
    }
}

}  // namespace

std::string dimsString(const std::vector<int64_t> &dims) { return joinDims(dims); }

void checkNotNull(const char *op, const void *p, const char *type, const char *arg) {
    if (!p) {
        fail(ACLNN_ERR_PARAM_NULLPTR,
             strformat("%s: Expected a value of type [%s] for argument [%s] but instead found nullptr.", op, type,
                       arg));
    }
}

void checkDtypeIn(const char *op, const aclTensor *t, const char *arg, std::initializer_list<aclDataType> allowed) {
    if (std::find(allowed.begin(), allowed.end(), t->dtype) != allowed.end()) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Tensor %s not implemented for %s, should be in dtype support list %s.", op, arg,
                   dtypeName(t->dtype), dtypeList(allowed.begin(), allowed.size()).c_str()));
}

void checkSameDtype(const char *op, const aclTensor *a, const char *argA, const aclTensor *b, const char *argB) {
    if (a->dtype == b->dtype) return;
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to have the dtype of %s (%s), but found %s.", op, argB,
                                            argA, dtypeName(a->dtype), dtypeName(b->dtype)));
}

void checkRankIn(const char *op, const aclTensor *t, const char *arg, std::initializer_list<int64_t> ranks) {
    if (std::find(ranks.begin(), ranks.end(), t->rank()) != ranks.end()) return;
    std::string list;
    for (int64_t r : ranks) list += (list.empty() ? "" : " or ") + std::to_string(r);
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to be %s-D, but found %lld-D (shape %s).", op, arg,
                                            list.c_str(), static_cast<long long>(t->rank()),
                                            t->shapeString().c_str()));
}

void checkShapeIs(const char *op, const aclTensor *t, const char *arg, const std::vector<int64_t> &expected) {
    if (t->viewDims == expected) return;
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to have shape %s, but found %s.", op, arg,
                                            dimsString(expected).c_str(), t->shapeString().c_str()));
}

void checkSameShape(const char *op, const aclTensor *a, const char *argA, const aclTensor *b, const char *argB) {
    if (a->viewDims == b->viewDims) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.", op,
                   argB, argA, b->shapeString().c_str(), a->shapeString().c_str()));
}

void checkArraySize(const char *op, const aclIntArray *a, const char *arg, size_t expected) {
    if (a->values.size() == expected) return;
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to have %zu values, but found %zu (%s).", op, arg,
                                            expected, a->values.size(), a->toString().c_str()));
}

void checkFormatIn(const char *op, const aclTensor *t, const char *arg, std::initializer_list<aclFormat> allowed) {
    if (std::find(allowed.begin(), allowed.end(), t->format) != allowed.end()) return;
    std::string list;
    for (aclFormat f : allowed) list += (list.empty() ? "" : ", ") + std::string(formatName(f));
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to have format in [%s], but found %s (%d).", op, arg,
                                            list.c_str(), formatName(t->format), static_cast<int>(t->format)));
}

void checkView(const char *op, const aclTensor *t, const char *arg, int64_t maxRank) {
    if (t->rank() > maxRank) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to have at most %lld dimensions, but found %lld.", op,
                                                arg, static_cast<long long>(maxRank),
                                                static_cast<long long>(t->rank())));
    }
    if (t->strides.size() != t->viewDims.size()) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: %s has %zu strides for %zu dimensions.", op, arg,
                                                t->strides.size(), t->viewDims.size()));
    }
    if (t->offset < 0) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected the storage offset of %s to be >= 0, but found %lld.",
                                                op, arg, static_cast<long long>(t->offset)));
    }
    int64_t count = 1, reach = t->offset;
    bool empty = false;
    for (size_t i = 0; i < t->viewDims.size(); ++i) {
        int64_t d = t->viewDims[i];
        if (d < 0) {
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected every dimension of %s to be >= 0, but found %s.",
                                                    op, arg, t->shapeString().c_str()));
        }
        if (d == 0) empty = true;
        if (t->strides[i] < 0) {
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected the strides of %s to be >= 0, but found %s.", op,
                                                    arg, dimsString(t->strides).c_str()));
        }
        int64_t step = 0;
        if (__builtin_mul_overflow(count, d, &count) ||
            __builtin_mul_overflow(d > 0 ? d - 1 : 0, t->strides[i], &step) ||
            __builtin_add_overflow(reach, step, &reach)) {
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: the size of %s (shape %s, strides %s) overflows int64.", op,
                                                    arg, t->shapeString().c_str(), dimsString(t->strides).c_str()));
        }
    }
    // The byte extent must fit too: element counts below 2^63 can still overflow size_t in bytes.
    int64_t reachBytes = 0;
    if (!empty && (__builtin_add_overflow(reach, 1, &reachBytes) ||
                   __builtin_mul_overflow(reachBytes, static_cast<int64_t>(dtypeSize(t->dtype)), &reachBytes))) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: the view of %s (shape %s, strides %s, offset %lld) spans more than 2^63 bytes.", op, arg,
                       t->shapeString().c_str(), dimsString(t->strides).c_str(), static_cast<long long>(t->offset)));
    }
    if (empty || t->storageDims.empty()) return;
    int64_t storage = 1;
    for (int64_t d : t->storageDims) {
        if (d < 0 || __builtin_mul_overflow(storage, d, &storage)) {
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: storage shape %s of %s is invalid.", op,
                                                    dimsString(t->storageDims).c_str(), arg));
        }
    }
    if (reach >= storage) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: the view of %s (shape %s, strides %s, offset %lld) reaches element %lld, past its "
                       "storage of %lld elements (storage shape %s).",
                       op, arg, t->shapeString().c_str(), dimsString(t->strides).c_str(),
                       static_cast<long long>(t->offset), static_cast<long long>(reach),
                       static_cast<long long>(storage), dimsString(t->storageDims).c_str()));
    }
}

void checkNoSelfOverlap(const char *op, const aclTensor *t, const char *arg) {
    // Sort the non-trivial dims by stride; each stride must step past everything the smaller ones span.
    std::vector<size_t> order;
    for (size_t i = 0; i < t->viewDims.size(); ++i) {
        if (t->viewDims[i] == 0) return;  // empty: nothing is written
        if (t->viewDims[i] > 1) order.push_back(i);
    }
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return t->strides[a] < t->strides[b]; });
    int64_t span = 0;  // largest offset reachable by the dims seen so far
    for (size_t i : order) {
        if (t->strides[i] <= span) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Expected output %s to have non-overlapping memory, but its view (shape %s, strides "
                           "%s) writes some elements more than once.",
                           op, arg, t->shapeString().c_str(), dimsString(t->strides).c_str()));
        }
        span += t->strides[i] * (t->viewDims[i] - 1);
    }
}

void checkViews(const char *op, std::initializer_list<std::pair<const aclTensor *, const char *>> tensors) {
    for (const auto &[t, name] : tensors) checkView(op, t, name);
}

}  // namespace aclcl
