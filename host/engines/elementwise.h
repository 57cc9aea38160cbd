// The elementwise engine: what every elementwise operator shares, written once (cl_kernels/elementwise.cl
// holds its kernels; docs/architecture.md, "The elementwise engine").
//
// An operator is a ROW (ElementwiseRow): its api name, its math as one OpenCL C expression over values of
// the compute dtype (a, b, alpha), the dtypes it accepts and how the compute dtype is derived. The entry
// points of an operator family are one line each (host/ops/add.cpp, host/ops/neg.cpp):
//
//   constexpr ElementwiseRow kAdd{"aclnnAdd", "a + ew_round(EW_MUL(alpha, b))", kAddDtypes, ...};
//   aclnnStatus aclnnAddGetWorkspaceSize(self, other, alpha, out, ws, ex) {
//       return binaryGetWorkspaceSize(kAdd, self, other, alpha, out, ws, ex); }
//   aclnnStatus aclnnNegGetWorkspaceSize(self, out, ws, ex) { return unaryGetWorkspaceSize(kNeg, self, out, ws, ex); }
//
// The math may use the engine's helpers (cl_kernels/elementwise.cl), each right for every compute dtype
// (complex included): EW_MUL, EW_DIV, EW_ABS, EW_EXP, ew_round, EW_STEP.
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
// strided kernel forms them once an element. On those CPU devices a launch that moves more bytes than the
// device's largest cache, into a real out of 4 or 8 bytes an element or computed in vectors, takes the
// walking kernel even when contiguous, and writes out with non-temporal stores (the same values;
// TestHook::ElementwiseStreamStores forces them at any size).
//
// Aliasing: an output that is exactly an input's view is computed in place (each element is read and
// written by one work-item, its loads before its stores); any other overlap of an output with an input is
// rejected before anything runs (161002, aclOpExecutor's check). The Inplace forms read selfRef through
// the output itself.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
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
    Divs,  // Divs: a floating or complex self computes in its dtype, any other in F32; a complex scalar then
           // promotes with it
};

// The order of a binary row's checks (OPS_COMPANION 2).
enum class CheckOrder {
    // Add, Sub, Mul. Tensor form: nulls (self, other, alpha, out); dtypes (self, other, out where listed);
    // promotion, alpha, CanCast(promoted, out); formats; views (rank <= 8), broadcasting, out's shape.
    // Scalar form: nulls; self's dtype (out's where listed); the compute dtype, alpha, CanCast(compute,
    // out); formats; self's view, out's shape.
    Standard,
    // Div, InplaceDiv. Tensor form: nulls (out, other, self; the Inplace form selfRef, other, then
    // broadcasting); views (rank <= 8), broadcasting, out's shape; dtypes (other, self); promotion,
    // CanCast(promoted, out); formats (self, other, out).
    // Divs, InplaceDivs. Scalar form: nulls (self, other, out); formats (out, self); dtypes (the scalar's
    // in `dtypes` too, then self's); self's view, out's shape; CanCast(self, out).
    Div,
};

// How a unary row checks out's dtype against its result dtype (the compute dtype, or its part's dtype
// where realResultOfComplex).
enum class UnaryOut {
    CastsFromResult,  // CanCast(result, out) (Neg: self's dtype; Exp: F32 for an integer or BOOL self)
    IsResult,         // out's dtype is the result's (Abs: C64 gives F32; Relu, Silu, Gelu: self's)
    Listed,           // out's dtype is in the row's outDtypes, whatever self's (Sigmoid)
};

// The dtype a unary row computes in (fp16 and bf16 compute in F32 and round once to their dtype, as every
// row does).
enum class UnaryCompute {
    Self,           // self's dtype
    IntegralInF32,  // an integer or BOOL self computes in F32 (Exp), a floating or complex one in its own
    IntegralInOut,  // an integer or BOOL self is cast to out's dtype first (Sigmoid), others in their own
};

