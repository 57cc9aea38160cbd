// Fuzz target: the elementwise engine's one-input operators and the gradients of the activations, one
// operator per input (its first byte picks a row of kRows): Neg, Abs, Exp, Relu, Silu, Sigmoid, Gelu and
// GeluV2 with their Inplace forms, InplaceZero, InplaceOne, InplaceFillScalar, Permute, ThresholdBackward,
// SiluBackward, SigmoidBackward, GeluBackward and GeluBackwardV2. Each takes any dtypes, shapes and views
// (a gradient's two inputs broadcast), and its other arguments as the API types them: GeluV2's integer
// approximate, GeluBackwardV2's string, a fill value or threshold of any scalar dtype, Permute's dims.
#include "common/fuzz_op.h"
#include "harness/abs.h"
#include "harness/exp.h"
#include "harness/fill_scalar.h"
#include "harness/gelu.h"
#include "harness/gelu_backward.h"
#include "harness/gelu_backward_v2.h"
#include "harness/gelu_v2.h"
#include "harness/neg.h"
#include "harness/ones.h"
#include "harness/permute.h"
#include "harness/relu.h"
#include "harness/sigmoid.h"
#include "harness/sigmoid_backward.h"
#include "harness/silu.h"
#include "harness/silu_backward.h"
#include "harness/threshold_backward.h"
#include "harness/zero.h"

using namespace fuzzing;
using namespace testing_support;

