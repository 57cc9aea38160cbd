// ConvTbc (forward) cases (defined in tests/cases/conv_tbc_cases.cpp) for tests/test_conv_tbc.cpp
// and the benchmark.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cases/conv_tbc_backward_cases.h"
#include "support/op_case.h"

namespace testing_support {

struct ConvTbcSpec {
    std::string name;
    int64_t T = 1, B = 1, Cin = 1, Cout = 1, K = 1, pad = 0;
    // self, weight, bias, out
    aclDataType dtypes[4] = {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT};
    int8_t cubeMathType = 1;
    ConvTbcLayout layout = ConvTbcLayout::Contiguous;  // of every tensor
    uint64_t seed = 1;
    // Row-major values of self, weight, bias (e.g. golden data); random values of the dtype when empty.
    std::vector<double> self, weight, bias;
};

// A contiguous case of these sizes with every tensor of `dtype`, cubeMathType 1 and random values.
ConvTbcSpec convTbcSpec(const std::string &name, int64_t T, int64_t B, int64_t Cin, int64_t Cout, int64_t K,
                        int64_t pad, aclDataType dtype = ACL_FLOAT);
// One case: out's storage is filled with a pattern first; the check compares every out element with a host
// reference in double (bound: tests/cases/conv_tbc_backward_cases.h's convTbcErrorBound, bias counted as one more
// term) and, for a strided layout, that no byte outside out's view changed.
std::unique_ptr<OpCase> makeConvTbcCase(const ConvTbcSpec &spec);
// out's values (row-major view order) and its raw storage, after the case ran.
std::vector<double> convTbcOut(const OpCase &c);
std::vector<uint8_t> convTbcOutBytes(const OpCase &c);

}  // namespace testing_support
