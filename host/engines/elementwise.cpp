#include "engines/elementwise.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "acl/acl_base.h"
#include "common/dtype.h"
#include "common/layout.h"
#include "common/test_hooks.h"
#include "kernels/row_stream.h"

namespace aclcl {

namespace {

// The lattice's order (OPS_COMPANION 1.1); -1 for dtypes outside it.
int latticeIndex(aclDataType d) {
    switch (d) {
        case ACL_BOOL: return 0;
        case ACL_UINT8: return 1;
        case ACL_INT8: return 2;
        case ACL_INT16: return 3;
        case ACL_INT32: return 4;
        case ACL_INT64: return 5;
        case ACL_FLOAT16: return 6;
        case ACL_BF16: return 7;
        case ACL_FLOAT: return 8;
        case ACL_DOUBLE: return 9;
        case ACL_COMPLEX64: return 10;
        case ACL_COMPLEX128: return 11;
        default: return -1;
    }
}

bool isFloating(aclDataType d) {
    return d == ACL_FLOAT16 || d == ACL_BF16 || d == ACL_FLOAT || d == ACL_DOUBLE;
}
bool isComplex(aclDataType d) { return d == ACL_COMPLEX64 || d == ACL_COMPLEX128; }
bool isIntegral(aclDataType d) {
    const DtypeInfo *info = dtypeInfo(d);
    return info && info->integral;
}

// Streaming defaults of ew_contiguous and ew_strided: four elements per work-item, 128 work-items a group
// (as the pads).
constexpr RowStreamDefaults kContiguousStream{"ew_contiguous", 4, 128};
constexpr RowStreamDefaults kStridedStream{"ew_strided", 4, 128};
// ew_walk's launch (CPU devices): kWalkElements of out a work-item, halved down to kWalkMinElements until
// every compute unit has kWalkGroupsPerUnit work-groups (as the pads' row kernels). Work-groups of one
// work-item where the compiler runs neighbouring work-items in SIMD lanes (Device::packsWorkItems: Intel's
// runtime, where each lane walking its own run would gather), else kWalkGroup work-items (PoCL, which
// vectorises each work-item's loop), fewer where the groups would not go round.
constexpr int64_t kWalkElements = 4096, kWalkMinElements = 256, kWalkGroupsPerUnit = 8;
constexpr size_t kWalkGroup = 64;

struct WalkLaunch {
    int64_t run = 0;  // elements a work-item
    size_t global = 0, local = 1;
    const char *runFrom = "";
    std::string describe(bool wideIndex) const {
        return strformat("walk: %lld elements a work-item (%s), work-group %zu, %s index", static_cast<long long>(run),
                         runFrom, local, wideIndex ? "64-bit" : "32-bit");
    }
};

WalkLaunch walkLaunchFor(const Device &device, int64_t total) {
    WalkLaunch w;
    w.local = device.packsWorkItems ? 1 : kWalkGroup;
    const int64_t wanted = kWalkGroupsPerUnit * static_cast<int64_t>(std::max<cl_uint>(device.computeUnits, 1));
    auto groups = [&w, total] {
        const int64_t items = (total + w.run - 1) / w.run;
        return (items + static_cast<int64_t>(w.local) - 1) / static_cast<int64_t>(w.local);
    };
    if (const int forced = testHook(TestHook::ElementwiseWalkRun)) {
        w.run = forced;
        w.runFrom = "test hook";
    } else {
        w.run = kWalkElements;
        w.runFrom = "engine default";
        while (w.run > kWalkMinElements && groups() < wanted) w.run /= 2;
    }
    while (w.local > 1 && groups() < wanted) w.local /= 2;
    w.global = roundUp(static_cast<size_t>((total + w.run - 1) / w.run), w.local);
    return w;
}

// The loop trips of one ew_walk work-item: its run, and the index math of each row it starts (up to seven
// outer dims).
double walkTrips(int64_t run, int64_t inner) {
    return static_cast<double>(run) * (1.0 + 7.0 / static_cast<double>(inner)) + 7.0;
}

const char *argName(bool inplace) { return inplace ? "selfRef" : "self"; }

}  // namespace

aclDataType promoteType(aclDataType a, aclDataType b) {
    if (a == b) return a;
    const int ia = latticeIndex(a), ib = latticeIndex(b);
    if (ia >= 0 && ib >= 0) {
        // Each entry: the dtype row ia and column ib promote to. The lattice is PyTorch's: the wider kind
        // wins, U8 with a signed type widens to I16, F16 with BF16 meets at F32, F64 with C64 at C128.
        static const aclDataType kB = ACL_BOOL, kU8 = ACL_UINT8, kI8 = ACL_INT8, kI16 = ACL_INT16,
                                  kI32 = ACL_INT32, kI64 = ACL_INT64, kF16 = ACL_FLOAT16, kBF = ACL_BF16,
                                  kF32 = ACL_FLOAT, kF64 = ACL_DOUBLE, kC64 = ACL_COMPLEX64,
                                  kC128 = ACL_COMPLEX128;
        static const aclDataType table[12][12] = {
            {kB, kU8, kI8, kI16, kI32, kI64, kF16, kBF, kF32, kF64, kC64, kC128},
            {kU8, kU8, kI16, kI16, kI32, kI64, kF16, kBF, kF32, kF64, kC64, kC128},
            {kI8, kI16, kI8, kI16, kI32, kI64, kF16, kBF, kF32, kF64, kC64, kC128},
            {kI16, kI16, kI16, kI16, kI32, kI64, kF16, kBF, kF32, kF64, kC64, kC128},
            {kI32, kI32, kI32, kI32, kI32, kI64, kF16, kBF, kF32, kF64, kC64, kC128},
            {kI64, kI64, kI64, kI64, kI64, kI64, kF16, kBF, kF32, kF64, kC64, kC128},
            {kF16, kF16, kF16, kF16, kF16, kF16, kF16, kF32, kF32, kF64, kC64, kC128},
            {kBF, kBF, kBF, kBF, kBF, kBF, kF32, kBF, kF32, kF64, kC64, kC128},
            {kF32, kF32, kF32, kF32, kF32, kF32, kF32, kF32, kF32, kF64, kC64, kC128},
            {kF64, kF64, kF64, kF64, kF64, kF64, kF64, kF64, kF64, kF64, kC128, kC128},
            {kC64, kC64, kC64, kC64, kC64, kC64, kC64, kC64, kC64, kC128, kC64, kC128},
            {kC128, kC128, kC128, kC128, kC128, kC128, kC128, kC128, kC128, kC128, kC128, kC128}};
        return table[ia][ib];
    }
    // Unsigned types beyond U8 promote only with themselves, and (first argument only: CANN's table is
    // asymmetric there) with complex.
    if (a == ACL_UINT16 || a == ACL_UINT32) {
        if (b == ACL_COMPLEX64) return ACL_COMPLEX64;
        if (b == ACL_COMPLEX128) return ACL_COMPLEX128;
    }
    if (a == ACL_UINT64 && isComplex(b)) return ACL_COMPLEX128;
    return ACL_DT_UNDEFINED;
}

bool broadcastShapes(const std::vector<int64_t> &a, const std::vector<int64_t> &b, std::vector<int64_t> *out) {
    const size_t rank = std::max(a.size(), b.size());
    std::vector<int64_t> shape(rank);
    for (size_t k = 0; k < rank; ++k) {
        const int64_t da = k < rank - a.size() ? 1 : a[k - (rank - a.size())];
        const int64_t db = k < rank - b.size() ? 1 : b[k - (rank - b.size())];
        if (da == db || db == 1) {
            shape[k] = da;
        } else if (da == 1) {
            shape[k] = db;
        } else {
            return false;
        }
    }
    *out = std::move(shape);
    return true;
}

ScalarValue ScalarValue::of(const aclScalar *s) {
    ScalarValue v;
    v.dtype = s->dtype;
    const unsigned char *p = s->bytes;
    auto read = [p](auto sample) {
        decltype(sample) x;
        std::memcpy(&x, p, sizeof x);
        return x;
    };
    switch (s->dtype) {
        case ACL_BOOL: v.i = p[0] != 0; break;
        case ACL_UINT8: v.i = read(uint8_t{}); break;
        case ACL_INT8: v.i = read(int8_t{}); break;
        case ACL_INT16: v.i = read(int16_t{}); break;
        case ACL_UINT16: v.i = read(uint16_t{}); break;
        case ACL_INT32: v.i = read(int32_t{}); break;
        case ACL_UINT32: v.i = read(uint32_t{}); break;
        case ACL_INT64: v.i = read(int64_t{}); break;
        case ACL_UINT64: v.i = static_cast<int64_t>(read(uint64_t{})); break;
        case ACL_FLOAT16: v.re = aclFloat16ToFloat(read(uint16_t{})); break;
        case ACL_BF16: {
            const uint32_t bits = static_cast<uint32_t>(read(uint16_t{})) << 16;
            float f;
            std::memcpy(&f, &bits, sizeof f);
            v.re = f;
            break;
        }
        case ACL_FLOAT: v.re = read(float{}); break;
        case ACL_DOUBLE: v.re = read(double{}); break;
        case ACL_COMPLEX64: {
            float parts[2];
            std::memcpy(parts, p, sizeof parts);
            v.re = parts[0];
            v.im = parts[1];
            break;
        }
        case ACL_COMPLEX128: {
            double parts[2];
            std::memcpy(parts, p, sizeof parts);
            v.re = parts[0];
            v.im = parts[1];
            break;
        }
        default: break;
    }
    return v;
}

ScalarValue ScalarValue::ofDouble(double d) {
    ScalarValue v;
    v.dtype = ACL_DOUBLE;
    v.re = d;
    return v;
}

namespace {

bool scalarIsReal(const ScalarValue &v) { return isFloating(v.dtype) || isComplex(v.dtype); }
double scalarAsDouble(const ScalarValue &v) {
    if (scalarIsReal(v)) return v.re;
    if (v.dtype == ACL_UINT64) return static_cast<double>(static_cast<uint64_t>(v.i));
    return static_cast<double>(v.i);
}
int64_t scalarAsInt(const ScalarValue &v) {
    if (!scalarIsReal(v)) return v.i;
    // Only alpha of a BOOL computation can be real here, and the checks refuse that: truncate, saturating.
    if (std::isnan(v.re)) return 0;
    if (v.re >= 9.2233720368547758e18) return INT64_MAX;
    if (v.re <= -9.2233720368547758e18) return INT64_MIN;
    return static_cast<int64_t>(v.re);
}

float roundToBf16(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    if ((u & 0x7fffffffu) > 0x7f800000u) {
        u = (u | 0x400000u) & 0xffff0000u;
    } else {
        u = ((u + 0x7fffu + ((u >> 16) & 1u)) >> 16) << 16;
    }
    std::memcpy(&f, &u, sizeof f);
    return f;
}

// A value as the kernels' C_VAL_T of `compute`: its bytes, rounded once to the compute dtype (fp16 and
// bf16 values travel as float; keepFloat leaves an fp16 alpha unrounded, CANN's fused path).
struct AccBytes {
    unsigned char bytes[16] = {};
};
AccBytes toAcc(const ScalarValue &v, aclDataType compute, bool keepFloat) {
    AccBytes out;
    auto put = [&out](auto x) { std::memcpy(out.bytes, &x, sizeof x); };
    switch (compute) {
        case ACL_FLOAT: put(static_cast<float>(scalarAsDouble(v))); break;
        case ACL_FLOAT16: {
            const float f = static_cast<float>(scalarAsDouble(v));
            put(keepFloat ? f : aclFloat16ToFloat(aclFloatToFloat16(f)));
            break;
        }
        case ACL_BF16: put(roundToBf16(static_cast<float>(scalarAsDouble(v)))); break;
        case ACL_DOUBLE: put(scalarAsDouble(v)); break;
        case ACL_COMPLEX64: {
            const float parts[2] = {static_cast<float>(scalarAsDouble(v)), static_cast<float>(v.im)};
            std::memcpy(out.bytes, parts, sizeof parts);
            break;
        }
        case ACL_COMPLEX128: {
            const double parts[2] = {scalarAsDouble(v), v.im};
            std::memcpy(out.bytes, parts, sizeof parts);
            break;
        }
        // Integers wrap to the compute width, as a conversion of the scalar's tensor would.
        case ACL_INT8: put(static_cast<cl_char>(scalarAsInt(v))); break;
        case ACL_UINT8: put(static_cast<cl_uchar>(scalarAsInt(v))); break;
        case ACL_INT16: put(static_cast<cl_short>(scalarAsInt(v))); break;
        case ACL_UINT16: put(static_cast<cl_ushort>(scalarAsInt(v))); break;
        case ACL_INT32: put(static_cast<cl_int>(scalarAsInt(v))); break;
        case ACL_UINT32: put(static_cast<cl_uint>(scalarAsInt(v))); break;
        case ACL_INT64: put(static_cast<cl_long>(scalarAsInt(v))); break;
        case ACL_UINT64: put(static_cast<cl_ulong>(scalarAsInt(v))); break;
        case ACL_BOOL: put(static_cast<cl_uchar>(scalarIsReal(v) ? (v.re != 0 || v.im != 0) : v.i != 0)); break;
        default: fail(ACLNN_ERR_INNER, strformat("elementwise: no compute type for %s", dtypeName(compute)));
    }
    return out;
}

}  // namespace

void storedScalarBytes(const ScalarValue &v, aclDataType dtype, unsigned char bytes[16]) {
    const AccBytes acc = toAcc(v, dtype, false);
    std::memcpy(bytes, acc.bytes, sizeof acc.bytes);
    if (dtype != ACL_FLOAT16 && dtype != ACL_BF16) return;  // every other C_VAL_T is the stored type
    // fp16 and bf16 travel as a float their dtype holds exactly; stored, they are its 16 bits (bf16: the float's
    // upper half).
    float f;
    uint32_t u;
    std::memcpy(&f, acc.bytes, sizeof f);
    std::memcpy(&u, acc.bytes, sizeof u);
    const uint16_t bits = dtype == ACL_FLOAT16 ? aclFloatToFloat16(f) : static_cast<uint16_t>(u >> 16);
    std::memset(bytes, 0, 16);
    std::memcpy(bytes, &bits, sizeof bits);
}

namespace {

// Calls f with a value of the OpenCL C type C_VAL_T of `compute` read from bytes (the kernels check each
// argument's type where the implementation reports it).
template <class F>
void withAccType(aclDataType compute, const AccBytes &x, const AccBytes &y, F &&f) {
    auto as = [](const AccBytes &b, auto sample) {
        decltype(sample) v;
        std::memcpy(&v, b.bytes, sizeof v);
        return v;
    };
    switch (compute) {
        case ACL_FLOAT:
        case ACL_FLOAT16:
        case ACL_BF16: return f(as(x, cl_float{}), as(y, cl_float{}));
        case ACL_DOUBLE: return f(as(x, cl_double{}), as(y, cl_double{}));
        case ACL_COMPLEX64: return f(as(x, cl_float2{}), as(y, cl_float2{}));
        case ACL_COMPLEX128: return f(as(x, cl_double2{}), as(y, cl_double2{}));
        case ACL_INT8: return f(as(x, cl_char{}), as(y, cl_char{}));
        case ACL_UINT8:
        case ACL_BOOL: return f(as(x, cl_uchar{}), as(y, cl_uchar{}));
        case ACL_INT16: return f(as(x, cl_short{}), as(y, cl_short{}));
        case ACL_UINT16: return f(as(x, cl_ushort{}), as(y, cl_ushort{}));
        case ACL_INT32: return f(as(x, cl_int{}), as(y, cl_int{}));
        case ACL_UINT32: return f(as(x, cl_uint{}), as(y, cl_uint{}));
        case ACL_INT64: return f(as(x, cl_long{}), as(y, cl_long{}));
        case ACL_UINT64: return f(as(x, cl_ulong{}), as(y, cl_ulong{}));
        default: fail(ACLNN_ERR_INNER, strformat("elementwise: no compute type for %s", dtypeName(compute)));
    }
}

cl_long8 toLong8(const std::vector<int64_t> &v) {
    cl_long8 out;
    for (int i = 0; i < 8; ++i) out.s[i] = v[static_cast<size_t>(i)];
    return out;
}

// One tensor operand's strides over out's shape: leading dims it lacks and its size-1 dims that out
// broadcasts step 0; a permuted operand's dims in its order.
std::vector<int64_t> broadcastStrides(const aclTensor &t, const std::vector<int64_t> &order,
                                      const std::vector<int64_t> &shape) {
    std::vector<int64_t> s(shape.size(), 0);
    const size_t rank = t.viewDims.size();
    // t's dims line up with shape's last ones. A t of more dims than shape (one element into an out of fewer
    // dims, as Cat's one-element out in another shape) has only size-1 dims beyond them, which step nowhere.
    const size_t extra = rank > shape.size() ? rank - shape.size() : 0;
    for (size_t k = 0; k < rank; ++k) {
        const size_t from = order.empty() ? k : static_cast<size_t>(order[k]);
        if (k < extra) {
            if (t.viewDims[from] != 1) {
                fail(ACLNN_ERR_INNER, strformat("elementwise: an operand of shape %s does not broadcast to %s",
                                                t.shapeString().c_str(), joinDims(shape).c_str()));
            }
            continue;
        }
        s[shape.size() - rank + k] = t.viewDims[from] == 1 ? 0 : t.strides[from];
    }
    return s;
}

}  // namespace

void planElementwise(OpPlan &plan, const ElementwiseLaunch &l) {
    const aclTensor &out = plan.output(l.output);
    // The part of out written (its window, or all of it) and that part's first element in out's storage.
    const bool windowed = !l.outDims.empty();
    const std::vector<int64_t> &dims = windowed ? l.outDims : out.viewDims;
    int64_t total = 1, outAt = 0;
    for (int64_t d : dims) total *= d;
    if (total == 0) return;
    for (size_t k = 0; windowed && k < dims.size(); ++k) outAt += l.outStart[k] * out.strides[k];
    auto tensorOf = [&plan](const ElementwiseOperand &o) -> const aclTensor * {
        if (o.kind == ElementwiseOperand::Kind::Input) return &plan.input(o.index);
        if (o.kind == ElementwiseOperand::Kind::Output) return &plan.output(o.index);
        return nullptr;
    };
    const aclTensor *ta = tensorOf(l.a), *tb = tensorOf(l.b);
    if (!ta) fail(ACLNN_ERR_INNER, "elementwise: the first operand must be a tensor");
    const bool binary = l.b.kind != ElementwiseOperand::Kind::None;

    // Strides of every operand over out's shape, then dims merged where every operand steps through them
    // as one run (size-1 dims dropped): a contiguous problem becomes one dim whatever its rank.
    // An operand's strides over the launch's dims and its first element's offset from its view's: the window
    // of out for out itself, a window of the tensor from `start`, or the tensor broadcast.
    auto placed = [&](const ElementwiseOperand &o, const aclTensor &t, int64_t *at) {
        *at = 0;
        if (windowed && o.kind == ElementwiseOperand::Kind::Output && o.index == l.output) {
            *at = outAt;
            return out.strides;
        }
        if (o.start.empty()) return broadcastStrides(t, o.order, dims);
        for (size_t k = 0; k < o.start.size(); ++k) *at += o.start[k] * t.strides[k];
        return t.strides;
    };
    int64_t aAt = 0, bAt = 0;
    std::vector<std::vector<int64_t>> strides{out.strides, placed(l.a, *ta, &aAt)};
    if (tb) strides.push_back(placed(l.b, *tb, &bAt));
    std::vector<int64_t> shape;
    std::vector<std::vector<int64_t>> merged(strides.size());
    for (size_t d = 0; d < dims.size(); ++d) {
        if (dims[d] == 1) continue;
        bool joins = !shape.empty();
        for (size_t o = 0; joins && o < strides.size(); ++o) {
            joins = merged[o].back() == strides[o][d] * dims[d];
        }
        if (joins) {
            shape.back() *= dims[d];
            for (size_t o = 0; o < strides.size(); ++o) merged[o].back() = strides[o][d];
        } else {
            shape.push_back(dims[d]);
            for (size_t o = 0; o < strides.size(); ++o) merged[o].push_back(strides[o][d]);
        }
    }
    if (shape.empty()) {  // one element
        shape.push_back(1);
        for (auto &m : merged) m.push_back(1);
    }
    // Only a row without a rank limit (RankCheck::None) gets here with more than 8 dims; the kernels take 8.
    if (shape.size() > 8) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: the views of out %s and its inputs merge into %zu dimensions; at most 8 are supported "
                       "(a contiguous view of any rank merges into one).",
                       plan.checkName(), out.shapeString().c_str(), shape.size()));
    }
    // Contiguous: one run that every tensor walks with step 1, or stays on (a broadcast single element).
    bool contiguous = shape.size() == 1 && merged[0][0] == 1;
    for (size_t o = 1; contiguous && o < merged.size(); ++o) contiguous = merged[o][0] == 1 || merged[o][0] == 0;

    // fp16 and bf16 travel through the kernels as float, whose conversions need not keep a NaN's payload
    // (PoCL's vstore_half makes every NaN 0x7fff): a copy within one of them moves its 16 bits instead.
    const bool bits16 = l.math == "a" && !binary && ta->dtype == l.compute && out.dtype == l.compute &&
                        (l.compute == ACL_FLOAT16 || l.compute == ACL_BF16);
    const aclDataType compute = bits16 ? ACL_UINT16 : l.compute, aDtype = bits16 ? ACL_UINT16 : ta->dtype,
                      outDtype = bits16 ? ACL_UINT16 : out.dtype;
    const bool computeComplex = isComplex(compute);
    // A complex result stored into a real out keeps its real part: the store rounds from the part's dtype.
    aclDataType storeFrom = compute;
    if (computeComplex && !isComplex(outDtype)) storeFrom = compute == ACL_COMPLEX128 ? ACL_DOUBLE : ACL_FLOAT;
    // Vector loads and stores (four or eight elements a unit) where every tensor slot has them (the real
    // floating dtypes; cl_kernels/common.cl), out stores values of its own value type or float values into
    // an integer dtype of at most 4 bytes (host/kernels/dtype_defines.h) and the computation is real (a
    // complex one has no vector of its values, even into a real out).
    const bool vectorSlots = !computeComplex && isFloating(aDtype) && (!tb || isFloating(tb->dtype)) &&
                             ((isFloating(outDtype) &&
                               (storeFrom == outDtype ||
                                ((outDtype == ACL_FLOAT16 || outDtype == ACL_BF16) && storeFrom == ACL_FLOAT))) ||
                              (isIntegral(outDtype) && dtypeSize(outDtype) <= 4 && storeFrom == ACL_FLOAT));
    // Each operand's step along the innermost dim: 0 or 1 compiled in, else read from its strides (-1).
    auto innerStep = [&merged](size_t o) {
        const int64_t s = merged[o].back();
        return s == 0 || s == 1 ? s : -1;
    };
    // Non-temporal stores (ew_walk's EW_NT_STORE) where the launch moves more bytes than the device's largest
    // cache holds, out is real and steps 1 along the innermost dim: out's lines are then evicted before any
    // later read, and a plain store would first read each line from memory (on a CPU, a quarter of an Add's
    // traffic, a third of a copy's). An operand that stays on one element counts nothing. The units are vectors of eight where
    // every slot has them (no 8-byte dtype), else of four; an out of 1 or 2 bytes whose units would be
    // computed lane by lane (bool, integers from integers, the 16-bit copies) keeps its kernels, as its
    // units would be under 16 bytes.
    double traffic = static_cast<double>(total) * static_cast<double>(dtypeSize(outDtype));
    for (size_t o = 1; o < merged.size(); ++o) {
        const bool moves = std::any_of(merged[o].begin(), merged[o].end(), [](int64_t s) { return s != 0; });
        const aclDataType dtype = o == 1 ? aDtype : tb->dtype;
        if (moves) traffic += static_cast<double>(total) * static_cast<double>(dtypeSize(dtype));
    }
    // Whether ew_walk's units would be vectors: every tensor slot has them, a and out step 1, b 1 or 0.
    const bool walkVector = vectorSlots && innerStep(0) == 1 && innerStep(1) == 1 && (!tb || innerStep(2) >= 0);
    const bool streamOut = innerStep(0) == 1 && !isComplex(outDtype) && (dtypeSize(outDtype) >= 4 || walkVector) &&
                           (traffic > static_cast<double>(plan.device().cacheBytes) ||
                            testHook(TestHook::ElementwiseStreamStores) != 0);
    // CPU devices (the walking kernels', kernels/launch.h), any views but one contiguous run: ew_walk, a
    // run of out's elements per work-item, row by row of the innermost dim (the index math once a row,
    // where ew_strided does it once an element); a contiguous run too where its stores bypass the cache.
    const bool walk = (!contiguous || streamOut) &&
                      walkingKernelFits(plan.device(), walkTrips(kWalkElements, shape.back()));
    const bool ntStores = walk && streamOut;
    const bool vector = vectorSlots && (walk ? walkVector : contiguous && merged[1][0] == 1);
    // Units of eight where every slot's vector of eight is at most 32 bytes (dtype_defines.h) and no input is
    // FLOAT16: PoCL's vload_half8 can compile to a 16-byte aligned move (docs/devices.md), and an input's
    // units need not be aligned where out's are. An fp16 out is stored into the aligned unit itself.
    auto eightLoads = [](aclDataType d) { return dtypeSize(d) <= 4 && d != ACL_FLOAT16; };
    const bool eightFit = eightLoads(aDtype) && dtypeSize(outDtype) <= 4 && (!tb || eightLoads(tb->dtype));
    const int ntUnit = vector && eightFit ? 8 : 4;
    const int64_t units = vector ? (total + 3) / 4 : total;
    RowStream stream(plan.device(), contiguous ? kContiguousStream : kStridedStream, units, 1, 1, contiguous ? 1.0 : 8.0);
    IndexWidth width;
    width.cover(total + 4);  // a vector unit reaches up to three elements past the last
    for (size_t o = 0; o < merged.size(); ++o) width.coverView(shape, merged[o]);
    WalkLaunch walkLaunch;
    if (walk) {
        walkLaunch = walkLaunchFor(plan.device(), total);
        width.cover(static_cast<double>(walkLaunch.global) * static_cast<double>(walkLaunch.run) +
                    static_cast<double>(walkLaunch.run));
    } else {
        stream.cover(width);
    }

    Defines defines;
    defines.slot("A", aDtype).slot("C", compute).slot("OUT", outDtype, storeFrom);
    if (tb) defines.slot("B", tb->dtype);
    defines.flag("EW_B_TENSOR", tb != nullptr)
        .flag("EW_BINARY", binary)
        .flag("EW_C_WIDE", compute == ACL_COMPLEX128 || compute == ACL_DOUBLE)
        .flag("EW_C_FLOAT", isFloating(compute))
        .flag("EW_FUSED_ALPHA", l.alphaAsFloat)
        .flag("EW_CONTIGUOUS", contiguous && !walk)
        .flag("EW_WALK", walk)
        .flag("EW_NT_STORE", ntStores)
        .flag("EW_VECTOR", vector)
        .index(width.wide());
    if (ntStores) defines.value("EW_NT_UNIT", ntUnit);
    if (walk) {
        defines.value("OUT_STEP", innerStep(0)).value("A_STEP", innerStep(1));
        if (tb) defines.value("B_STEP", innerStep(2));
    } else {
        if (contiguous) {
            defines.value("A_STEP", merged[1][0]);
            if (tb) defines.value("B_STEP", merged[2][0]);
        }
        stream.define(defines);
    }
    // The row's math is program text: one build per (row, dtypes), kept by the program cache.
    defines.expression("EW_MATH", "a, b, alpha", l.math);
    ProgramHandle program = plan.program("elementwise", defines);

    auto kernel = plan.kernel(program, walk ? "ew_walk" : contiguous ? "ew_contiguous" : "ew_strided");
    const LaunchSize size =
        walk ? LaunchSize::grid(1, &walkLaunch.global, &walkLaunch.local) : stream.launchSize(*kernel);

    auto operandOf = [](const ElementwiseOperand &o, aclDataType dtype) {
        Operand op;
        op.where = o.kind == ElementwiseOperand::Kind::Input ? Operand::Where::Input : Operand::Where::Output;
        op.index = o.index;
        op.dtype = dtype;
        return op;
    };
    const Operand srcA = operandOf(l.a, aDtype);
    const Operand srcB = tb ? operandOf(l.b, tb->dtype) : Operand{};
    Operand dst;
    dst.where = Operand::Where::Output;
    dst.index = l.output;
    dst.dtype = outDtype;
    const AccBytes bValue = l.b.kind == ElementwiseOperand::Kind::Scalar ? toAcc(l.b.scalar, compute, false) : AccBytes{};
    const AccBytes alpha = toAcc(l.alpha, compute, l.alphaAsFloat);
    std::vector<int64_t> pad(8 - shape.size(), 1), zero(8 - shape.size(), 0);
    auto padded = [&](const std::vector<int64_t> &v, const std::vector<int64_t> &fill) {
        std::vector<int64_t> p = fill;
        p.insert(p.end(), v.begin(), v.end());
        return toLong8(p);
    };
    const cl_long8 shape8 = padded(shape, pad), out8 = padded(merged[0], zero), a8 = padded(merged[1], zero),
                   b8 = tb ? padded(merged[2], zero) : padded(std::vector<int64_t>(shape.size(), 0), zero);
    const auto count = static_cast<cl_ulong>(total),
               chunks = static_cast<cl_ulong>(walk ? walkLaunch.run : stream.chunks());  // ew_walk: its run
    const bool hasB = tb != nullptr;
    plan.launch(
        kernel, size,
        [=](Kernel &k, RunContext &ctx) {
            withAccType(compute, bValue, alpha, [&](auto bv, auto al) {
                BufferRef A = srcA.resolve(ctx), O = dst.resolve(ctx), B = hasB ? srcB.resolve(ctx) : BufferRef{};
                A.offset += static_cast<cl_ulong>(aAt);
                B.offset += static_cast<cl_ulong>(bAt);
                O.offset += static_cast<cl_ulong>(outAt);
                if (contiguous && !walk) {
                    if (hasB) {
                        k.args(A, B, O, bv, al, count, chunks);
                    } else {
                        k.args(A, O, bv, al, count, chunks);
                    }
                } else if (hasB) {
                    k.args(A, B, O, bv, al, count, chunks, shape8, a8, b8, out8);
                } else {
                    k.args(A, O, bv, al, count, chunks, shape8, a8, out8);
                }
            });
        },
        plan.logging() ? (walk ? walkLaunch.describe(width.wide()) : stream.describe(width.wide())) +
                             (vector ? strformat(", %d-element vectors", ntStores ? ntUnit : 4) : std::string()) +
                             (ntStores ? strformat(", non-temporal stores of %d elements", ntUnit) : std::string()) +
                             (contiguous ? ", contiguous" : ", strided") +
                             ", compute " + dtypeName(compute) + ", math " + l.math
                       : std::string());
}

