// OpCase descriptions of ReflectionPad2d and ReplicationPad2d: the benchmark's speed case and size
// sweep (registered below) and the building block of tests/test_pad2d.cpp (makePad2dCase).
//
// The host reference maps every out element to the self element it copies (the docs/ops index
// map, written here independently of the kernel's formulation) and copies its bytes: every dtype is
// compared bit for bit, and so is every byte of out's storage outside the view.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cases/pad2d_cases.h"
#include "harness/pad2d.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/op_case.h"
#include "support/output_bits.h"
#include "support/view_check.h"

namespace testing_support {

std::vector<int64_t> paddedShape(std::vector<int64_t> self, const std::vector<int64_t> &pad) {
    self[self.size() - 2] += pad[2] + pad[3];
    self[self.size() - 1] += pad[0] + pad[1];
    return self;
}

int64_t padSourceIndex(bool reflect, int64_t o, int64_t S, int64_t p) {
    const int64_t i = o - p;
    if (!reflect) return std::min(std::max(i, int64_t{0}), S - 1);
    if (i < 0) return -i;
    if (i >= S) return 2 * (S - 1) - i;
    return i;
}

Pad2dCaseBase::Pad2dCaseBase(std::string opName, bool reflect, std::string caseName, aclDataType dt,
                             std::vector<int64_t> selfShape, std::vector<int64_t> padding, Pad2dLayout layout,
                             uint64_t seed)
    : OpCase(std::move(opName), std::move(caseName), dt),
      reflect_(reflect),
      self_(std::move(selfShape)),
      padded_(paddedShape(self_, padding)),
      pad_(std::move(padding)),
      layout_(layout),
      seed_(seed) {
    bytes = static_cast<double>(aclDataTypeSize(dtype)) * static_cast<double>(product(padded_) + product(self_));
    params["self"] = std::vector<double>(self_.begin(), self_.end());
    params["padding"] = std::vector<double>(pad_.begin(), pad_.end());
}

bool Pad2dCaseBase::supported(std::string *why) const { return !needsFp64(dtype) || currentDeviceHasFp64(why); }

aclIntArray *Pad2dCaseBase::padArray() {
    if (!padding_) padding_ = std::make_unique<IntArray>(pad_);
    return *padding_;
}

CaseList pad2dBenchmarkCases(Pad2dCaseMaker make, bool reflect, const std::string &sweep) {
    auto pad3 = [&](const std::string &name, const std::vector<int64_t> &shape, uint64_t seed) {
        return make(reflect, name, ACL_FLOAT, shape, {3, 3, 3, 3}, Pad2dLayout::Contiguous, seed);
    };
    CaseList cases;
    addSpeedCase(cases, pad3("8x64x128x128 pad3", {8, 64, 128, 128}, 1));
    // 64K to 16M elements (256x).
    const std::vector<std::vector<int64_t>> shapes = {
        {1, 16, 64, 64}, {4, 16, 128, 128}, {4, 64, 128, 128}, {16, 64, 128, 128}};
    for (const auto &shape : shapes) addSweepCase(cases, sweep, pad3("sweep " + shapeName(shape) + " pad3", shape, 2));
    return cases;
}

namespace {

class Pad2dCase : public Pad2dCaseBase, public OutputBits {
public:
    Pad2dCase(bool reflect, std::string caseName, aclDataType dt, std::vector<int64_t> selfShape,
              std::vector<int64_t> padding, Pad2dLayout layout, uint64_t seed)
        : Pad2dCaseBase(reflect ? "ReflectionPad2d" : "ReplicationPad2d", reflect, std::move(caseName), dt,
                        std::move(selfShape), std::move(padding), layout, seed) {
        params["out"] = std::vector<double>(padded_.begin(), padded_.end());
    }

