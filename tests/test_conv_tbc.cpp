// aclnnConvTbc: the CANN docs' sample, PyTorch golden data, the ConvTbc -> ConvTbcBackward cascade against
// PyTorch autograd, host references in double over every dtype and cubeMathType, edge shapes, strided
// views, empty tensors, determinism, every documented error.
//
// Tolerances (written down here and in docs/ops/conv_tbc.md):
// - Host reference (tests/cases/conv_tbc_cases.cpp): each out value within (n + 2) * 2^-24 *
//   sum|terms| of the double sum of bias and its n products (an fp32 sum of n + 1 terms in any order),
//   plus one rounding to out's dtype (fp16 GEMM path: 2^-11 and n + 4). CLBlast's summation order is its
//   own, so no tighter bound is honest.
// - Golden (PyTorch 1.13 CPU; fp16/bf16 goldens are fp32 results rounded once): PyTorch's value and ours
//   are both within that bound B of the exact value, so |ours - PyTorch| <= 2B.
// - Cascade: our out y' and PyTorch's y are each within B_y of the exact out, so |y' - y| <= 2 B_y =: d_y.
//   A gradient is a sum of products of y with x or weight: ours (from y') and PyTorch's (from y) are each
//   within their own sum bound B_g of the exact gradient of what they read, and those exact gradients
//   differ by at most sum d_y * |x or weight| over the same terms: |ours - PyTorch| <= 2 B_g + that sum.
// The quick tier (device_fixture.h) runs the CANN sample and the errors only: the other tests build and run
// CLBlast's GEMM kernels, many times slower to build and run on a slow device.

#include <cmath>
#include <cstring>
#include <memory>

#include "support/error_rows.h"
#include "support/op_test.h"
#include "cases/conv_tbc_backward_cases.h"
#include "cases/conv_tbc_cases.h"
#include "harness/conv_tbc.h"
#include "harness/conv_tbc_backward.h"
#include "support/gemm_backends.h"

using namespace testing_support;

namespace {

const char *label(aclDataType d) { return d == ACL_FLOAT16 ? "fp16" : d == ACL_BF16 ? "bf16" : "fp32"; }

// A sum the host evaluated in double: its value, sum of |terms|, number of terms, and (cascade) the most
// that the values it read can differ between PyTorch's run and ours, summed with their factors.
struct HostSum {
    double value = 0, absSum = 0, drift = 0;
    int64_t terms = 0;
    void add(double a, double b, double aDrift = 0) {
        value += a * b;
        absSum += std::fabs(a * b);
        drift += aDrift * std::fabs(b);
        ++terms;
    }
    // Bound on |ours - PyTorch's| when both round to dtype (see the header comment).
    double tolerance(aclDataType dtype, bool sumOnly = false) const {
        return (2 * convTbcErrorBound(value, absSum, terms, sumOnly, false, dtype) + drift) * 1.01;
    }
};

// The problem of a golden case, with the host sums of out and of the three gradients.
struct Problem {
    int64_t T, B, Ci, Co, K, pad, To;
    aclDataType dt;
    const std::vector<double> *x, *w, *b, *y;  // y: PyTorch's out

    double X(int64_t t, int64_t b_, int64_t c) const { return (*x)[static_cast<size_t>((t * B + b_) * Ci + c)]; }
    double W(int64_t k, int64_t ci, int64_t co) const { return (*w)[static_cast<size_t>((k * Ci + ci) * Co + co)]; }
    double Y(int64_t t, int64_t b_, int64_t c) const { return (*y)[static_cast<size_t>((t * B + b_) * Co + c)]; }