const std::vector<aclDataType> kStorableDtypes = {
    ACL_FLOAT16, ACL_FLOAT,  ACL_DOUBLE, ACL_INT8, ACL_UINT8,     ACL_INT16,      ACL_INT32, ACL_INT64,
    ACL_UINT16,  ACL_UINT32, ACL_UINT64, ACL_BOOL, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};

void checkDtypeInList(const char *op, const aclTensor *t, const char *arg, const std::vector<aclDataType> &allowed) {
    if (std::find(allowed.begin(), allowed.end(), t->dtype) != allowed.end()) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Tensor %s not implemented for %s, should be in dtype support list %s.", op, arg,
                   dtypeName(t->dtype), dtypeList(allowed.data(), allowed.size()).c_str()));
}

void checkCastsTo(const char *op, aclDataType from, const char *fromWhat, const aclTensor *out, const char *arg) {
    const DtypeInfo *info = dtypeInfo(out->dtype);
    if (info && info->size > 0 && latticeIndex(out->dtype) >= 0 && canCast(from, out->dtype)) return;
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: %s %s can't be cast to the desired output type %s of %s.", op,
                                            fromWhat, dtypeName(from), dtypeName(out->dtype), arg));
}

void checkBroadcastTo(const char *op, const aclTensor *a, const char *argA, const aclTensor *b, const char *argB,
                      const aclTensor *out, const char *argOut) {
    std::vector<int64_t> shape;
    if (!broadcastShapes(a->viewDims, b->viewDims, &shape)) {
        fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: The size of tensor %s %s must match the size of tensor %s %s "
                                                "(they do not broadcast).",
                                                op, argA, a->shapeString().c_str(), argB, b->shapeString().c_str()));
    }
    if (shape != out->viewDims) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Expected %s to have the broadcast shape of %s and %s, %s, but found %s.", op, argOut,
                       argA, argB, dimsString(shape).c_str(), out->shapeString().c_str()));
    }
}

