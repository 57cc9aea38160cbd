// ConvTbcBackward cases (defined in tests/cases/conv_tbc_backward_cases.cpp) for tests/test_conv_tbc_backward.cpp.
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/device_tensor.h"
#include "support/op_case.h"

namespace testing_support {

enum class ConvTbcLayout {
    Contiguous,
    Offset,         // contiguous strides at storage offset 7: used in place, GEMMs at element offsets
    SwappedRows,    // (T, B, C) stored as (B, T, C + 1) at offset 3: channel innermost, rows not contiguous
    ChannelsOuter,  // C outermost with a gap, then T, then B, offset 5: every operand is packed
};

struct ConvTbcBackwardSpec {
    std::string name;
    int64_t T = 1, B = 1, Cin = 1, Cout = 1, K = 1, pad = 0;
    // self, input, weight, bias, gradInput, gradWeight, gradBias
    aclDataType dtypes[7] = {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT};
    int8_t cubeMathType = 1;
    ConvTbcLayout layout = ConvTbcLayout::Contiguous;
    uint64_t seed = 1;
    // Row-major values of self, input, weight (e.g. golden data); random values of the dtype when empty.
    std::vector<double> self, input, weight;
};

// The outputs after the case ran: values in row-major view order and the raw storage of each.
struct ConvTbcBackwardOutputs {
    std::vector<double> gradInput, gradWeight, gradBias;
    std::vector<uint8_t> gradInputBytes, gradWeightBytes, gradBiasBytes;
};

// Shared with the ConvTbc (forward) cases: the strides and storage offset of a tensor of `dims` (3-D, or
// 1-D for bias) in `layout`.
std::vector<int64_t> convTbcStrides(const std::vector<int64_t> &dims, ConvTbcLayout layout);
int64_t convTbcOffset(const std::vector<int64_t> &dims, ConvTbcLayout layout);
// The error bound of a value whose exact (double) value is `value`: an fp32 sum of `terms` products (or,
// with halfGemm, an fp16 GEMM with its inputs rounded to fp16) in any order, absSum the sum of their
// magnitudes, plus one rounding to outDtype. sumOnly: a plain fp32 sum of `terms` values (n - 1 roundings).
double convTbcErrorBound(double value, double absSum, int64_t terms, bool sumOnly, bool halfGemm,
                         aclDataType outDtype);
// One value of either operator's host reference, summed term by term: the exact (double) value, the sum
// of the terms' magnitudes and their count; sumOnly: a plain fp32 sum of values (gradBias), never in half.
struct ConvTbcRef {
    double value = 0, absSum = 0;
    int64_t terms = 0;
    bool sumOnly = false;

    void add(double term) {
        value += term;
        absSum += std::fabs(term);
        ++terms;
    }
};
// Whether the current device runs a case's GEMMs in fp16: the documented rule (docs/ops/conv_tbc.md and
// conv_tbc_backward.md), stated here rather than asked of the library: only for USE_FP16 (cubeMathType 2)
// on a device with cl_khr_fp16; everything else, KEEP_DTYPE on FLOAT16 included, accumulates in fp32.
bool convTbcHalfGemm(int8_t cubeMathType);
// An input's values: `given` (row-major, e.g. golden data) or, when it is empty, `count` random values from
// `seed`; each rounded to dtype.
std::vector<double> convTbcInputValues(const std::vector<double> &given, int64_t count, uint64_t seed,
                                       aclDataType dtype);
// Compares the checked elements of one output (got: its values in row-major view order) with their
// reference values (want[j] for element checked[j]) within convTbcErrorBound; the first failure goes to
// r.detail as "<what>: <output>[i]: got .., expected .. (bound ..)", the largest error to r.maxAbsError.
void convTbcCompare(CheckResult &r, const std::string &what, const char *output, const std::vector<double> &got,
                    const std::vector<size_t> &checked, const std::vector<ConvTbcRef> &want, bool halfGemm,
                    aclDataType outDtype);
// A tensor of `dims` and `dtype` in `layout`.
DeviceTensor convTbcTensor(const std::vector<int64_t> &dims, aclDataType dtype, ConvTbcLayout layout);
// Whether a case whose host reference does `macs` multiply-adds checks only a sample of its outputs.
bool convTbcSampled(double macs);
// The elements of an output of `count` elements a case checks: all of them, or, sampled, a fixed spread
// of 4,096 and the first and last.
std::vector<size_t> convTbcCheckedElements(int64_t count, bool sampled);

// The benchmark's shapes of both operators (C_in = C_out = C, K 3, pad 1, fp32): the speed case, then the
// size sweep.
struct ConvTbcBenchShape {
    std::string name;
    int64_t T, B, C;
    bool speed;
};
std::vector<ConvTbcBenchShape> convTbcBenchShapes();
// One operator's benchmark cases on those shapes: makeSpec (convTbcBackwardSpec or convTbcSpec) gives the spec
// of a shape, makeCase the operator's case of a spec; the sweep members get `sweep`.
template <class Spec>
CaseList convTbcBenchCases(const std::string &sweep,
                           Spec (*makeSpec)(const std::string &name, int64_t T, int64_t B, int64_t Cin, int64_t Cout,
                                            int64_t K, int64_t pad, aclDataType dtype),
                           std::unique_ptr<OpCase> (*makeCase)(const Spec &spec)) {
    CaseList cases;
    for (const ConvTbcBenchShape &b : convTbcBenchShapes()) {
        std::unique_ptr<OpCase> c = makeCase(makeSpec(b.name, b.T, b.B, b.C, b.C, 3, 1, ACL_FLOAT));
        c->speedCase = b.speed;
        if (!b.speed) c->sweep = sweep;
        cases.push_back(std::move(c));
    }
    return cases;
}

// A contiguous case of these sizes with every tensor of `dtype`, cubeMathType 1 and random values.
ConvTbcBackwardSpec convTbcBackwardSpec(const std::string &name, int64_t T, int64_t B, int64_t Cin, int64_t Cout,
                                        int64_t K, int64_t pad, aclDataType dtype = ACL_FLOAT);
// One case with any shapes, dtypes, cubeMathType, layout and values.
std::unique_ptr<OpCase> makeConvTbcBackwardCase(const ConvTbcBackwardSpec &spec);
// The outputs of a case made by makeConvTbcBackwardCase.
ConvTbcBackwardOutputs convTbcBackwardOutputs(const OpCase &c);

}  // namespace testing_support