    std::vector<HostSum> out() const {
        std::vector<HostSum> r;
        for (int64_t t = 0; t < To; ++t) {
            for (int64_t bb = 0; bb < B; ++bb) {
                for (int64_t co = 0; co < Co; ++co) {
                    HostSum s;
                    s.add((*b)[static_cast<size_t>(co)], 1.0);
                    for (int64_t k = 0; k < K; ++k) {
                        const int64_t src = t + k - pad;
                        if (src < 0 || src >= T) continue;
                        for (int64_t ci = 0; ci < Ci; ++ci) s.add(X(src, bb, ci), W(k, ci, co));
                    }
                    r.push_back(s);
                }
            }
        }
        return r;
    }
};

// The problem a golden case describes (self, weight, bias, out and pad).
Problem problemOf(const golden::Case &g) {
    const auto &x = g.tensor("self"), &w = g.tensor("weight"), &b = g.tensor("bias"), &y = g.tensor("out");
    return Problem{x.dims[0], x.dims[1],           x.dims[2], w.dims[2], w.dims[0], g.ints("pad")[0],
                   y.dims[0], goldenDtype(x.dtype), &x.values, &w.values, &b.values, &y.values};
}

// out rows compared with |ours - PyTorch| <= 2B; returns the per-element drift bound d_y = 2 B_y.
std::vector<double> expectOutMatches(const Problem &p, const std::vector<double> &got) {
    const std::vector<HostSum> sums = p.out();
    std::vector<double> drift(sums.size());
    EXPECT_EQ(got.size(), sums.size());
    for (size_t i = 0; i < sums.size() && i < got.size(); ++i) {
        const double tol = sums[i].tolerance(p.dt);
        drift[i] = tol;
        EXPECT_LE(std::fabs(got[i] - (*p.y)[i]), tol)
            << "out[" << i << "]: got " << got[i] << ", PyTorch " << (*p.y)[i];
    }
    return drift;
}

class ConvTbcTest : public DeviceTest {
protected:
    std::unique_ptr<OpCase> runSpec(const ConvTbcSpec &s) {
        auto c = makeConvTbcCase(s);
        runAndCheckCase(*c, stream);
        return c;
    }

    // Plans and runs aclnnConvTbc on tensors the test made.
    aclnnStatus forward(const aclTensor *x, const aclTensor *w, const aclTensor *b, int64_t pad, aclTensor *y,
                        int8_t cube = 1) {
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        aclnnStatus st = kConvTbc.plan({x, w, b, pad, y, cube}, &ws, &ex);
        if (st != ACL_SUCCESS) return st;
        void *workspace = nullptr;
        if (ws > 0 && aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return -1;
        st = kConvTbc.run(workspace, ws, ex, stream);
        if (st == ACL_SUCCESS) st = aclrtSynchronizeStream(stream);
        if (workspace) aclrtFree(workspace);
        return st;
    }

    void everyDtypeAndCubeMathType() {
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            for (int8_t cube = 0; cube <= 3; ++cube) {
                ConvTbcSpec s =
                    convTbcSpec(std::string(label(dt)) + " cube" + std::to_string(cube), 6, 3, 5, 4, 3, 1, dt);
                s.cubeMathType = cube;
                s.seed = 20 + static_cast<uint64_t>(cube);
                runSpec(s);
            }
        }
    }

    // FLOAT16 with KEEP_DTYPE accumulates in fp32 on every device (CANN's cube units do): 3,072-term sums
    // (K * C_in) held to the fp32-accumulation bound; an fp16 HGEMM (Intel's runtime before) misses it.
    void float16KeepDtypeLongSums() {
        ConvTbcSpec s = convTbcSpec("fp16 KEEP_DTYPE, 3072-term sums", 16, 4, 1024, 8, 3, 1, ACL_FLOAT16);
        s.cubeMathType = 0;
        s.seed = 95;
        runSpec(s);
    }

    void biasInAnotherDtype() {
        // bias may have its own dtype (CANN checks only that it is FLOAT, FLOAT16 or BF16); every value enters
        // the fp32 GEMMs exactly, and out is rounded once.
        const aclDataType pairs[][2] = {{ACL_BF16, ACL_FLOAT}, {ACL_FLOAT16, ACL_BF16}, {ACL_FLOAT, ACL_FLOAT16}};
        for (const auto &pr : pairs) {
            ConvTbcSpec s =
                convTbcSpec(std::string(label(pr[0])) + " with " + label(pr[1]) + " bias", 7, 2, 6, 5, 3, 1, pr[0]);
            s.dtypes[2] = pr[1];
            s.cubeMathType = 0;
            runSpec(s);
        }
    }

