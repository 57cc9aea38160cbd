// OpCase descriptions of Im2col: the benchmark's speed case and size sweep (registered below) and the
// building block of tests/test_im2col.cpp (makeIm2colCase).
//
// The host reference walks every (image pixel, tap, block) triple the other way round from the
// kernels: for each block and tap it computes the pixel (the docs/ops formula) and copies its bytes,
// or writes zero bytes where the pixel lies in the padding.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cases/im2col_cases.h"
#include "harness/im2col.h"
#include "support/device_tensor.h"
#include "support/host_data.h"
#include "support/int_array.h"
#include "support/op_case.h"
#include "support/view_check.h"
#include "support/view_layout.h"

namespace testing_support {

namespace {

bool isUnsigned(aclDataType d) { return d == ACL_UINT8 || d == ACL_UINT16 || d == ACL_UINT32 || d == ACL_UINT64; }
bool isComplex(aclDataType d) { return d == ACL_COMPLEX64 || d == ACL_COMPLEX128; }

class Im2colCase : public OpCase {
public:
    explicit Im2colCase(Im2colSpec spec)
        : OpCase("Im2col", spec.name, spec.self), s_(std::move(spec)), L0_(s_.blocksH()), L1_(s_.blocksW()) {
        self_ = withBatch(s_.N, {s_.C, s_.H, s_.W});
        out_ = withBatch(s_.N, {s_.C * s_.KH * s_.KW, L0_ * L1_});
        bytes = static_cast<double>(aclDataTypeSize(s_.self)) * static_cast<double>(product(self_)) +
                static_cast<double>(aclDataTypeSize(s_.out)) * static_cast<double>(product(out_));
        params["self"] = std::vector<double>(self_.begin(), self_.end());
        params["out"] = std::vector<double>(out_.begin(), out_.end());
        s_.addAttributeParams(params);
    }

    void setup() override {
        selfT_ = layoutTensor(self_, s_.self, s_.layout);
        outT_ = layoutTensor(out_, s_.out, s_.layout);
        outT_.fillStorage(kFill);
        if (s_.self == s_.out) {
            const std::vector<uint8_t> selfBytes = randomBytes(selfT_.storageBytes(), s_.seed, s_.self == ACL_BOOL);
            if (!selfBytes.empty() && aclrtMemcpy(selfT_.data(), selfBytes.size(), selfBytes.data(),
                                                  selfBytes.size(), ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) {
                throw std::runtime_error("aclrtMemcpy H2D failed");
            }
            byteReference(selfBytes);
            return;
        }
        // Two dtypes: small integers, exact in every dtype of the list (0/1 for BOOL, >= 0 unsigned).
        const size_t n = static_cast<size_t>(product(self_)) * (isComplex(s_.self) ? 2 : 1);
        std::vector<double> values(n);
        uint64_t state = s_.seed;
        for (double &v : values) {
            const int64_t r = static_cast<int64_t>(splitmix64(state) % 201) - 100;
            v = s_.self == ACL_BOOL ? static_cast<double>(r & 1) : isUnsigned(s_.self) ? std::fabs(r) : r;
        }
        selfT_.upload(values);
        valueReference(values);
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        if (!kernel_) {
            kernel_ = std::make_unique<IntArray>(std::vector<int64_t>{s_.KH, s_.KW});
            dilation_ = std::make_unique<IntArray>(std::vector<int64_t>{s_.DH, s_.DW});
            padding_ = std::make_unique<IntArray>(std::vector<int64_t>{s_.PH, s_.PW});
            stride_ = std::make_unique<IntArray>(std::vector<int64_t>{s_.SH, s_.SW});
        }
        return kIm2col.plan({selfT_, *kernel_, *dilation_, *padding_, *stride_, outT_}, workspaceSize, executor);
    }

    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return kIm2col.run(workspace, workspaceSize, executor, stream);
    }

    CheckResult check() override {
        got_ = outT_.storage();
        CheckResult r;
        if (s_.self != s_.out) {
            // The view's values, then every storage byte outside it still the fill.
            r = compareValues(outT_.download(), expectedValues_, 0, 0, op + "/" + name);
            if (!r.ok) return r;
        }
        if (got_.size() != expected_.size()) {
            r.ok = false;
            r.detail = op + "/" + name + ": out storage size differs from the reference";
            return r;
        }
        const size_t elem = aclDataTypeSize(s_.out);
        for (size_t i = 0; i < got_.size(); ++i) {
            if (got_[i] == expected_[i] || (s_.self != s_.out && inView_[i / elem])) continue;
            r.ok = false;
            r.maxAbsError = INFINITY;
            char buf[256];
            std::snprintf(buf, sizeof buf,
                          "%s/%s: out storage byte %zu (storage element %zu%s): got 0x%02x, expected 0x%02x",
                          op.c_str(), name.c_str(), i, i / elem, inView_[i / elem] ? "" : ", outside the view",
                          got_[i], expected_[i]);
            r.detail = buf;
            break;
        }
        return r;
    }

    bool supported(std::string *why) const override {
        const bool fp64 = s_.self == ACL_DOUBLE || s_.out == ACL_DOUBLE || s_.out == ACL_COMPLEX128;
        return !fp64 || currentDeviceHasFp64(why);
    }

    const std::vector<uint8_t> &outStorage() const { return got_; }

private:
    static constexpr uint8_t kFill = 0xa5;

