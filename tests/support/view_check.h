// Checks on a tensor's storage around its view, for tests that fill an output's storage with a byte
// pattern before an operator runs and must see that nothing outside the output's view was written.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "support/device_tensor.h"
#include "support/op_case.h"

namespace testing_support {

// "" when every storage element that the view (shape, strides and offset in elements, elemSize bytes
// per element) does not reach still holds `fill` in each of its bytes; otherwise a message naming the
// first storage element that lost it ("stray write at storage element 12").
std::string strayWriteOutsideView(const std::vector<uint8_t> &storage, const std::vector<int64_t> &shape,
                                  const std::vector<int64_t> &strides, int64_t offset, size_t elemSize, uint8_t fill);

// For OpCase::check(): the same check on t's storage (its dtype's element size); a stray write fails r
// with the detail "<what>: stray write at storage element 12".
void checkStorageOutsideView(CheckResult &r, const std::string &what, const DeviceTensor &t,
                             const std::vector<int64_t> &shape, const std::vector<int64_t> &strides, int64_t offset,
                             uint8_t fill);

// For OpCase::check() of the copy operators (the forward pads, MaxUnpool2d), which compare an output's
// whole storage byte for byte with a host-built expectation: fails r at the first differing byte with
// "<what>: out storage byte 12 (storage element 3[, outside the view]): got 0x.., expected 0x..".
// inView[e] tells whether storage element e (elemSize bytes) is in the view.
void compareStorageBytes(CheckResult &r, const std::string &what, const std::vector<uint8_t> &got,
                         const std::vector<uint8_t> &expected, size_t elemSize, const std::vector<bool> &inView);

// SplitMix64: the tests' seeded random bytes (one 64-bit value per call, advancing state).
uint64_t splitmix64(uint64_t &state);

}  // namespace testing_support