    void edgeShapes() {
        const ConvTbcSpec shapes[] = {
            convTbcSpec("pad 0", 7, 3, 4, 5, 3, 0),
            convTbcSpec("pad 2", 6, 2, 3, 4, 3, 2),
            convTbcSpec("K 1", 5, 2, 3, 2, 1, 0),
            convTbcSpec("K 1 pad 1: the first and last rows are bias only", 4, 2, 3, 2, 1, 1),
            convTbcSpec("pad > K", 3, 2, 2, 3, 2, 3),
            convTbcSpec("K = T + pad", 2, 2, 3, 4, 4, 2),
            convTbcSpec("K even", 6, 2, 3, 4, 4, 1),
            convTbcSpec("B 1", 6, 1, 3, 4, 2, 1),
            convTbcSpec("C_in 1", 6, 2, 1, 4, 3, 1),
            convTbcSpec("C_out 1", 6, 2, 4, 1, 3, 1),
            convTbcSpec("T_out 1", 4, 3, 3, 2, 4, 0),
            convTbcSpec("all dims 1", 1, 1, 1, 1, 1, 0),
            convTbcSpec("channels not multiples of any tile", 9, 3, 67, 45, 3, 1),
            convTbcSpec("many taps", 20, 2, 3, 4, 9, 4),
            convTbcSpec("pad 255", 3, 2, 2, 3, 2, 255),
            // Pads past the 255 of CANN's docs, as in Huawei's own test cases (354, 443, 1037).
            convTbcSpec("pad 354", 3, 2, 2, 3, 2, 354),
            convTbcSpec("pad 1037, K 5", 7, 1, 3, 2, 5, 1037),
        };
        for (const ConvTbcSpec &s : shapes) runSpec(s);
    }

    void stridedViewsAndOffsets() {
        for (ConvTbcLayout layout : {ConvTbcLayout::Offset, ConvTbcLayout::SwappedRows, ConvTbcLayout::ChannelsOuter}) {
            for (aclDataType dt : {ACL_FLOAT, ACL_BF16, ACL_FLOAT16}) {
                ConvTbcSpec s =
                    convTbcSpec(std::string("layout ") + std::to_string(static_cast<int>(layout)) + " " + label(dt), 8,
                                3, 6, 5, 3, 1, dt);
                s.layout = layout;
                runSpec(s);
            }
        }
    }

    void emptyInputsGiveBiasAndEmptyOutWritesNothing() {
        // CANN's empty rule: an empty self with a non-empty out gives bias broadcast, cast to out's dtype; the
        // host reference (bias plus a sum of no products) says the same.
        runSpec(convTbcSpec("T 0: out is bias", 0, 2, 3, 4, 1, 1));
        ConvTbcSpec noChannels = convTbcSpec("C_in 0 bf16 strided, fp32 bias", 4, 2, 0, 3, 2, 1, ACL_BF16);
        noChannels.dtypes[2] = ACL_FLOAT;
        noChannels.layout = ConvTbcLayout::ChannelsOuter;
        runSpec(noChannels);
        // Empty out (B = 0, C_out = 0): success, nothing enqueued, no workspace.
        for (const auto &dims : {std::vector<int64_t>{5, 0, 3, 4}, std::vector<int64_t>{5, 2, 3, 0}}) {
            DeviceTensor x({dims[0], dims[1], dims[2]}, ACL_FLOAT), w({3, dims[2], dims[3]}, ACL_FLOAT),
                b({dims[3]}, ACL_FLOAT), y({dims[0], dims[1], dims[3]}, ACL_FLOAT);
            ASSERT_NO_FATAL_FAILURE(
                runWithoutWorkspace(kConvTbc.planPhase({x, w, b, 1, y, 1}), kConvTbc.runPhase(), stream));
        }
    }

