// OpCase descriptions of UpsampleNearest2d and its backward for the benchmark (registered below) and the
// tests' runs of the registered cases: the speed cases 8x64x56x56 -> 112x112 (fp32, NCHW) and a small
// non-integer ratio each. The references: the forward's gather of self's values (exact), the backward's
// fp32 sum of each input element's terms in the documented order (rows, then each row's columns), exact.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "harness/upsample_nearest2d.h"
#include "harness/upsample_nearest2d_backward.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/nearest_ref.h"
#include "support/op_case.h"

namespace testing_support {

namespace {

struct Sizes {
    int64_t N, C, H, W, OH, OW;
    std::string name() const {
        return shapeName({N, C, H, W}) + " to " + std::to_string(OH) + "x" + std::to_string(OW);
    }
    std::vector<int64_t> small() const { return {N, C, H, W}; }
    std::vector<int64_t> large() const { return {N, C, OH, OW}; }
};

class UpsampleCaseBase : public OpCase {
public:
    UpsampleCaseBase(const char *opName, const Sizes &z, aclDataType dt)
        : OpCase(opName, z.name(), dt), z_(z) {
        const double elem = static_cast<double>(aclDataTypeSize(dt));
        bytes = elem * static_cast<double>(product(z.small()) + product(z.large()));
        params["self"] = {static_cast<double>(z.N), static_cast<double>(z.C), static_cast<double>(z.H),
                          static_cast<double>(z.W)};
        params["outputSize"] = {static_cast<double>(z.OH), static_cast<double>(z.OW)};
    }

protected:
    CheckResult compareTo(const DeviceTensor &t) const {
        return compareValues(t.download(), want_, 0, 0, op + "/" + name);
    }
    Sizes z_;
    std::vector<double> want_;
};

class UpsampleNearest2dCase : public UpsampleCaseBase {
public:
    UpsampleNearest2dCase(const Sizes &z, aclDataType dt) : UpsampleCaseBase("UpsampleNearest2d", z, dt) {}
    void setup() override {
        self_ = DeviceTensor(z_.small(), dtype, ACL_FORMAT_NCHW);
        out_ = DeviceTensor(z_.large(), dtype, ACL_FORMAT_NCHW);
        std::vector<double> x = randomValues(static_cast<size_t>(product(z_.small())), 17, -4, 4);
        for (double &v : x) v = roundTo(v, dtype);
        self_.upload(x);
        want_.resize(static_cast<size_t>(product(z_.large())));
        size_t o = 0;
        for (int64_t p = 0; p < z_.N * z_.C; ++p) {
            for (int64_t oh = 0; oh < z_.OH; ++oh) {
                const int64_t row = (p * z_.H + nearestSourceRef(oh, z_.H, z_.OH)) * z_.W;
                for (int64_t ow = 0; ow < z_.OW; ++ow) want_[o++] = x[static_cast<size_t>(row + nearestSourceRef(ow, z_.W, z_.OW))];
            }
        }
    }
    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        if (!outputSize_) outputSize_ = std::make_unique<IntArray>(std::vector<int64_t>{z_.OH, z_.OW});
        return kUpsampleNearest2d.plan({self_.get(), outputSize_->get(), out_.get()}, workspaceSize, executor);
    }
    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kUpsampleNearest2d.run(workspace, workspaceSize, executor, stream);
    }
    CheckResult check() override { return compareTo(out_); }

private:
    DeviceTensor self_, out_;
    std::unique_ptr<IntArray> outputSize_;
};

class UpsampleNearest2dBackwardCase : public UpsampleCaseBase {
public:
    UpsampleNearest2dBackwardCase(const Sizes &z, aclDataType dt)
        : UpsampleCaseBase("UpsampleNearest2dBackward", z, dt) {}
    void setup() override {
        gradOut_ = DeviceTensor(z_.large(), dtype, ACL_FORMAT_NCHW);
        gradInput_ = DeviceTensor(z_.small(), dtype, ACL_FORMAT_NCHW);
        std::vector<double> g = randomValues(static_cast<size_t>(product(z_.large())), 23, -4, 4);
        for (double &v : g) v = roundTo(v, dtype);
        gradOut_.upload(g);
        // Each input's terms in order: rows in order, each row's columns in order (fp32).
        std::vector<float> sums(static_cast<size_t>(product(z_.small())), 0.0f);
        for (int64_t p = 0; p < z_.N * z_.C; ++p) {
            for (int64_t oh = 0; oh < z_.OH; ++oh) {
                const int64_t row = (p * z_.H + nearestSourceRef(oh, z_.H, z_.OH)) * z_.W;
                for (int64_t ow = 0; ow < z_.OW; ++ow) {
                    sums[static_cast<size_t>(row + nearestSourceRef(ow, z_.W, z_.OW))] +=
                        static_cast<float>(g[static_cast<size_t>((p * z_.OH + oh) * z_.OW + ow)]);
                }
            }
        }
        want_.assign(sums.begin(), sums.end());
        for (double &v : want_) v = roundTo(v, dtype);
    }
    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        if (!outputSize_) {
            outputSize_ = std::make_unique<IntArray>(std::vector<int64_t>{z_.OH, z_.OW});
            inputSize_ = std::make_unique<IntArray>(z_.small());
        }
        return kUpsampleNearest2dBackward.plan(
            {gradOut_.get(), outputSize_->get(), inputSize_->get(), 0.0, 0.0, gradInput_.get()}, workspaceSize,
            executor);
    }
    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kUpsampleNearest2dBackward.run(workspace, workspaceSize, executor, stream);
    }
    CheckResult check() override { return compareTo(gradInput_); }

private:
    DeviceTensor gradOut_, gradInput_;
    std::unique_ptr<IntArray> outputSize_, inputSize_;
};

constexpr Sizes kSpeed{8, 64, 56, 56, 112, 112};
constexpr Sizes kOdd{2, 16, 35, 29, 51, 80};

template <class Case>
CaseList cases() {
    CaseList list;
    addSpeedCase(list, std::make_unique<Case>(kSpeed, ACL_FLOAT));
    list.push_back(std::make_unique<Case>(kOdd, ACL_FLOAT16));
    return list;
}

}  // namespace

}  // namespace testing_support

ACLNN_REGISTER_CASES("UpsampleNearest2d", [] { return testing_support::cases<testing_support::UpsampleNearest2dCase>(); });
ACLNN_REGISTER_CASES("UpsampleNearest2dBackward",
                     [] { return testing_support::cases<testing_support::UpsampleNearest2dBackwardCase>(); });