namespace {

// OPS_COMPANION 1.5: alpha must convert to the compute dtype (an integral or bool alpha for BOOL).
void checkAlpha(const char *op, const aclScalar *alpha, aclDataType compute) {
    const bool ok = compute == ACL_BOOL ? (isIntegral(alpha->dtype) || alpha->dtype == ACL_BOOL)
                                        : canCast(alpha->dtype, compute);
    if (ok) return;
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: alpha dtype %s can't be cast to the compute dtype %s.", op,
                                            dtypeName(alpha->dtype), dtypeName(compute)));
}

// OPS_COMPANION 1.4: the compute dtype of a tensor-scalar operator.
aclDataType scalarCompute(ScalarTyping typing, aclDataType self, aclDataType scalar, aclDataType out) {
    if (typing == ScalarTyping::Divs) {
        const aclDataType c = isFloating(self) || isComplex(self) ? self : ACL_FLOAT;
        return isComplex(scalar) ? promoteType(c, scalar) : c;
    }
    if (isComplex(self) || isComplex(scalar)) return promoteType(self, scalar);
    if (isFloating(self)) return typing == ScalarTyping::Muls && self == ACL_BF16 ? ACL_FLOAT : self;
    if (scalar == ACL_DOUBLE && (out == ACL_FLOAT || (typing == ScalarTyping::Muls && self == ACL_BOOL))) {
        return ACL_FLOAT;
    }
    if (isFloating(scalar) || self == ACL_BOOL) return promoteType(self, scalar);
    return self;
}