    void goldenData() {
        forEachGoldenCase({"conv_tbc.golden", 18, 18}, [&](const golden::Case &g) {
            const Problem p = problemOf(g);
            ConvTbcSpec s = convTbcSpec("golden " + g.name, p.T, p.B, p.Ci, p.Co, p.K, p.pad, p.dt);
            s.self = *p.x;
            s.weight = *p.w;
            s.bias = *p.b;
            auto c = runSpec(s);
            expectOutMatches(p, convTbcOut(*c));
        });
    }

    // The cascade: aclnnConvTbc, then aclnnConvTbcBackward fed with the forward's own out as the output
    // gradient (loss = sum(out^2) / 2), every gradient against PyTorch autograd of the same loss.
    void cascadeIntoConvTbcBackward() {
        forEachGoldenCase({"conv_tbc_cascade.golden", 6, 6}, [&](const golden::Case &g) {
            const Problem p = problemOf(g);
            const std::vector<int64_t> xd{p.T, p.B, p.Ci}, wd{p.K, p.Ci, p.Co}, bd{p.Co};
            DeviceTensor dx(xd, p.dt), dw(wd, p.dt), db(bd, p.dt), dy({p.To, p.B, p.Co}, p.dt);
            DeviceTensor gi(xd, p.dt), gw(wd, p.dt), gb(bd, p.dt);
            dx.upload(*p.x);
            dw.upload(*p.w);
            db.upload(*p.b);
            ASSERT_ACL_OK(forward(dx, dw, db, p.pad, dy));
            const std::vector<double> drift = expectOutMatches(p, dy.download());

            uint64_t ws = 0;
            aclOpExecutor *ex = nullptr;
            ASSERT_ACL_OK(kConvTbcBackward.plan({dy, dx, dw, db, p.pad, 1, gi, gw, gb}, &ws, &ex));
            void *workspace = nullptr;
            if (ws > 0) ASSERT_ACL_OK(aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST));
            ASSERT_ACL_OK(kConvTbcBackward.run(workspace, ws, ex, stream));
            ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
            if (workspace) aclrtFree(workspace);

            auto D = [&](int64_t t, int64_t bb, int64_t co) {
                return drift[static_cast<size_t>((t * p.B + bb) * p.Co + co)];
            };
            std::vector<HostSum> wantGi, wantGw, wantGb;
            for (int64_t t = 0; t < p.T; ++t) {
                for (int64_t bb = 0; bb < p.B; ++bb) {
                    for (int64_t ci = 0; ci < p.Ci; ++ci) {
                        HostSum s;
                        for (int64_t k = 0; k < p.K; ++k) {
                            const int64_t to = t + p.pad - k;
                            if (to < 0 || to >= p.To) continue;
                            for (int64_t co = 0; co < p.Co; ++co) s.add(p.Y(to, bb, co), p.W(k, ci, co), D(to, bb, co));
                        }
                        wantGi.push_back(s);
                    }
                }
            }
            for (int64_t k = 0; k < p.K; ++k) {
                for (int64_t ci = 0; ci < p.Ci; ++ci) {
                    for (int64_t co = 0; co < p.Co; ++co) {
                        HostSum s;
                        for (int64_t to = 0; to < p.To; ++to) {
                            const int64_t t = to + k - p.pad;
                            if (t < 0 || t >= p.T) continue;
                            for (int64_t bb = 0; bb < p.B; ++bb) s.add(p.Y(to, bb, co), p.X(t, bb, ci), D(to, bb, co));
                        }
                        wantGw.push_back(s);
                    }
                }
            }
            for (int64_t co = 0; co < p.Co; ++co) {
                HostSum s;
                for (int64_t to = 0; to < p.To; ++to) {
                    for (int64_t bb = 0; bb < p.B; ++bb) s.add(p.Y(to, bb, co), 1.0, D(to, bb, co));
                }
                wantGb.push_back(s);
            }
            const struct {
                const char *role;
                const DeviceTensor *got;
                const std::vector<HostSum> *sums;
            } grads[] = {{"gradInput", &gi, &wantGi}, {"gradWeight", &gw, &wantGw}, {"gradBias", &gb, &wantGb}};
            for (const auto &gr : grads) {
                const std::vector<double> got = gr.got->download(), &ref = g.tensor(gr.role).values;
                ASSERT_EQ(got.size(), ref.size()) << gr.role;
                ASSERT_EQ(gr.sums->size(), ref.size()) << gr.role;
                for (size_t i = 0; i < got.size(); ++i) {
                    const double tol = (*gr.sums)[i].tolerance(p.dt, gr.got == &gb);
                    EXPECT_LE(std::fabs(got[i] - ref[i]), tol)
                        << gr.role << "[" << i << "]: got " << got[i] << ", PyTorch " << ref[i];
                }
            }
        });
    }

