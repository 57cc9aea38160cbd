// ConvTbcBackward cases (defined in tests/cases/conv_tbc_cases.cpp) for tests/test_conv_tbc_backward.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/op_case.h"

namespace testing_support {

enum class ConvTbcLayout {
    Contiguous,
    Offset,         // contiguous strides at storage offset 7: used in place, GEMMs at element offsets
    SwappedRows,    // (T, B, C) stored as (B, T, C + 1) at offset 3: channel innermost, rows not contiguous
    ChannelsOuter,  // C outermost with a gap, then T, then B, offset 5: every operand is packed
};

struct ConvTbcSpec {
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
struct ConvTbcOutputs {
    std::vector<double> gradInput, gradWeight, gradBias;
    std::vector<uint8_t> gradInputBytes, gradWeightBytes, gradBiasBytes;
};

// A contiguous case of these sizes with every tensor of `dtype`, cubeMathType 1 and random values.
ConvTbcSpec convTbcSpec(const std::string &name, int64_t T, int64_t B, int64_t Cin, int64_t Cout, int64_t K,
                        int64_t pad, aclDataType dtype = ACL_FLOAT);
// One case with any shapes, dtypes, cubeMathType, layout and values.
std::unique_ptr<OpCase> makeConvTbcCase(const ConvTbcSpec &spec);
// The outputs of a case made by makeConvTbcCase.
ConvTbcOutputs convTbcOutputs(const OpCase &c);

}  // namespace testing_support