bool isPrivateFormat(aclFormat f) {
    return f == ACL_FORMAT_NC1HWC0 || f == ACL_FORMAT_FRACTAL_Z || f == ACL_FORMAT_NC1HWC0_C04 ||
           f == ACL_FORMAT_FRACTAL_NZ || f == ACL_FORMAT_NDC1HWC0 || f == ACL_FRACTAL_Z_3D;
}

}  // namespace

void checkNotPrivateFormat(const char *op, const aclTensor *t, const char *arg) {
    if (!isPrivateFormat(t->format)) return;
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to have a public format (ND, NCHW, ...), but found the "
                                            "private format %d.",
                                            op, arg, static_cast<int>(t->format)));
}

aclDataType floatAlphaComputesInF32(aclDataType checked, const ScalarValue &alpha) {
    const bool one = !(scalarAsDouble(alpha) > 1) && !(scalarAsDouble(alpha) < 1);  // CANN's test of alpha == 1
    return (checked == ACL_FLOAT16 || checked == ACL_BF16) && !one ? ACL_FLOAT : checked;
}

aclDataType integralComputesInF32(aclDataType checked, const ScalarValue &) {
    return isFloating(checked) || isComplex(checked) ? checked : ACL_FLOAT;
}

namespace {

ElementwiseLaunch launchFor(const ElementwiseRow &row, aclDataType compute, const aclScalar *alpha) {
    ElementwiseLaunch l;
    l.math = row.math;
    l.compute = compute;
    if (row.alpha) l.alpha = ScalarValue::of(alpha);
    if (row.computeFor) l.compute = row.computeFor(compute, l.alpha);
    l.alphaAsFloat = row.alpha && l.compute == ACL_FLOAT16 && row.fp16KeepsFloatAlpha;
    return l;
}

}  // namespace

