// OpCase descriptions of ArgMax, Cat and ConstantPadNd for the benchmark, one speed case each: ArgMax of a
// 4096 x 1000 fp32 self along dim 1, Cat of three 8 x 64 x 56 x 56 fp32 tensors along dim 1, ConstantPadNd of
// an 8 x 64 x 56 x 56 fp32 self padded by 1 on each side of its last two dims. Each output is compared exactly
// with the host references of tests/support/glue_ref.h.
#include <memory>
#include <string>
#include <vector>

#include "harness/argmax.h"
#include "harness/cat.h"
#include "harness/constant_pad_nd.h"
#include "support/device_tensor.h"
#include "support/glue_ref.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/op_case.h"
#include "support/tensor_list.h"

namespace testing_support {

namespace {

std::vector<double> dims(const std::vector<int64_t> &v) { return {v.begin(), v.end()}; }

class ArgMaxCase : public OpCase {
public:
    ArgMaxCase() : OpCase("ArgMax", "4096x1000 dim 1", ACL_FLOAT) {
        bytes = 4.0 * static_cast<double>(product(kShape)) + 8.0 * static_cast<double>(kShape[0]);
        params["self"] = dims(kShape);
        params["dim"] = {1};
        params["keepdim"] = {0};
    }
    void setup() override {
        selfT_ = DeviceTensor(kShape, dtype);
        outT_ = DeviceTensor({kShape[0]}, ACL_INT64);
        const std::vector<double> values = refValues(dtype, static_cast<size_t>(product(kShape)), 41);
        selfT_.upload(values);
        want_ = refArgMax(kShape, 1, values);
    }
    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return kArgMax.plan({selfT_, int64_t{1}, false, outT_}, workspaceSize, executor);
    }
    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kArgMax.run(workspace, workspaceSize, executor, stream);
    }
    CheckResult check() override { return compareExactly(outT_.download(), want_, sameValue, op + "/" + name, "out"); }

private:
    const std::vector<int64_t> kShape{4096, 1000};
    DeviceTensor selfT_, outT_;
    std::vector<double> want_;
};

const std::vector<int64_t> kFeatureMap{8, 64, 56, 56};

class CatCase : public OpCase {
public:
    CatCase() : OpCase("Cat", "3x 8x64x56x56 dim 1", ACL_FLOAT) {
        bytes = 2.0 * 3 * 4.0 * static_cast<double>(product(kFeatureMap));
        params["tensors"] = dims(kFeatureMap);
        params["count"] = {3};
        params["dim"] = {1};
    }
    void setup() override {
        std::vector<RefPart> parts;
        for (size_t i = 0; i < 3; ++i) {
            inputs_[i] = DeviceTensor(kFeatureMap, dtype);
            values_[i] = refValues(dtype, static_cast<size_t>(product(kFeatureMap)), 50 + i);
            inputs_[i].upload(values_[i]);
            parts.push_back({kFeatureMap, dtype, &values_[i]});
        }
        std::vector<int64_t> joined = kFeatureMap;
        joined[1] *= 3;
        outT_ = DeviceTensor(joined, dtype);
        list_ = std::make_unique<TensorList>(
            std::vector<const aclTensor *>{inputs_[0].get(), inputs_[1].get(), inputs_[2].get()});
        want_ = refCat(parts, 1, dtype, dtype);
    }
    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return kCat.plan({list_->get(), int64_t{1}, outT_}, workspaceSize, executor);
    }
    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kCat.run(workspace, workspaceSize, executor, stream);
    }
    CheckResult check() override { return compareExactly(outT_.download(), want_, sameValue, op + "/" + name, "out"); }

private:
    DeviceTensor inputs_[3], outT_;
    std::vector<double> values_[3], want_;
    std::unique_ptr<TensorList> list_;
};

class ConstantPadNdCase : public OpCase {
public:
    ConstantPadNdCase() : OpCase("ConstantPadNd", "8x64x56x56 pad 1", ACL_FLOAT) {
        bytes = 4.0 * static_cast<double>(product(kFeatureMap) + product(padded()));
        params["self"] = dims(kFeatureMap);
        params["pad"] = dims(kPad);
        params["value"] = {0};
    }
    void setup() override {
        selfT_ = DeviceTensor(kFeatureMap, dtype);
        outT_ = DeviceTensor(padded(), dtype);
        const std::vector<double> values = refValues(dtype, static_cast<size_t>(product(kFeatureMap)), 61);
        selfT_.upload(values);
        want_ = refPad(kFeatureMap, dtype, values, kPad, 0);
    }
    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return kConstantPadNd.plan({selfT_, pad_, value_.get(), outT_}, workspaceSize, executor);
    }
    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kConstantPadNd.run(workspace, workspaceSize, executor, stream);
    }
    CheckResult check() override { return compareExactly(outT_.download(), want_, sameValue, op + "/" + name, "out"); }

private:
    const std::vector<int64_t> kPad{1, 1, 1, 1};
    static std::vector<int64_t> padded() { return {8, 64, 58, 58}; }
    IntArray pad_{kPad};
    OwnedScalar value_{0, ACL_FLOAT};
    DeviceTensor selfT_, outT_;
    std::vector<double> want_;
};

template <class Case>
CaseList speedCase() {
    CaseList cases;
    addSpeedCase(cases, std::make_unique<Case>());
    return cases;
}

}  // namespace

}  // namespace testing_support

ACLNN_REGISTER_CASES("ArgMax", testing_support::speedCase<testing_support::ArgMaxCase>);
ACLNN_REGISTER_CASES("Cat", testing_support::speedCase<testing_support::CatCase>);
ACLNN_REGISTER_CASES("ConstantPadNd", testing_support::speedCase<testing_support::ConstantPadNdCase>);
