// OpCase descriptions of Mm, BatchMatMul and Matmul for the benchmark: Mm's square size sweep, a BatchMatMul
// of 16 batches, a Matmul of 3-D @ 2-D (one product of all the batches' rows) and one of 1024^3, each checked
// against the products summed in double on a fixed sample of out's elements (at most 4096) to keep setup short,
// within anyOrderSumBound (K + 1 terms at 2^-24: docs/ops/mm.md).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "harness/matmul.h"
#include "support/device_tensor.h"
#include "support/elementwise_ref.h"
#include "support/op_case.h"
#include "support/sum_bound.h"

namespace testing_support {
namespace {

// self (selfBatch, M, K) @ mat2 (mat2Batch, K, N), a batch of 1 broadcast; the operator sees them in the
// shapes given (selfShape, mat2Shape, outShape), which hold the same elements row-major.
struct MatmulSpec {
    std::string op, name;
    const Binding *binding;
    int64_t selfBatch, mat2Batch, M, K, N;
    std::vector<int64_t> selfShape, mat2Shape, outShape;
};

class MatmulCase : public OpCase {
public:
    // Named "<shape>" for FLOAT and "fp16 <shape>" for FLOAT16 (the benchmark finds a case by op and name).
    MatmulCase(MatmulSpec spec, aclDataType d)
        : OpCase(spec.op, (d == ACL_FLOAT16 ? "fp16 " : "") + spec.name, d), spec_(std::move(spec)) {
        const double batches = static_cast<double>(std::max(spec_.selfBatch, spec_.mat2Batch));
        const double M = static_cast<double>(spec_.M), K = static_cast<double>(spec_.K),
                     N = static_cast<double>(spec_.N);
        flops = 2 * batches * M * K * N;
        gemm = true;
        bytes = (static_cast<double>(spec_.selfBatch) * M * K + static_cast<double>(spec_.mat2Batch) * K * N +
                 batches * M * N) *
                static_cast<double>(aclDataTypeSize(d));
        auto asDoubles = [](const std::vector<int64_t> &v) { return std::vector<double>(v.begin(), v.end()); };
        params["self"] = asDoubles(spec_.selfShape);
        params["mat2"] = asDoubles(spec_.mat2Shape);
        params["cubeMathType"] = {0};
    }

    void setup() override {
        self_ = DeviceTensor(spec_.selfShape, dtype);
        mat2_ = DeviceTensor(spec_.mat2Shape, dtype);
        out_ = DeviceTensor(spec_.outShape, dtype);
        self_.upload(refValues(ACL_FLOAT, static_cast<size_t>(self_.numel()), 3));
        mat2_.upload(refValues(ACL_FLOAT, static_cast<size_t>(mat2_.numel()), 4));
        out_.fillStorage(0xFF);
        x_ = self_.download();
        w_ = mat2_.download();
    }

    aclnnStatus plan(uint64_t *workspaceSize, aclOpExecutor **executor) override {
        return spec_.binding->plan({self_, mat2_, out_, int8_t{0}}, workspaceSize, executor);
    }
    aclnnStatus run(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream) override {
        return spec_.binding->run(workspace, workspaceSize, executor, stream);
    }

    CheckResult check() override {
        CheckResult r;
        const std::vector<double> got = out_.download();
        const int64_t total = static_cast<int64_t>(got.size()), step = std::max<int64_t>(1, total / 4096);
        for (int64_t e = 0; e < total; e += step) {
            const int64_t b = e / (spec_.M * spec_.N), i = e / spec_.N % spec_.M, j = e % spec_.N;
            const int64_t bs = spec_.selfBatch == 1 ? 0 : b, bm = spec_.mat2Batch == 1 ? 0 : b;
            double want = 0, absSum = 0;
            for (int64_t k = 0; k < spec_.K; ++k) {
                const double p = x_[static_cast<size_t>((bs * spec_.M + i) * spec_.K + k)] *
                                 w_[static_cast<size_t>((bm * spec_.K + k) * spec_.N + j)];
                want += p;
                absSum += std::fabs(p);
            }
            const double bound =
                anyOrderSumBound(want, absSum, static_cast<double>(spec_.K + 1), std::ldexp(1.0, -24), dtype);
            checkWithinBound(r, *this, "out", static_cast<size_t>(e), got[static_cast<size_t>(e)], want, bound);
        }
        return r;
    }

private:
    MatmulSpec spec_;
    DeviceTensor self_, mat2_, out_;
    std::vector<double> x_, w_;
};

CaseList mmCases() {
    CaseList cases;
    for (aclDataType d : {ACL_FLOAT, ACL_FLOAT16}) {
        for (int64_t n : {128, 256, 512, 1024}) {
            const std::string name = std::to_string(n) + "x" + std::to_string(n) + "x" + std::to_string(n);
            addSweepCase(cases, "mm", std::make_unique<MatmulCase>(
                                          MatmulSpec{"Mm", name, &kMm, 1, 1, n, n, n, {n, n}, {n, n}, {n, n}}, d));
        }
    }
    return cases;
}

CaseList batchMatMulCases() {
    CaseList cases;
    for (aclDataType d : {ACL_FLOAT, ACL_FLOAT16}) {
        addSpeedCase(cases, std::make_unique<MatmulCase>(MatmulSpec{"BatchMatMul", "16x256x256x256", &kBatchMatMul,
                                                                    16, 16, 256, 256, 256, {16, 256, 256},
                                                                    {16, 256, 256}, {16, 256, 256}},
                                                         d));
    }
    return cases;
}

// (8, 256, 512) @ (512, 512): one product of all the batches' rows; and FLOAT's 1024 x 1024 @ 1024 x 1024, the
// 2-D form of Mm's largest size through Matmul's own planning.
CaseList matmulCases() {
    CaseList cases;
    for (aclDataType d : {ACL_FLOAT, ACL_FLOAT16}) {
        addSpeedCase(cases, std::make_unique<MatmulCase>(MatmulSpec{"Matmul", "8x256x512 @ 512x512", &kMatmul, 1, 1,
                                                                    8 * 256, 512, 512, {8, 256, 512}, {512, 512},
                                                                    {8, 256, 512}},
                                                         d));
    }
    cases.push_back(std::make_unique<MatmulCase>(MatmulSpec{"Matmul", "1024x1024 @ 1024x1024", &kMatmul, 1, 1, 1024,
                                                            1024, 1024, {1024, 1024}, {1024, 1024}, {1024, 1024}},
                                                 ACL_FLOAT));
    return cases;
}

}  // namespace

ACLNN_REGISTER_CASES("Mm", mmCases);
ACLNN_REGISTER_CASES("BatchMatMul", batchMatMulCases);
ACLNN_REGISTER_CASES("Matmul", matmulCases);

}  // namespace testing_support
