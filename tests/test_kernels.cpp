// Kernel machinery: program cache, build failures, and the strided copy-and-cast kernel.
#include <gtest/gtest.h>

#include <stdlib.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/dtype.h"

#include "device_fixture.h"
#include "harness/pad2d_backward.h"
#include "kernels/binary_cache.h"
#include "kernels/copy_cast.h"
#include "kernels/defines.h"
#include "kernels/launch.h"
#include "kernels/dtype_defines.h"
#include "kernels/program_cache.h"
#include "runtime/memory.h"
#include "runtime/stream.h"
#include "support/case_checks.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/view_check.h"
#include "aclnn/opdev/op_errno.h"

using namespace testing_support;

namespace {

class KernelTest : public DeviceTest {};

struct CastCase {
    aclDataType from, to;
};

// Copies src's view into dst's view (both of `shape`) with the library's copy-cast kernel.
void copyCast(aclrtStream stream, const DeviceTensor &src, const DeviceTensor &dst, const std::vector<int64_t> &shape,
              const std::vector<int64_t> &srcStrides, uint64_t srcOffset, const std::vector<int64_t> &dstStrides,
              uint64_t dstOffset) {
    aclcl::Stream &s = aclcl::checkStream(stream);
    auto plan = aclcl::planCopyCast(s.device(), src.dtype(), dst.dtype(), shape, srcStrides, dstStrides);
    auto sa = aclcl::resolveDevicePointer(src.data(), 1, "src");
    auto da = aclcl::resolveDevicePointer(dst.data(), 1, "dst");
    aclcl::enqueueCopyCast(s.queue(), plan, aclcl::BufferRef{sa.mem, srcOffset}, aclcl::BufferRef{da.mem, dstOffset});
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
}

// v rounded once to `bits` significant bits, to nearest even (v normal in the target format).
double roundOnce(long double v, int bits) {
    if (v == 0) return 0;
    int e = 0;
    const long double m = std::frexp(v, &e);  // v = m * 2^e with 0.5 <= |m| < 1
    return static_cast<double>(std::ldexp(std::nearbyint(std::ldexp(m, bits)), e - bits));
}

// A raw slot defines S_RAW_T alone, from an element size: the same type as a dtype slot of that size
// gets, so one build serves every dtype of the size. It and a dtype slot of one name would define
// S_RAW_T twice.
TEST(DefinesRawSlot, DefinesTheRawTypeOfEachElementSize) {
    const std::pair<size_t, const char *> sizes[] = {{1, "uchar"}, {2, "ushort"}, {4, "uint"}, {8, "ulong"},
                                                     {16, "ulong2"}};
    for (const auto &[bytes, type] : sizes) {
        aclcl::Defines defines;
        defines.raw("ELEM", bytes);
        EXPECT_EQ(defines.text(), std::string("#define ELEM_RAW_T ") + type + "\n") << bytes;
    }
    EXPECT_NE(aclcl::dtypeDefines("X", ACL_INT32).find("#define X_RAW_T uint\n"), std::string::npos);
    EXPECT_NE(aclcl::dtypeDefines("X", ACL_COMPLEX128).find("#define X_RAW_T ulong2\n"), std::string::npos);
    aclcl::Defines bad;
    EXPECT_THROW(bad.raw("ELEM", 3), aclcl::Error);
    aclcl::Defines twice;
    twice.slot("IN", ACL_FLOAT);
    EXPECT_THROW(twice.raw("IN", 4), aclcl::Error);
    aclcl::Defines twiceOther;
    twiceOther.raw("IN", 4);
    EXPECT_THROW(twiceOther.slot("IN", ACL_FLOAT), aclcl::Error);
}

TEST_P(KernelTest, ProgramCacheBuildsOncePerKey) {
    aclcl::Device &d = aclcl::deviceAt(device());
    auto defs = aclcl::dtypeDefines("IN", ACL_FLOAT) + aclcl::dtypeDefines("OUT", ACL_FLOAT) + aclcl::indexDefine(false);
    auto a = aclcl::buildProgram(d, "copy_cast", defs);
    auto b = aclcl::buildProgram(d, "copy_cast", defs);
    EXPECT_EQ(a.get(), b.get());
    auto c = aclcl::buildProgram(d, "copy_cast", defs + "#define UNUSED_MARKER 1\n");
    EXPECT_NE(a.get(), c.get());
}

// The binary cache (kernels/binary_cache.h) in a directory of its own for one test, emptied of
// in-memory programs on both ends so that every build in the test goes through it.
class ScopedBinaryCache {
public:
    ScopedBinaryCache() {
        std::string pattern = ::testing::TempDir() + "aclnn-binary-cache-XXXXXX";
        dir_ = mkdtemp(&pattern[0]) ? pattern : std::string();
        previous_ = aclcl::setBinaryCacheDirForTesting(dir_);
        aclcl::clearProgramCache();
    }
    ~ScopedBinaryCache() {
        aclcl::clearProgramCache();
        aclcl::setBinaryCacheDirForTesting(previous_);
        std::error_code ec;
        if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
    }
    const std::string &dir() const { return dir_; }
    std::vector<std::string> files() const {
        std::vector<std::string> out;
        for (const auto &e : std::filesystem::directory_iterator(dir_)) out.push_back(e.path().string());
        return out;
    }

private:
    std::string dir_, previous_;
};

std::string readBytes(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
void writeBytes(const std::string &path, const std::string &bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// column_sums of conv_tbc_backward with INDEX_T int: its parameters as Kernel::args must check them.
aclcl::ProgramHandle columnSumsProgram(aclcl::Device &d) {
    aclcl::Defines defines;
    defines.slot("IN", ACL_FLOAT).slot("OUT", ACL_FLOAT).acc(ACL_FLOAT).index(false);
    return aclcl::buildProgram(d, "conv_tbc_backward", defines.text());
}

void expectArgumentsChecked(const aclcl::Device &d, aclcl::Kernel &k) {
    const aclcl::BufferRef none{};
    EXPECT_NO_THROW(k.args(none, none, cl_int{1}, cl_int{1}, cl_int{1}, cl_int{1}));
    EXPECT_THROW(k.args(none, none, cl_int{1}, cl_int{1}, cl_int{1}), aclcl::Error) << "too few arguments were accepted";
    try {
        k.args(none, none, cl_long{1}, cl_int{1}, cl_int{1}, cl_int{1});  // rows is INDEX_T: int here
        EXPECT_TRUE(d.implementation == aclcl::Implementation::Other) << "a long was accepted for an int parameter";
    } catch (const aclcl::Error &e) {
        EXPECT_NE(std::string(e.what()).find("parameter 4 (rows) is int, but the host sets long"), std::string::npos)
            << e.what();
    }
}

// The binary cache is used exactly where the implementation keeps no builds of its own: PoCL's kernel cache
// already makes a later process's build cheap, and asking PoCL for a binary compiles every kernel once more.
TEST_P(KernelTest, BinaryCacheIsUsedExactlyWhereTheImplementationKeepsNoBuilds) {
    ScopedBinaryCache cache;
    ASSERT_FALSE(cache.dir().empty());
    aclcl::Device &d = aclcl::deviceAt(device());
    EXPECT_EQ(d.keepsBuildsOnDisk, d.implementation == aclcl::Implementation::PoCL);
    const aclcl::BinaryCacheStats s0 = aclcl::binaryCacheStats();
    aclcl::Kernel k(columnSumsProgram(d), "column_sums");
    const aclcl::BinaryCacheStats s1 = aclcl::binaryCacheStats();
    const size_t expected = d.keepsBuildsOnDisk ? 0 : 1;
    EXPECT_EQ(s1.stores - s0.stores, expected);
    EXPECT_EQ(cache.files().size(), expected);
    expectArgumentsChecked(d, k);
}

// A program built once is stored; built again by a fresh process (here: an emptied in-memory cache) it is
// loaded, its kernels' arguments are still checked (Intel's runtime no longer reports them for a program
// made from a binary: the stored parameters stand in), and an operator computes the same bits with it.
TEST_P(KernelTest, BinaryCacheStoresThenLoadsAProgramWhoseArgumentsAreStillChecked) {
    if (aclcl::deviceAt(device()).keepsBuildsOnDisk) {
        GTEST_SKIP() << "this implementation keeps its builds on disk itself and the binary cache is not used "
                        "(BinaryCacheIsUsedExactlyWhereTheImplementationKeepsNoBuilds checks that)";
    }
    ScopedBinaryCache cache;
    ASSERT_FALSE(cache.dir().empty());
    aclcl::Device &d = aclcl::deviceAt(device());
    const aclcl::BinaryCacheStats s0 = aclcl::binaryCacheStats();
    columnSumsProgram(d);
    const aclcl::BinaryCacheStats s1 = aclcl::binaryCacheStats();
    EXPECT_EQ(s1.stores, s0.stores + 1);
    EXPECT_EQ(s1.hits, s0.hits);
    ASSERT_EQ(cache.files().size(), 1u);
    aclcl::clearProgramCache();
    aclcl::Kernel k(columnSumsProgram(d), "column_sums");
    const aclcl::BinaryCacheStats s2 = aclcl::binaryCacheStats();
    EXPECT_EQ(s2.hits, s1.hits + 1) << "the stored program was not loaded";
    EXPECT_EQ(s2.stores, s1.stores);
    expectArgumentsChecked(d, k);

    // An operator's results from a program built from source, then from the same program loaded.
    DeviceTensor gradOutput({2, 3, 10, 12}, ACL_FLOAT), self({2, 3, 4, 6}, ACL_FLOAT), gradInput({2, 3, 4, 6}, ACL_FLOAT);
    std::vector<double> values(static_cast<size_t>(gradOutput.numel()));
    for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(i % 97) * 0.25 - 7.0;
    gradOutput.upload(values);
    const IntArray padding({3, 3, 3, 3});
    auto call = [&]() -> std::vector<double> {
        runWithoutWorkspace(kReflectionPad2dBackward.planPhase({gradOutput, self, padding, gradInput}),
                            kReflectionPad2dBackward.runPhase(), stream);
        return gradInput.download();
    };
    const std::vector<double> fromSource = call();
    const size_t hits = aclcl::binaryCacheStats().hits;
    aclcl::clearProgramCache();
    EXPECT_EQ(call(), fromSource);
    EXPECT_GT(aclcl::binaryCacheStats().hits, hits) << "the operator's programs were not loaded";
}

// A damaged file, a file of another key (a hash collision) and the cache turned off all build from source:
// never a wrong program, never a failure.
TEST_P(KernelTest, BinaryCacheBuildsFromSourceOverDamagedOrForeignFilesAndWhenOff) {
    if (aclcl::deviceAt(device()).keepsBuildsOnDisk) {
        GTEST_SKIP() << "this implementation keeps its builds on disk itself and the binary cache is not used "
                        "(BinaryCacheIsUsedExactlyWhereTheImplementationKeepsNoBuilds checks that)";
    }
    ScopedBinaryCache cache;
    ASSERT_FALSE(cache.dir().empty());
    aclcl::Device &d = aclcl::deviceAt(device());
    columnSumsProgram(d);
    ASSERT_EQ(cache.files().size(), 1u);
    const std::string path = cache.files()[0], whole = readBytes(path);
    // The file in place is whole: a fresh build loads it.
    auto expectLoads = [](aclcl::Device &dev) {
        aclcl::clearProgramCache();
        const size_t hits = aclcl::binaryCacheStats().hits;
        columnSumsProgram(dev);
        EXPECT_EQ(aclcl::binaryCacheStats().hits, hits + 1) << "the rewritten file does not load";
    };

    writeBytes(path, whole.substr(0, whole.size() / 2));  // cut short
    aclcl::clearProgramCache();
    aclcl::BinaryCacheStats s0 = aclcl::binaryCacheStats();
    aclcl::Kernel a(columnSumsProgram(d), "column_sums");
    aclcl::BinaryCacheStats s1 = aclcl::binaryCacheStats();
    EXPECT_EQ(s1.hits, s0.hits);
    EXPECT_EQ(s1.stores, s0.stores + 1) << "the damaged file was not replaced";
    expectArgumentsChecked(d, a);
    expectLoads(d);

    std::string foreign = readBytes(path);
    const size_t at = foreign.find("column_sums");  // in the key's source text
    ASSERT_NE(at, std::string::npos);
    foreign[at] = 'C';
    writeBytes(path, foreign);
    aclcl::clearProgramCache();
    columnSumsProgram(d);
    aclcl::BinaryCacheStats s2 = aclcl::binaryCacheStats();
    EXPECT_EQ(s2.rejected, s1.rejected + 1) << "a file of another key was not refused";
    EXPECT_EQ(s2.hits, s1.hits + 1);  // expectLoads's
    expectLoads(d);

    const aclcl::BinaryCacheStats s2b = aclcl::binaryCacheStats();
    aclcl::setBinaryCacheDirForTesting("");
    std::filesystem::remove(path);
    aclcl::clearProgramCache();
    aclcl::Kernel b(columnSumsProgram(d), "column_sums");
    const aclcl::BinaryCacheStats s3 = aclcl::binaryCacheStats();
    EXPECT_EQ(s3.stores, s2b.stores);
    EXPECT_EQ(s3.hits, s2b.hits);
    EXPECT_TRUE(cache.files().empty());
    expectArgumentsChecked(d, b);
}

// Kernel::args checks the count and, where the implementation reports parameter types, each type.
TEST_P(KernelTest, ArgumentsAreCheckedAgainstTheKernelsParameters) {
    aclcl::Device &d = aclcl::deviceAt(device());
    aclcl::Defines defines;
    defines.slot("IN", ACL_FLOAT).slot("OUT", ACL_FLOAT).acc(ACL_FLOAT).index(false);  // INDEX_T int
    aclcl::Kernel k(aclcl::buildProgram(d, "conv_tbc_backward", defines.text()), "column_sums");
    const aclcl::BufferRef none{};
    EXPECT_NO_THROW(k.args(none, none, cl_int{1}, cl_int{1}, cl_int{1}, cl_int{1}));
    try {
        k.args(none, none, cl_int{1}, cl_int{1}, cl_int{1});
        FAIL() << "too few arguments were accepted";
    } catch (const aclcl::Error &e) {
        EXPECT_NE(std::string(e.what()).find("takes 8 arguments but 7 were set"), std::string::npos) << e.what();
    }
    try {
        k.args(none, none, cl_long{1}, cl_int{1}, cl_int{1}, cl_int{1});  // rows is INDEX_T: int here
        // Reached only where the implementation does not report parameter types; PoCL and rusticl do.
        EXPECT_TRUE(d.implementation == aclcl::Implementation::Other) << "a long was accepted for an int parameter";
    } catch (const aclcl::Error &e) {
        EXPECT_NE(std::string(e.what()).find("parameter 4 (rows) is int, but the host sets long"), std::string::npos)
            << e.what();
    }
}

// A plan's kernel objects come from a pool per (program, kernel name): kernels alive at the same time
// are distinct objects (each executor sets its own arguments), a freed one is reused instead of a new
// clCreateKernel, the pool is bounded, and clearing the program cache empties it.
TEST_P(KernelTest, KernelObjectsArePooledDistinctWhileAliveAndBounded) {
    aclcl::Device &d = aclcl::deviceAt(device());
    aclcl::Defines defines;
    defines.slot("IN", ACL_FLOAT).slot("OUT", ACL_FLOAT).acc(ACL_FLOAT).index(false);
    auto program = aclcl::buildProgram(d, "conv_tbc_backward", defines.text());
    aclcl::clearKernelPool();
    const size_t created0 = aclcl::kernelObjectsCreated();
    cl_kernel first = nullptr, second = nullptr;
    {
        aclcl::Kernel a(program, "column_sums"), b(program, "column_sums");
        EXPECT_NE(a.get(), b.get());
        first = a.get();
        second = b.get();
    }
    EXPECT_EQ(aclcl::kernelObjectsCreated(), created0 + 2);
    EXPECT_EQ(aclcl::pooledKernelCount(), 2u);
    {
        aclcl::Kernel c(program, "column_sums");
        EXPECT_TRUE(c.get() == first || c.get() == second);
        EXPECT_EQ(aclcl::kernelObjectsCreated(), created0 + 2) << "a pooled kernel was not reused";
        // The shared parameter facts still check a reused kernel's arguments.
        const aclcl::BufferRef none{};
        EXPECT_NO_THROW(c.args(none, none, cl_int{1}, cl_int{1}, cl_int{1}, cl_int{1}));
        EXPECT_THROW(c.args(none, none, cl_int{1}, cl_int{1}, cl_int{1}), aclcl::Error);
    }
    {
        std::vector<std::unique_ptr<aclcl::Kernel>> many;
        for (int i = 0; i < 20; ++i) many.push_back(std::make_unique<aclcl::Kernel>(program, "column_sums"));
        std::vector<cl_kernel> handles;
        for (const auto &k : many) handles.push_back(k->get());
        std::sort(handles.begin(), handles.end());
        EXPECT_EQ(std::unique(handles.begin(), handles.end()), handles.end()) << "two live kernels share an object";
    }
    EXPECT_GT(aclcl::pooledKernelCount(), 0u);
    EXPECT_LE(aclcl::pooledKernelCount(), 8u) << "the pool keeps more idle kernels than its bound";
    aclcl::clearProgramCache();
    EXPECT_EQ(aclcl::pooledKernelCount(), 0u);
}

// Repeated calls with the same shapes reuse the previous calls' kernel objects: after the first call,
// planning and running again creates none.
TEST_P(KernelTest, RepeatedOperatorCallsCreateNoKernelObjects) {
    DeviceTensor gradOutput({2, 3, 10, 12}, ACL_FLOAT), self({2, 3, 4, 6}, ACL_FLOAT), gradInput({2, 3, 4, 6}, ACL_FLOAT);
    gradOutput.upload(std::vector<double>(static_cast<size_t>(gradOutput.numel()), 1.0));
    const IntArray padding({3, 3, 3, 3});
    auto call = [&] {
        ASSERT_NO_FATAL_FAILURE(
            runWithoutWorkspace(kReflectionPad2dBackward.planPhase({gradOutput, self, padding, gradInput}),
                                kReflectionPad2dBackward.runPhase(), stream));
    };
    call();
    const size_t created = aclcl::kernelObjectsCreated();
    for (int i = 0; i < 10; ++i) call();
    EXPECT_EQ(aclcl::kernelObjectsCreated(), created);
    // And the results are still right: every gradInput element collects at least its own 1.
    for (double v : gradInput.download()) EXPECT_GE(v, 1.0);
}

// Device::packsWorkItems follows the two vector-width properties (kernel shapes depend on it), and is
// set on Intel's CPU runtime (1 and 16), the one device here whose compiler packs work-items into lanes;
// Device::nativeFloatVectorWidth is the native width as reported.
TEST_P(KernelTest, PacksWorkItemsFollowsThePreferredAndNativeVectorWidths) {
    const aclcl::Device &d = aclcl::deviceAt(device());
    cl_uint preferred = 0, native = 0;
    ASSERT_EQ(clGetDeviceInfo(d.id, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, sizeof preferred, &preferred, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clGetDeviceInfo(d.id, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, sizeof native, &native, nullptr), CL_SUCCESS);
    EXPECT_EQ(d.packsWorkItems, preferred == 1 && native > 1) << d.describe() << ": preferred " << preferred
                                                              << ", native " << native;
    EXPECT_EQ(d.nativeFloatVectorWidth, native) << d.describe();  // GroupNormSwishGrad's fused split
    if (d.platformName.find("Intel(R) OpenCL") != std::string::npos) {
        EXPECT_TRUE(d.packsWorkItems) << d.describe();
    }
    if (d.implementation == aclcl::Implementation::PoCL) {
        EXPECT_FALSE(d.packsWorkItems) << d.describe();
    }
}

TEST_P(KernelTest, BuildFailureReportsTheLog) {
    aclcl::Device &d = aclcl::deviceAt(device());
    // OUT_T is undefined: the compiler must reject the program and we must see its complaint.
    try {
        aclcl::buildProgram(d, "copy_cast", aclcl::dtypeDefines("IN", ACL_FLOAT) + aclcl::indexDefine(false));
        FAIL() << "a program with undefined macros built";
    } catch (const aclcl::Error &e) {
        EXPECT_EQ(e.code(), ACLNN_ERR_INNER_FIND_KERNEL_ERROR);
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
        copyCast(stream, src, dst, shape, {1, 15, 3}, 7, {40, 10, 2}, 3);
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
        ASSERT_EQ(strayWriteOutsideView(dst.storage(), shape, {40, 10, 2}, 3, aclDataTypeSize(cc.to), 0x5a), "");
    }
}

// The host merges the dims both views step through as one run (host/kernels/copy_cast.cpp): a contiguous
// pair is one dim (COPY_FLAT), a gap in one view keeps its dim apart, size-1 dims of any stride drop out.
// Each layout gives the reference's values and writes nothing outside the destination view.
TEST_P(KernelTest, CopyCastMergesTheDimsItCan) {
    struct Layout {
        std::vector<int64_t> shape, src, dst;
        uint64_t srcOffset, dstOffset;
        size_t dims;  // what the plan walks
    };
    const std::vector<Layout> layouts = {
        {{2, 3, 4, 5}, {60, 20, 5, 1}, {60, 20, 5, 1}, 0, 0, 1},     // both contiguous
        {{2, 3, 4, 5}, {60, 20, 5, 1}, {80, 20, 5, 1}, 2, 1, 2},     // a gap between dst's outer rows
        {{3, 1, 4}, {4, 99, 1}, {8, 7, 2}, 5, 0, 1},                 // a size-1 dim; dst every other element: one dim
        {{1, 1}, {5, 9}, {3, 4}, 1, 2, 1},                           // one element
        {{4, 6}, {1, 4}, {6, 1}, 0, 0, 2},                           // a transpose: nothing merges
    };
    aclcl::Device &d = aclcl::deviceAt(device());
    for (const Layout &l : layouts) {
        for (aclDataType to : {ACL_FLOAT, ACL_FLOAT16}) {
            SCOPED_TRACE(::testing::PrintToString(l.shape) + " to " + aclcl::dtypeName(to));
            const aclcl::CopyCastPlan plan = aclcl::planCopyCast(d, ACL_FLOAT, to, l.shape, l.src, l.dst);
            size_t walked = 0;
            for (size_t k = 0; k < 8; ++k) walked += plan.shape[k] != 1;
            EXPECT_EQ(std::max<size_t>(walked, 1), l.dims);
            DeviceTensor src(l.shape, ACL_FLOAT, l.src, static_cast<int64_t>(l.srcOffset));
            DeviceTensor dst(l.shape, to, l.dst, static_cast<int64_t>(l.dstOffset));
            std::vector<double> values = randomValues(static_cast<size_t>(src.numel()), 7, -50, 50);
            src.upload(values);
            dst.fillStorage(0x5a);
            copyCast(stream, src, dst, l.shape, l.src, l.srcOffset, l.dst, l.dstOffset);
            const std::vector<double> got = dst.download();
            for (size_t i = 0; i < values.size(); ++i) ASSERT_EQ(got[i], roundTo(values[i], to)) << "element " << i;
            ASSERT_EQ(strayWriteOutsideView(dst.storage(), l.shape, l.dst, l.dstOffset, aclDataTypeSize(to), 0x5a), "");
        }
    }
}

// Conversions that would round twice through float (double or a wide integer to fp16 / bf16) round
// once: each first value lies just above a halfway point of the target format, where rounding to
// float first lands exactly on the halfway point and then rounds to even, the wrong way.
TEST_P(KernelTest, CopyCastRoundsOnceFromDoubleAndWideIntegers) {
    const double tail = std::ldexp(1.0, -30);
    const struct {
        aclDataType from, to;
        int bits;  // significant bits of `to`
        std::vector<double> values;
    } cases[] = {
        {ACL_DOUBLE, ACL_FLOAT16, 11,
         {1 + std::ldexp(1.0, -11) + tail, -(1 + std::ldexp(1.0, -11) + tail), 0.1, -3.7}},
        {ACL_DOUBLE, ACL_BF16, 8, {1 + std::ldexp(1.0, -8) + tail, -(1 + std::ldexp(1.0, -8) + tail), 1e30, -2.5e-30}},
        {ACL_INT64, ACL_BF16, 8,
         {std::ldexp(1.0, 40) + std::ldexp(1.0, 32) + 1, -(std::ldexp(1.0, 52) + std::ldexp(1.0, 44) + 1),
          std::ldexp(1.0, 62) + std::ldexp(1.0, 54) + 1024, 12345, -1}},
        {ACL_INT32, ACL_BF16, 8,
         {std::ldexp(1.0, 30) + std::ldexp(1.0, 22) + 1, -(std::ldexp(1.0, 30) + std::ldexp(1.0, 22) + 1), 777}},
    };
    aclcl::Device &d = aclcl::deviceAt(device());
    for (const auto &c : cases) {
        if (aclcl::needsFp64(c.from) && !d.fp64) continue;
        SCOPED_TRACE(std::string(aclcl::dtypeName(c.from)) + " -> " + aclcl::dtypeName(c.to));
        const std::vector<int64_t> shape = {static_cast<int64_t>(c.values.size())};
        DeviceTensor src(shape, c.from), dst(shape, c.to);
        src.upload(c.values);
        copyCast(stream, src, dst, shape, {1}, 0, {1}, 0);
        std::vector<double> got = dst.download();
        for (size_t i = 0; i < c.values.size(); ++i) {
            EXPECT_EQ(got[i], roundOnce(c.values[i], c.bits)) << "value " << c.values[i];
        }
        // The first value is the one where rounding through float would differ.
        EXPECT_NE(got[0], roundTo(static_cast<float>(c.values[0]), c.to)) << "the case no longer tells";
    }
}

INSTANTIATE_ON_ALL_DEVICES(KernelTest);

}  // namespace
