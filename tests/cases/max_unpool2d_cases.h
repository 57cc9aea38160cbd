// MaxUnpool2d (forward) cases (defined in tests/cases/max_unpool2d_cases.cpp) for
// tests/test_max_unpool2d.cpp and the benchmark.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cases/max_unpool2d_geometry.h"
#include "support/op_case.h"

namespace testing_support {

// How a case chooses its indices within each plane.
enum class UnpoolIndices {
    Unique,      // H*W distinct positions drawn at random from [0, oH*oW)
    Duplicates,  // positions drawn with replacement from a small range: many inputs name one position
    Pooled,      // the positions MaxPool2d k2s2 would record (row 2h + (0|1), column 2w + (0|1)); needs
                 // oH >= 2H and oW >= 2W
};

struct MaxUnpool2dSpec : MaxUnpool2dGeometry {
    std::string name;
    aclDataType dtype = ACL_FLOAT, indices = ACL_INT64;
    UnpoolLayout layout = UnpoolLayout::Contiguous;  // of self, indices and out alike
    UnpoolIndices pick = UnpoolIndices::Unique;
    uint64_t seed = 1;
};

// One case: self's whole storage holds random bytes (0/1 for BOOL), out's a fill pattern; the check
// compares out's whole storage byte for byte with the host reference (zeros in the view, then each
// plane's inputs copied in increasing i, so that the last input naming a position wins; every byte
// outside the view still the fill).
std::unique_ptr<OpCase> makeMaxUnpool2dCase(const MaxUnpool2dSpec &spec);

// The out storage of the last check() of a case made by makeMaxUnpool2dCase (for determinism tests).
std::vector<uint8_t> maxUnpool2dOutStorage(OpCase &c);

}  // namespace testing_support