// Where a unary row checks rank <= 8 (with it, ours: the views' strides, offset and storage).
enum class RankCheck {
    BeforeShape,  // rank, then out's shape (Neg, Abs, Relu, Gelu)
    AfterShape,   // out's shape, then rank (Exp, Sigmoid)
    None,         // no rank limit (Silu): a view of more dims runs when its dims merge into 8 (contiguous
                  // ones always do), else 161002 when planned
};

// The formats a row checks (OPS_COMPANION 1.9), after the dtypes and before the shapes.
enum class FormatCheck {
    None,              // any format (most rows: a public format other than ND is only a warning in CANN)
    NotPrivate,        // 161002 for a private format (NC1HWC0, FRACTAL_Z, ...) on self or out (Gelu, Div)
    NotPrivateSameAsSelf,  // and out's format must be self's (Abs)
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
    // compute in F32; Div: integer and BOOL operands in F32): the dtype the kernels compute in, given the
    // checked one and alpha (1 for a row without alpha). nullptr: keep it.
    aclDataType (*computeFor)(aclDataType checked, const ScalarValue &alpha) = nullptr;
    // The binary forms' check order (Div's differs from the others').
    CheckOrder order = CheckOrder::Standard;

    // The unary form (unaryGetWorkspaceSize). Its checks, in order: nulls (self, out); the Inplace form's
    // own list (inplaceDtypes); self's dtype in `dtypes`; out's dtype (unaryOut); formats (formatCheck);
    // rank and out's shape (rankCheck); (ours: out not overlapping itself, fp64 on the device).
    UnaryOut unaryOut = UnaryOut::CastsFromResult;
    std::vector<aclDataType> outDtypes;  // UnaryOut::Listed: out's dtypes
    UnaryCompute unaryCompute = UnaryCompute::Self;
    // A complex self gives a real result, of its part's dtype (Abs: |z|, C64 -> F32): the math returns the
    // value as the real part of a complex C_VAL_T and the store keeps that part.
    bool realResultOfComplex = false;
    RankCheck rankCheck = RankCheck::BeforeShape;
    // The Inplace form's selfRef dtypes, checked before `dtypes` (InplaceExp, InplaceSigmoid); empty: none.
    std::vector<aclDataType> inplaceDtypes;
    // The formats checked (unary and binary forms; the binary forms check self, other and out, and know
    // no NotPrivateSameAsSelf).
    FormatCheck formatCheck = FormatCheck::None;
};

// Sub's computeFor: F16 and BF16 with alpha != 1 compute in F32 (OPS_COMPANION 1.5).
aclDataType floatAlphaComputesInF32(aclDataType checked, const ScalarValue &alpha);
// Div's computeFor: a floating or complex dtype stays, any other (integers, BOOL) computes in F32: true
// division.
aclDataType integralComputesInF32(aclDataType checked, const ScalarValue &alpha);

// v as one stored element of `dtype` (its first dtypeSize bytes of 16): the bits a fill of that dtype
// writes, with the engine's conversion of a scalar (a floating value rounded to float first for the 32-bit
// and 16-bit floating dtypes, integers wrapped, a complex value's real part into a real dtype).
void storedScalarBytes(const ScalarValue &v, aclDataType dtype, unsigned char bytes[16]);

// The tensor-tensor form: out = math(self, other, alpha), broadcast. `out` null with outIsSelf: the
// Inplace form (selfRef is read and written through one output; broadcast shape must equal selfRef's).
aclnnStatus binaryGetWorkspaceSize(const ElementwiseRow &row, const aclTensor *self, const aclTensor *other,
                                   const aclScalar *alpha, const aclTensor *out, uint64_t *workspaceSize,
                                   aclOpExecutor **executor, bool inplace = false);
// The tensor-scalar form: out = math(self, other, alpha) with other an aclScalar.
aclnnStatus binaryScalarGetWorkspaceSize(const ElementwiseRow &row, const aclTensor *self, const aclScalar *other,
                                         const aclScalar *alpha, const aclTensor *out, uint64_t *workspaceSize,
                                         aclOpExecutor **executor, bool inplace = false);

