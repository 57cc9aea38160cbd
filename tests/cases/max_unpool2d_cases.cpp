// OpCase descriptions of MaxUnpool2d (forward): the benchmark's speed case (the inverse of MaxPool2d
// 8x64x128x128 k2s2) and size sweep (registered below) and the building block of
// tests/test_max_unpool2d.cpp (makeMaxUnpool2dCase).
//
// The host reference scatters every plane's elements in increasing flat position i (the documented
// duplicate rule: the last one wins), copying bytes: every dtype is compared bit for bit, and so is
// every byte of out's storage outside the view.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cases/max_unpool2d_cases.h"
#include "harness/max_unpool2d.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/op_case.h"
#include "support/view_check.h"
#include "support/view_layout.h"

namespace testing_support {

namespace {

// Byte offsets of a view's elements in row-major order.
std::vector<size_t> viewByteOffsets(const std::vector<int64_t> &dims, const std::vector<int64_t> &strides,
                                    int64_t offset, size_t elem) {
    std::vector<size_t> out;
    for (int64_t e : viewStorageElements(dims, strides, offset)) out.push_back(static_cast<size_t>(e) * elem);
    return out;
}

class MaxUnpool2dCase : public OpCase {
public:
    explicit MaxUnpool2dCase(MaxUnpool2dSpec spec)
        : OpCase("MaxUnpool2d", spec.name, spec.dtype),
          s_(std::move(spec)),
          self_(withBatch(s_.N, {s_.C, s_.H, s_.W})),
          out_(withBatch(s_.N, {s_.C, s_.oH, s_.oW})) {
        const double n = static_cast<double>(planes() * s_.H * s_.W), o = static_cast<double>(planes() * plane());
        // Bytes that must move once: read self and the indices, write all of out.
        bytes = n * static_cast<double>(aclDataTypeSize(s_.dtype) + aclDataTypeSize(s_.indices)) +
                o * static_cast<double>(aclDataTypeSize(s_.dtype));
        params["self"] = std::vector<double>(self_.begin(), self_.end());
        params["outputSize"] = {static_cast<double>(s_.oH), static_cast<double>(s_.oW)};
    }

