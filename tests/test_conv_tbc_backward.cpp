// aclnnConvTbcBackward: the CANN sample (docs/ops), PyTorch golden data, host references in double over every
// dtype and cubeMathType, edge shapes, strided views, empty tensors, determinism, every documented
// error, and the GEMM seam (host/blas) on its own.
//
// Tolerances (written down here and in docs/ops/conv_tbc_backward.md):
// - Host reference (tests/cases/conv_tbc_backward_cases.cpp): each value within (n + 1) * 2^-24 * sum|terms| of
//   the double sum of its n products (an fp32 sum in any order), plus one rounding to the output
//   dtype; gradBias within (n - 1) * 2^-24 * sum|terms|. CLBlast's summation order is its own, so no
//   tighter bound is honest.
// - Golden (PyTorch 1.13 CPU): fp32 |got - ref| <= 1e-5 * max(1, |ref|) (the sums here are short);
//   fp16/bf16 goldens are fp32 results rounded once, and an fp32 sum in another order can round to
//   the neighbouring value: 1 ulp of the dtype at |ref|.
// The quick tier (device_fixture.h) runs the CANN sample (docs/ops) only: the other tests build and run
// CLBlast's GEMM kernels, many times slower to build and run on a slow device.

#include <clblast.h>

#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <unordered_map>

#include "support/error_rows.h"
#include "support/op_test.h"
#include "blas/embedded_params.h"
#include "blas/gemm.h"
#include "blas/own_gemm.h"
#include "blas/host_blas.h"
#include "blas/gemm_blocking.h"
#include "blas/tuned_params.h"
#include "cases/conv_tbc_backward_cases.h"
#include "common/dtype.h"
#include "common/error.h"
#include "harness/conv_tbc_backward.h"
#include "support/gemm_backends.h"
#include "ops/conv_tbc_family.h"
#include "runtime/device.h"
#include "runtime/memory.h"
#include "runtime/stream.h"
#include "support/own_streams.h"

using namespace testing_support;

namespace {

const char *dtypeLabel(aclDataType d) {
    switch (d) {
        case ACL_FLOAT: return "fp32";
        case ACL_FLOAT16: return "fp16";
        case ACL_BF16: return "bf16";
        default: return "other";
    }
}

class ConvTbcBackwardTest : public OpTest {
protected:
    void registeredSweepCasePasses();