// The unary form: out = math(self). `out` null with inplace: the Inplace form (selfRef is read and written
// through one output).
aclnnStatus unaryGetWorkspaceSize(const ElementwiseRow &row, const aclTensor *self, const aclTensor *out,
                                  uint64_t *workspaceSize, aclOpExecutor **executor, bool inplace = false);

// The engine's plan, for operators whose checks are their own (Cast, InplaceCopy): out = math(a[, b])
// over the broadcast of the operands to out's shape.
struct ElementwiseOperand {
    enum class Kind { None, Input, Output, Scalar };
    Kind kind = Kind::None;
    size_t index = 0;  // the plan's input or output index
    ScalarValue scalar;
    // A tensor read through its dims in another order (Permute): dim k of the view is the tensor's dim
    // order[k]. Empty: the tensor's own view.
    std::vector<int64_t> order;
    // A window of the tensor (ConstantPadNd's cropped self): read from this position of its view (one value
    // a dim, its rank out's), over the launch's shape (out's, or its window's), the tensor's own strides.
    // Empty: the whole tensor, broadcast to the launch's shape.
    std::vector<int64_t> start;
    static ElementwiseOperand input(size_t i) { return {Kind::Input, i, {}, {}, {}}; }
    static ElementwiseOperand output(size_t o) { return {Kind::Output, o, {}, {}, {}}; }
    static ElementwiseOperand value(const ScalarValue &v) { return {Kind::Scalar, 0, v, {}, {}}; }
    static ElementwiseOperand permuted(size_t i, std::vector<int64_t> order) {
        return {Kind::Input, i, {}, std::move(order), {}};
    }
    static ElementwiseOperand window(size_t i, std::vector<int64_t> start) {
        return {Kind::Input, i, {}, {}, std::move(start)};
    }
};
struct ElementwiseLaunch {
    std::string math = "a";            // over C_VAL_T a, b, alpha
    aclDataType compute = ACL_FLOAT;   // the dtype the math computes and rounds in
    ElementwiseOperand a, b;           // b.kind None: a unary launch
    ScalarValue alpha = ScalarValue::ofDouble(1);
    bool alphaAsFloat = false;         // alpha passed as float, not rounded to the compute dtype
    size_t output = 0;                 // the plan's output index
    // Only a window of out is written (Cat's slice of one input, a pad's interior or border): outDims
    // elements from outStart (one value a dim of out's view each); the operands broadcast to outDims. Empty:
    // the whole of out. An output operand that is this output reads through the same window.
    std::vector<int64_t> outStart, outDims;
};
void planElementwise(OpPlan &plan, const ElementwiseLaunch &launch);

// Checks shared with operators that use planElementwise directly.
// 161002 unless `from` casts to out's dtype (CanCast, OPS_COMPANION 1.2), naming out.
void checkCastsTo(const char *op, aclDataType from, const char *fromWhat, const aclTensor *out, const char *arg);
// Every dtype a slot of the engine holds, so every dtype it stores into (the list of Cast, which CANN's
// is): what an output whose dtype CANN leaves unchecked (a result cast to it) must be.
extern const std::vector<aclDataType> kStorableDtypes;
// 161002 unless t's dtype is one of `allowed` (a runtime list).
void checkDtypeInList(const char *op, const aclTensor *t, const char *arg, const std::vector<aclDataType> &allowed);
// OPS_COMPANION 1.9: 161002 for a private format (NC1HWC0, FRACTAL_Z, FRACTAL_NZ, ...) on t.
void checkNotPrivateFormat(const char *op, const aclTensor *t, const char *arg);
// 161002 unless `shape` (the broadcast of a and b) exists and equals out's.
void checkBroadcastTo(const char *op, const aclTensor *a, const char *argA, const aclTensor *b, const char *argB,
                      const aclTensor *out, const char *argOut);

}  // namespace aclcl
