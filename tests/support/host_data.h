// Host-side element conversions for tests and benchmarks: values travel as double (complex as
// re,im pairs) and are stored in any aclDataType's byte layout.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_base.h"

namespace testing_support {

size_t componentsOf(aclDataType dtype);  // 2 for complex, 1 otherwise
bool needsFp64(aclDataType dtype);       // DOUBLE and COMPLEX128: a device without fp64 cannot run them
// Packs n elements (n*componentsOf values) into bytes of dtype, rounding once (RNE for fp16/bf16).
std::vector<uint8_t> encode(const std::vector<double> &values, aclDataType dtype);
std::vector<double> decode(const std::vector<uint8_t> &bytes, aclDataType dtype);
// The value after a round trip through dtype (what the device will actually see). The references call it
// for every value they compute, so FLOAT's and DOUBLE's trips are inline here; roundToStored takes the rest.
double roundToStored(double v, aclDataType dtype);
inline double roundTo(double v, aclDataType dtype) {
    if (dtype == ACL_FLOAT) return static_cast<float>(v);
    if (dtype == ACL_DOUBLE) return v;
    return roundToStored(v, dtype);
}
uint16_t floatToBf16(float f);
float bf16ToFloat(uint16_t b);
// Deterministic pseudo-random values in [lo, hi) (xorshift; the same on every machine).
std::vector<double> randomValues(size_t n, uint64_t seed, double lo = -1.0, double hi = 1.0);
// n random bytes from SplitMix64 (view_check.h) seeded with `seed`; 0 or 1 each for BOOL storage when
// `boolean`.
std::vector<uint8_t> randomBytes(size_t n, uint64_t seed, bool boolean = false);
// Row-major strides of dims, each dim counted as dim + extra (extra > 0 leaves gaps).
// The number of elements of a tensor of these dims (1 for none).
int64_t product(const std::vector<int64_t> &dims);
// "2x3x4", for case names.
std::string shapeName(const std::vector<int64_t> &dims);
// Bit-for-bit equal as a value: equal and of the same sign (0 against -0 differs), or both NaN.
bool sameValue(double got, double want);

// The dtype of a golden file's tensor, from PyTorch's name ("float32", "bfloat16", ...: the library's
// one table, common/dtype.h); throws std::runtime_error on a name it does not know.
aclDataType goldenDtype(const std::string &torchName);

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t> &dims, int64_t extra = 0);
// dims with the batch size N in front, or dims alone when N is 0 (a case's optional batch dimension).
std::vector<int64_t> withBatch(int64_t N, std::vector<int64_t> dims);
// Per-dtype comparison tolerance: |got - want| <= atol + rtol * |want|. Why each operator uses the tolerances it does: the "Precision" section of its docs/ops page.
struct Tolerance {
    double atol, rtol;
};
Tolerance defaultTolerance(aclDataType dtype);

}  // namespace testing_support