    // Runs and checks the spec once per GEMM backend of the device; returns the last backend's case.
    std::unique_ptr<OpCase> runSpec(const ConvTbcBackwardSpec &s) {
        std::unique_ptr<OpCase> c;
        testing_support::forEachGemmBackend(device(), [&] {
            c = makeConvTbcBackwardCase(s);
            runAndCheck(*c);
        });
        return c;
    }
};

#define SKIP_IN_QUICK_TIER()                                                                                       \
    do {                                                                                                           \
        if (quickTier()) {                                                                                         \
            GTEST_SKIP() << fullTierOnly("ConvTbcBackward's computations beyond the CANN sample (CLBlast GEMMs)"); \
        }                                                                                                          \
    } while (0)

// ---------------------------------------------------------------------------------- results

TEST_P(ConvTbcBackwardTest, CannSampleGivesTheDocumentedResults) {
    ConvTbcBackwardSpec s = convTbcBackwardSpec("cann sample", 5, 1, 2, 2, 1, 0);
    s.self.assign(10, 1.0);
    s.input.assign(10, 1.0);
    s.weight.assign(4, 1.0);
    s.cubeMathType = 1;
    // bias is random (its values are never read); the sample's ones would not change anything.
    auto c = runSpec(s);
    ConvTbcBackwardOutputs out = convTbcBackwardOutputs(*c);
    EXPECT_EQ(out.gradInput, std::vector<double>(10, 2.0));
    EXPECT_EQ(out.gradWeight, std::vector<double>(4, 5.0));
    EXPECT_EQ(out.gradBias, std::vector<double>(2, 5.0));
}

// One ulp of dtype at |v| (the spacing of the binade v lies in; subnormal spacing near 0).
double ulpAt(double v, aclDataType dtype) {
    const int mantissa = dtype == ACL_FLOAT16 ? 10 : dtype == ACL_BF16 ? 7 : 23;
    const int minExp = dtype == ACL_FLOAT16 ? -14 : -126;
    int e = 0;
    std::frexp(std::fabs(v), &e);  // |v| in [2^(e-1), 2^e)
    return std::ldexp(1.0, std::max(e - 1, minExp) - mantissa);
}

TEST_P(ConvTbcBackwardTest, MatchesPyTorchGoldenData) {
    SKIP_IN_QUICK_TIER();
    forEachGoldenCase({"conv_tbc_backward.golden", 20, 20}, [&](const golden::Case &g) {
        const auto &x = g.tensor("input"), &w = g.tensor("weight"), &dy = g.tensor("self");
        aclDataType dt = goldenDtype(dy.dtype);
        ConvTbcBackwardSpec s = convTbcBackwardSpec("golden " + g.name, x.dims[0], x.dims[1], x.dims[2], w.dims[2],
                                                    w.dims[0], g.ints("pad")[0], dt);
        s.self = dy.values;
        s.input = x.values;
        s.weight = w.values;
        auto c = runSpec(s);
        ConvTbcBackwardOutputs out = convTbcBackwardOutputs(*c);
        const std::pair<const char *, const std::vector<double> *> outputs[] = {
            {"gradInput", &out.gradInput}, {"gradWeight", &out.gradWeight}, {"gradBias", &out.gradBias}};
        for (const auto &[role, got] : outputs) {
            const golden::Tensor &ref = g.tensor(role);
            ASSERT_EQ(got->size(), ref.values.size()) << role;
            for (size_t i = 0; i < got->size(); ++i) {
                const double want = ref.values[i];
                const double tol = dt == ACL_FLOAT ? 1e-5 * std::max(1.0, std::fabs(want)) : ulpAt(want, dt);
                ASSERT_LE(std::fabs((*got)[i] - want), tol) << role << "[" << i << "]: got " << (*got)[i]
                                                             << ", PyTorch " << want;
            }
        }
    });
}

// One test per dtype and device (Devices/ConvTbcBackwardEveryDtype.EveryCubeMathType/pocl_cpu_0_bf16).
const std::vector<aclDataType> kDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

class ConvTbcBackwardEveryDtype : public DeviceDtypeTest {};

TEST_P(ConvTbcBackwardEveryDtype, EveryCubeMathType) {
    SKIP_IN_QUICK_TIER();
    const aclDataType dt = dtype();
    size_t ran = 0, planned = 0;
    testing_support::forEachGemmBackend(device(), [&] {
        for (int8_t cube = 0; cube <= 3; ++cube) {
            ConvTbcBackwardSpec s =
                convTbcBackwardSpec(std::string(dtypeLabel(dt)) + " cube" + std::to_string(cube), 6, 3, 5, 4, 3, 1, dt);
            s.cubeMathType = cube;
            s.seed = 10 + static_cast<uint64_t>(cube);
            ++planned;
            ran += runAndCheckCase(*makeConvTbcBackwardCase(s), stream);
        }
    });
    // Every backend runs every cubeMathType (none of these dtypes needs fp64).
    EXPECT_GT(planned, 0u);
    EXPECT_EQ(ran, planned);
}

// FLOAT16 with KEEP_DTYPE accumulates in fp32 on every device, as CANN's cube units do: the check holds
// every output to the fp32-accumulation bound (one rounding to fp16 plus n * 2^-24 * sum|terms|), and
// gradWeight here sums 4,096 terms (T * B), where an fp16 GEMM accumulating in fp16 (what Intel's runtime,
// the one device here with cl_khr_fp16, ran before) misses it by far. Forward: the same for ConvTbc.
TEST_P(ConvTbcBackwardTest, Float16KeepDtypeAccumulatesInFp32OnLongReductions) {
    SKIP_IN_QUICK_TIER();
    for (int8_t cube : {int8_t{0}, int8_t{1}}) {
        ConvTbcBackwardSpec s =
            convTbcBackwardSpec("fp16 KEEP_DTYPE, 4096-term reductions", 512, 8, 16, 16, 3, 1, ACL_FLOAT16);
        s.cubeMathType = cube;
        s.seed = 90 + static_cast<uint64_t>(cube);
        runSpec(s);
    }
}

TEST_P(ConvTbcBackwardTest, MixedDtypesRoundOncePerOutput) {
    SKIP_IN_QUICK_TIER();
    ConvTbcBackwardSpec s = convTbcBackwardSpec("mixed", 7, 2, 6, 5, 3, 1);
    const aclDataType dts[7] = {ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_BF16, ACL_FLOAT16, ACL_BF16, ACL_FLOAT};
    std::copy(std::begin(dts), std::end(dts), s.dtypes);
    runSpec(s);
    ConvTbcBackwardSpec h = convTbcBackwardSpec("fp16 and bf16 inputs", 5, 2, 3, 4, 2, 0, ACL_FLOAT16);
    h.dtypes[1] = ACL_BF16;
    h.cubeMathType = 0;
    runSpec(h);
}

// Shapes at the edges of the taps' row ranges, of the tiles and of the passes, for every GEMM backend.
std::vector<ConvTbcBackwardSpec> edgeShapes() {
    return {
        convTbcBackwardSpec("pad 0", 7, 3, 4, 5, 3, 0),
        convTbcBackwardSpec("pad 2", 6, 2, 3, 4, 3, 2),
        convTbcBackwardSpec("K 1", 5, 2, 3, 2, 1, 0),
        convTbcBackwardSpec("K 1 pad 1", 4, 2, 3, 2, 1, 1),
        convTbcBackwardSpec("K > T", 2, 2, 3, 4, 5, 2),
        convTbcBackwardSpec("pad > K", 3, 2, 2, 3, 2, 3),
        convTbcBackwardSpec("K even, no tap covers every row", 6, 2, 3, 4, 4, 1),
        convTbcBackwardSpec("B 1", 6, 1, 3, 4, 2, 1),
        convTbcBackwardSpec("C_in 1", 6, 2, 1, 4, 3, 1),
        convTbcBackwardSpec("C_out 1", 6, 2, 4, 1, 3, 1),
        convTbcBackwardSpec("T_out 1", 4, 3, 3, 2, 4, 0),
        convTbcBackwardSpec("all dims 1", 1, 1, 1, 1, 1, 0),
        convTbcBackwardSpec("channels not multiples of any tile", 9, 3, 67, 45, 3, 1),
        convTbcBackwardSpec("many rows: two-pass gradBias", 300, 3, 5, 7, 3, 1),
        convTbcBackwardSpec("many taps", 20, 2, 3, 4, 9, 4),
        convTbcBackwardSpec("long: GEMMs cut into row pieces and k pieces on a CPU", 1600, 8, 96, 96, 3, 1),
    };
}

TEST_P(ConvTbcBackwardTest, EdgeShapes) {
    SKIP_IN_QUICK_TIER();
    for (const ConvTbcBackwardSpec &s : edgeShapes()) runSpec(s);
}

// The own GEMM (cl_kernels/gemm.cl) on the edge shapes, where every other backend is the device's choice
// above; gradWeight's long reductions (T_out * B >= 4096 rows for a small C_in x C_out) run split into
// k slices added in order: checked against the host reference, and the same bits (gradInput and gradWeight)
// from two tile sets of the tiled form and from the walking form (own_gemm.h).
TEST_P(ConvTbcBackwardTest, OwnGemmEdgeShapesAndSplitReductions) {
    SKIP_IN_QUICK_TIER();
    aclcl::ScopedTestHook own(aclcl::TestHook::GemmBackend, 3);
    // The edge shapes of the taps' row ranges and of the tiles (the others are CPU blocking's and the
    // passes' cases, minutes under Oclgrind, which runs this test in the GPU-path check).
    const std::vector<ConvTbcBackwardSpec> all = edgeShapes();
    for (const char *name : {"pad 0", "K > T", "pad > K", "K even, no tap covers every row"}) {
        for (const ConvTbcBackwardSpec &s : all) {
            if (s.name == name) runSpec(s);
        }
    }
    // C_in 11 and C_out 13: gradInput's product (B transposed) has a whole block of 8 columns and a part one,
    // a whole block of 8 steps and a part one, for the walking form.
    const ConvTbcBackwardSpec split = convTbcBackwardSpec("split gradWeight T1100 B4", 1100, 4, 11, 13, 3, 1);
    aclcl::blas::Product gradWeight;
    gradWeight.dims = {aclcl::blas::Op::Trans, aclcl::blas::Op::NoTrans, 11, 13, 1099 * 4, 11, 13, 13};
    ASSERT_GT(aclcl::blas::ownGemmSliceLength(gradWeight), 0u) << "the shape does not split";
    std::vector<uint8_t> bits, inputBits;
    int compared = 0;
    for (int form : {1, 2, 3}) {  // tile sets 1 and 2, then the walking form
        SCOPED_TRACE(form < 3 ? "tile set " + std::to_string(form) : std::string("walking form"));
        aclcl::ScopedTestHook walk(aclcl::TestHook::OwnGemmWalk, form < 3 ? 1 : 2);
        aclcl::ScopedTestHook set(aclcl::TestHook::OwnGemmTiles, form < 3 ? form : 1);
        auto c = runSpec(split);
        const ConvTbcBackwardOutputs out = convTbcBackwardOutputs(*c);
        if (bits.empty()) {
            bits = out.gradWeightBytes;
            inputBits = out.gradInputBytes;
        } else {
            EXPECT_TRUE(out.gradWeightBytes == bits);
            EXPECT_TRUE(out.gradInputBytes == inputBits);
            ++compared;
        }
    }
    EXPECT_EQ(compared, 2);
}

// Real sizes for the operator's own kernels (the GEMMs are the backends'): gradBias sums 70,000 rows of
// self, beyond the 65,535 loop iterations Mesa's llvmpipe allows one work-item (the quick tier runs no
// ConvTbc computation beyond the sample: the GEMMs are too slow on a slow device).
TEST_P(ConvTbcBackwardTest, RealSizeColumnSums) {
    SKIP_IN_QUICK_TIER();
    runSpec(convTbcBackwardSpec("70,000 rows", 70000, 1, 2, 3, 1, 0));
}

TEST_P(ConvTbcBackwardTest, StridedViewsAndOffsets) {
    SKIP_IN_QUICK_TIER();
    for (ConvTbcLayout layout : {ConvTbcLayout::Offset, ConvTbcLayout::SwappedRows, ConvTbcLayout::ChannelsOuter}) {
        for (aclDataType dt : {ACL_FLOAT, ACL_BF16, ACL_FLOAT16}) {
            ConvTbcBackwardSpec s = convTbcBackwardSpec(
                std::string("layout ") + std::to_string(static_cast<int>(layout)) + " " + dtypeLabel(dt), 8, 3, 6, 5, 3,
                1, dt);
            s.layout = layout;
            runSpec(s);
        }
    }
}

// CLBlast runs GEMMs with m*n*k >= XGEMM_MIN_INDIRECT_SIZE^3 through its indirect kernel, which needs
// the temp buffer (for operands at offsets, transposed, or not multiples of its tiles).
size_t minIndirectSize(int device) {
    std::unordered_map<std::string, size_t> p;
    auto rc = clblast::RetrieveParameters(aclcl::deviceAt(device).id, "GemmRoutine", clblast::Precision::kSingle, p);
    return rc == clblast::StatusCode::kSuccess && p.count("XGEMM_MIN_INDIRECT_SIZE") ? p["XGEMM_MIN_INDIRECT_SIZE"]
                                                                                      : 0;
}

TEST_P(ConvTbcBackwardTest, LargerProblemThroughTheIndirectGemm) {
    SKIP_IN_QUICK_TIER();
    aclcl::blas::applyTunedParameters(aclcl::deviceAt(device()));  // read the values in force, tuned or not
    const size_t S = minIndirectSize(device());
    ASSERT_GT(S, 0u);
    // Every per-tap GEMM (rows*B x 256 x 256 or 256 x 256 x rows*B) has m*n*k >= S^3.
    const int64_t B = 8, C = 256;
    const int64_t T = static_cast<int64_t>(static_cast<double>(S) * S * S / (B * C * C)) + 3;
    ConvTbcBackwardSpec s = convTbcBackwardSpec("indirect T" + std::to_string(T), T, B, C, C, 3, 1);
    s.layout = ConvTbcLayout::Offset;
    aclcl::blas::GemmDims d;
    d.transB = aclcl::blas::Op::Trans;
    d.m = static_cast<size_t>((T - 1) * B);
    d.n = d.k = d.lda = d.ldb = d.ldc = C;
    ASSERT_GT(aclcl::blas::gemmTempBytes(aclcl::deviceAt(device()), aclcl::blas::Precision::Single, d), 0u)
        << "the shape does not reach CLBlast's indirect kernel";
    runSpec(s);
}

TEST_P(ConvTbcBackwardTest, EmptyTensorsGiveRealResults) {
    SKIP_IN_QUICK_TIER();
    // C_in = 0: input and weight are empty; gradBias is still the sum of self (CANN would write B*T_out).
    ConvTbcBackwardSpec noChannels = convTbcBackwardSpec("C_in 0", 4, 2, 0, 3, 2, 1);
    auto a = runSpec(noChannels);
    for (double v : convTbcBackwardOutputs(*a).gradBias) EXPECT_NE(v, 2.0 * 5.0) << "CANN's constant, not the sum";
    // K = 0: no taps, gradInput is all zeros, T_out = T + 2*pad + 1.
    runSpec(convTbcBackwardSpec("K 0", 3, 2, 2, 3, 0, 1));
    // T = 0: every tap only meets padding, gradWeight is all zeros.
    runSpec(convTbcBackwardSpec("T 0", 0, 2, 2, 3, 2, 1));
    ConvTbcBackwardSpec bf = convTbcBackwardSpec("T 0 bf16 strided", 0, 2, 2, 3, 2, 1, ACL_BF16);
    bf.layout = ConvTbcLayout::ChannelsOuter;
    runSpec(bf);
}

TEST_P(ConvTbcBackwardTest, BitIdenticalRunToRun) {
    SKIP_IN_QUICK_TIER();
    testing_support::forEachGemmBackend(device(), [&] {
        for (aclDataType dt : {ACL_FLOAT, ACL_BF16}) {
            ConvTbcBackwardSpec s =
                convTbcBackwardSpec(std::string("determinism ") + dtypeLabel(dt), 70, 8, 33, 29, 3, 1, dt);
            auto first = makeConvTbcBackwardCase(s), second = makeConvTbcBackwardCase(s);
            runAndCheck(*first);
            runAndCheck(*second);
            ConvTbcBackwardOutputs a = convTbcBackwardOutputs(*first), b = convTbcBackwardOutputs(*second);
            EXPECT_EQ(a.gradInputBytes, b.gradInputBytes);
            EXPECT_EQ(a.gradWeightBytes, b.gradWeightBytes);
            EXPECT_EQ(a.gradBiasBytes, b.gradBiasBytes);
        }
    });
}

TEST_P(ConvTbcBackwardTest, RepeatableExecutorRunsTwice) {
    SKIP_IN_QUICK_TIER();
    testing_support::forEachGemmBackend(device(), [&] {
        auto c = makeConvTbcBackwardCase(convTbcBackwardSpec("repeatable", 6, 2, 3, 4, 3, 1));
        runRepeatableExecutorTwice(*c, stream);
    });
}

TEST_P(ConvTbcBackwardTest, RegisteredSweepCasePasses) {
    SKIP_IN_QUICK_TIER();
    testing_support::forEachGemmBackend(device(), [&] { registeredSweepCasePasses(); });
}

void ConvTbcBackwardTest::registeredSweepCasePasses() {
    CaseList cases = makeCases("ConvTbcBackward");
    ASSERT_EQ(cases.size(), 5u);
    const RegisteredCount n = countRegistered(cases, "convtbc");
    EXPECT_EQ(n.speed, 1);
    EXPECT_EQ(n.sweep, 4);
    for (auto &c : cases) {
        EXPECT_GT(c->flops, 0);
        if (c->name == "sweep T64 B8 C128 K3 pad1") runAndCheck(*c);
    }
}

// ---------------------------------------------------------------------------------- errors

TEST_P(ConvTbcBackwardTest, PhaseTwoWithoutItsWorkspaceIsRejected) {
    // fp16 outputs need fp32 staging in workspace.
    DeviceTensor self({4, 2, 3}, ACL_FLOAT), input({4, 2, 5}, ACL_FLOAT), weight({3, 5, 3}, ACL_FLOAT),
        bias({3}, ACL_FLOAT), gradInput({4, 2, 5}, ACL_FLOAT16), gradWeight({3, 5, 3}, ACL_FLOAT), gradBias({3}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ASSERT_ACL_OK(
        kConvTbcBackward.plan({self, input, weight, bias, 1, 1, gradInput, gradWeight, gradBias}, &ws, &ex));
    ASSERT_GT(ws, 0u);
    EXPECT_EQ(kConvTbcBackward.run(nullptr, ws, ex, stream), ACLNN_ERR_PARAM_NULLPTR);
    expectRecentMessageHas({"workspace"});
}

// A valid call: T 4, B 2, C_in 5, C_out 3, K 3, pad 1 (T_out 4). Each row below changes one thing in it
// (support/error_rows.h).
CallSpec backwardCall() {
    return CallSpec(kConvTbcBackward, {{"self", TensorArg{{4, 2, 3}}},
                                       {"input", TensorArg{{4, 2, 5}}},
                                       {"weight", TensorArg{{3, 5, 3}}},
                                       {"bias", TensorArg{{3}}},
                                       {"pad", int64_t{1}},
                                       {"cubeMathType", int64_t{1}},
                                       {"gradInput", TensorArg{{4, 2, 5}}},
                                       {"gradWeight", TensorArg{{3, 5, 3}}},
                                       {"gradBias", TensorArg{{3}}}});
}

// Every tensor argument, in the call's order.
const char *const kTensorArgs[] = {"self", "input", "weight", "bias", "gradInput", "gradWeight", "gradBias"};

// The rows in the contract's order (docs/ops/conv_tbc_backward.md): nulls, dtypes, formats, malformed
// views, empty self, ranks, channels, pad and T_out, shapes, cubeMathType, overlapping outputs.
ErrorRows backwardRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    // The out-pointers' messages name them in brackets, as the arguments'.
    ErrorRows rows = validRow() + ErrorRows{
        {"workspaceSize null", null("workspaceSize"), ACLNN_ERR_PARAM_NULLPTR, {"[workspaceSize]"}},
        {"executor null", null("executor"), ACLNN_ERR_PARAM_NULLPTR, {"[executor]"}},
    } + nullRows({"[self]", "[input]", "[weight]", "[bias]", "[gradInput]", "[gradWeight]", "[gradBias]"}) + ErrorRows{
        // Nulls come first: a null output with a bad dtype elsewhere is still a null-pointer error.
        {"gradBias null, self DOUBLE", null("gradBias") + set("self", dtype(ACL_DOUBLE)), ACLNN_ERR_PARAM_NULLPTR,
         {"[gradBias]"}},
    };
    for (aclDataType bad : {ACL_DOUBLE, ACL_INT32}) {
        for (const char *name : kTensorArgs) {
            rows.push_back({std::string(name) + " " + aclcl::dtypeName(bad), set(name, dtype(bad)), INVALID,
                            {std::string("Tensor ") + name + " not implemented"}});
        }
    }
    rows = rows + ErrorRows{
        {"self NCHW", set("self", format(ACL_FORMAT_NCHW)), INVALID, {"self"}},
        {"gradWeight NHWC", set("gradWeight", format(ACL_FORMAT_NHWC)), INVALID, {"gradWeight"}},
        // NCL is fine for the 3-D tensors but not for bias.
        {"self and input NCL", set({"self", "input"}, format(ACL_FORMAT_NCL)), ACL_SUCCESS, {}},
        {"self, input and bias NCL", set({"self", "input", "bias"}, format(ACL_FORMAT_NCL)), INVALID, {"bias"}},
        {"gradBias NCL", set("gradBias", format(ACL_FORMAT_NCL)), INVALID, {"gradBias"}},
        shortRow("input"),
        {"self T 0", set("self", shape({0, 2, 3})), INVALID, {"self to be non-empty"}},
        {"self 2-D", set("self", shape({8, 3})), INVALID, {"self to be 3-D"}},
        {"input 2-D", set("input", shape({8, 5})), INVALID, {"input to be 3-D"}},
        {"weight 4-D", set("weight", shape({3, 5, 3, 1})), INVALID, {"weight to be 3-D"}},
        {"bias 2-D", set("bias", shape({1, 3})), INVALID, {"bias to be 1-D"}},
        {"gradBias 2-D", set("gradBias", shape({1, 3})), INVALID, {"gradBias to be 1-D"}},
        {"gradInput 2-D", set("gradInput", shape({8, 5})), INVALID, {"gradInput to be 3-D"}},
        {"gradWeight 2-D", set("gradWeight", shape({15, 3})), INVALID, {"gradWeight to be 3-D"}},
        {"weight and gradWeight C_in 4", set({"weight", "gradWeight"}, shape({3, 4, 3})), INVALID,
         {"weight.shape[1]"}},
        {"bias and gradBias of 4", set({"bias", "gradBias"}, shape({4})), INVALID, {"bias.shape[0]"}},
        {"pad -1", set("pad", value(int64_t{-1})), INVALID, {"pad to be >= 0"}},
        // T_out = 1 + 0 + 1 - 3 < 0.
        {"T_out negative", set({"input", "gradInput"}, shape({1, 2, 5})) + set("pad", value(int64_t{0})), INVALID,
         {"T_out"}},
        // 2*pad overflows.
        {"pad past INT64_MAX / 2", set("pad", value(int64_t{INT64_MAX / 2 + 1})), INVALID, {"T_out"}},
        // T_out should be 4.
        {"self T 5", set("self", shape({5, 2, 3})), INVALID, {"Expected self to have shape [4, 2, 3]"}},
        {"gradInput C 6", set("gradInput", shape({4, 2, 6})), INVALID, {"gradInput"}},
        {"gradWeight K 2", set("gradWeight", shape({2, 5, 3})), INVALID, {"gradWeight"}},
        {"gradBias of 4", set("gradBias", shape({4})), INVALID, {"gradBias"}},
    };
    for (int64_t cube : {-1, 4, 100}) {
        rows.push_back({"cubeMathType " + std::to_string(cube), set("cubeMathType", value(cube)), INVALID,
                        {"cubeMathType"}});
    }
    return rows + ErrorRows{
        {"gradWeight taps at stride 0", set("gradWeight", strides({0, 3, 1})), INVALID,
         {"gradWeight to have non-overlapping memory"}},
    } + withoutExecutorRows({"executor"});
}

ACLNN_ERROR_TABLE(ConvTbcBackwardErrors, backwardCall, backwardRows);

// ---------------------------------------------------------------------------------- the GEMM seam

TEST_P(ConvTbcBackwardTest, GemmSeamAtOffsetsWithWorkspaceTempBuffer) {
    SKIP_IN_QUICK_TIER();
    aclcl::Device &dev = aclcl::deviceAt(device());
    aclcl::Stream &s = aclcl::checkStream(stream);
    struct Shape {
        bool ta, tb;
        size_t m, n, k;
    };
    aclcl::blas::applyTunedParameters(dev);
    const size_t S = minIndirectSize(device());
    ASSERT_GT(S, 8u);
    // Small ones run CLBlast's direct kernel; S-sized ones reach its indirect kernel (m*n*k >= S^3); the
    // last two are cut into pieces on a CPU (rows, then k with accumulation; gemm_blocking.h).
    const Shape shapes[] = {{false, true, 37, 19, 23},         {true, false, 20, 33, 41},
                            {false, false, 5, 7, 3},           {true, true, 64, 72, 40},
                            {false, true, S + 3, S - 5, S + 7}, {true, false, S + 1, S + 2, S + 1},
                            {false, true, 2100, 300, 1500},     {true, false, 300, 200, 6000}};
    int indirect = 0;
    for (const Shape &sh : shapes) {
        SCOPED_TRACE(std::to_string(sh.m) + "x" + std::to_string(sh.n) + "x" + std::to_string(sh.k));
        aclcl::blas::GemmDims d;
        d.transA = sh.ta ? aclcl::blas::Op::Trans : aclcl::blas::Op::NoTrans;
        d.transB = sh.tb ? aclcl::blas::Op::Trans : aclcl::blas::Op::NoTrans;
        d.m = sh.m;
        d.n = sh.n;
        d.k = sh.k;
        d.lda = (sh.ta ? sh.m : sh.k) + 3;  // padded rows
        d.ldb = (sh.tb ? sh.k : sh.n) + 1;
        d.ldc = sh.n + 2;
        const size_t aRows = sh.ta ? sh.k : sh.m, bRows = sh.tb ? sh.n : sh.k;
        const size_t aOff = 5, bOff = 9, cOff = 11;
        std::vector<double> a = randomValues(aOff + aRows * d.lda, 3), b = randomValues(bOff + bRows * d.ldb, 4);
        for (double &v : a) v = static_cast<float>(v);
        for (double &v : b) v = static_cast<float>(v);
        DeviceTensor ta({static_cast<int64_t>(a.size())}, ACL_FLOAT), tb({static_cast<int64_t>(b.size())}, ACL_FLOAT),
            tc({static_cast<int64_t>(cOff + sh.m * d.ldc)}, ACL_FLOAT);
        ta.upload(a);
        tb.upload(b);
        std::vector<double> c0 = randomValues(cOff + sh.m * d.ldc, 5);
        for (double &v : c0) v = static_cast<float>(v);
        tc.upload(c0);

        const uint64_t temp = aclcl::blas::gemmTempBytes(dev, aclcl::blas::Precision::Single, d);
        indirect += temp > 0;
        // A workspace whose region starts at an awkward byte offset: the temp buffer must still be aligned.
        const uint64_t regionByte = 52;
        const uint64_t region = aclcl::blas::tempRegionBytes(dev, temp);
        DeviceTensor ws({static_cast<int64_t>(regionByte + region + 1)}, ACL_INT8);
        auto wsAddr = aclcl::resolveDevicePointer(ws.data(), 1, "ws");
        aclcl::ClMemPtr tempBuf = aclcl::blas::makeTempBuffer(dev, wsAddr.mem, wsAddr.offset + regionByte, temp);
        EXPECT_EQ(tempBuf == nullptr, temp == 0);
        auto A = aclcl::resolveDevicePointer(ta.data(), 4, "a"), B = aclcl::resolveDevicePointer(tb.data(), 4, "b"),
             C = aclcl::resolveDevicePointer(tc.data(), 4, "c");
        ASSERT_NO_THROW(aclcl::blas::gemm(dev, s.queue(), aclcl::blas::Precision::Single, d, 1.5f,
                                          aclcl::BufferRef{A.mem, aOff}, aclcl::BufferRef{B.mem, bOff}, 0.5f,
                                          aclcl::BufferRef{C.mem, cOff}, tempBuf.get()));
        tempBuf.reset();
        ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
        std::vector<double> got = tc.download();
        for (size_t i = 0; i < cOff; ++i) ASSERT_EQ(got[i], c0[i]) << "wrote before C";
        std::vector<size_t> rows;  // big ones: every 37th row and the last, each in full
        for (size_t i = 0; i < sh.m; i += sh.m > 100 ? 37 : 1) rows.push_back(i);
        if (rows.back() != sh.m - 1) rows.push_back(sh.m - 1);
        for (size_t i : rows) {
            for (size_t j = 0; j < d.ldc; ++j) {
                const size_t at = cOff + i * d.ldc + j;
                if (j >= sh.n) {
                    ASSERT_EQ(got[at], c0[at]) << "wrote into the row padding";
                    continue;
                }
                double dot = 0, mag = 0;
                for (size_t p = 0; p < sh.k; ++p) {
                    const double av = sh.ta ? a[aOff + p * d.lda + i] : a[aOff + i * d.lda + p];
                    const double bv = sh.tb ? b[bOff + j * d.ldb + p] : b[bOff + p * d.ldb + j];
                    dot += av * bv;
                    mag += std::fabs(av * bv);
                }
                const double want = 1.5 * dot + 0.5 * c0[at];
                // An fp32 dot product of k terms in any order, scaled, plus the beta term.
                const double bound = (static_cast<double>(sh.k) + 3) * std::ldexp(1.0, -24) *
                                     (1.5 * mag + 0.5 * std::fabs(c0[at]));
                ASSERT_LE(std::fabs(got[at] - want), bound) << i << "," << j;
            }
        }
    }
    EXPECT_GE(indirect, 2) << "no GEMM reached CLBlast's indirect kernel";
}

TEST_P(ConvTbcBackwardTest, GemmFailureIsReported) {
    SKIP_IN_QUICK_TIER();
    aclcl::Device &dev = aclcl::deviceAt(device());
    aclcl::Stream &s = aclcl::checkStream(stream);
    DeviceTensor t({16}, ACL_FLOAT);
    auto m = aclcl::resolveDevicePointer(t.data(), 4, "t");
    aclcl::blas::GemmDims d;
    d.m = d.n = d.k = 8;
    d.lda = d.ldb = d.ldc = 8;  // 64 elements do not fit in a 16-element buffer
    (void)dev;
    try {
        aclcl::blas::gemm(dev, s.queue(), aclcl::blas::Precision::Single, d, 1.0f, aclcl::BufferRef{m.mem, 0},
                          aclcl::BufferRef{m.mem, 0}, 0.0f, aclcl::BufferRef{m.mem, 0}, nullptr);
        FAIL() << "a GEMM on a too-small buffer succeeded";
    } catch (const aclcl::Error &e) {
        EXPECT_EQ(e.code(), ACLNN_ERR_INNER);
        EXPECT_NE(std::string(e.what()).find("kInsufficientMemory"), std::string::npos) << e.what();
    }
}

// The host BLAS where the device runs native kernels on host memory: the test machines install OpenBLAS
// (scripts/install-deps.sh), so a missing backend here is a failure, not a skip. The own GEMM runs fp32
// products on every device, so every device offers it beside CLBlast.
TEST_P(ConvTbcBackwardTest, HostBlasRunsWhereTheDeviceAllows) {
    const aclcl::Device &dev = aclcl::deviceAt(device());
    const bool capable = dev.nativeKernels && dev.hostUnifiedMemory;
    EXPECT_EQ(testing_support::gemmBackends(device()).size(), capable ? 3u : 2u)
        << "native kernels " << dev.nativeKernels << ", host-unified memory " << dev.hostUnifiedMemory
        << "; OpenBLAS: " << aclcl::blas::hostBlasDescription();
    using aclcl::blas::Backend;
    using aclcl::blas::Precision;
    {
        aclcl::ScopedTestHook clblast(aclcl::TestHook::GemmBackend, 1);
        EXPECT_EQ(aclcl::blas::chooseBackend(dev, Precision::Single).backend, Backend::ClBlast);
    }
    // Where the host BLAS cannot run, auto's choice: the own GEMM (tiled on a GPU, walking elsewhere).
    const Backend fallback = Backend::Own;
    {
        aclcl::ScopedTestHook host(aclcl::TestHook::GemmBackend, 2);
        EXPECT_EQ(aclcl::blas::chooseBackend(dev, Precision::Single).backend,
                  capable ? Backend::HostBlas : fallback);
        const aclcl::blas::BackendChoice half = aclcl::blas::chooseBackend(dev, Precision::Half);
        EXPECT_EQ(half.backend, Backend::ClBlast);
        EXPECT_NE(half.why.find("fp32 products only"), std::string::npos) << half.why;
    }
    // The variable, read on every call (no other thread runs here); an unknown value means auto.
    const char *saved = std::getenv("ACLNN_OPENCL_GEMM");
    const std::string before = saved ? saved : "";
    setenv("ACLNN_OPENCL_GEMM", "clblast", 1);
    EXPECT_EQ(aclcl::blas::chooseBackend(dev, Precision::Single).backend, Backend::ClBlast);
    setenv("ACLNN_OPENCL_GEMM", "host", 1);
    const aclcl::blas::BackendChoice host = aclcl::blas::chooseBackend(dev, Precision::Single);
    EXPECT_EQ(host.backend, capable ? Backend::HostBlas : fallback);
    if (!capable) {
        EXPECT_NE(host.why.find("the host BLAS was asked for, but"), std::string::npos) << host.why;
    }
    for (const char *autoValue : {"auto", "no-such-backend"}) {
        setenv("ACLNN_OPENCL_GEMM", autoValue, 1);
        EXPECT_EQ(aclcl::blas::chooseBackend(dev, Precision::Single).backend, capable ? Backend::HostBlas : fallback)
            << autoValue;
    }
    setenv("ACLNN_OPENCL_GEMM", "own", 1);
    {
        const aclcl::blas::BackendChoice own = aclcl::blas::chooseBackend(dev, Precision::Single);
        EXPECT_EQ(own.backend, Backend::Own) << own.why;
        const aclcl::blas::BackendChoice half = aclcl::blas::chooseBackend(dev, Precision::Half);
        EXPECT_EQ(half.backend, Backend::ClBlast);
        EXPECT_NE(half.why.find("the own GEMM was asked for, but"), std::string::npos) << half.why;
    }
    if (saved) {
        setenv("ACLNN_OPENCL_GEMM", before.c_str(), 1);
    } else {
        unsetenv("ACLNN_OPENCL_GEMM");
    }
}

// enqueueProducts on both backends over buffers that the host BLAS must tell apart: A a sub-buffer and B
// its parent (the same memory), C another sub-buffer of that parent, then a product with A and B the same
// cl_mem, a zero fill, operands at odd element offsets. Every element is checked against a double
// reference; nothing outside C's rows is written.
TEST_P(ConvTbcBackwardTest, ProductsOnSubBuffersAndSharedBuffers) {
    SKIP_IN_QUICK_TIER();
    aclcl::Device &dev = aclcl::deviceAt(device());
    aclcl::Stream &s = aclcl::checkStream(stream);
    const size_t align = static_cast<size_t>(dev.baseAddressAlignBytes) / sizeof(float);  // elements
    const size_t m = 37, n = 29, k = 41, ld = 45;
    const size_t aStart = align, cStart = 8 * align + ((m * ld + k * ld) / align + 1) * align;  // sub-buffer origins
    const size_t total = cStart + 3 + m * ld + 64;
    std::vector<double> init = randomValues(total, 77);
    for (double &v : init) v = static_cast<float>(v);
    for (const testing_support::GemmBackendCase &backend : testing_support::gemmBackends(device())) {
        SCOPED_TRACE(backend.name);
        DeviceTensor pool({static_cast<int64_t>(total)}, ACL_FLOAT);
        pool.upload(init);
        auto whole = aclcl::resolveDevicePointer(pool.data(), 4, "pool");
        ASSERT_EQ(whole.offset * sizeof(float) % dev.baseAddressAlignBytes, 0u) << "the pool is not aligned";
        auto sub = [&](size_t first, size_t count) {
            cl_buffer_region r{(whole.offset + first) * sizeof(float), count * sizeof(float)};
            cl_int err = CL_SUCCESS;
            aclcl::ClMemPtr b(clCreateSubBuffer(whole.mem, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err));
            EXPECT_EQ(err, CL_SUCCESS);
            return b;
        };
        aclcl::ClMemPtr aSub = sub(aStart, m * ld + 5), cSub = sub(cStart, 3 + m * ld);
        ASSERT_TRUE(aSub && cSub);
        const size_t aOff = 5, bOff = aStart + m * ld + 5 + 1, cOff = 3;  // B inside the parent, past A
        aclcl::blas::GemmDims d;
        d.m = m, d.n = n, d.k = k, d.lda = ld, d.ldb = ld, d.ldc = ld;
        d.transB = aclcl::blas::Op::NoTrans;
        aclcl::blas::GemmDims sq;  // C[0..7, 0..7] += P^T P, P = the parent's first 8 x 8 block (A and B one cl_mem)
        sq.m = sq.n = sq.k = 8, sq.lda = sq.ldb = ld, sq.ldc = ld;
        sq.transA = aclcl::blas::Op::Trans;
        std::vector<aclcl::blas::Product> products(4);
        products[0].zero = true;  // C's first two rows, overwritten by the product after it
        products[0].c = aclcl::BufferRef{cSub.get(), cOff};
        products[0].zeroCount = 2 * ld;
        products[1].dims = d;
        products[1].alpha = 1.5f;
        products[1].beta = 0.0f;
        products[1].a = aclcl::BufferRef{aSub.get(), aOff};
        products[1].b = aclcl::BufferRef{whole.mem, whole.offset + bOff};
        products[1].c = aclcl::BufferRef{cSub.get(), cOff};
        products[2].dims = sq;
        products[2].beta = 1.0f;
        products[2].a = aclcl::BufferRef{whole.mem, whole.offset};
        products[2].b = aclcl::BufferRef{whole.mem, whole.offset};
        products[2].c = aclcl::BufferRef{cSub.get(), cOff};
        products[3].zero = true;  // the last row's tail padding, then nothing else
        products[3].c = aclcl::BufferRef{cSub.get(), cOff + (m - 1) * ld + n};
        products[3].zeroCount = ld - n;
        const auto backendKind = backend.hook == 2   ? aclcl::blas::Backend::HostBlas
                                 : backend.hook == 3 ? aclcl::blas::Backend::Own
                                                     : aclcl::blas::Backend::ClBlast;
        uint64_t temp = 0;
        for (const auto &p : products) {
            if (!p.zero && backendKind == aclcl::blas::Backend::ClBlast)
                temp = std::max(temp, aclcl::blas::gemmTempBytes(aclcl::deviceAt(device()),
                                                                 aclcl::blas::Precision::Single, p.dims));
        }
        DeviceTensor ws({static_cast<int64_t>(aclcl::blas::tempRegionBytes(dev, temp) + 1)}, ACL_INT8);
        auto wsAddr = aclcl::resolveDevicePointer(ws.data(), 1, "ws");
        aclcl::ClMemPtr tempBuf = aclcl::blas::makeTempBuffer(dev, wsAddr.mem, wsAddr.offset, temp);
        ASSERT_NO_THROW(aclcl::blas::enqueueProducts(dev, s.queue(), backendKind, aclcl::blas::Precision::Single,
                                                     products, tempBuf.get()));
        tempBuf.reset();
        aSub.reset();
        cSub.reset();
        ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
        const std::vector<double> got = pool.download();
        size_t checked = 0;
        for (size_t at = 0; at < total; ++at) {
            const bool inC = at >= cStart + cOff && at < cStart + cOff + m * ld;
            if (!inC) {
                ASSERT_EQ(got[at], init[at]) << "wrote outside C at " << at;
                continue;
            }
            const size_t i = (at - cStart - cOff) / ld, j = (at - cStart - cOff) % ld;
            double want = init[at], mag = std::fabs(init[at]);
            size_t terms = 0;
            if (j < n) {
                double dot = 0, sum = 0;
                for (size_t p = 0; p < k; ++p) {
                    const double t = init[aStart + aOff + i * ld + p] * init[bOff + p * ld + j];
                    dot += t;
                    sum += std::fabs(t);
                }
                want = 1.5 * dot, mag = 1.5 * sum, terms = k;
                if (i < 8 && j < 8) {
                    for (size_t p = 0; p < 8; ++p) {
                        const double t = init[p * ld + i] * init[p * ld + j];
                        want += t;
                        mag += std::fabs(t);
                    }
                    terms += 9;
                }
            } else if (i < 2 || i == m - 1) {
                want = 0, mag = 0;  // zeroed padding
            }
            const double bound = (static_cast<double>(terms) + 3) * std::ldexp(1.0, -24) * mag;
            ASSERT_LE(std::fabs(got[at] - want), bound) << "C[" << i << "," << j << "]";
            ++checked;
        }
        EXPECT_EQ(checked, m * ld);
    }
}

// Several threads, each on its own stream, run the same call at once: every thread's outputs are the
// serial run's bits, on each backend. The products are large enough (1,200 x 96 x 96 and more) for
// OpenBLAS to split them across its threads while other calls are in flight.
TEST_P(ConvTbcBackwardTest, ThreadsAtOnceKeepTheSerialBits) {
    SKIP_IN_QUICK_TIER();
    const ConvTbcBackwardSpec spec = convTbcBackwardSpec("threads", 150, 8, 96, 96, 3, 1);
    testing_support::forEachGemmBackend(device(), [&] {
        auto serial = makeConvTbcBackwardCase(spec);
        runAndCheck(*serial);
        const ConvTbcBackwardOutputs want = convTbcBackwardOutputs(*serial);
        constexpr int kThreads = 4;
        std::vector<ConvTbcBackwardOutputs> got(kThreads);
        const int hook = aclcl::testHook(aclcl::TestHook::GemmBackend);  // hooks are process-wide atomics
        EXPECT_EQ(testing_support::runOnOwnStreams(device(), kThreads,
                                                   [&](int t, aclrtStream own) {
                                                       EXPECT_EQ(aclcl::testHook(aclcl::TestHook::GemmBackend), hook);
                                                       auto c = makeConvTbcBackwardCase(spec);
                                                       runAndCheckCase(*c, own);
                                                       got[t] = convTbcBackwardOutputs(*c);
                                                   }),
                  0);
        for (int t = 0; t < kThreads; ++t) {
            EXPECT_EQ(got[t].gradInputBytes, want.gradInputBytes) << "thread " << t;
            EXPECT_EQ(got[t].gradWeightBytes, want.gradWeightBytes) << "thread " << t;
            EXPECT_EQ(got[t].gradBiasBytes, want.gradBiasBytes) << "thread " << t;
        }
    });
}

// The host BLAS and the own GEMM check every operand against its buffer before they enqueue anything, as
// CLBlast does (kInsufficientMemory): a product past its buffer fails with 561000 and names the operand.
TEST_P(ConvTbcBackwardTest, OwnGemmRejectsOperandsPastTheirBuffer) {
    aclcl::Stream &s = aclcl::checkStream(stream);
    DeviceTensor t({16}, ACL_FLOAT);
    auto m = aclcl::resolveDevicePointer(t.data(), 4, "t");
    size_t bytes = 0;
    ASSERT_EQ(clGetMemObjectInfo(m.mem, CL_MEM_SIZE, sizeof bytes, &bytes, nullptr), CL_SUCCESS);
    const size_t last = bytes / sizeof(float) - 15;  // 16 elements from here end one past the buffer
    for (const char *operand : {"A", "B", "C"}) {
        SCOPED_TRACE(operand);
        aclcl::blas::Product p;
        p.dims.m = p.dims.n = p.dims.k = 4;
        p.dims.lda = p.dims.ldb = p.dims.ldc = 4;
        p.a = p.b = p.c = aclcl::BufferRef{m.mem, m.offset};
        (operand[0] == 'A' ? p.a : operand[0] == 'B' ? p.b : p.c) = aclcl::BufferRef{m.mem, last};
        try {
            aclcl::blas::enqueueProducts(aclcl::deviceAt(device()), s.queue(), aclcl::blas::Backend::Own,
                                         aclcl::blas::Precision::Single, {p}, nullptr);
            ADD_FAILURE() << "a product past its buffer was enqueued";
        } catch (const aclcl::Error &e) {
            EXPECT_EQ(e.code(), ACLNN_ERR_INNER);
            EXPECT_NE(std::string(e.what()).find(std::string("operand ") + operand + " needs 64 bytes"),
                      std::string::npos)
                << e.what();
        }
    }
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
}

TEST_P(ConvTbcBackwardTest, HostBlasRejectsOperandsPastTheirBuffer) {
    bool host = false;
    for (const auto &b : testing_support::gemmBackends(device())) host = host || b.hook == 2;
    if (!host) GTEST_SKIP() << "no host BLAS on this device";
    aclcl::Stream &s = aclcl::checkStream(stream);
    DeviceTensor t({16}, ACL_FLOAT);
    auto m = aclcl::resolveDevicePointer(t.data(), 4, "t");
    t.upload(std::vector<double>(16, 2.0));
    aclcl::blas::Product p;
    p.dims.m = p.dims.n = p.dims.k = 4;
    p.dims.lda = p.dims.ldb = p.dims.ldc = 4;
    p.a = p.b = aclcl::BufferRef{m.mem, m.offset};
    size_t bytes = 0;
    ASSERT_EQ(clGetMemObjectInfo(m.mem, CL_MEM_SIZE, sizeof bytes, &bytes, nullptr), CL_SUCCESS);
    const size_t last = bytes / sizeof(float) - 15;  // 16 elements from here end one past the buffer
    p.c = aclcl::BufferRef{m.mem, last};
    try {
        aclcl::blas::enqueueProducts(aclcl::deviceAt(device()), s.queue(), aclcl::blas::Backend::HostBlas,
                                     aclcl::blas::Precision::Single, {p}, nullptr);
        FAIL() << "a product past its buffer was enqueued";
    } catch (const aclcl::Error &e) {
        EXPECT_EQ(e.code(), ACLNN_ERR_INNER);
        const std::string want = "operand C needs 64 bytes from byte " + std::to_string(last * sizeof(float)) +
                                 " of its buffer, which holds " + std::to_string(bytes);
        EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
    }
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    EXPECT_EQ(t.download(), std::vector<double>(16, 2.0)) << "a rejected product wrote";
}

TEST_P(ConvTbcBackwardTest, TunedParametersApplyToTheirDevice) {
    SKIP_IN_QUICK_TIER();
    const char *env = std::getenv(aclcl::blas::kParamsEnv);
    aclcl::Device &dev = aclcl::deviceAt(device());
    const aclcl::blas::TuningStatus &st = aclcl::blas::applyTunedParameters(dev);
    EXPECT_TRUE(st.failed.empty()) << st.failed.front();
    if (env && *env) GTEST_SKIP() << aclcl::blas::kParamsEnv << " is set: " << st.note;
    // A file tuned on this device, or on another of its family (selectParamsFile's rules, tested below).
    std::string note;
    const bool embeddedForDevice = aclcl::blas::selectParamsFile(dev.name, dev.computeUnits, nullptr, &note) != nullptr;
    if (!embeddedForDevice) {
        EXPECT_TRUE(st.applied.empty());
        GTEST_SKIP() << "no embedded parameter file for " << dev.name;
    }
    EXPECT_FALSE(st.source.empty());
    EXPECT_FALSE(st.applied.empty());
    bool xgemm = false;
    for (const std::string &k : st.applied) xgemm |= k == "Xgemm/32";
    EXPECT_TRUE(xgemm) << "the tuned file has no Xgemm/32 line";
}

// On a CPU device CLBlast's direct kernel is avoided from 64^3 multiply-adds up (tuned_params.h): the
// switching point CLBlast reports afterwards is the file's when it has a GemmRoutine line, else the
// library's CPU default; and the GEMMs still give the right numbers on both sides of it.
TEST_P(ConvTbcBackwardTest, CpuDevicesAvoidClblastsDirectKernel) {
    const char *env = std::getenv(aclcl::blas::kParamsEnv);
    if (env && *env) GTEST_SKIP() << aclcl::blas::kParamsEnv << " is set";
    aclcl::Device &dev = aclcl::deviceAt(device());
    const aclcl::blas::TuningStatus &st = aclcl::blas::applyTunedParameters(dev);
    ASSERT_TRUE(st.failed.empty()) << st.failed.front();
    std::unordered_map<std::string, size_t> routine;
    ASSERT_EQ(clblast::RetrieveParameters(dev.id, "GemmRoutine", clblast::Precision::kSingle, routine),
              clblast::StatusCode::kSuccess);
    ASSERT_EQ(routine.count("XGEMM_MIN_INDIRECT_SIZE"), 1u);
    bool fromFile = false;
    for (const std::string &a : st.applied) fromFile |= a == "GemmRoutine/32";
    bool fromDefault = false;
    for (const std::string &a : st.defaults) fromDefault |= a == "GemmRoutine/32";
    if (!dev.isCpu()) {
        EXPECT_FALSE(fromDefault) << "the CPU default was applied to a " << dev.typeName();
        return;
    }
    EXPECT_NE(fromFile, fromDefault) << "exactly one of the file and the CPU default sets GemmRoutine/32";
    if (fromDefault) {
        EXPECT_EQ(routine["XGEMM_MIN_INDIRECT_SIZE"], aclcl::blas::kCpuMinIndirectSize);
    }
    EXPECT_LE(routine["XGEMM_MIN_INDIRECT_SIZE"], 128u) << "the direct kernel is 3-5x slower on CPUs";
}

INSTANTIATE_ON_ALL_DEVICES(ConvTbcBackwardTest);
INSTANTIATE_ON_ALL_DEVICES_AND_DTYPES(ConvTbcBackwardEveryDtype, kDtypes);

// ---------------------------------------------------------------------------------- planning rules

TEST(ConvTbcPlanning, GemmPrecisionFollowsCubeMathTypeAndDevice) {
    using aclcl::blas::Precision;
    using aclcl::conv_tbc::gemmPrecision;
    for (int8_t cube = 0; cube <= 3; ++cube) {
        EXPECT_EQ(gemmPrecision(false, cube), Precision::Single) << "no cl_khr_fp16: always fp32";
    }
    // KEEP_DTYPE accumulates in fp32 whatever the dtype (FLOAT16 too, as CANN's cube units do).
    EXPECT_EQ(gemmPrecision(true, 0), Precision::Single);
    EXPECT_EQ(gemmPrecision(true, 1), Precision::Single);
    EXPECT_EQ(gemmPrecision(true, 2), Precision::Half);
    EXPECT_EQ(gemmPrecision(true, 3), Precision::Single);
}

TEST(ConvTbcPlanning, TapRangesMatchTheDefinition) {
    for (int64_t T = 0; T <= 6; ++T)
        for (int64_t K = 0; K <= 7; ++K)
            for (int64_t pad = 0; pad <= 4; ++pad) {
                const int64_t Tout = T + 2 * pad + 1 - K;
                if (Tout < 1) continue;
                for (int64_t k = 0; k < K; ++k) {
                    auto gi = aclcl::conv_tbc::gradInputRows(T, Tout, pad, k);
                    auto gw = aclcl::conv_tbc::gradWeightRows(T, Tout, pad, k);
                    for (int64_t t = -2; t < T + 2; ++t) {
                        bool in = t >= 0 && t < T && t + pad - k >= 0 && t + pad - k < Tout;
                        EXPECT_EQ(in, t >= gi.first && t < gi.end) << T << " " << K << " " << pad << " " << k;
                    }
                    for (int64_t t = -2; t < Tout + 2; ++t) {
                        bool in = t >= 0 && t < Tout && t + k - pad >= 0 && t + k - pad < T;
                        EXPECT_EQ(in, t >= gw.first && t < gw.end) << T << " " << K << " " << pad << " " << k;
                    }
                }
            }
}

// The host BLAS library is the one ACLNN_HOST_BLAS names (CTest runs the ConvTbc suites once more with
// openblas), else oneMKL where scripts/install-deps.sh put it, else OpenBLAS. The test machines install
// both, so a library that did not load is a failure, not a skip.
TEST(HostBlasLibrary, TheOneAskedForRuns) {
    std::string why;
    ASSERT_TRUE(aclcl::blas::hostBlasAvailable(&why)) << why;
    const char *env = std::getenv("ACLNN_HOST_BLAS");
    const std::string asked = env ? env : "";
    const bool mklInstalled = std::ifstream(aclcl::blas::configuredMklLibrary()).good();
    const std::string want = asked == "openblas" ? "OpenBLAS" : (asked == "mkl" || mklInstalled) ? "oneMKL" : "OpenBLAS";
    const std::string got = aclcl::blas::hostBlasDescription();
    EXPECT_EQ(got.rfind(want, 0), 0u) << "ACLNN_HOST_BLAS=" << asked << ", oneMKL at "
                                      << aclcl::blas::configuredMklLibrary() << (mklInstalled ? "" : " (absent)")
                                      << ": " << got;
}

// OpenBLAS's kernel choice: advice only where it fell back to kernels without AVX2 on a CPU that has
// AVX2 and FMA (seen on a VM with a masked CPU model), naming the kernels the CPU can run.
TEST(HostBlasKernels, AdviceOnlyForAFallbackOnACapableCpu) {
    using aclcl::blas::openBlasKernelAdvice;
    const std::string avx512 = openBlasKernelAdvice("Prescott", true, true);
    EXPECT_NE(avx512.find("Prescott"), std::string::npos) << avx512;
    EXPECT_NE(avx512.find("OPENBLAS_CORETYPE=SkylakeX"), std::string::npos) << avx512;
    const std::string avx2 = openBlasKernelAdvice("NEHALEM", true, false);
    EXPECT_NE(avx2.find("OPENBLAS_CORETYPE=Haswell"), std::string::npos) << avx2;
    EXPECT_EQ(openBlasKernelAdvice("Prescott", false, false), "");  // the CPU has nothing better
    for (const char *modern : {"Haswell", "SkylakeX", "Cooperlake", "SapphireRapids", "Zen"}) {
        EXPECT_EQ(openBlasKernelAdvice(modern, true, true), "") << modern;
    }
}

TEST(GemmBlocking, PiecesTileTheProductOnceInAFixedOrder) {
    using aclcl::blas::GemmBlock;
    using aclcl::blas::GemmDims;
    using aclcl::blas::Op;
    const GemmDims shapes[] = {
        {Op::NoTrans, Op::Trans, 8176, 512, 512, 512, 512, 512},   // a gradInput tap of the speed case
        {Op::Trans, Op::NoTrans, 512, 512, 8176, 512, 512, 512},   // a gradWeight tap
        {Op::NoTrans, Op::NoTrans, 3000, 2900, 3100, 3100, 2900, 2900},
        {Op::NoTrans, Op::NoTrans, 37, 19, 23, 23, 19, 19},
    };
    for (const GemmDims &d : shapes) {
        SCOPED_TRACE(std::to_string(d.m) + "x" + std::to_string(d.n) + "x" + std::to_string(d.k));
        auto blocks = aclcl::blas::gemmBlocks(d, 4, true);
        // The pieces add up to the whole product; k pieces of a C block ascend from 0.
        size_t macs = 0, previousK = 0;
        for (size_t i = 0; i < blocks.size(); ++i) {
            const GemmBlock &b = blocks[i];
            ASSERT_GT(b.m * b.n * b.k, 0u);
            ASSERT_LE(b.m0 + b.m, d.m);
            ASSERT_LE(b.n0 + b.n, d.n);
            ASSERT_LE(b.k0 + b.k, d.k);
            EXPECT_EQ(b.firstK, b.k0 == 0);
            if (!b.firstK) {
                EXPECT_EQ(b.k0, previousK) << "k pieces out of order";
                EXPECT_EQ(b.m0, blocks[i - 1].m0);
                EXPECT_EQ(b.n0, blocks[i - 1].n0);
            }
            previousK = b.k0 + b.k;
            macs += b.m * b.n * b.k;
            if (b.m * b.n * b.k > 0 && d.m * d.n * d.k * 4 > aclcl::blas::kCpuBlockBytes) {
                EXPECT_LE((b.m * b.k + b.k * b.n + b.m * b.n) * 4, aclcl::blas::kCpuBlockBytes);
            }
        }
        EXPECT_EQ(macs, d.m * d.n * d.k);
        // Element offsets of a piece follow the row-major storage of each operand.
        for (const GemmBlock &b : blocks) {
            EXPECT_EQ(aclcl::blas::blockOffsetC(d, b), b.m0 * d.ldc + b.n0);
            EXPECT_EQ(aclcl::blas::blockOffsetA(d, b),
                      d.transA == Op::Trans ? b.k0 * d.lda + b.m0 : b.m0 * d.lda + b.k0);
            EXPECT_EQ(aclcl::blas::blockOffsetB(d, b),
                      d.transB == Op::Trans ? b.n0 * d.ldb + b.k0 : b.k0 * d.ldb + b.n0);
        }
        EXPECT_EQ(aclcl::blas::gemmBlocks(d, 4, false).size(), 1u) << "no blocking off the CPU";
    }
    EXPECT_GT(aclcl::blas::gemmBlocks(shapes[0], 4, true).size(), 1u);
    EXPECT_EQ(aclcl::blas::gemmBlocks(shapes[3], 4, true).size(), 1u);
    // A floor on the piece volume (CLBlast's switch to its direct kernel) is respected.
    for (double floorVolume : {512.0 * 512 * 512, 896.0 * 896 * 896, 1290.0 * 1290 * 1290}) {
        for (const GemmDims &d : {shapes[0], shapes[1]}) {
            auto blocks = aclcl::blas::gemmBlocks(d, 4, true, floorVolume);
            if (static_cast<double>(d.m) * d.n * d.k < floorVolume) continue;  // the caller passes no floor then
            for (const GemmBlock &b : blocks) {
                EXPECT_GE(static_cast<double>(b.m) * b.n * b.k, floorVolume * 0.999)
                    << "piece " << b.m << "x" << b.n << "x" << b.k << " below " << floorVolume;
            }
        }
    }
}

// ---------------------------------------------------------------------------------- parameter files

TEST(ClblastParamsFile, ParsesTheTunerFormat) {
    const std::string text =
        "# aclnn-opencl CLBlast parameters\n"
        "# device: some device\n"
        "device   My Device  (rev 2) \n"
        "units 16\n"
        "family My Device \n"
        "family cpu-My Device\n"
        "\n"
        "Xgemm 32 GEMMK=0 KREG=1 KWG=16 MWG=64\n"
        "GemmRoutine 32 XGEMM_MIN_INDIRECT_SIZE=384\n"
        "Copy 16 COPY_DIMX=8\n";
    aclcl::blas::ParamsFile f = aclcl::blas::parseParamsFile(text, "t.params");
    EXPECT_EQ(f.device, "My Device  (rev 2)");
    EXPECT_EQ(f.families, (std::vector<std::string>{"My Device", "cpu-My Device"}));
    EXPECT_EQ(f.units, 16u);
    ASSERT_EQ(f.kernels.size(), 3u);
    EXPECT_EQ(f.kernels[0].kernel, "Xgemm");
    EXPECT_EQ(f.kernels[0].precisionBits, 32);
    ASSERT_EQ(f.kernels[0].values.size(), 4u);
    EXPECT_EQ(f.kernels[0].values[2], (std::pair<std::string, size_t>("KWG", 16)));
    EXPECT_EQ(f.kernels[0].line, 8);
    EXPECT_EQ(f.kernels[1].values[0].second, 384u);
    EXPECT_EQ(f.kernels[2].precisionBits, 16);
}

TEST(ClblastParamsFile, RejectsMalformedFilesWithTheLine) {
    const std::pair<std::string, std::string> bad[] = {
        {"Xgemm 32 KWG=16\n", "no 'device"},
        {"device a\ndevice b\n", ":2: a second 'device' line"},
        {"device a\nXgemm 31 KWG=16\n", ":2: expected '<Kernel> <16|32|64>"},
        {"device a\nXgemm 32 KWG=-1\n", ":2: expected NAME=VALUE"},
        {"device a\nXgemm 32 =4\n", ":2: expected NAME=VALUE"},
        {"device a\n\nXgemm 32\n", ":3: kernel 'Xgemm' has no parameters"},
        {"device \n", "'device' without a name"},
        {"device a\nfamily a\nfamily b\nfamily a \n", ":4: family 'a' listed twice"},
        {"device a\nfamily\n", ":2: 'family' without a name prefix"},
        {"device a\nunits 0\n", ":2: expected 'units <compute units, 1 or more>'"},
        {"device a\nunits two\n", ":2: expected 'units <compute units"},
        {"device a\nunits\n", ":2: expected 'units <compute units"},
        {"device a\nunits 2\nunits 2\n", ":3: a second 'units' line"},
    };
    for (const auto &[text, needle] : bad) {
        try {
            aclcl::blas::parseParamsFile(text, "bad.params");
            ADD_FAILURE() << "accepted: " << text;
        } catch (const aclcl::Error &e) {
            EXPECT_EQ(e.code(), ACLNN_ERR_PARAM_INVALID);
            EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("bad.params"), std::string::npos) << e.what();
        }
    }
}

