// For the benchmark's kernel tuner (aclnn_bench --tune-kernels, bench/kernel_tuner.h): a case that
// also derives from OutputBits hands out its outputs' storage, so that one launch parameter set's bits
// can be compared with another's.
#pragma once

#include <cstdint>
#include <vector>

namespace testing_support {

class OutputBits {
public:
    virtual ~OutputBits() = default;
    // After the stream is synchronized: the outputs' storage, byte for byte.
    virtual std::vector<uint8_t> outputBits() = 0;
};

}  // namespace testing_support
