#include "support/view_check.h"

namespace testing_support {

std::string strayWriteOutsideView(const std::vector<uint8_t> &storage, const std::vector<int64_t> &shape,
                                  const std::vector<int64_t> &strides, int64_t offset, size_t elemSize,
                                  uint8_t fill) {
    std::vector<bool> inView(storage.size() / elemSize, false);
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    for (int64_t flat = 0; flat < n; ++flat) {
        int64_t rest = flat, at = offset;
        for (size_t d = shape.size(); d-- > 0;) {
            at += (rest % shape[d]) * strides[d];
            rest /= shape[d];
        }
        inView[static_cast<size_t>(at)] = true;
    }
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

}  // namespace testing_support
