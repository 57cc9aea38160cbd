// Mm: 3 x 4 @ 4 x 5 float32; BatchMatMul: 2 x 3 x 4 @ 1 x 4 x 5 (mat2's batch broadcast); Matmul: 2 x 3 x 4 @
// 4 (a 1-D mat2) into 2 x 3. cubeMathType 0 (KEEP_DTYPE) in the valid case.
#include <cstdint>
#include <vector>

#include "harness/matmul.h"
#include "reliability_harness.h"

namespace reliability {
namespace {

class MatmulFamilyHarness : public OpHarness {
public:
    BadAttributes badAttributes() override {
        return {{"cubeMathType 5", setValue("cubeMathType", int8_t{5})},
                {"cubeMathType -2", setValue("cubeMathType", int8_t{-2})}};
    }

protected:
    void add(Layout layout, uint64_t seed, const std::vector<int64_t> &self, const std::vector<int64_t> &mat2,
             const std::vector<int64_t> &out) {
        addTensor("self", self, ACL_FLOAT, layout, random(self, seed));
        addTensor("mat2", mat2, ACL_FLOAT, layout, random(mat2, seed + 1));
        addTensor("out", out, ACL_FLOAT, layout, {}, true);
        addValue("cubeMathType", int8_t{0});
    }
};

class MmHarness : public MatmulFamilyHarness {
public:
    MmHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kMm);
        add(layout, seed, {3, 4}, {4, 5}, {3, 5});
    }
};

class BatchMatMulHarness : public MatmulFamilyHarness {
public:
    BatchMatMulHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kBatchMatMul);
        add(layout, seed, {2, 3, 4}, {1, 4, 5}, {2, 3, 5});
    }
};

class MatmulHarness : public MatmulFamilyHarness {
public:
    MatmulHarness(Layout layout, uint64_t seed) {
        setBinding(testing_support::kMatmul);
        add(layout, seed, {2, 3, 4}, {4}, {2, 3});
    }
};

}  // namespace

ACLNN_REGISTER_HARNESS("aclnnMm", harnessFactory<MmHarness>);
ACLNN_REGISTER_HARNESS("aclnnBatchMatMul", harnessFactory<BatchMatMulHarness>);
ACLNN_REGISTER_HARNESS("aclnnMatmul", harnessFactory<MatmulHarness>);

}  // namespace reliability
