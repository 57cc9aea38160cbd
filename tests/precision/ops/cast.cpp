// Cast and InplaceCopy in the precision report: conversions, judged bit for bit against the engine's
// conversion rules (support/elementwise_ref.h's refConvert: one rounding, floats into integers truncated
// and saturated with NaN to 0, integers wrapped, complex into real keeping the real part).
#include "common/dtype.h"
#include "harness/cast.h"
#include "harness/copy.h"
#include "precision/ops/elementwise.h"
#include "support/elementwise_ref.h"

namespace precision {
namespace {

// A dtype each one is converted to: a narrower or wider float, or a float for the integers.
aclDataType partnerOf(aclDataType d) {
    switch (d) {
        case ACL_FLOAT: return ACL_FLOAT16;
        case ACL_FLOAT16: return ACL_FLOAT;
        case ACL_BF16: return ACL_FLOAT;
        case ACL_DOUBLE: return ACL_FLOAT;
        case ACL_COMPLEX64: return ACL_FLOAT;  // the real part; COMPLEX128 would need fp64
        case ACL_COMPLEX128: return ACL_COMPLEX64;
        case ACL_INT64: return ACL_FLOAT;
        default: return ACL_INT64;
    }
}

std::vector<double> converted(const std::vector<double> &v, aclDataType from, aclDataType to, size_t n,
                              const std::vector<size_t> &index) {
    const size_t pf = testing_support::refIsComplex(from) ? 2 : 1, pt = testing_support::refIsComplex(to) ? 2 : 1;
    std::vector<double> out(n * pt);
    for (size_t i = 0; i < n; ++i) {
        const size_t j = index.empty() ? i : index[i];
        const auto r = testing_support::refConvert({v[j * pf], pf == 2 ? v[j * pf + 1] : 0}, from, to);
        out[i * pt] = r.re;
        if (pt == 2) out[i * pt + 1] = r.im;
    }
    return out;
}

CaseOutcome runCast(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const std::vector<int64_t> shape = drawShape(draw, 4, 16);
    const aclDataType to = partnerOf(dtype);
    const size_t n = static_cast<size_t>(numel(shape));
    const std::vector<double> v = draw.values(n, dtype);
    DeviceTensor self = uploaded(shape, dtype, v), out(shape, to);
    runOrThrow(testing_support::kCast, {self, to, out}, stream);
    return {shapeText(shape) + " to " + aclcl::dtypeName(to), {output("out", out, converted(v, dtype, to, n, {}), Judge::Bitwise)}};
}

// selfRef of dtype, src of its partner dtype broadcast from selfRef's trailing dims.
CaseOutcome runInplaceCopy(aclDataType dtype, Draw &draw, aclrtStream stream) {
    const std::vector<int64_t> shape = drawShape(draw, 4, 12);
    std::vector<int64_t> srcShape(shape.begin() + draw.integer(0, static_cast<int64_t>(shape.size()) - 1), shape.end());
    for (int64_t &d : srcShape) d = draw.coin() ? d : 1;
    const aclDataType from = partnerOf(dtype);
    const std::vector<double> v = draw.values(static_cast<size_t>(numel(srcShape)), from);
    const size_t n = static_cast<size_t>(numel(shape));
    std::vector<size_t> index(n);
    for (size_t i = 0; i < n; ++i) index[i] = testing_support::refBroadcastIndex(i, shape, srcShape);
    DeviceTensor self(shape, dtype), src = uploaded(srcShape, from, v);
    runOrThrow(testing_support::kInplaceCopy, {self, src}, stream);
    return {shapeText(shape) + " from " + aclcl::dtypeName(from) + " " + shapeText(srcShape),
            {output("selfRef", self, converted(v, from, dtype, n, index), Judge::Bitwise)}};
}

ACLNN_REGISTER_PRECISION("aclnnCast", testing_support::kCastDtypes, runCast);
ACLNN_REGISTER_PRECISION("aclnnInplaceCopy", testing_support::kCopyDtypes, runInplaceCopy);

}  // namespace
}  // namespace precision