aclnnStatus binaryGetWorkspaceSize(const ElementwiseRow &row, const aclTensor *self, const aclTensor *other,
                                   const aclScalar *alpha, const aclTensor *out, uint64_t *workspaceSize,
                                   aclOpExecutor **executor, bool inplace) {
    return planOperator(row.api, workspaceSize, executor, [&](OpPlan &plan) {
        const char *op = plan.checkName();
        const char *selfName = argName(inplace);
        const char *outName = inplace ? "selfRef" : "out";
        const bool div = row.order == CheckOrder::Div;
        if (div && !inplace) checkNotNull(op, out, outName);
        if (div && !inplace) checkNotNull(op, other, "other");
        checkNotNull(op, self, selfName);
        if (!div || inplace) checkNotNull(op, other, "other");
        if (row.alpha) checkNotNull(op, alpha, "aclScalar", "alpha");
        if (inplace) out = self;
        checkNotNull(op, out, outName);

        aclDataType compute = ACL_DT_UNDEFINED;
        auto dtypes = [&] {
            if (div) checkDtypeInList(op, other, "other", row.dtypes);
            checkDtypeInList(op, self, selfName, row.dtypes);
            if (!div) checkDtypeInList(op, other, "other", row.dtypes);
            if (row.outListed && !inplace) checkDtypeInList(op, out, outName, row.dtypes);
            compute = promoteType(self->dtype, other->dtype);
            if (compute == ACL_DT_UNDEFINED) {
                fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: %s dtype %s and other dtype %s can't be promoted.", op,
                                                        selfName, dtypeName(self->dtype), dtypeName(other->dtype)));
            }
            if (row.alpha) checkAlpha(op, alpha, compute);
            if (row.castCheckedToOut) checkCastsTo(op, compute, "the promoted dtype", out, outName);
        };
        auto formats = [&] {
            if (row.formatCheck == FormatCheck::None) return;
            checkNotPrivateFormat(op, self, selfName);
            checkNotPrivateFormat(op, other, "other");
            if (!inplace) checkNotPrivateFormat(op, out, outName);
        };
        auto shapes = [&] {
            if (div && inplace) checkBroadcastTo(op, self, selfName, other, "other", out, outName);
            checkViews(op, {{self, selfName}, {other, "other"}});
            if (!inplace) checkView(op, out, outName);
            checkBroadcastTo(op, self, selfName, other, "other", out, outName);
        };
        if (div) {
            shapes();
            dtypes();
            formats();
        } else {
            dtypes();
            formats();
            shapes();
        }
        checkNoSelfOverlap(op, out, outName);
        requireDeviceSupports(plan.device(), compute, op, "the promoted dtype");
        requireDeviceSupports(plan.device(), self->dtype, op, selfName);
        requireDeviceSupports(plan.device(), other->dtype, op, "other");
        requireDeviceSupports(plan.device(), out->dtype, op, outName);

        ElementwiseLaunch l = launchFor(row, compute, alpha);
        requireDeviceSupports(plan.device(), l.compute, op, "the compute dtype");
        if (inplace) {
            // selfRef is read through the output: one tensor, one address to set (aclSetOutputTensorAddr).
            plan.addInput(other, "other");
            plan.addOutput(self, selfName);
            plan.allowInPlace(0, 0);
            l.a = ElementwiseOperand::output(0);
            l.b = ElementwiseOperand::input(0);
        } else {
            plan.addInput(self, selfName);
            plan.addInput(other, "other");
            plan.addOutput(out, outName);
            plan.allowInPlace(0, 0);
            plan.allowInPlace(0, 1);
            l.a = ElementwiseOperand::input(0);
            l.b = ElementwiseOperand::input(1);
        }
        if (self->isEmpty() || other->isEmpty()) return;
        planElementwise(plan, l);
    });
}