    void setup() override {
        selfT_ = layoutTensor(self_, dtype, layout_);
        outT_ = layoutTensor(padded_, dtype, layout_);
        const std::vector<uint8_t> selfBytes = randomBytes(selfT_.storageBytes(), seed_, dtype == ACL_BOOL);
        if (!selfBytes.empty() && aclrtMemcpy(selfT_.data(), selfBytes.size(), selfBytes.data(), selfBytes.size(),
                                              ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) {
            throw std::runtime_error("aclrtMemcpy H2D failed");
        }
        outT_.fillStorage(kFill);
        computeReference(selfBytes);
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return binding().plan({selfT_, padArray(), outT_}, workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return binding().run(workspace, workspaceSize, executor, stream);
    }

    CheckResult check() override {
        got_ = outT_.storage();
        CheckResult r;
        compareStorageBytes(r, op + "/" + name, got_, expected_, aclDataTypeSize(dtype), inView_);
        return r;
    }

    std::vector<uint8_t> outputBits() override { return outT_.storage(); }

    const std::vector<uint8_t> &outStorage() const { return got_; }

private:
    static constexpr uint8_t kFill = 0xa5;

    const Binding &binding() const { return reflect_ ? kReflectionPad2d : kReplicationPad2d; }

    void computeReference(const std::vector<uint8_t> &selfBytes) {
        const size_t elem = aclDataTypeSize(dtype);
        expected_.assign(outT_.storageBytes(), kFill);
        inView_.assign(outT_.storageBytes() / elem, false);
        const size_t r = self_.size();
        const std::vector<int64_t> is = viewLayoutStrides(self_, layout_), os = viewLayoutStrides(padded_, layout_);
        const int64_t N = r == 4 ? self_[0] : 1, C = self_[r - 3], H = self_[r - 2], W = self_[r - 1];
        const int64_t OH = padded_[r - 2], OW = padded_[r - 1];
        const int64_t isN = r == 4 ? is[0] : 0, osN = r == 4 ? os[0] : 0;
        const int64_t off = viewLayoutOffset(layout_);
        for (int64_t n = 0; n < N; ++n) {
            for (int64_t c = 0; c < C; ++c) {
                for (int64_t oh = 0; oh < OH; ++oh) {
                    const int64_t ih = padSourceIndex(reflect_, oh, H, pad_[2]);
                    for (int64_t ow = 0; ow < OW; ++ow) {
                        const int64_t iw = padSourceIndex(reflect_, ow, W, pad_[0]);
                        const int64_t from = off + n * isN + c * is[r - 3] + ih * is[r - 2] + iw * is[r - 1];
                        const int64_t to = off + n * osN + c * os[r - 3] + oh * os[r - 2] + ow * os[r - 1];
                        std::memcpy(&expected_[static_cast<size_t>(to) * elem],
                                    &selfBytes[static_cast<size_t>(from) * elem], elem);
                        inView_[static_cast<size_t>(to)] = true;
                    }
                }
            }
        }
    }

    DeviceTensor selfT_, outT_;
    std::vector<uint8_t> expected_, got_;
    std::vector<bool> inView_;
};

}  // namespace

std::unique_ptr<OpCase> makePad2dCase(bool reflect, const std::string &caseName, aclDataType dtype,
                                             const std::vector<int64_t> &selfShape,
                                             const std::vector<int64_t> &padding, Pad2dLayout layout,
                                             uint64_t seed) {
    return std::make_unique<Pad2dCase>(reflect, caseName, dtype, selfShape, padding, layout, seed);
}

std::vector<uint8_t> pad2dOutStorage(OpCase &c) { return dynamic_cast<Pad2dCase &>(c).outStorage(); }

}  // namespace testing_support

ACLNN_REGISTER_CASES("ReflectionPad2d", [] {
    return testing_support::pad2dBenchmarkCases(testing_support::makePad2dCase, true, "pad2d_forward");
});
ACLNN_REGISTER_CASES("ReplicationPad2d", [] {
    return testing_support::pad2dBenchmarkCases(testing_support::makePad2dCase, false, "pad2d_forward");
});
