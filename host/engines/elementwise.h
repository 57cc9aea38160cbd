// The elementwise engine: what every elementwise operator shares, written once (cl_kernels/elementwise.cl
// holds its kernels; docs/architecture.md, "The elementwise engine").
//
// An operator is a ROW (ElementwiseRow): its api name, its math as one OpenCL C expression over values of
// the compute dtype (a, b, alpha), the dtypes it accepts and how the compute dtype is derived. The entry
// points of an operator family are one line each (host/ops/add.cpp):
//
//   constexpr ElementwiseRow kAdd{"aclnnAdd", "a + ew_round(EW_MUL(alpha, b))", kAddDtypes, ...};
//   aclnnStatus aclnnAddGetWorkspaceSize(self, other, alpha, out, ws, ex) {
//       return binaryGetWorkspaceSize(kAdd, self, other, alpha, out, ws, ex); }
//
// The engine then does, in CANN's order: the null checks, the dtype lists, type promotion (CANN's
// PromoteType lattice, or the tensor-scalar rules), alpha's castability, CanCast(compute, out), the views
// (rank <= 8, non-negative strides, storage), broadcasting and out's shape, out's self-overlap; an empty
// input plans nothing. The kernels load each value through its own view (any strides and storage offset,
// stride 0 for a broadcast dimension), convert it to the compute dtype, evaluate the row's expression,
// round once to the compute dtype and store through out's view, casting on store with the slot macros'
// rounding (cl_kernels/common.cl). Dims that are contiguous in every operand are merged first; when
// everything is then one contiguous run (or a broadcast single element), the contiguous kernel streams it
// (several elements per work-item, 32-bit indices where the extents allow). Other views (broadcasts,
// transposes, gaps) take, on CPU devices, a kernel in which each work-item walks a run of out's elements
// row by row of the innermost merged dim, forming the offsets once a row; elsewhere (GPUs, rusticl) the
// strided kernel forms them once an element.
//
// Aliasing: an output that is exactly an input's view is computed in place (each element is read and
// written by one work-item, its loads before its stores); any other overlap of an output with an input is
// rejected before anything runs (161002, aclOpExecutor's check). The Inplace forms read selfRef through
// the output itself.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "ops/op_plan.h"

