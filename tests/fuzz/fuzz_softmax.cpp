// Fuzz target: aclnnSoftmax, aclnnLogSoftmax, aclnnSoftmaxBackward and aclnnLogSoftmaxBackward (the
// reduction engine's along-one-dim form), the input's first byte picking the operator: any tensors
// (dtypes, shapes, views, empties, 0-d), any dim, any out.
#include "common/fuzz_op.h"
#include "harness/softmax.h"

using namespace fuzzing;
using namespace testing_support;

namespace {

struct SoftmaxFuzzRow {
    const Binding &op;
    bool backward;  // (gradOutput, output, dim, out); else (self, dim, out)
};
const SoftmaxFuzzRow kRows[] = {
    {kSoftmax, false}, {kLogSoftmax, false}, {kSoftmaxBackward, true}, {kLogSoftmaxBackward, true}};

void fuzzOne(OpFuzz &op) {
    const SoftmaxFuzzRow &row = kRows[op.u8() % 4];
    if (row.backward) {
        const auto [gradOutput, output] = op.inputs<2>();
        const int64_t dim = wrapSigned7(op.i64());
        aclTensor *out = op.output();
        op.call(row.op, {gradOutput, output, dim, out});
    } else {
        aclTensor *self = op.input();
        const int64_t dim = wrapSigned7(op.i64());
        aclTensor *out = op.output();
        op.call(row.op, {self, dim, out});
    }
}

Seed forward(uint8_t which, const char *name, const SeedTensor &self, int64_t dim, aclDataType outDtype, bool run,
             bool repeatable) {
    FuzzWriter w;
    w.u8(which);
    writeTensor(w, self);
    w.i64(dim);
    writeTensor(w, seedAt(8192, self.dims, outDtype));
    return finishSeed(name, w, run, repeatable);
}

Seed backward(uint8_t which, const char *name, const std::vector<int64_t> &dims, int64_t dim, bool run) {
    FuzzWriter w;
    w.u8(which);
    writeTensor(w, seedAt(0, dims));
    writeTensor(w, seedAt(4096, dims));
    w.i64(dim);
    writeTensor(w, seedAt(8192, dims));
    return finishSeed(name, w, run, false);
}

// Each operator once: Softmax along the last dim of a strided view, LogSoftmax of fp16 into fp32 along a
// negative dim run twice as a repeatable executor, and both backwards (one planned only).
std::vector<Seed> seeds() {
    return {
        forward(0, "softmax_strided_last_dim", seedView({3, 5}, ACL_FLOAT, true, {7, 1}), 1, ACL_FLOAT, true, false),
        forward(1, "log_softmax_float16_negative_dim_repeatable", seedAt(0, {2, 3, 4}, ACL_FLOAT16), -2, ACL_FLOAT,
                true, true),
        backward(2, "softmax_backward_dim0", {4, 6}, 0, true),
        backward(3, "log_softmax_backward_plan_only", {2, 2, 8}, -1, false),
    };
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