namespace {

// The plan of a launch whose only tensor is self (a tensor-scalar or unary form): self in, out out (the
// one may be the other's very view), or selfRef read and written through the output; nothing for an
// empty self.
void planSelfOnly(OpPlan &plan, ElementwiseLaunch &l, const aclTensor *self, const char *selfName,
                  const aclTensor *out, const char *outName, bool inplace) {
    if (inplace) {
        plan.addOutput(self, selfName);
        l.a = ElementwiseOperand::output(0);
    } else {
        plan.addInput(self, selfName);
        plan.addOutput(out, outName);
        plan.allowInPlace(0, 0);
        l.a = ElementwiseOperand::input(0);
    }
    if (self->isEmpty()) return;
    planElementwise(plan, l);
}

}  // namespace

aclnnStatus binaryScalarGetWorkspaceSize(const ElementwiseRow &row, const aclTensor *self, const aclScalar *other,
                                         const aclScalar *alpha, const aclTensor *out, uint64_t *workspaceSize,
                                         aclOpExecutor **executor, bool inplace) {
    return planOperator(row.api, workspaceSize, executor, [&](OpPlan &plan) {
        const char *op = plan.checkName();
        const char *selfName = argName(inplace);
        const char *outName = inplace ? "selfRef" : "out";
        const bool div = row.order == CheckOrder::Div;
        checkNotNull(op, self, selfName);
        checkNotNull(op, other, "aclScalar", "other");
        if (row.alpha) checkNotNull(op, alpha, "aclScalar", "alpha");
        if (inplace) out = self;
        checkNotNull(op, out, outName);

        auto formats = [&] {
            if (row.formatCheck == FormatCheck::None) return;
            if (!inplace) checkNotPrivateFormat(op, out, outName);
            checkNotPrivateFormat(op, self, selfName);
        };
        if (div) formats();
        if (div && std::find(row.dtypes.begin(), row.dtypes.end(), other->dtype) == row.dtypes.end()) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Scalar other not implemented for %s, should be in dtype support list %s.", op,
                           dtypeName(other->dtype), dtypeList(row.dtypes.data(), row.dtypes.size()).c_str()));
        }
        checkDtypeInList(op, self, selfName, row.dtypes);
        if (row.outListed && !inplace) checkDtypeInList(op, out, outName, row.dtypes);
        const aclDataType compute = scalarCompute(row.scalarTyping, self->dtype, other->dtype, out->dtype);
        if (compute == ACL_DT_UNDEFINED || latticeIndex(compute) < 0) {
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: %s dtype %s and other (scalar) dtype %s can't be promoted.",
                                                    op, selfName, dtypeName(self->dtype), dtypeName(other->dtype)));
        }
        if (row.alpha) checkAlpha(op, alpha, compute);
        if (!div && row.castCheckedToOut) checkCastsTo(op, compute, "the compute dtype", out, outName);
        if (!div) formats();

        checkView(op, self, selfName);
        if (!inplace) checkView(op, out, outName);
        checkShapeIs(op, out, outName, self->viewDims);
        if (div) checkCastsTo(op, self->dtype, selfName, out, outName);
        checkNoSelfOverlap(op, out, outName);
        requireDeviceSupports(plan.device(), compute, op, "the compute dtype");
        requireDeviceSupports(plan.device(), self->dtype, op, selfName);
        requireDeviceSupports(plan.device(), out->dtype, op, outName);

        ElementwiseLaunch l = launchFor(row, compute, alpha);
        requireDeviceSupports(plan.device(), l.compute, op, "the compute dtype");
        l.b = ElementwiseOperand::value(ScalarValue::of(other));
        planSelfOnly(plan, l, self, selfName, out, outName, inplace);
    });
}

