// The aclnn meta API: tensors, arrays, lists, executors and the shared second phase.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "aclnn/aclnn_base.h"
#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "device_fixture.h"
#include "ops/op_plan.h"
#include "support/device_tensor.h"

using namespace testing_support;

namespace {

// One dtype name table (common/dtype.h): PyTorch's names, as the golden files, the benchmark and the
// PyTorch scripts write them, map to one dtype each and back.
TEST(Meta, DtypesKnowPyTorchsNames) {
    const std::pair<aclDataType, const char *> expected[] = {
        {ACL_FLOAT, "float32"},     {ACL_FLOAT16, "float16"},     {ACL_BF16, "bfloat16"},   {ACL_DOUBLE, "float64"},
        {ACL_COMPLEX64, "complex64"}, {ACL_COMPLEX128, "complex128"}, {ACL_COMPLEX32, "complex32"},
        {ACL_INT8, "int8"},         {ACL_UINT8, "uint8"},         {ACL_INT16, "int16"},     {ACL_INT32, "int32"},
        {ACL_INT64, "int64"},       {ACL_BOOL, "bool"}};
    for (const auto &[dtype, name] : expected) {
        ASSERT_NE(aclcl::torchDtypeName(dtype), nullptr) << aclcl::dtypeName(dtype);
        EXPECT_STREQ(aclcl::torchDtypeName(dtype), name);
        aclDataType back = ACL_DT_UNDEFINED;
        EXPECT_TRUE(aclcl::dtypeFromTorchName(name, &back)) << name;
        EXPECT_EQ(back, dtype) << name;
    }
    for (aclDataType none : {ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_STRING, ACL_INT4, ACL_UINT1}) {
        EXPECT_EQ(aclcl::torchDtypeName(none), nullptr) << aclcl::dtypeName(none);
    }
    aclDataType unchanged = ACL_FLOAT;
    EXPECT_FALSE(aclcl::dtypeFromTorchName("float", &unchanged));
    EXPECT_FALSE(aclcl::dtypeFromTorchName("", &unchanged));
    EXPECT_EQ(unchanged, ACL_FLOAT);
}

TEST(Meta, TensorCreateAndGetters) {
    std::vector<int64_t> dims = {2, 3, 4};
    std::vector<int64_t> strides = {1, 2, 6};
    std::vector<int64_t> storage = {30};
    int dummy = 0;
    aclTensor *t = aclCreateTensor(dims.data(), dims.size(), aclDataType::ACL_FLOAT16, strides.data(), 5,
                                   aclFormat::ACL_FORMAT_NCL, storage.data(), storage.size(), &dummy);
    ASSERT_NE(t, nullptr);
    int64_t *out = nullptr;
    uint64_t n = 0;
    ASSERT_ACL_OK(aclGetViewShape(t, &out, &n));
    EXPECT_EQ(std::vector<int64_t>(out, out + n), dims);
    delete[] out;
    ASSERT_ACL_OK(aclGetViewStrides(t, &out, &n));
    EXPECT_EQ(std::vector<int64_t>(out, out + n), strides);
    delete[] out;
    ASSERT_ACL_OK(aclGetStorageShape(t, &out, &n));
    EXPECT_EQ(std::vector<int64_t>(out, out + n), storage);
    delete[] out;
    int64_t offset = -1;
    ASSERT_ACL_OK(aclGetViewOffset(t, &offset));
    EXPECT_EQ(offset, 5);
    aclFormat format = ACL_FORMAT_UNDEFINED;
    ASSERT_ACL_OK(aclGetFormat(t, &format));
    EXPECT_EQ(format, ACL_FORMAT_NCL);
    aclDataType dtype = ACL_DT_UNDEFINED;
    ASSERT_ACL_OK(aclGetDataType(t, &dtype));
    EXPECT_EQ(dtype, ACL_FLOAT16);
    void *addr = nullptr;
    ASSERT_ACL_OK(aclGetRawTensorAddr(t, &addr));
    EXPECT_EQ(addr, &dummy);
    ASSERT_ACL_OK(aclSetRawTensorAddr(t, nullptr));
    ASSERT_ACL_OK(aclGetRawTensorAddr(t, &addr));
    EXPECT_EQ(addr, nullptr);
    EXPECT_EQ(aclGetViewShape(nullptr, &out, &n), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewShape(t, nullptr, &n), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("but instead found nullptr"), std::string::npos);
    EXPECT_EQ(aclGetViewOffset(t, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetFormat(nullptr, &format), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetDataType(t, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    ASSERT_ACL_OK(aclDestroyTensor(t));
}

TEST(Meta, NullStridesMeanContiguousAndNullDimsAreRejected) {
    std::vector<int64_t> dims = {2, 3, 4};
    aclTensor *t = aclCreateTensor(dims.data(), 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 3, nullptr);
    ASSERT_NE(t, nullptr);
    int64_t *strides = nullptr;
    uint64_t n = 0;
    ASSERT_ACL_OK(aclGetViewStrides(t, &strides, &n));
    EXPECT_EQ(std::vector<int64_t>(strides, strides + n), (std::vector<int64_t>{12, 4, 1}));
    delete[] strides;
    aclDestroyTensor(t);
    EXPECT_EQ(aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 3, nullptr), nullptr);
    EXPECT_EQ(aclCreateTensor(dims.data(), 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 3, nullptr), nullptr);
    aclTensor *scalarTensor = aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr);
    ASSERT_NE(scalarTensor, nullptr);
    aclDestroyTensor(scalarTensor);
}

TEST(Meta, ArraysCopyTheirValues) {
    std::vector<int64_t> ints = {1, -2, 3};
    aclIntArray *ia = aclCreateIntArray(ints.data(), ints.size());
    ASSERT_NE(ia, nullptr);
    ints[0] = 99;  // the array keeps its own copy
    uint64_t size = 0;
    ASSERT_ACL_OK(aclGetIntArraySize(ia, &size));
    EXPECT_EQ(size, 3u);
    EXPECT_EQ(aclGetIntArraySize(nullptr, &size), ACLNN_ERR_PARAM_NULLPTR);
    float floats[2] = {1.5f, 2.5f};
    aclFloatArray *fa = aclCreateFloatArray(floats, 2);
    ASSERT_ACL_OK(aclGetFloatArraySize(fa, &size));
    EXPECT_EQ(size, 2u);
    bool bools[4] = {true, false, true, true};
    aclBoolArray *ba = aclCreateBoolArray(bools, 4);
    ASSERT_ACL_OK(aclGetBoolArraySize(ba, &size));
    EXPECT_EQ(size, 4u);
    EXPECT_EQ(aclCreateIntArray(nullptr, 2), nullptr);
    aclIntArray *empty = aclCreateIntArray(nullptr, 0);
    ASSERT_NE(empty, nullptr);
    EXPECT_ACL_OK(aclDestroyIntArray(empty));
    EXPECT_ACL_OK(aclDestroyIntArray(ia));
    EXPECT_ACL_OK(aclDestroyFloatArray(fa));
    EXPECT_ACL_OK(aclDestroyBoolArray(ba));
    EXPECT_ACL_OK(aclDestroyIntArray(nullptr));
    EXPECT_ACL_OK(aclDestroyTensor(nullptr));
}

TEST(Meta, ScalarsAndListsOwnTheirElements) {
    double v = 2.5;
    aclScalar *s = aclCreateScalar(&v, ACL_DOUBLE);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(aclCreateScalar(nullptr, ACL_FLOAT), nullptr);
    aclScalar *s2 = aclCreateScalar(&v, ACL_DOUBLE);
    const aclScalar *scalars[2] = {s, s2};
    aclScalarList *sl = aclCreateScalarList(scalars, 2);
    uint64_t size = 0;
    ASSERT_ACL_OK(aclGetScalarListSize(sl, &size));
    EXPECT_EQ(size, 2u);
    EXPECT_ACL_OK(aclDestroyScalarList(sl));  // destroys s and s2 too

    std::vector<int64_t> dims = {4};
    const aclTensor *tensors[2] = {
        aclCreateTensor(dims.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 1, nullptr),
        aclCreateTensor(dims.data(), 1, ACL_INT32, nullptr, 0, ACL_FORMAT_ND, dims.data(), 1, nullptr)};
    aclTensorList *tl = aclCreateTensorList(tensors, 2);
    ASSERT_ACL_OK(aclGetTensorListSize(tl, &size));
    EXPECT_EQ(size, 2u);
    EXPECT_ACL_OK(aclDestroyTensorList(tl));
    EXPECT_ACL_OK(aclDestroyTensorList(nullptr));
}

TEST(Meta, InitAndFinalizeOfAclnn) {
    EXPECT_ACL_OK(aclnnInit(nullptr));
    EXPECT_ACL_OK(aclnnFinalize());
}

TEST(Meta, ExecutorNullArguments) {
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(nullptr), ACLNN_ERR_INNER_NULLPTR);
    EXPECT_EQ(aclDestroyAclOpExecutor(nullptr), ACLNN_ERR_INNER_NULLPTR);
    EXPECT_EQ(aclcl::runExecutor("aclnnTest", nullptr, 0, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("[executor]"), std::string::npos);
    EXPECT_EQ(aclSetInputTensorAddr(nullptr, 0, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
}

// An executor planned with the operator skeleton: copy `in` into `out` with a cast to fp16.
class ExecutorTest : public DeviceTest {
protected:
    aclOpExecutor *planCopy(const aclTensor *in, const aclTensor *out, uint64_t *ws) {
        aclOpExecutor *ex = nullptr;
        auto st = aclcl::planOperator("aclnnTestCopy", ws, &ex, [&](aclcl::OpPlan &plan) {
            size_t i = plan.addInput(in, "in");
            size_t o = plan.addOutput(out, "out");
            aclcl::Operand src = plan.contiguousInput(i, ACL_FLOAT);
            aclcl::Operand dst = plan.contiguousOutput(o, ACL_FLOAT);
            auto cc = std::make_shared<aclcl::CopyCastPlan>(aclcl::planCopyCast(
                plan.device(), ACL_FLOAT, ACL_FLOAT, in->viewDims, aclcl::contiguousStrides(in->viewDims),
                aclcl::contiguousStrides(in->viewDims)));
            plan.step([cc, src, dst](aclcl::RunContext &ctx) {
                aclcl::enqueueCopyCast(ctx.queue(), *cc, src.resolve(ctx), dst.resolve(ctx));
            }, "copy");
        });
        EXPECT_EQ(st, 0) << aclGetRecentErrMsg();
        return ex;
    }
};

TEST_P(ExecutorTest, StridedOutputGetsAFinalCopyAndRepeatableRunsTwice) {
    DeviceTensor in({3, 4}, ACL_FLOAT);
    DeviceTensor out({3, 4}, ACL_FLOAT16, {1, 3}, 2);  // transposed, offset: needs a workspace staging copy
    std::vector<double> values;
    for (int i = 0; i < 12; ++i) values.push_back(i * 0.5 - 2);
    in.upload(values);
    uint64_t ws = 0;
    aclOpExecutor *ex = planCopy(in, out, &ws);
    ASSERT_NE(ex, nullptr);
    EXPECT_GT(ws, 0u);
    ASSERT_ACL_OK(aclSetAclOpExecutorRepeatable(ex));
    void *workspace = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST));
    EXPECT_EQ(aclcl::runExecutor("aclnnTestCopy", workspace, ws - 1, ex, stream), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("smaller"), std::string::npos);
    EXPECT_EQ(aclcl::runExecutor("aclnnTestCopy", nullptr, ws, ex, stream), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclcl::runExecutor("aclnnOther", workspace, ws, ex, stream), ACLNN_ERR_PARAM_INVALID);
    ASSERT_ACL_OK(aclcl::runExecutor("aclnnTestCopy", workspace, ws, ex, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    EXPECT_EQ(out.download(), values);
    // Second run with the input moved to a new address.
    DeviceTensor in2({3, 4}, ACL_FLOAT);
    std::vector<double> values2(values.rbegin(), values.rend());
    in2.upload(values2);
    ASSERT_ACL_OK(aclSetInputTensorAddr(ex, 0, in.get(), in2.data()));
    EXPECT_EQ(aclSetInputTensorAddr(ex, 5, in.get(), in2.data()), ACLNN_ERR_PARAM_INVALID);
    ASSERT_ACL_OK(aclcl::runExecutor("aclnnTestCopy", workspace, ws, ex, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    EXPECT_EQ(out.download(), values2);
    ASSERT_ACL_OK(aclDestroyAclOpExecutor(ex));
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), ACLNN_ERR_PARAM_INVALID);
    ASSERT_ACL_OK(aclrtFree(workspace));
}

TEST_P(ExecutorTest, NonRepeatableExecutorRunsOnceAndStaleUseIsAnError) {
    DeviceTensor in({5}, ACL_FLOAT);
    DeviceTensor out({5}, ACL_FLOAT);
    in.upload({1, 2, 3, 4, 5});
    uint64_t ws = 0;
    aclOpExecutor *ex = planCopy(in, out, &ws);
    EXPECT_EQ(ws, 0u);  // contiguous, same dtype: no staging
    ASSERT_ACL_OK(aclcl::runExecutor("aclnnTestCopy", nullptr, 0, ex, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    EXPECT_EQ(out.download(), (std::vector<double>{1, 2, 3, 4, 5}));
    EXPECT_EQ(aclcl::runExecutor("aclnnTestCopy", nullptr, 0, ex, stream), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("not live"), std::string::npos);
}

TEST_P(ExecutorTest, TensorOutsideItsAllocationIsReportedAtRunTime) {
    DeviceTensor in({5}, ACL_FLOAT);
    DeviceTensor out({5}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *ex = planCopy(in, out, &ws);
    // Point the input 8 bytes before the end of its 20-byte allocation: the view runs past it.
    ASSERT_ACL_OK(aclSetInputTensorAddr(ex, 0, nullptr, static_cast<char *>(in.data()) + 12));
    EXPECT_EQ(aclcl::runExecutor("aclnnTestCopy", nullptr, 0, ex, stream), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("past the end"), std::string::npos);
}

TEST_P(ExecutorTest, PlanningOutPointersAreChecked) {
    aclOpExecutor *ex = nullptr;
    uint64_t ws = 0;
    auto nothing = [](aclcl::OpPlan &) {};
    EXPECT_EQ(aclcl::planOperator("aclnnTestCopy", nullptr, &ex, nothing), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("workspaceSize"), std::string::npos);
    EXPECT_EQ(aclcl::planOperator("aclnnTestCopy", &ws, nullptr, nothing), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("executor"), std::string::npos);
}

INSTANTIATE_ON_ALL_DEVICES(ExecutorTest);

}  // namespace