    void setup() override {
        selfT_ = layoutTensor(self_, s_.dtype, s_.layout);
        indicesT_ = layoutTensor(self_, s_.indices, s_.layout);
        outT_ = layoutTensor(out_, s_.dtype, s_.layout);
        std::vector<uint8_t> selfBytes(selfT_.storageBytes());
        uint64_t state = s_.seed;
        for (uint8_t &b : selfBytes) b = static_cast<uint8_t>(splitmix64(state) >> 56) & (s_.dtype == ACL_BOOL ? 1 : 0xff);
        if (!selfBytes.empty() && aclrtMemcpy(selfT_.data(), selfBytes.size(), selfBytes.data(), selfBytes.size(),
                                              ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) {
            throw std::runtime_error("aclrtMemcpy H2D failed");
        }
        makeIndices(state);
        indicesT_.upload(indexValues_);
        outT_.fillStorage(kFill);
        computeReference(selfBytes);
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        if (!outputSize_) outputSize_ = std::make_unique<IntArray>(std::vector<int64_t>{s_.oH, s_.oW});
        return kMaxUnpool2d.plan({selfT_, indicesT_, *outputSize_, outT_}, workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kMaxUnpool2d.run(workspace, workspaceSize, executor, stream);
    }

    CheckResult check() override {
        got_ = outT_.storage();
        CheckResult r;
        compareStorageBytes(r, op + "/" + name, got_, expected_, aclDataTypeSize(dtype), inView_);
        return r;
    }

    bool supported(std::string *why) const override { return dtype != ACL_DOUBLE || currentDeviceHasFp64(why); }

    const std::vector<uint8_t> &outStorage() const { return got_; }

private:
    static constexpr uint8_t kFill = 0x5a;

    int64_t planes() const { return (s_.N > 0 ? s_.N : 1) * s_.C; }
    int64_t plane() const { return s_.oH * s_.oW; }

    // The indices of every plane in row-major order of self's view.
    void makeIndices(uint64_t &state) {
        const int64_t hw = s_.H * s_.W, pl = plane();
        indexValues_.clear();
        indexValues_.reserve(static_cast<size_t>(planes() * hw));
        std::vector<int64_t> perm(static_cast<size_t>(pl));
        for (int64_t p = 0; p < planes(); ++p) {
            if (s_.pick == UnpoolIndices::Unique) {
                // A partial Fisher-Yates shuffle: the first hw positions of a random permutation.
                for (int64_t k = 0; k < pl; ++k) perm[static_cast<size_t>(k)] = k;
                for (int64_t i = 0; i < hw; ++i) {
                    const int64_t j = i + static_cast<int64_t>(splitmix64(state) % static_cast<uint64_t>(pl - i));
                    std::swap(perm[static_cast<size_t>(i)], perm[static_cast<size_t>(j)]);
                    indexValues_.push_back(static_cast<double>(perm[static_cast<size_t>(i)]));
                }
            } else if (s_.pick == UnpoolIndices::Duplicates) {
                const uint64_t range = static_cast<uint64_t>(std::max<int64_t>(1, std::min(pl, hw / 3)));
                for (int64_t i = 0; i < hw; ++i) indexValues_.push_back(static_cast<double>(splitmix64(state) % range));
            } else {
                for (int64_t h = 0; h < s_.H; ++h) {
                    for (int64_t w = 0; w < s_.W; ++w) {
                        const uint64_t r = splitmix64(state);
                        indexValues_.push_back(static_cast<double>((2 * h + int64_t(r & 1)) * s_.oW + 2 * w +
                                                                   int64_t((r >> 1) & 1)));
                    }
                }
            }
        }
    }

    void computeReference(const std::vector<uint8_t> &selfBytes) {
        const size_t elem = aclDataTypeSize(dtype);
        expected_.assign(outT_.storageBytes(), kFill);
        inView_.assign(outT_.storageBytes() / elem, false);
        const int64_t offset = viewLayoutOffset(s_.layout);
        const std::vector<size_t> from = viewByteOffsets(self_, viewLayoutStrides(self_, s_.layout), offset, elem),
                                  to = viewByteOffsets(out_, viewLayoutStrides(out_, s_.layout), offset, elem);
        for (size_t o : to) {
            std::memset(&expected_[o], 0, elem);
            inView_[o / elem] = true;
        }
        const int64_t hw = s_.H * s_.W, pl = plane();
        for (int64_t p = 0; p < planes(); ++p) {
            for (int64_t i = 0; i < hw; ++i) {
                const size_t at = static_cast<size_t>(p * hw + i);
                const int64_t k = static_cast<int64_t>(indexValues_[at]);
                std::memcpy(&expected_[to[static_cast<size_t>(p * pl + k)]], &selfBytes[from[at]], elem);
            }
        }
    }

    MaxUnpool2dSpec s_;
    std::vector<int64_t> self_, out_;
    DeviceTensor selfT_, indicesT_, outT_;
    std::unique_ptr<IntArray> outputSize_;
    std::vector<double> indexValues_;
    std::vector<uint8_t> expected_, got_;
    std::vector<bool> inView_;
};

MaxUnpool2dSpec pooledSpec(const std::string &name, int64_t N, int64_t C, int64_t HW) {
    MaxUnpool2dSpec s;
    s.name = name;
    s.N = N;
    s.C = C;
    s.H = s.W = HW;
    s.oH = s.oW = 2 * HW;
    s.pick = UnpoolIndices::Pooled;
    return s;
}

CaseList benchmarkCases() {
    CaseList cases;
    // The inverse of MaxPool2d 8x64x128x128 k2s2: self 8x64x64x64 fp32, int64 indices, out 128x128 planes.
    addSpeedCase(cases, std::make_unique<MaxUnpool2dCase>(pooledSpec("8x64x64x64 out128", 8, 64, 64)));
    // 128K to 16M output elements (128x), 64x64 planes unpooled into 128x128 as in the speed case.
    const struct {
        int64_t N, C;
    } sweep[] = {{1, 8}, {2, 32}, {4, 64}, {8, 64}, {8, 128}};
    for (const auto &z : sweep) {
        addSweepCase(cases, "maxunpool_forward",
                     std::make_unique<MaxUnpool2dCase>(
                         pooledSpec("sweep " + shapeName({z.N, z.C, 64, 64}) + " out128", z.N, z.C, 64)));
    }
    return cases;
}

}  // namespace

std::unique_ptr<OpCase> makeMaxUnpool2dCase(const MaxUnpool2dSpec &spec) {
    return std::make_unique<MaxUnpool2dCase>(spec);
}

std::vector<uint8_t> maxUnpool2dOutStorage(OpCase &c) { return dynamic_cast<MaxUnpool2dCase &>(c).outStorage(); }

}  // namespace testing_support

ACLNN_REGISTER_CASES("MaxUnpool2d", [] { return testing_support::benchmarkCases(); });