TEST(ClblastParamsFile, EnvironmentVariableChoosesTheFile) {
    using aclcl::blas::selectParamsFile;
    const std::string device = "Some Device 9000";
    std::string note;
    // Unset: the embedded file for that device name, if any (none for this made-up name).
    EXPECT_EQ(selectParamsFile(device, 8, nullptr, &note), nullptr);
    EXPECT_NE(note.find("no embedded parameter file"), std::string::npos) << note;
    for (const auto *f = aclcl::blas::embeddedParamsFiles(); f->name; ++f) {
        const aclcl::blas::ParamsFile p = aclcl::blas::parseParamsFile(f->text, f->name);
        const auto units = static_cast<cl_uint>(p.units);
        auto chosen = selectParamsFile(p.device, units, "", &note);
        ASSERT_NE(chosen, nullptr) << p.device;
        EXPECT_EQ(chosen->source, f->name);
        EXPECT_EQ(selectParamsFile(p.device, units, "off", &note), nullptr) << "off must disable the embedded file";
        EXPECT_NE(note.find("built-in"), std::string::npos) << note;
    }
    // A named file: applied to its own device only.
    const std::string path = ::testing::TempDir() + "aclnn_conv_tbc_test.params";
    auto writeParams = [&path](const char *text) {
        std::FILE *out = std::fopen(path.c_str(), "w");
        ASSERT_NE(out, nullptr);
        std::fputs(text, out);
        std::fclose(out);
    };
    writeParams("# test\ndevice Some Device 9000\nXgemm 32 KWG=16\n");
    auto named = selectParamsFile(device, 8, path.c_str(), &note);
    ASSERT_NE(named, nullptr);
    EXPECT_EQ(named->source, path);
    ASSERT_EQ(named->kernels.size(), 1u);
    EXPECT_EQ(selectParamsFile("Another Device", 8, path.c_str(), &note), nullptr);
    EXPECT_NE(note.find("not applied"), std::string::npos) << note;
    // With family lines, a named file also applies to other members of each family, and says which.
    writeParams("device Some Device 9000\nfamily Some Device \nfamily Renamed \nXgemm 32 KWG=16\n");
    ASSERT_NE(selectParamsFile("Some Device 42", 8, path.c_str(), &note), nullptr);
    EXPECT_NE(note.find("family 'Some Device'"), std::string::npos) << note;
    ASSERT_NE(selectParamsFile("Renamed 9000", 8, path.c_str(), &note), nullptr);
    EXPECT_NE(note.find("family 'Renamed'"), std::string::npos) << note;
    EXPECT_EQ(selectParamsFile("Some Other 9000", 8, path.c_str(), &note), nullptr);
    EXPECT_NE(note.find("not applied"), std::string::npos) << note;
    EXPECT_NE(note.find("'Some Device', 'Renamed'"), std::string::npos) << note;
    // With a units line, only to devices with that many compute units, by name or by family (0: unknown).
    writeParams("device Some Device 9000\nunits 4\nfamily Some Device \nXgemm 32 KWG=16\n");
    EXPECT_NE(selectParamsFile("Some Device 9000", 4, path.c_str(), &note), nullptr);
    EXPECT_NE(selectParamsFile("Some Device 42", 4, path.c_str(), &note), nullptr);
    EXPECT_NE(selectParamsFile("Some Device 42", 0, path.c_str(), &note), nullptr);
    for (const char *name : {"Some Device 9000", "Some Device 42"}) {
        EXPECT_EQ(selectParamsFile(name, 16, path.c_str(), &note), nullptr) << name;
        EXPECT_NE(note.find("with 4 compute units"), std::string::npos) << note;
        EXPECT_NE(note.find("with 16: not applied"), std::string::npos) << note;
    }
    std::remove(path.c_str());
    // A named file that cannot be read is an error naming the variable and the file.
    try {
        selectParamsFile(device, 8, path.c_str(), &note);
        ADD_FAILURE() << "a missing file was accepted";
    } catch (const aclcl::Error &e) {
        EXPECT_EQ(e.code(), ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(std::string(e.what()).find("ACLNN_OPENCL_CLBLAST_PARAMS"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
}

// An embedded file with family lines applies to another CPU model of each family (the file for this
// machine's PoCL device to any PoCL device compiling for the same LLVM target, under PoCL 3's
// "pthread-" names and PoCL 5's "cpu-" names), but never to a name outside them, and with a units
// line only to devices with that many compute units (tiles tuned on 2 cores ran 1.35-3.6x slower than
// CLBlast's own on 16); an exact match always wins.
TEST(ClblastParamsFile, EmbeddedFilesApplyToTheirFamily) {
    using aclcl::blas::selectParamsFile;
    int families = 0;
    for (const auto *f = aclcl::blas::embeddedParamsFiles(); f->name; ++f) {
        const aclcl::blas::ParamsFile p = aclcl::blas::parseParamsFile(f->text, f->name);
        SCOPED_TRACE(f->name);
        const auto units = static_cast<cl_uint>(p.units);
        bool ownFamily = p.families.empty();
        for (const std::string &family : p.families) {
            ++families;
            ownFamily |= p.device.compare(0, family.size(), family) == 0;
            std::string note;
            const std::string sibling = family + "Another CPU Model 1234";
            auto chosen = selectParamsFile(sibling, units, nullptr, &note);
            ASSERT_NE(chosen, nullptr) << note;
            EXPECT_EQ(chosen->device, p.device);
            EXPECT_NE(note.find("family '" + family + "'"), std::string::npos) << note;
            EXPECT_NE(note.find(p.device), std::string::npos) << note;
            // A name that only shares part of the prefix is not in the family.
            const std::string outsider = family.substr(0, family.size() - 1) + "x-Another CPU";
            EXPECT_EQ(selectParamsFile(outsider, units, nullptr, &note), nullptr) << outsider;
            EXPECT_NE(note.find("built-in"), std::string::npos) << note;
            if (p.units == 0) continue;
            // The same names with eight times the compute units: CLBlast's own parameters.
            EXPECT_EQ(selectParamsFile(sibling, units * 8, nullptr, &note), nullptr) << sibling;
            EXPECT_NE(note.find("compute units"), std::string::npos) << note;
            EXPECT_EQ(selectParamsFile(p.device, units * 8, nullptr, &note), nullptr) << p.device;
        }
        EXPECT_TRUE(ownFamily) << "the file's own device '" << p.device << "' is in none of its families";
    }
    EXPECT_GE(families, 2) << "the PoCL file declares its family under PoCL 3's and PoCL 5's names";
}

TEST(ClblastParamsFile, EmbeddedFilesParse) {
    for (const auto *f = aclcl::blas::embeddedParamsFiles(); f->name; ++f) {
        SCOPED_TRACE(f->name);
        aclcl::blas::ParamsFile p = aclcl::blas::parseParamsFile(f->text, f->name);
        EXPECT_FALSE(p.device.empty());
        EXPECT_FALSE(p.kernels.empty());
    }
}

}  // namespace