namespace {

// How a row's arguments are read, in its binding's order.
enum class Form {
    SelfOut,         // (self, out)
    SelfRef,         // (selfRef): read as an output, the one view phase two may write
    GeluV2,          // (x, approximate int64, y)
    FillScalar,      // (selfRef, value)
    Permute,         // (self, dims, out)
    Gradient,        // (gradOutput, self or output, gradInput)
    GradientString,  // (gradOutput, self, approximate char*, gradInput)
    Threshold,       // (gradOutput, self, threshold scalar, out)
};

struct UnaryFuzzRow {
    const char *name;
    const Binding &op;
    Form form;
};

const UnaryFuzzRow kRows[] = {
    {"neg", kNeg, Form::SelfOut},
    {"inplace_neg", kInplaceNeg, Form::SelfRef},
    {"abs", kAbs, Form::SelfOut},
    {"exp", kExp, Form::SelfOut},
    {"inplace_exp", kInplaceExp, Form::SelfRef},
    {"relu", kRelu, Form::SelfOut},
    {"inplace_relu", kInplaceRelu, Form::SelfRef},
    {"silu", kSilu, Form::SelfOut},
    {"sigmoid", kSigmoid, Form::SelfOut},
    {"inplace_sigmoid", kInplaceSigmoid, Form::SelfRef},
    {"gelu", kGelu, Form::SelfOut},
    {"gelu_v2", kGeluV2, Form::GeluV2},
    {"inplace_zero", kInplaceZero, Form::SelfRef},
    {"inplace_one", kInplaceOne, Form::SelfRef},
    {"inplace_fill_scalar", kInplaceFillScalar, Form::FillScalar},
    {"permute", kPermute, Form::Permute},
    {"threshold_backward", kThresholdBackward, Form::Threshold},
    {"silu_backward", kSiluBackward, Form::Gradient},
    {"sigmoid_backward", kSigmoidBackward, Form::Gradient},
    {"gelu_backward", kGeluBackward, Form::Gradient},
    {"gelu_backward_v2", kGeluBackwardV2, Form::GradientString},
};
constexpr size_t kRowCount = sizeof kRows / sizeof kRows[0];

// Each argument in its own statement: the input's bytes are read in a fixed order.
void fuzzOne(OpFuzz &op) {
    const UnaryFuzzRow &row = kRows[op.u8() % kRowCount];
    switch (row.form) {
        case Form::SelfOut: {
            aclTensor *self = op.input();
            aclTensor *out = op.output();
            op.call(row.op, {self, out});
            break;
        }
        case Form::SelfRef: {
            aclTensor *selfRef = op.output();
            op.call(row.op, {selfRef});
            break;
        }
        case Form::GeluV2: {
            aclTensor *x = op.input();
            const int64_t approximate = wrapSigned7(op.i64());
            aclTensor *y = op.output();
            op.call(row.op, {x, approximate, y});
            break;
        }
        case Form::FillScalar: {
            aclTensor *selfRef = op.output();
            aclScalar *value = op.scalar();
            op.call(row.op, {selfRef, value});
            break;
        }
        case Form::Permute: {
            aclTensor *self = op.input();
            aclIntArray *dims = op.intArray();
            aclTensor *out = op.output();
            op.call(row.op, {self, dims, out});
            break;
        }
        case Form::Gradient: {
            const auto [gradOutput, self] = op.inputs<2>();
            aclTensor *gradInput = op.output();
            op.call(row.op, {gradOutput, self, gradInput});
            break;
        }
        case Form::GradientString: {
            const auto [gradOutput, self] = op.inputs<2>();
            char *approximate = op.text({nullptr, "none", "tanh", "", "Tanh", "erf"});
            aclTensor *gradInput = op.output();
            op.call(row.op, {gradOutput, self, approximate, gradInput});
            break;
        }
        case Form::Threshold: {
            const auto [gradOutput, self] = op.inputs<2>();
            aclScalar *threshold = op.scalar();
            aclTensor *out = op.output();
            op.call(row.op, {gradOutput, self, threshold, out});
            break;
        }
    }
}

// The byte that picks the row named `name`.
FuzzWriter startSeedFor(const char *name) {
    for (size_t i = 0; i < kRowCount; ++i) {
        if (std::string(kRows[i].name) == name) {
            FuzzWriter w;
            w.u8(static_cast<uint8_t>(i));
            return w;
        }
    }
    fuzzFail(std::string("fuzz_unary: no row named ") + name);
}

// One seed per form: a contiguous run, a strided view, an in-place form run twice as a repeatable
// executor, the scalar and string arguments, and a broadcast gradient planned only.
std::vector<Seed> seeds() {
    std::vector<Seed> all;
    {
        FuzzWriter w = startSeedFor("exp");
        writeTensor(w, seedView({3, 5}, ACL_FLOAT, true, {7, 1}));
        writeTensor(w, seedAt(4096, {3, 5}, ACL_FLOAT));
        all.push_back(finishSeed("exp_strided_float", w, true, false));
    }
    {
        FuzzWriter w = startSeedFor("inplace_relu");
        writeTensor(w, seedAt(0, {4, 6}, ACL_FLOAT16));
        all.push_back(finishSeed("inplace_relu_float16_repeatable", w, true, true));
    }
    {
        FuzzWriter w = startSeedFor("gelu_v2");
        writeTensor(w, seedAt(0, {2, 8}, ACL_BF16));
        w.i64(1);
        writeTensor(w, seedAt(4096, {2, 8}, ACL_BF16));
        all.push_back(finishSeed("gelu_v2_tanh_bf16", w, true, false));
    }
    {
        FuzzWriter w = startSeedFor("inplace_fill_scalar");
        writeTensor(w, seedAt(0, {5, 3}, ACL_INT32));
        writeScalar(w, 1, -2.5);  // a FLOAT value into INT32
        all.push_back(finishSeed("inplace_fill_scalar_int32", w, true, false));
    }
    {
        FuzzWriter w = startSeedFor("permute");
        writeTensor(w, seedAt(0, {2, 3, 4}, ACL_INT8));
        writeIntArray(w, {2, 0, 1});
        writeTensor(w, seedAt(4096, {4, 2, 3}, ACL_INT8));
        all.push_back(finishSeed("permute_int8", w, true, false));
    }
    {
        FuzzWriter w = startSeedFor("gelu_backward_v2");
        writeTensor(w, seedAt(0, {3, 4}, ACL_FLOAT));
        writeTensor(w, seedAt(2048, {3, 4}, ACL_FLOAT));
        w.u8(2);  // "tanh"
        writeTensor(w, seedAt(4096, {3, 4}, ACL_FLOAT));
        all.push_back(finishSeed("gelu_backward_v2_tanh", w, true, false));
    }
    {
        FuzzWriter w = startSeedFor("threshold_backward");
        writeTensor(w, seedAt(0, {2, 3, 4}, ACL_FLOAT));
        writeTensor(w, seedAt(2048, {3, 1}, ACL_FLOAT));
        writeScalar(w, 1, 0.5);
        writeTensor(w, seedAt(4096, {2, 3, 4}, ACL_FLOAT));
        all.push_back(finishSeed("threshold_backward_broadcast_plan_only", w, false, false));
    }
    return all;
}

}  // namespace

ACLNN_OP_FUZZ_TARGET(seeds, fuzzOne)