    void bitIdenticalRunToRun() {
        for (aclDataType dt : {ACL_FLOAT, ACL_BF16}) {
            ConvTbcSpec s = convTbcSpec(std::string("determinism ") + label(dt), 70, 8, 33, 29, 3, 1, dt);
            auto first = runSpec(s);
            auto second = runSpec(s);
            EXPECT_TRUE(convTbcOutBytes(*first) == convTbcOutBytes(*second)) << label(dt);
        }
    }

    void repeatableExecutorRunsTwice() {
        auto c = makeConvTbcCase(convTbcSpec("repeatable", 6, 2, 3, 4, 3, 1));
        runRepeatableExecutorTwice(*c, stream);
    }

    void registeredSweepCasePasses() {
        CaseList cases = makeCases("ConvTbc");
        int speed = 0, sweep = 0, ran = 0;
        for (auto &c : cases) {
            if (c->op != "ConvTbc") continue;  // makeCases matches ConvTbcBackward too
            speed += c->speedCase;
            sweep += c->sweep == "convtbc_forward";
            EXPECT_GT(c->flops, 0);
            if (c->name == "sweep T64 B8 C128 K3 pad1") {
                runAndCheckCase(*c, stream);
                ++ran;
            }
        }
        EXPECT_EQ(speed, 1);
        EXPECT_EQ(sweep, 4);
        EXPECT_EQ(ran, 1);
    }
};

#define SKIP_IN_QUICK_TIER()                                                                                \
    do {                                                                                                    \
        if (quickTier()) {                                                                                  \
            GTEST_SKIP() << fullTierOnly("ConvTbc's computations beyond the CANN sample (CLBlast GEMMs)"); \
        }                                                                                                   \
    } while (0)

// ---------------------------------------------------------------------------------- results

TEST_P(ConvTbcTest, CannSampleGivesTheDocumentedResults) {
    // The CANN docs' example: all ones, self (2,2,3), weight (3,3,4), pad 1, formats NCL.
    DeviceTensor x({2, 2, 3}, ACL_FLOAT, ACL_FORMAT_NCL), w({3, 3, 4}, ACL_FLOAT, ACL_FORMAT_NCL), b({4}, ACL_FLOAT),
        y({2, 2, 4}, ACL_FLOAT, ACL_FORMAT_NCL);
    x.upload(std::vector<double>(12, 1.0));
    w.upload(std::vector<double>(36, 1.0));
    b.upload(std::vector<double>(4, 1.0));
    ASSERT_ACL_OK(forward(x, w, b, 1, y));
    EXPECT_EQ(y.download(), std::vector<double>(16, 7.0));
}

// PyTorch: the golden file, then the cascade (one test: on Intel's runtime every test process compiles
// CLBlast's kernels again, about 7 s).
TEST_P(ConvTbcTest, MatchesPyTorch) {
    SKIP_IN_QUICK_TIER();
    testing_support::forEachGemmBackend(device(), [&] {
        {
            SCOPED_TRACE("goldenData");
            goldenData();
        }
        {
            SCOPED_TRACE("cascadeIntoConvTbcBackward");
            cascadeIntoConvTbcBackward();
        }
    });
}

