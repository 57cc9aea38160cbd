// Kernel machinery: program cache, build failures, and the strided copy-and-cast kernel.
#include <gtest/gtest.h>

#include <cmath>

#include "common/dtype.h"

#include "device_fixture.h"
#include "kernels/copy_cast.h"
#include "kernels/dtype_defines.h"
#include "kernels/program_cache.h"
#include "runtime/memory.h"
#include "runtime/stream.h"
#include "support/device_tensor.h"
#include "support/host_data.h"

using namespace testing_support;

namespace {

class KernelTest : public DeviceTest {};

struct CastCase {
    aclDataType from, to;
};

TEST_P(KernelTest, ProgramCacheBuildsOncePerKey) {
    aclcl::Device &d = aclcl::deviceAt(device());
    auto defs = aclcl::dtypeDefines("IN", ACL_FLOAT) + aclcl::dtypeDefines("OUT", ACL_FLOAT) + aclcl::indexDefine(false);
    auto a = aclcl::buildProgram(d, "copy_cast", defs);
    auto b = aclcl::buildProgram(d, "copy_cast", defs);
    EXPECT_EQ(a.get(), b.get());
    auto c = aclcl::buildProgram(d, "copy_cast", defs + "#define UNUSED_MARKER 1\n");
    EXPECT_NE(a.get(), c.get());
}

TEST_P(KernelTest, BuildFailureReportsTheLog) {
    aclcl::Device &d = aclcl::deviceAt(device());
    // OUT_T is undefined: the compiler must reject the program and we must see its complaint.
    try {
        aclcl::buildProgram(d, "copy_cast", aclcl::dtypeDefines("IN", ACL_FLOAT) + aclcl::indexDefine(false));
        FAIL() << "a program with undefined macros built";
    } catch (const aclcl::Error &e) {
        EXPECT_EQ(e.code(), 561003);
        EXPECT_NE(std::string(e.what()).find("build log"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("OUT"), std::string::npos) << e.what();
    }
    try {
        aclcl::buildProgram(d, "no_such_program", "");
        FAIL() << "a missing program built";
    } catch (const aclcl::Error &e) {
        EXPECT_NE(std::string(e.what()).find("no_such_program"), std::string::npos);
    }
}

TEST_P(KernelTest, CopyCastStridedViewsAcrossDtypes) {
    const std::vector<CastCase> casts = {
        {ACL_FLOAT, ACL_FLOAT},   {ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT, ACL_BF16},
        {ACL_BF16, ACL_FLOAT},    {ACL_INT32, ACL_FLOAT},   {ACL_INT64, ACL_INT8},    {ACL_BOOL, ACL_FLOAT},
        {ACL_INT32, ACL_BOOL},    {ACL_FLOAT, ACL_COMPLEX64}, {ACL_UINT8, ACL_INT16}, {ACL_DOUBLE, ACL_FLOAT},
        {ACL_COMPLEX128, ACL_COMPLEX64},
    };
    aclcl::Device &d = aclcl::deviceAt(device());
    // Source: a transposed view with an offset; destination: every other element of a row.
    std::vector<int64_t> shape = {3, 4, 5};
    for (const auto &cc : casts) {
        if ((aclcl::needsFp64(cc.from) || aclcl::needsFp64(cc.to)) && !d.fp64) continue;
        SCOPED_TRACE(std::string(aclcl::dtypeName(cc.from)) + " -> " + aclcl::dtypeName(cc.to));
        DeviceTensor src(shape, cc.from, {1, 15, 3}, 7);
        DeviceTensor dst(shape, cc.to, {40, 10, 2}, 3);
        size_t comps = componentsOf(cc.from);
        std::vector<double> values = randomValues(static_cast<size_t>(src.numel()) * comps, 42, -50, 50);
        for (double &v : values) {
            v = cc.from == ACL_BOOL ? (v > 0) : (aclcl::dtypeInfo(cc.from)->integral ? std::floor(v) : v);
            if (cc.from == ACL_UINT8) v = std::fabs(v);
        }
        src.upload(values);
        dst.fillStorage(0x5a);
        auto plan = aclcl::planCopyCast(d, cc.from, cc.to, shape, {1, 15, 3}, {40, 10, 2});
        aclcl::Stream &s = aclcl::checkStream(stream);
        auto sa = aclcl::resolveDevicePointer(src.data(), 1, "src");
        auto da = aclcl::resolveDevicePointer(dst.data(), 1, "dst");
        aclcl::enqueueCopyCast(s.queue(), plan, aclcl::BufferRef{sa.mem, 7}, aclcl::BufferRef{da.mem, 3});
        ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
        std::vector<double> got = dst.download();
        size_t outComps = componentsOf(cc.to);
        for (int64_t i = 0; i < src.numel(); ++i) {
            double re = values[static_cast<size_t>(i) * comps];
            double want = roundTo(roundTo(re, cc.from), cc.to);
            if (cc.to == ACL_BOOL) want = roundTo(re, cc.from) != 0 ? 1 : 0;
            ASSERT_EQ(got[static_cast<size_t>(i) * outComps], want) << "element " << i;
            if (outComps == 2) {
                double im = comps == 2 ? roundTo(values[static_cast<size_t>(i) * 2 + 1], cc.to) : 0.0;
                ASSERT_EQ(got[static_cast<size_t>(i) * 2 + 1], im) << "element " << i << " (imaginary)";
            }
        }
        // Bytes outside the destination view keep the fill pattern.
        auto storage = dst.storage();
        size_t elem = aclDataTypeSize(cc.to);
        std::vector<bool> inView(storage.size() / elem, false);
        for (int64_t a = 0; a < 3; ++a)
            for (int64_t b = 0; b < 4; ++b)
                for (int64_t c = 0; c < 5; ++c) inView[static_cast<size_t>(3 + a * 40 + b * 10 + c * 2)] = true;
        for (size_t e = 0; e < inView.size(); ++e) {
            if (inView[e]) continue;
            for (size_t k = 0; k < elem; ++k) ASSERT_EQ(storage[e * elem + k], 0x5a) << "stray write at element " << e;
        }
    }
}

INSTANTIATE_ON_ALL_DEVICES(KernelTest);

}  // namespace
