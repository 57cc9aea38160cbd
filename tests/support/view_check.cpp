#include "support/view_check.h"

#include <cmath>
#include <cstdio>

namespace testing_support {

std::string strayWriteOutsideView(const std::vector<uint8_t> &storage, const std::vector<int64_t> &shape,
                                  const std::vector<int64_t> &strides, int64_t offset, size_t elemSize,
                                  uint8_t fill) {
    std::vector<bool> inView(storage.size() / elemSize, false);
    for (int64_t at : viewStorageElements(shape, strides, offset)) inView[static_cast<size_t>(at)] = true;
    for (size_t e = 0; e < inView.size(); ++e) {
        if (inView[e]) continue;
        for (size_t b = 0; b < elemSize; ++b) {
            if (storage[e * elemSize + b] != fill) return "stray write at storage element " + std::to_string(e);
        }
    }
    return "";
}

void checkStorageOutsideView(CheckResult &r, const std::string &what, const DeviceTensor &t,
                             const std::vector<int64_t> &shape, const std::vector<int64_t> &strides, int64_t offset,
                             uint8_t fill) {
    const std::string stray =
        strayWriteOutsideView(t.storage(), shape, strides, offset, aclDataTypeSize(t.dtype()), fill);
    if (stray.empty()) return;
    r.ok = false;
    r.detail = what + ": " + stray;
}

void compareStorageBytes(CheckResult &r, const std::string &what, const std::vector<uint8_t> &got,
                         const std::vector<uint8_t> &expected, size_t elemSize, const std::vector<bool> &inView) {
    if (got.size() != expected.size()) {
        r.ok = false;
        r.detail = what + ": out storage size differs from the reference";
        return;
    }
    for (size_t i = 0; i < got.size(); ++i) {
        if (got[i] == expected[i]) continue;
        r.ok = false;
        r.maxAbsError = INFINITY;
        char buf[256];
        std::snprintf(buf, sizeof buf, "%s: out storage byte %zu (storage element %zu%s): got 0x%02x, expected 0x%02x",
                      what.c_str(), i, i / elemSize, inView[i / elemSize] ? "" : ", outside the view", got[i],
                      expected[i]);
        r.detail = buf;
        return;
    }
}

uint64_t splitmix64(uint64_t &state) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

}  // namespace testing_support
