// What the fuzz targets of the elementwise engine's binary rows share (fuzz_add, fuzz_div, fuzz_mul, fuzz_sub):
// the tensor-tensor form and the tensor-scalar form of one row (the first byte picks), with any dtypes
// (promotion, CanCast, alpha's castability), any shapes (broadcasting), any views and scalars of several
// dtypes; and the seeds of both forms.
#pragma once

#include <string>
#include <vector>

#include "common/fuzz_op.h"
#include "support/binding.h"

namespace fuzzing {

struct BinaryFuzzRow {
    const char *name;         // the seeds' prefix: "add" (its scalar form's seeds are "adds_...")
    const testing_support::Binding &tensor, &scalar;  // aclnnAdd, aclnnAdds
    bool alpha;               // the calls take alpha (Add, Sub)
};

// OpFuzz::scalar's choices used by the seeds.
constexpr uint8_t kFloatScalar = 1, kInt64Scalar = 7, kComplex64Scalar = 11;

inline void fuzzBinary(OpFuzz &op, const BinaryFuzzRow &row) {
    const bool tensorOther = op.picksFirst();
    aclTensor *self = op.input();
    if (tensorOther) {
        aclTensor *other = op.input();
        aclScalar *alpha = row.alpha ? op.scalar() : nullptr;
        aclTensor *out = op.output();
        if (row.alpha) {
            op.call(row.tensor, {self, other, alpha, out});
        } else {
            op.call(row.tensor, {self, other, out});
        }
    } else {
        aclScalar *other = op.scalar();
        aclScalar *alpha = row.alpha ? op.scalar() : nullptr;
        aclTensor *out = op.output();
        if (row.alpha) {
            op.call(row.scalar, {self, other, alpha, out});
        } else {
            op.call(row.scalar, {self, other, out});
        }
    }
}

// A broadcast float32 call that runs, an int32 one planned only, a tensor-scalar call on fp16 whose out is
// self's own view, run twice as a repeatable executor, and a complex scalar with a real self and out.
inline std::vector<Seed> binarySeeds(const BinaryFuzzRow &row) {
    auto tensors = [&row](const std::string &name, const std::vector<int64_t> &self, const std::vector<int64_t> &other,
                          const std::vector<int64_t> &out, aclDataType dtype, bool run) {
        FuzzWriter w = startSeedOf(true);
        writeTensor(w, seedAt(0, self, dtype));
        writeTensor(w, seedAt(64, other, dtype));
        if (row.alpha) writeScalar(w, dtype == ACL_INT32 ? kInt64Scalar : kFloatScalar, dtype == ACL_INT32 ? 3 : 1.5);
        writeTensor(w, seedAt(0, out, dtype));
        return finishSeed((row.name + name).c_str(), w, run, false);
    };
    auto scalar = [&row](const std::string &name, const std::vector<int64_t> &self, aclDataType dtype,
                         uint8_t otherKind = kFloatScalar) {
        FuzzWriter w = startSeedOf(false);
        writeTensor(w, seedAt(0, self, dtype));
        writeScalar(w, otherKind, 0.25);
        if (row.alpha) writeScalar(w, kFloatScalar, 2);
        writeTensor(w, seedAt(0, self, dtype));
        return finishSeed((row.name + name).c_str(), w, true, true);
    };
    return {
        tensors("_broadcast_float", {2, 3, 4}, {3, 1}, {2, 3, 4}, ACL_FLOAT, true),
        tensors("_int32_plan_only", {4, 5}, {5}, {4, 5}, ACL_INT32, false),
        scalar("s_float16_in_place_repeatable", {3, 7}, ACL_FLOAT16),
        // A complex scalar with a real self and out (Muls runs it: its product's real part is stored).
        scalar("s_complex_scalar_real_out", {2, 9}, ACL_FLOAT, kComplex64Scalar),
    };
}

}  // namespace fuzzing