// The host-reference checks run in one test: on Intel's runtime every test process compiles CLBlast's
// kernels again (about 7 s), so they share one.
TEST_P(ConvTbcTest, MatchesTheHostReference) {
    SKIP_IN_QUICK_TIER();
    testing_support::forEachGemmBackend(device(), [&] {
        {
            SCOPED_TRACE("every dtype and cubeMathType");
            everyDtypeAndCubeMathType();
        }
        {
            SCOPED_TRACE("FLOAT16 KEEP_DTYPE, long sums");
            float16KeepDtypeLongSums();
        }
        {
            SCOPED_TRACE("bias in another dtype");
            biasInAnotherDtype();
        }
        {
            SCOPED_TRACE("edge shapes");
            edgeShapes();
        }
        {
            SCOPED_TRACE("strided views and offsets");
            stridedViewsAndOffsets();
        }
        {
            SCOPED_TRACE("empty inputs");
            emptyInputsGiveBiasAndEmptyOutWritesNothing();
        }
    });
}

TEST_P(ConvTbcTest, RunsAreBitIdenticalAndRepeatable) {
    SKIP_IN_QUICK_TIER();
    testing_support::forEachGemmBackend(device(), [&] {
        {
            SCOPED_TRACE("bitIdenticalRunToRun");
            bitIdenticalRunToRun();
        }
        {
            SCOPED_TRACE("repeatableExecutorRunsTwice");
            repeatableExecutorRunsTwice();
        }
        {
            SCOPED_TRACE("registeredSweepCasePasses");
            registeredSweepCasePasses();
        }
    });
}

// The own GEMM (cl_kernels/gemm.cl) folds the taps into one product: every tile set of the tiled form and
// the walking form (own_gemm.h) give the same bits (each out element is one multiply-add chain over
// (tap, C_in) in order), with taps cut at both ends of the sequence, T_out below and above T, C_in not a
// multiple of the reduction step, and C_out not a multiple of the walking form's 8 columns.
TEST_P(ConvTbcTest, OwnGemmTilesGiveTheSameBits) {
    SKIP_IN_QUICK_TIER();
    aclcl::ScopedTestHook own(aclcl::TestHook::GemmBackend, 3);
    // Two shapes (C_in 20 unaligned to the step of 16 and 8, 16 aligned) and four of the six tile sets
    // (the 128, 64 and 256-row tiles, steps of 16 and 8): each set is one more program build, seconds on a
    // CPU device's compiler.
    const ConvTbcSpec specs[] = {convTbcSpec("tiles T37 B3 C20->50 K3 pad1", 37, 3, 20, 50, 3, 1),
                                 convTbcSpec("tiles T9 B2 C16->8 K4 pad3", 9, 2, 16, 8, 4, 3)};
    int compared = 0;
    for (const ConvTbcSpec &s : specs) {
        SCOPED_TRACE(s.name);
        std::vector<uint8_t> first;
        for (int tiles : {1, 2, 4, 6, 0}) {  // 0: the walking form
            SCOPED_TRACE(tiles ? "tile set " + std::to_string(tiles) : std::string("walking form"));
            aclcl::ScopedTestHook walk(aclcl::TestHook::OwnGemmWalk, tiles ? 1 : 2);
            aclcl::ScopedTestHook set(aclcl::TestHook::OwnGemmTiles, tiles);
            auto c = runSpec(s);
            if (tiles == 1) {
                first = convTbcOutBytes(*c);
            } else {
                EXPECT_TRUE(convTbcOutBytes(*c) == first);
                ++compared;
            }
        }
    }
    EXPECT_EQ(compared, 8);
}

