// aclnnInplaceFillScalar: every selfRef dtype CANN lists (A2/A3) with values of every scalar dtype, each
// pair accepted exactly where CANN's PromoteType(selfRef, value) exists (else 161002), the value converted
// as the engine converts scalars (host/ops/fill_value.h) and checked byte for byte in every element of
// every kind of view, the gaps untouched; fp16 and bf16 bit patterns and the integer conversions written
// out; the errors in CANN's check order.
//
// The conversion, as this file's reference computes it: a floating or complex value goes through double,
// then float for FLOAT, FLOAT16, BF16 and COMPLEX64 (so a double rounds twice into the 16-bit dtypes: to
// float, then to nearest even); an integer value is exact in DOUBLE and rounds once into float; into an
// integer dtype an integer value wraps to its width and a floating one truncates toward zero, saturating at
// int64 (NaN 0), then wraps; into BOOL anything nonzero (NaN too) is true; a complex value into a real dtype
// keeps its real part.
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "common/dtype.h"
#include "harness/fill_scalar.h"
#include "support/error_rows.h"
#include "support/fill_checks.h"
#include "support/op_test.h"

using namespace testing_support;

namespace {

const std::vector<aclDataType> kScalarDtypes = {ACL_BOOL,  ACL_UINT8, ACL_INT8,   ACL_INT16,     ACL_UINT16,
                                                ACL_INT32, ACL_UINT32, ACL_INT64, ACL_UINT64,    ACL_FLOAT16,
                                                ACL_BF16,  ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};

bool isInteger(aclDataType d) {
    return d == ACL_UINT8 || d == ACL_INT8 || d == ACL_INT16 || d == ACL_UINT16 || d == ACL_INT32 ||
           d == ACL_UINT32 || d == ACL_INT64 || d == ACL_UINT64;
}
bool isComplex(aclDataType d) { return d == ACL_COMPLEX64 || d == ACL_COMPLEX128; }
bool isReal(aclDataType d) { return !isInteger(d) && d != ACL_BOOL; }  // floating or complex

// CANN's PromoteType(selfRef, value) exists (OPS_COMPANION 1.1): both in the lattice, the same dtype, or a
// UINT16 / UINT32 / UINT64 selfRef with a complex value.
bool promotes(aclDataType self, aclDataType value) {
    const auto wideUnsigned = [](aclDataType d) { return d == ACL_UINT16 || d == ACL_UINT32 || d == ACL_UINT64; };
    if (self == value) return true;
    if (wideUnsigned(self)) return isComplex(value);
    return !wideUnsigned(value);
}

// A value of the scalar's dtype: integers and bool in i (UINT64 as its bits), floating ones in re (and im).
struct Value {
    aclDataType dtype;
    int64_t i = 0;
    double re = 0, im = 0;
};

std::vector<Value> valuesOf(aclDataType s) {
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = INFINITY;
    auto ints = [s](std::initializer_list<int64_t> v) {
        std::vector<Value> out;
        for (int64_t x : v) out.push_back({s, x});
        return out;
    };
    auto reals = [s](std::initializer_list<double> v) {
        std::vector<Value> out;
        for (double x : v) out.push_back({s, 0, x});
        return out;
    };
    switch (s) {
        case ACL_BOOL: return ints({0, 1});
        case ACL_UINT8: return ints({0, 200, 255});
        case ACL_INT8: return ints({-128, -1, 100});
        case ACL_INT16: return ints({-32768, 300, -129});
        case ACL_UINT16: return ints({65535, 40000});
        case ACL_INT32: return ints({INT32_MIN, 70000, -1});
        case ACL_UINT32: return ints({4294967295LL, 3000000000LL});
        case ACL_INT64: return ints({INT64_MAX, INT64_MIN, (int64_t{1} << 53) + 1, -300});
        case ACL_UINT64: return ints({-1, INT64_MIN, 65536});  // 2^64 - 1, 2^63
        case ACL_FLOAT16: return reals({65504, -0.0, std::ldexp(1, -24), inf, nan, 1.5});
        case ACL_BF16: return reals({3.3895313892515355e38, -inf, nan, 1.0078125, std::ldexp(1, -133)});
        case ACL_FLOAT:
            return reals({static_cast<double>(0.1f), -0.0, 65519, 65520, std::numeric_limits<float>::max(),
                          std::ldexp(1, -149), nan, -inf, 300.75, -2.5, static_cast<double>(1e30f)});
        case ACL_DOUBLE:
            return reals({0.1, 1e300, std::ldexp(1, -1074), -0.0, nan, 1 + std::ldexp(1, -11) + std::ldexp(1, -40),
                          -1e-300});
        case ACL_COMPLEX64: return {{s, 0, 1.5, -2.5}, {s, 0, nan, 0}, {s, 0, -0.0, inf}};
        case ACL_COMPLEX128: return {{s, 0, 0.1, 1e300}, {s, 0, -3.75, 0.5}};
        default: return {};
    }
}

// The aclScalar of a value: its bytes as aclCreateScalar reads them.
class ValueScalar {
public:
    explicit ValueScalar(const Value &v) {
        std::vector<uint8_t> bytes(16, 0);
        if (isReal(v.dtype)) {
            const std::vector<uint8_t> e = encode(isComplex(v.dtype) ? std::vector<double>{v.re, v.im}
                                                                     : std::vector<double>{v.re},
                                                  v.dtype);
            std::memcpy(bytes.data(), e.data(), e.size());
        } else {
            std::memcpy(bytes.data(), &v.i, aclDataTypeSize(v.dtype));  // little-endian: the low bytes
        }
        scalar_ = aclCreateScalar(bytes.data(), v.dtype);
    }
    ~ValueScalar() { aclDestroyScalar(scalar_); }
    ValueScalar(const ValueScalar &) = delete;
    ValueScalar &operator=(const ValueScalar &) = delete;
    const aclScalar *get() const { return scalar_; }

private:
    aclScalar *scalar_ = nullptr;
};

// The bytes of one selfRef element of dtype d after filling with v (the file's comment gives the rules).
std::vector<uint8_t> expectedElement(const Value &v, aclDataType d) {
    const bool real = isReal(v.dtype);
    const double re = real ? v.re
                           : v.dtype == ACL_UINT64 ? static_cast<double>(static_cast<uint64_t>(v.i))
                                                   : static_cast<double>(v.i);
    const double im = isComplex(v.dtype) ? v.im : 0;
    if (isReal(d)) {
        const bool viaFloat = d != ACL_DOUBLE && d != ACL_COMPLEX128;
        auto narrow = [viaFloat](double x) { return viaFloat ? static_cast<double>(static_cast<float>(x)) : x; };
        return encode(isComplex(d) ? std::vector<double>{narrow(re), narrow(im)} : std::vector<double>{narrow(re)}, d);
    }
    if (d == ACL_BOOL) return {static_cast<uint8_t>(real ? (re != 0 || im != 0) : v.i != 0)};
    int64_t whole = v.i;
    if (real) {
        whole = std::isnan(re) ? 0
                : re >= 9223372036854775807.0 ? INT64_MAX
                : re <= -9223372036854775808.0 ? INT64_MIN
                                               : static_cast<int64_t>(re);
    }
    std::vector<uint8_t> out(aclDataTypeSize(d));
    std::memcpy(out.data(), &whole, out.size());  // wrapped: the low bytes
    return out;
}

std::string describe(const Value &v) {
    if (!isReal(v.dtype)) return std::string(aclcl::dtypeName(v.dtype)) + " " + std::to_string(v.i);
    return std::string(aclcl::dtypeName(v.dtype)) + " " + std::to_string(v.re) +
           (isComplex(v.dtype) ? " + " + std::to_string(v.im) + "i" : "");
}

class InplaceFillScalarEveryDtype : public DeviceDtypeTest {};
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(InplaceFillScalarEveryDtype, kFillDtypes);

// selfRef of this dtype filled with every value of every scalar dtype that promotes with it, through the
// views in turn; the other scalar dtypes are refused before anything is written.
TEST_P(InplaceFillScalarEveryDtype, EveryValueOfEveryScalarDtype) {
    const aclDataType d = dtype();
    if (needsFp64(d) && !fp64()) GTEST_SKIP() << aclcl::dtypeName(d) << " needs cl_khr_fp64";
    size_t filled = 0, refused = 0;
    for (aclDataType s : kScalarDtypes) {
        for (const Value &v : valuesOf(s)) {
            const FillLayout &l = fillLayouts()[(filled + refused) % fillLayouts().size()];
            SCOPED_TRACE(describe(v) + " into " + aclcl::dtypeName(d) + ", " + l.name);
            ValueScalar scalar(v);
            DeviceTensor t = l.make(d);
            t.fillStorage(0xA5);
            const std::vector<uint8_t> before = t.storage();
            if (!promotes(d, s)) {
                uint64_t ws = 0;
                aclOpExecutor *ex = nullptr;
                EXPECT_EQ(kInplaceFillScalar.plan({t, scalar.get()}, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
                const std::string msg = aclGetRecentErrMsg();
                EXPECT_NE(msg.find(aclcl::dtypeName(s)), std::string::npos) << msg;
                ++refused;
                continue;
            }
            ASSERT_ACL_OK(planAndRun(kInplaceFillScalar, {t, scalar.get()}, stream));
            expectFilled(t, l, before, expectedElement(v, d));
            ++filled;
        }
    }
    const bool wideUnsigned = d == ACL_UINT16 || d == ACL_UINT32 || d == ACL_UINT64;
    EXPECT_EQ(filled, wideUnsigned ? valuesOf(d).size() + 5 : 52u);  // own dtype (+ complex), or the 12 lattice dtypes
    EXPECT_EQ(filled + refused, 59u);
}

class InplaceFillScalarTest : public DeviceTest {};
INSTANTIATE_ON_ALL_DEVICES(InplaceFillScalarTest);

// Fills into one contiguous element and its bytes as uint64 (little-endian, zero-extended).
uint64_t fillOne(const Value &v, aclDataType d, aclrtStream stream) {
    ValueScalar scalar(v);
    DeviceTensor t({1}, d);
    t.fillStorage(0xA5);
    EXPECT_ACL_OK(planAndRun(kInplaceFillScalar, {t, scalar.get()}, stream));
    const std::vector<uint8_t> bytes = t.storage();
    uint64_t bits = 0;
    std::memcpy(&bits, bytes.data(), std::min<size_t>(bytes.size(), 8));
    return bits;
}

// The 16-bit floating dtypes' bit patterns, written out: rounding to nearest even at the largest finite
// value, overflow to infinity, subnormals, signed zero, infinities (a NaN is checked in the dtype loop).
TEST_P(InplaceFillScalarTest, Fp16AndBf16BitPatterns) {
    struct Pattern {
        double value;
        aclDataType dtype;
        uint16_t fp16, bf16;
    };
    const Pattern patterns[] = {
        {1.0, ACL_FLOAT, 0x3c00, 0x3f80},
        {-0.0, ACL_FLOAT, 0x8000, 0x8000},
        {65504, ACL_FLOAT, 0x7bff, 0x4780},           // bf16: above its midpoint, up
        {65519, ACL_FLOAT, 0x7bff, 0x4780},           // fp16: below the midpoint to infinity
        {65520, ACL_FLOAT, 0x7c00, 0x4780},           // fp16: the midpoint, to even: infinity
        {std::ldexp(1, -24), ACL_FLOAT, 0x0001, 0x3380},   // fp16's smallest subnormal
        {std::ldexp(1, -25), ACL_FLOAT, 0x0000, 0x3300},   // half of it: to even, 0
        {std::ldexp(3, -26), ACL_FLOAT, 0x0001, 0x3340},   // three quarters of it: up
        {1.0 + std::ldexp(1, -8), ACL_FLOAT, 0x3c04, 0x3f80},  // bf16: the midpoint, to even
        {1.0 + std::ldexp(3, -8), ACL_FLOAT, 0x3c0c, 0x3f82},  // bf16: the midpoint, to even (up)
        {-INFINITY, ACL_FLOAT, 0xfc00, 0xff80},
        {3.4028234663852886e38, ACL_FLOAT, 0x7c00, 0x7f80},  // float's largest rounds up in bf16
        {1.0 + std::ldexp(1, -11) + std::ldexp(1, -40), ACL_DOUBLE, 0x3c00, 0x3f80},  // to float first: a tie
    };
    for (const Pattern &p : patterns) {
        SCOPED_TRACE(std::to_string(p.value) + " as " + aclcl::dtypeName(p.dtype));
        const Value v{p.dtype, 0, p.value};
        EXPECT_EQ(fillOne(v, ACL_FLOAT16, stream), p.fp16);
        EXPECT_EQ(fillOne(v, ACL_BF16, stream), p.bf16);
    }
}

// Integer values out of the selfRef dtype's range wrap to its width; floating values truncate toward zero,
// saturate at int64 and then wrap; NaN is 0; written out.
TEST_P(InplaceFillScalarTest, IntegerConversionsWrittenOut) {
    struct Conversion {
        Value value;
        aclDataType to;
        uint64_t bits;
    };
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Conversion conversions[] = {
        {{ACL_INT64, 300}, ACL_INT8, 44},
        {{ACL_INT64, -129}, ACL_INT8, 127},
        {{ACL_INT64, 65536}, ACL_INT16, 0},
        {{ACL_INT64, -1}, ACL_UINT8, 255},
        {{ACL_INT64, INT64_MIN}, ACL_INT32, 0},
        {{ACL_INT32, -2}, ACL_INT64, 0xfffffffffffffffeull},
        {{ACL_UINT8, 255}, ACL_INT8, 0xff},  // -1
        {{ACL_FLOAT, 0, 2.9}, ACL_INT32, 2},
        {{ACL_FLOAT, 0, -2.9}, ACL_INT32, 0xfffffffeu},
        {{ACL_FLOAT, 0, 300.75}, ACL_UINT8, 44},
        {{ACL_FLOAT, 0, -1.5}, ACL_UINT8, 255},
        {{ACL_DOUBLE, 0, nan}, ACL_INT32, 0},
        {{ACL_FLOAT, 0, 1e30}, ACL_INT64, 0x7fffffffffffffffull},
        {{ACL_FLOAT, 0, -1e30}, ACL_INT64, 0x8000000000000000ull},
        {{ACL_FLOAT, 0, 1e30}, ACL_INT16, 0xffff},  // int64's largest, wrapped
        {{ACL_COMPLEX64, 0, 7.5, -3}, ACL_INT16, 7},
        {{ACL_DOUBLE, 0, nan}, ACL_BOOL, 1},
        {{ACL_COMPLEX64, 0, 0, 0.5}, ACL_BOOL, 1},
        {{ACL_INT64, 256}, ACL_BOOL, 1},
        {{ACL_UINT64, -1}, ACL_UINT64, 0xffffffffffffffffull},
        {{ACL_UINT32, 4294967295LL}, ACL_UINT32, 0xffffffffu},
    };
    for (const Conversion &c : conversions) {
        SCOPED_TRACE(describe(c.value) + " into " + aclcl::dtypeName(c.to));
        EXPECT_EQ(fillOne(c.value, c.to, stream), c.bits);
    }
}

// ---------------------------------------------------------------------------------------------
// Errors, in CANN's order: nulls; selfRef's dtype; PromoteType(selfRef, value); rank at most 8 with the
// malformed views; (selfRef not overlapping itself, fp64 on the device). An empty selfRef succeeds.

CallSpec fillCall() {
    return CallSpec(kInplaceFillScalar, {{"selfRef", TensorArg{{2, 3, 4}}}, {"value", ScalarArg{2.5, ACL_FLOAT}}});
}
ErrorRows fillRows() {
    // selfRef of one dtype, value of another.
    const auto pair = [](aclDataType self, aclDataType v) {
        return set("selfRef", dtype(self)) + set("value", value(ScalarArg{3, v}));
    };
    return validRow() + outPointerRows() + nullRows({"selfRef", "value"}) + ErrorRows{
        {"selfRef DT_COMPLEX32", set("selfRef", dtype(ACL_COMPLEX32)), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "DT_COMPLEX32"}},
        {"DT_UINT32 selfRef, DT_INT32 value", pair(ACL_UINT32, ACL_INT32), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "DT_UINT32", "value", "DT_INT32"}},
        {"DT_INT8 selfRef, DT_UINT16 value", pair(ACL_INT8, ACL_UINT16), ACLNN_ERR_PARAM_INVALID,
         {"DT_INT8", "DT_UINT16"}},
        {"DT_COMPLEX64 selfRef, DT_UINT64 value", pair(ACL_COMPLEX64, ACL_UINT64), ACLNN_ERR_PARAM_INVALID,
         {"DT_COMPLEX64", "DT_UINT64"}},
        {"selfRef rank 9", set("selfRef", shape({1, 1, 1, 1, 1, 1, 1, 3, 4})), ACLNN_ERR_PARAM_INVALID,
         {"selfRef", "8"}},
        shortRow("selfRef"),
        overlapRow("selfRef", {0, 0, 1}),
        withoutFp64Row("DT_DOUBLE without fp64", set("selfRef", dtype(ACL_DOUBLE)), {"fp64"}),
        {"DT_UINT16 selfRef, DT_UINT16 value", pair(ACL_UINT16, ACL_UINT16), ACL_SUCCESS, {}},
        {"DT_UINT64 selfRef, DT_COMPLEX128 value", pair(ACL_UINT64, ACL_COMPLEX128), ACL_SUCCESS, {}},
        {"DT_FLOAT value into DT_INT32 selfRef", set("selfRef", dtype(ACL_INT32)), ACL_SUCCESS, {}},
        {"empty selfRef", set("selfRef", shape({2, 0, 4})), ACL_SUCCESS, {}}} + withoutExecutorRows();
}
ACLNN_ERROR_TABLE(InplaceFillScalarErrors, fillCall, fillRows);

}  // namespace
