// Cast in the precision report, one row per target dtype: a self of a drawn source dtype converted to the
// row's dtype. A floating or complex target is judged by the metrics (its thresholds) against self's exact
// value, which measures the conversion's one rounding; an integer or bool target bit for bit against the
// documented conversion (truncation toward zero, saturation, NaN to 0; support/elementwise_ref.h).
#include "common/dtype.h"
#include "harness/cast.h"
#include "precision/precision.h"
#include "support/elementwise_ref.h"
#include "support/op_case.h"

namespace precision {
namespace {

// docs/ops/cast.md's list.
const std::vector<aclDataType> kCastDtypes = {ACL_FLOAT16, ACL_FLOAT,     ACL_DOUBLE,     ACL_INT8,   ACL_UINT8,
                                              ACL_INT16,   ACL_INT32,     ACL_INT64,      ACL_UINT16, ACL_UINT32,
                                              ACL_UINT64,  ACL_BOOL,      ACL_COMPLEX64,  ACL_COMPLEX128, ACL_BF16};

CaseOutcome runCast(aclDataType to, Draw &draw, aclrtStream stream) {
    using testing_support::refIsComplex;
    using testing_support::refIsFloat;
    // The source: any listed dtype the device holds.
    aclDataType from;
    do {
        from = kCastDtypes[static_cast<size_t>(draw.integer(0, static_cast<int64_t>(kCastDtypes.size()) - 1))];
    } while (testing_support::needsFp64(from) && !testing_support::currentDeviceHasFp64(nullptr));
    const std::vector<int64_t> shape{draw.integer(1, 8), draw.integer(1, 64)};
    const std::vector<double> x = draw.values(static_cast<size_t>(numel(shape)), from);
    const size_t in = refIsComplex(from) ? 2 : 1, parts = refIsComplex(to) ? 2 : 1, n = static_cast<size_t>(numel(shape));
    std::vector<double> golden(n * parts);
    for (size_t i = 0; i < n; ++i) {
        const testing_support::RefComplex v{x[i * in], in == 2 ? x[i * in + 1] : 0};
        if (refIsFloat(to) || refIsComplex(to)) {
            golden[i * parts] = v.re;  // a complex self into a real out keeps the real part
            if (parts == 2) golden[i * parts + 1] = v.im;
        } else {
            golden[i] = testing_support::refConvert(v, from, to).re;
        }
    }
    DeviceTensor self = uploaded(shape, from, x), out(shape, to);
    runOrThrow(testing_support::kCast, {self, to, out}, stream);
    return {"self " + shapeText(shape) + " " + aclcl::dtypeName(from),
            {output("out", out, std::move(golden), Judge::Metrics)}};
}

ACLNN_REGISTER_PRECISION("aclnnCast", kCastDtypes, runCast);

}  // namespace
}  // namespace precision