// A tap whose input row lies in the padding is left out of the sum, not multiplied by zero
// (torch.conv_tbc computes each tap over the rows it reaches): an infinite weight of tap 0 reaches every
// out row but the first (whose tap-0 row is the padding), under every GEMM backend.
TEST_P(ConvTbcTest, AnInfiniteWeightReachesOnlyItsTapsRows) {
    SKIP_IN_QUICK_TIER();
    testing_support::forEachGemmBackend(device(), [&] {
        const int64_t T = 5, B = 2, C = 3, K = 3, pad = 1;
        DeviceTensor x({T, B, C}, ACL_FLOAT), w({K, C, C}, ACL_FLOAT), b({C}, ACL_FLOAT), y({T, B, C}, ACL_FLOAT);
        x.upload(std::vector<double>(T * B * C, 0.5));
        std::vector<double> weights(K * C * C, 0.25);
        for (int64_t ci = 0; ci < C; ++ci) weights[static_cast<size_t>(ci * C + 1)] = INFINITY;  // tap 0, out channel 1
        w.upload(weights);
        b.upload(std::vector<double>(C, 1.0));
        ASSERT_ACL_OK(forward(x, w, b, pad, y));
        const std::vector<double> out = y.download();
        for (int64_t t = 0; t < T; ++t) {
            for (int64_t bb = 0; bb < B; ++bb) {
                for (int64_t co = 0; co < C; ++co) {
                    const double v = out[static_cast<size_t>((t * B + bb) * C + co)];
                    // Taps 1 and 2 of row 0 and of the last row, taps 0-2 elsewhere: 0.5 * 0.25 per product.
                    const int taps = (t == 0 || t == T - 1) ? 2 : 3;
                    if (co == 1 && t > 0) {
                        EXPECT_EQ(v, INFINITY) << "t " << t << " b " << bb;
                    } else {
                        EXPECT_EQ(v, 1.0 + taps * C * 0.125) << "t " << t << " b " << bb << " c " << co;
                    }
                }
            }
        }
    });
}

TEST_P(ConvTbcTest, OutOverlappingAnInputIsRejectedAndWritesNothing) {
    // The shared run-time check (docs/ops): out over self's memory is 161002 and nothing is written.
    DeviceTensor big({4, 2, 3}, ACL_FLOAT), w({1, 3, 3}, ACL_FLOAT), b({3}, ACL_FLOAT);
    big.upload(randomValues(24, 1200));
    w.upload(randomValues(9, 1201));
    b.upload(randomValues(3, 1202));
    const StorageView x(big, {4, 2, 3}, {6, 3, 1}), y(big, {4, 2, 3}, {6, 3, 1});
    expectOutOverSelfRejected(big, kConvTbc.planPhase({x, w, b, 0, y, 1}), kConvTbc.runPhase(), stream);
}

// ---------------------------------------------------------------------------------- errors

// A valid call: T 5, B 2, C_in 3, C_out 4, K 3, pad 1 (T_out 5). Each row below changes one thing in it
// (support/error_rows.h).
CallSpec convTbcCall() {
    return CallSpec(kConvTbc, {{"self", TensorArg{{5, 2, 3}}},
                               {"weight", TensorArg{{3, 3, 4}}},
                               {"bias", TensorArg{{4}}},
                               {"pad", int64_t{1}},
                               {"out", TensorArg{{5, 2, 4}}},
                               {"cubeMathType", int64_t{1}}});
}