namespace aclcl {

// CANN's PromoteType (OPS_COMPANION 1.1): the dtype two tensors compute in; ACL_DT_UNDEFINED when the
// pair does not promote ("x" in the table).
aclDataType promoteType(aclDataType a, aclDataType b);

// The NumPy broadcast of two shapes (OPS_COMPANION 1.3); false when a dim pair is neither equal nor 1.
bool broadcastShapes(const std::vector<int64_t> &a, const std::vector<int64_t> &b, std::vector<int64_t> *out);

// An aclScalar's value, read exactly: integers and bools as int64 (uint64 above INT64_MAX as its bits),
// floating values as double, complex as (re, im).
struct ScalarValue {
    aclDataType dtype = ACL_DT_UNDEFINED;
    int64_t i = 0;
    double re = 0, im = 0;
    static ScalarValue of(const aclScalar *s);
    static ScalarValue ofDouble(double v);
};

// How a tensor-scalar operator derives its compute dtype (OPS_COMPANION 1.4).
enum class ScalarTyping {
    Adds,  // Adds / Subs: PromoteTypeScalar
    Muls,  // Muls: as Adds, but BF16 self computes in F32, and BOOL self with an F64 scalar and F32 out -> F32
};

// One operator of the engine.
struct ElementwiseRow {
    const char *api;   // the second phase's name, "aclnnAdd"
    const char *math;  // OpenCL C over C_VAL_T a, b, alpha (cl_kernels/elementwise.cl: EW_MUL, ew_round)
    std::vector<aclDataType> dtypes;  // self's (and other's) dtypes
    bool outListed = false;           // out's dtype must be in `dtypes` too (Mul)
    bool alpha = false;               // the call takes an alpha scalar (Add, Sub)
    ScalarTyping scalarTyping = ScalarTyping::Adds;
    // F16 computations take alpha as float and fuse (CANN's Axpy path); every other dtype converts alpha
    // to the compute dtype first. Only alpha rows use it.
    bool fp16KeepsFloatAlpha = true;
    // CanCast(compute, out) is checked (161002); Muls and InplaceMuls skip it, as CANN does on A2/A3
    // (their result is then converted on store, floats into integers truncating).
    bool castCheckedToOut = true;
    // Where CANN moves a computation to another dtype after the checks (Sub: F16 / BF16 with alpha != 1
    // compute in F32): the dtype the kernels compute in, given the checked one and alpha. nullptr: keep it.
    aclDataType (*computeFor)(aclDataType checked, const ScalarValue &alpha) = nullptr;
};

// Sub's computeFor: F16 and BF16 with alpha != 1 compute in F32 (OPS_COMPANION 1.5).
aclDataType floatAlphaComputesInF32(aclDataType checked, const ScalarValue &alpha);

// The tensor-tensor form: out = math(self, other, alpha), broadcast. `out` null with outIsSelf: the
// Inplace form (selfRef is read and written through one output; broadcast shape must equal selfRef's).
aclnnStatus binaryGetWorkspaceSize(const ElementwiseRow &row, const aclTensor *self, const aclTensor *other,
                                   const aclScalar *alpha, const aclTensor *out, uint64_t *workspaceSize,
                                   aclOpExecutor **executor, bool inplace = false);
// The tensor-scalar form: out = math(self, other, alpha) with other an aclScalar.
aclnnStatus binaryScalarGetWorkspaceSize(const ElementwiseRow &row, const aclTensor *self, const aclScalar *other,
                                         const aclScalar *alpha, const aclTensor *out, uint64_t *workspaceSize,
                                         aclOpExecutor **executor, bool inplace = false);

// The engine's plan, for operators whose checks are their own (Cast, InplaceCopy): out = math(a[, b])
// over the broadcast of the operands to out's shape.
struct ElementwiseOperand {
    enum class Kind { None, Input, Output, Scalar };
    Kind kind = Kind::None;
    size_t index = 0;  // the plan's input or output index
    ScalarValue scalar;
    static ElementwiseOperand input(size_t i) { return {Kind::Input, i, {}}; }
    static ElementwiseOperand output(size_t o) { return {Kind::Output, o, {}}; }
    static ElementwiseOperand value(const ScalarValue &v) { return {Kind::Scalar, 0, v}; }
};
struct ElementwiseLaunch {
    std::string math = "a";            // over C_VAL_T a, b, alpha
    aclDataType compute = ACL_FLOAT;   // the dtype the math computes and rounds in
    ElementwiseOperand a, b;           // b.kind None: a unary launch
    ScalarValue alpha = ScalarValue::ofDouble(1);
    bool alphaAsFloat = false;         // alpha passed as float, not rounded to the compute dtype
    size_t output = 0;                 // the plan's output index
};
void planElementwise(OpPlan &plan, const ElementwiseLaunch &launch);

// Checks shared with operators that use planElementwise directly.
// 161002 unless `from` casts to out's dtype (CanCast, OPS_COMPANION 1.2), naming out.
void checkCastsTo(const char *op, aclDataType from, const char *fromWhat, const aclTensor *out, const char *arg);
// 161002 unless t's dtype is one of `allowed` (a runtime list).
void checkDtypeInList(const char *op, const aclTensor *t, const char *arg, const std::vector<aclDataType> &allowed);
// 161002 unless `shape` (the broadcast of a and b) exists and equals out's.
void checkBroadcastTo(const char *op, const aclTensor *a, const char *argA, const aclTensor *b, const char *argB,
                      const aclTensor *out, const char *argOut);

}  // namespace aclcl
