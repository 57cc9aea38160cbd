// ReflectionPad2d / ReplicationPad2d cases (defined in tests/cases/pad2d_cases.cpp) for
// tests/test_pad2d.cpp and the benchmark.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/int_array.h"
#include "support/op_case.h"
#include "support/view_layout.h"

namespace testing_support {

// How a case lays its tensors out in memory (support/view_layout.h; all of them get the same kind of
// view), for both operators.
using Pad2dLayout = ViewLayout;

// The pad family's shared test pieces (ReflectionPad2d, ReplicationPad2d and their backward cases):
// the padded shape of self by pad = {left, right, top, bottom} (H and W are the last two dims),
std::vector<int64_t> paddedShape(std::vector<int64_t> self, const std::vector<int64_t> &pad);
// where padded coordinate o of an axis (size S, pad p before) is copied from (docs/ops's map),
int64_t padSourceIndex(bool reflect, int64_t o, int64_t S, int64_t p);

// what a case of any of the four operators holds: self's shape and the padded one (out, or gradOutput),
// the padding (as the aclIntArray of the call too), the layout and the seed; the bytes that must move once
// (self and the padded tensor, each once) and params "self" and "padding",
class Pad2dCaseBase : public OpCase {
public:
    Pad2dCaseBase(std::string opName, bool reflect, std::string caseName, aclDataType dt,
                  std::vector<int64_t> selfShape, std::vector<int64_t> padding, Pad2dLayout layout, uint64_t seed);
    bool supported(std::string *why) const override;

protected:
    aclIntArray *padArray();

    bool reflect_;
    std::vector<int64_t> self_, padded_, pad_;
    Pad2dLayout layout_;
    uint64_t seed_;

private:
    std::unique_ptr<IntArray> padding_;
};

// and the benchmark's cases of one operator: the speed case (8x64x128x128 pad 3) and the sweep (64K to 16M
// elements), fp32 and contiguous, made by `make` (makePad2dCase or makePad2dBackwardCase).
using Pad2dCaseMaker = std::unique_ptr<OpCase> (*)(bool reflect, const std::string &caseName, aclDataType dtype,
                                                   const std::vector<int64_t> &selfShape,
                                                   const std::vector<int64_t> &padding, Pad2dLayout layout,
                                                   uint64_t seed);
CaseList pad2dBenchmarkCases(Pad2dCaseMaker make, bool reflect, const std::string &sweep);

// One case of either operator (reflect: ReflectionPad2d) with any dtype, shape, padding and layout.
// Self's whole storage holds random bytes (valid 0/1 for BOOL); out's storage a fill pattern; the
// check compares out's whole storage byte for byte with the expected one (the view's elements
// copied from self by the docs/ops index map, every other byte still the fill).
std::unique_ptr<OpCase> makePad2dCase(bool reflect, const std::string &caseName, aclDataType dtype,
                                             const std::vector<int64_t> &selfShape,
                                             const std::vector<int64_t> &padding, Pad2dLayout layout,
                                             uint64_t seed);

// The out storage of the last check() of a case made by makePad2dCase (for determinism tests).
std::vector<uint8_t> pad2dOutStorage(OpCase &c);

}  // namespace testing_support