namespace {

// The dtype a unary row computes in, for self's and out's dtypes (UnaryCompute).
aclDataType unaryComputeOf(const ElementwiseRow &row, aclDataType self, aclDataType out) {
    const bool integral = !isFloating(self) && !isComplex(self);
    switch (row.unaryCompute) {
        case UnaryCompute::IntegralInF32: return integral ? ACL_FLOAT : self;
        case UnaryCompute::IntegralInOut: return integral ? out : self;
        case UnaryCompute::Self: break;
    }
    return self;
}

}  // namespace

aclnnStatus unaryGetWorkspaceSize(const ElementwiseRow &row, const aclTensor *self, const aclTensor *out,
                                  uint64_t *workspaceSize, aclOpExecutor **executor, bool inplace) {
    return planOperator(row.api, workspaceSize, executor, [&](OpPlan &plan) {
        const char *op = plan.checkName();
        const char *selfName = argName(inplace);
        const char *outName = inplace ? "selfRef" : "out";
        checkNotNull(op, self, selfName);
        if (inplace) out = self;
        checkNotNull(op, out, outName);

        if (inplace && !row.inplaceDtypes.empty()) checkDtypeInList(op, self, selfName, row.inplaceDtypes);
        checkDtypeInList(op, self, selfName, row.dtypes);
        const aclDataType compute = unaryComputeOf(row, self->dtype, out->dtype);
        aclDataType result = compute;
        if (row.realResultOfComplex && isComplex(compute)) result = compute == ACL_COMPLEX128 ? ACL_DOUBLE : ACL_FLOAT;
        switch (row.unaryOut) {
            case UnaryOut::CastsFromResult:
                checkCastsTo(op, result, result == self->dtype ? selfName : "the result dtype", out, outName);
                break;
            case UnaryOut::IsResult:
                if (out->dtype != result) {
                    fail(ACLNN_ERR_PARAM_INVALID,
                         strformat("%s: Expected %s to have dtype %s (the result's for %s %s), but found %s.", op,
                                   outName, dtypeName(result), selfName, dtypeName(self->dtype),
                                   dtypeName(out->dtype)));
                }
                break;
            case UnaryOut::Listed: checkDtypeInList(op, out, outName, row.outDtypes); break;
        }
        if (row.formatCheck != FormatCheck::None) {
            checkNotPrivateFormat(op, self, selfName);
            checkNotPrivateFormat(op, out, outName);
            if (row.formatCheck == FormatCheck::NotPrivateSameAsSelf && out->format != self->format) {
                fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to have %s's format %d, but found %d.", op,
                                                        outName, selfName, static_cast<int>(self->format),
                                                        static_cast<int>(out->format)));
            }
        }

        const int64_t maxRank = row.rankCheck == RankCheck::None ? INT64_MAX : 8;
        auto views = [&] {
            checkView(op, self, selfName, maxRank);
            if (!inplace) checkView(op, out, outName, maxRank);
        };
        if (row.rankCheck != RankCheck::AfterShape) views();
        checkShapeIs(op, out, outName, self->viewDims);
        if (row.rankCheck == RankCheck::AfterShape) views();
        checkNoSelfOverlap(op, out, outName);
        requireDeviceSupports(plan.device(), compute, op, "the compute dtype");
        requireDeviceSupports(plan.device(), self->dtype, op, selfName);
        requireDeviceSupports(plan.device(), out->dtype, op, outName);

        ElementwiseLaunch l;
        l.math = row.math;
        l.compute = compute;
        planSelfOnly(plan, l, self, selfName, out, outName, inplace);
    });
}

}  // namespace aclcl