    // Calls f(selfIndex or -1, outIndex) for every out element, in out's row-major order; the
    // indices are storage element indices (offsets included).
    template <typename F>
    void forEachOut(F f) const {
        const std::vector<int64_t> is = viewLayoutStrides(self_, s_.layout), os = viewLayoutStrides(out_, s_.layout);
        const size_t ri = self_.size(), ro = out_.size();
        const int64_t N = s_.N > 0 ? s_.N : 1;
        const int64_t isN = s_.N > 0 ? is[0] : 0, osN = s_.N > 0 ? os[0] : 0;
        const int64_t off = viewLayoutOffset(s_.layout);
        for (int64_t n = 0; n < N; ++n) {
            for (int64_t c = 0; c < s_.C; ++c) {
                for (int64_t kh = 0; kh < s_.KH; ++kh) {
                    for (int64_t kw = 0; kw < s_.KW; ++kw) {
                        const int64_t row = (c * s_.KH + kh) * s_.KW + kw;
                        for (int64_t oh = 0; oh < L0_; ++oh) {
                            for (int64_t ow = 0; ow < L1_; ++ow) {
                                const int64_t h = oh * s_.SH - s_.PH + kh * s_.DH;
                                const int64_t w = ow * s_.SW - s_.PW + kw * s_.DW;
                                const int64_t to = off + n * osN + row * os[ro - 2] + (oh * L1_ + ow) * os[ro - 1];
                                const bool inside = h >= 0 && h < s_.H && w >= 0 && w < s_.W;
                                const int64_t from =
                                    inside ? off + n * isN + c * is[ri - 3] + h * is[ri - 2] + w * is[ri - 1] : -1;
                                f(from, to);
                            }
                        }
                    }
                }
            }
        }
    }

    void byteReference(const std::vector<uint8_t> &selfBytes) {
        const size_t elem = aclDataTypeSize(s_.out);
        expected_.assign(outT_.storageBytes(), kFill);
        inView_.assign(outT_.storageBytes() / elem, false);
        forEachOut([&](int64_t from, int64_t to) {
            uint8_t *dst = &expected_[static_cast<size_t>(to) * elem];
            if (from < 0) {
                std::memset(dst, 0, elem);
            } else {
                std::memcpy(dst, &selfBytes[static_cast<size_t>(from) * elem], elem);
            }
            inView_[static_cast<size_t>(to)] = true;
        });
    }

    // values: self's view in row-major order (re, im pairs for complex).
    void valueReference(const std::vector<double> &values) {
        const size_t elem = aclDataTypeSize(s_.out);
        expected_.assign(outT_.storageBytes(), kFill);
        inView_.assign(outT_.storageBytes() / elem, false);
        // Storage element index of self -> row-major position, through the same strides.
        const std::vector<int64_t> is = viewLayoutStrides(self_, s_.layout);
        std::vector<int64_t> position(selfT_.storageBytes() / aclDataTypeSize(s_.self), -1);
        const std::vector<int64_t> at = viewStorageElements(self_, is, viewLayoutOffset(s_.layout));
        for (size_t i = 0; i < at.size(); ++i) position[static_cast<size_t>(at[i])] = static_cast<int64_t>(i);
        const bool inComplex = isComplex(s_.self), outComplex = isComplex(s_.out);
        expectedValues_.clear();
        forEachOut([&](int64_t from, int64_t to) {
            inView_[static_cast<size_t>(to)] = true;
            double re = 0, im = 0;
            if (from >= 0) {
                const size_t p = static_cast<size_t>(position[static_cast<size_t>(from)]);
                re = inComplex ? values[2 * p] : values[p];
                im = inComplex ? values[2 * p + 1] : 0;
            }
            expectedValues_.push_back(re);
            if (outComplex) expectedValues_.push_back(im);
        });
    }

    Im2colSpec s_;
    int64_t L0_ = 0, L1_ = 0;
    std::vector<int64_t> self_, out_;
    DeviceTensor selfT_, outT_;
    std::unique_ptr<IntArray> kernel_, dilation_, padding_, stride_;
    std::vector<uint8_t> expected_, got_;
    std::vector<bool> inView_;
    std::vector<double> expectedValues_;
};

CaseList benchmarkCases() {
    CaseList cases;
    auto spec = [](const std::string &name, int64_t N, int64_t C, int64_t HW) {
        Im2colSpec s{Im2colGeometry::square(N, C, HW, 3, 1, 1), name};
        s.seed = 2;
        return s;
    };
    addSpeedCase(cases, std::make_unique<Im2colCase>(spec("8x64x56x56 k3", 8, 64, 56)));
    // 50K to 6.4M self elements (out: 9x that).
    const std::vector<std::vector<int64_t>> sweep = {{1, 16, 56}, {2, 32, 56}, {4, 64, 56}, {16, 64, 56}};
    for (const auto &p : sweep) {
        addSweepCase(cases, "im2col",
                     std::make_unique<Im2colCase>(
                         spec("sweep " + shapeName({p[0], p[1], p[2], p[2]}) + " k3", p[0], p[1], p[2])));
    }
    return cases;
}

}  // namespace

std::unique_ptr<OpCase> makeIm2colCase(const Im2colSpec &spec) { return std::make_unique<Im2colCase>(spec); }

std::vector<uint8_t> im2colOutStorage(OpCase &c) { return dynamic_cast<Im2colCase &>(c).outStorage(); }

}  // namespace testing_support

ACLNN_REGISTER_CASES("Im2col", [] { return testing_support::benchmarkCases(); });