// The rows in CANN's order (docs/ops/conv_tbc.md): nulls, our malformed-view check, dtypes, ranks,
// formats, values, out's shape, cubeMathType, our overlap check.
ErrorRows convTbcRows() {
    const aclnnStatus INVALID = ACLNN_ERR_PARAM_INVALID;
    const Change doubles = set({"self", "weight", "out"}, dtype(ACL_DOUBLE));
    ErrorRows rows = validRow() + outPointerRows() + ErrorRows{
        // The message names the phase that failed.
        {"self null", null("self"), ACLNN_ERR_PARAM_NULLPTR,
         {std::string(kConvTbc.api()) + "GetWorkspaceSize", "self", "nullptr"}},
    } + nullRows({"weight", "bias", "out"}) + ErrorRows{
        // Nulls come first: a null self wins over a bad dtype elsewhere.
        {"self null, out INT32", null("self") + set("out", dtype(ACL_INT32)), ACLNN_ERR_PARAM_NULLPTR, {"self"}},
        shortRow("self"),
        {"bias INT32", set("bias", dtype(ACL_INT32)), INVALID, {"bias", "DT_INT32"}},
        // bias is checked before self.
        {"DOUBLE, bias INT8", doubles + set("bias", dtype(ACL_INT8)), INVALID, {"bias"}},
        {"DOUBLE", doubles, INVALID, {"self", "DT_DOUBLE"}},
        {"weight FLOAT16", set("weight", dtype(ACL_FLOAT16)), INVALID, {"weight", "dtype of self"}},
        {"out BF16", set("out", dtype(ACL_BF16)), INVALID, {"out", "dtype of weight"}},
        // dtypes are checked before ranks.
        {"out BF16, self 2-D", set("out", dtype(ACL_BF16)) + set("self", shape({5, 2})), INVALID,
         {"out", "dtype of weight"}},
        {"self 4-D", set("self", shape({5, 2, 3, 1})), INVALID, {"self", "3-D"}},
        {"weight 2-D", set("weight", shape({3, 12})), INVALID, {"weight", "3-D"}},
        {"out 1-D", set("out", shape({40})), INVALID, {"out", "3-D"}},
        {"bias 2-D", set("bias", shape({1, 4})), INVALID, {"bias", "1-D"}},
    };
    for (aclFormat f : {ACL_FORMAT_NCHW, ACL_FORMAT_NHWC}) {
        const std::string name = f == ACL_FORMAT_NCHW ? " NCHW" : " NHWC";
        for (const char *arg : {"self", "weight", "out"}) {
            rows.push_back({arg + name, set(arg, format(f)), INVALID, {arg}});
        }
    }
    rows = rows + ErrorRows{
        {"all NCL", set({"self", "weight", "out"}, format(ACL_FORMAT_NCL)), ACL_SUCCESS, {}},
        {"bias of 5", set("bias", shape({5})), INVALID, {"bias.shape[0]", "C_out = 4", "[5]"}},
        {"kernel 0", set("weight", shape({0, 3, 4})) + set("out", shape({8, 2, 4})), INVALID,
         {"weight.shape[0]", "> 0"}},
    };
    for (int64_t pad : {int64_t{-1}, INT64_MIN}) {
        rows.push_back({"pad " + std::to_string(pad), set("pad", value(pad)), INVALID, {"pad", ">= 0", std::to_string(pad)}});
    }
    // No upper limit but the output length's: T + 2*pad + 1 must fit in int64.
    for (int64_t pad : {INT64_MAX, INT64_MAX / 2}) {
        rows.push_back({"pad " + std::to_string(pad), set("pad", value(pad)), INVALID,
                        {"T_out", "fit in int64", std::to_string(pad)}});
    }
    rows = rows + ErrorRows{
        // CANN counts the pad once in its length rule: T + pad >= K, although T_out = T + 2*pad + 1 - K would
        // be 1 here (PyTorch accepts it).
        {"T 1 with pad 1 and K 3", set("self", shape({1, 2, 3})) + set("out", shape({1, 2, 4})), INVALID,
         {"self.shape[0] + pad - weight.shape[0]", "1 + 1 - 3"}},
        {"weight C_in 5", set("weight", shape({3, 5, 4})), INVALID, {"weight.shape[1]", "C_in = 3"}},
        {"out C_out 5", set("out", shape({5, 2, 5})), INVALID, {"out", "[5, 2, 4]"}},
        {"out T 6", set("out", shape({6, 2, 4})), INVALID, {"out"}},
        // An empty self whose T_out would be negative: no out shape matches.
        {"empty self, T_out negative",
         set("self", shape({0, 2, 3})) + set("weight", shape({4, 3, 4})) + set("pad", value(int64_t{0})) +
             set("out", shape({0, 2, 4})),
         INVALID, {"T_out", ">= 0"}},
    };
    for (int64_t cube : {-1, 4, 100}) {
        rows.push_back({"cubeMathType " + std::to_string(cube), set("cubeMathType", value(cube)), INVALID,
                        {"cubeMathType"}});
    }
    return rows + ErrorRows{
        {"out batch at stride 0", set("out", strides({4, 0, 1})), INVALID, {"out", "non-overlapping"}},
    } + withoutExecutorRows();
}

ACLNN_ERROR_TABLE(ConvTbcErrors, convTbcCall, convTbcRows);

}  // namespace

INSTANTIATE_ON_ALL_DEVICES(ConvTbcTest);
