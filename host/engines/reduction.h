// The reduction engine: what every reducing operator shares, written once (cl_kernels/reduction.cl holds
// its kernels; docs/architecture.md, "The reduction engine").
//
// An operator is a ROW (ReductionRow): its api name and its math as OpenCL C over the accumulator type
// RD_ACC_T (the accumulate dtype's value type: float for fp16 / bf16 / fp32, double, the integer type,
// uchar for bool, float2 / double2 for complex): where an accumulation starts, how it takes one element,
// how two partial accumulations combine, and what the result of one is. ReduceSum is
//
//   constexpr ReductionRow kReduceSum{"aclnnReduceSum", "0", "RD_SUM(acc, x)", "RD_SUM(acc, other)", "acc"};
//
// The engine does what is not the row's: the dims argument (negative, repeated, empty = every dim), the
// reduced shape (keepDim or not) and out's shape, and the launch. Self is read through its view (any
// strides and storage offset), each element converted to the accumulate dtype first (cast(self, dtype):
// the slot store's conversion, rounding once), accumulated in RD_ACC_T, the row's result rounded once to
// the accumulate dtype and stored through out's view (any view, in keepDim shape or not) with the slot
// store's conversion to out's dtype.
//
// The problem is normalised first: the kept dims (the outputs) and the reduced dims, each without its size-1
// dims and with neighbours merged where self (and out, for the kept ones) steps through them as one run.
//
// Order, and what is promised (tests/test_reduction.cpp checks each):
//   - Path EACH (one work-item per output): the output's elements are accumulated one by one in their
//     row-major index order over the reduced dims (the logical order, whatever self's strides).
//   - Path LANES (one work-group per output, for few outputs each of many elements): kReductionLanes = 64
//     lanes, lane l accumulating the elements l, l + 64, l + 128, ... in that order, then the 64 partials
//     combine in a fixed tree (l with l + 32, then l with l + 16, ...). The lanes are virtual: the group has
//     any power of two up to 64 work-items the kernel can run (Mesa's llvmpipe runs 32), each taking every
//     items-th lane, with the same bits.
//   On CPU devices, from 64K elements, walking kernels compute the same two orders several outputs, lanes or
//   rows a vector, each accumulator taking the same elements in the same order (the same bits;
//   docs/architecture.md, "Walking kernels on CPU devices").
//   - CHUNKS (few outputs of very many elements: the LANES shape from 131,072 elements an output): each output's
//     elements, in the reduced dims' row-major order, split into chunks of 4,096 to 65,536 (the innermost reduced
//     dims, the outermost of them cut at a divisor of its extent); each chunk accumulated in the order of the path
//     its own shape takes (outputs x chunks outputs of one chunk each: LANES or EACH), then the output's chunk
//     partials combined one after another in chunk order, then finalized. A count with no such split (a prime,
//     say) stays on LANES. Every (output, chunk) pair is a work-group or work-item of its own, so one output of
//     many elements fills a GPU and every core of a CPU, where LANES ran it on one work-group.
//   The path is chosen from the shape alone (outputs and elements per output; the ALONG form's also from whether
//   its rows' elements are neighbours, alongPath), never from the device, and
//   neither path depends on the work-group count or size the device would pick: one problem gives the same
//   bits on every run and on every device (the additions are IEEE's, common.cl's rules keep their order).
//   An ARG row (ReductionRow::prefers) keeps the winning element and its position instead (on LANES each lane its
//   own winner, the tree taking the other lane's when it wins or ties at an earlier position), the same index on
//   both paths for any dtype.
//   The two paths give the same bits for integers and bool (wrapping sums and OR are associative), not for
//   floating dtypes. The exception is a row's finalize that divides in fp32 (Mean): OpenCL allows 2.5 ulp
//   there, so the same bits run to run and path to path on one device, but not across devices.
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "ops/op_plan.h"

namespace aclcl {

// Work-items per output on the LANES path.
constexpr int kReductionLanes = 64;

// One operator of the engine: OpenCL C expressions over RD_ACC_T values (cl_kernels/reduction.cl defines
// RD_SUM, the sum that is a logical OR for bool, and RD_DIV, the division by an element count).
struct ReductionRow {
    const char *api;         // the second phase's name, "aclnnReduceSum"
    const char *init;        // the accumulator over no element
    const char *accumulate;  // (acc, x): acc with one more element x, x later in the order than acc's
    const char *combine;     // (acc, other): two partial accumulations (the tree's step)
    const char *finalize;    // (acc, count): the result from the accumulator of count (ulong) elements
    // The ARG form (ArgMax): set, the row keeps instead of an accumulation the element that wins, (a, b) true
    // when a's value wins over b's (a strict preference; neither winning is a tie), the first in the reduced
    // dims' row-major order among ties, and stores its position in that order (an INT64 converted to out's
    // dtype); the four expressions above are then unused. EACH and LANES give the same index.
    const char *prefers = nullptr;
};

// Which of self's dims are reduced: dims' values in [-max(rank, 1), max(rank, 1) - 1], each dim at most once
// (161002 naming `arg` otherwise); an empty array reduces every dim. A 0-d self reduces nothing.
std::vector<bool> reducedDims(const char *op, const aclTensor *self, const aclIntArray *dims, const char *arg);
// self's shape reduced: the reduced dims dropped, or kept as size 1 (keepDim).
std::vector<int64_t> reducedShape(const aclTensor *self, const std::vector<bool> &reduced, bool keepDim);
// 161002 unless out's shape is `shape`, or both hold exactly one element (CANN's check after its graph).
void checkReducedShape(const char *op, const aclTensor *out, const char *arg, const std::vector<int64_t> &shape);

// Which path a launch takes (tests force one through TestHook::ReductionPath: 1 EACH, 2 LANES, 4 .. 64 LANES
// on work-groups of at most that many work-items, none of them CHUNKS; 3 CHUNKS wherever its split exists, in
// chunks of 64 to 256 elements, so at small sizes too).
enum class ReductionPath { Each, Lanes };
// The automatic choice, from the shape alone.
ReductionPath reductionPath(int64_t outputs, int64_t elementsPerOutput);
// The ALONG form's (planReductionAlong), from the shape and the rows' layout alone, never the device: reductionPath's
// choice for `rows` rows of `elementsPerRow`, and LANES also for rows of kAlongLanesFromElements elements or more
// whose elements are neighbours in every input (`contiguousRows`), however many rows: there a row's 64 lanes read
// it as vectors on a CPU and coalesced on a GPU, where EACH is one long chain of dependent steps a row. Rows whose
// elements are apart stay on EACH below reductionPath's bound: neighbouring rows are then neighbours in memory,
// which EACH reads as vectors (CPU) or coalesced (GPU).
constexpr int64_t kAlongLanesFromElements = 128;
ReductionPath alongPath(int64_t rows, int64_t elementsPerRow, bool contiguousRows);
// The CHUNKS split (planReduction), from the shape alone: the elements in one chunk of each output, 0 where the
// reduction is not split. `reducedExtents`: the reduced dims' extents in order.
int64_t reductionChunk(int64_t outputs, const std::vector<int64_t> &reducedExtents, bool arg = false);

struct ReductionLaunch {
    const ReductionRow *row = nullptr;
    aclDataType accumulate = ACL_FLOAT;  // self is cast to this first; the result is rounded to it once
    std::vector<bool> reduced;           // per dim of self (reducedDims)
    bool keepDim = false;                // out's shape is the keepDim one (else the reduced dims dropped);
                                         // an out of one element may have any shape
    size_t input = 0, output = 0;        // the plan's input and output indices
};
// Plans the reduction of a non-empty self (an empty one has no accumulation: the operator fills out).
void planReduction(OpPlan &plan, const ReductionLaunch &launch);

// The ALONG form: an operator that reduces each row along one dim (every element along `dim` for one position
// of the others) and writes a result for every element of the row (Softmax, LogSoftmax and their backwards).
// It reads one or two inputs of one dtype and one shape (x and y; y is x for one input) and writes out, of
// the same shape: up to two accumulations in turn, each over the row's (x, y) in the engine's order (EACH:
// the row in index order; LANES: 64 virtual lanes and the fixed tree), the second seeing the first's result,
// then every element's result from its x, y and the two. Expressions over RD_ACC_T:
struct ReductionAlongRow {
    const char *api;
    const char *firstInit;         // the first accumulator over no element
    const char *firstAccumulate;   // (acc, x, y)
    const char *firstCombine;      // (acc, other)
    const char *secondInit;        // nullptr: one accumulation (second is then 0)
    const char *secondAccumulate;  // (acc, x, y, first)
    const char *secondCombine;     // (acc, other)
    const char *result;            // (x, y, first, second): the element's result, rounded once to accumulate
    // (x, y, first): the second accumulation's per-element term, which the expressions above name
    // RD_TERM(x, y, first) (nullptr: none); the second accumulation and the result may read x only through it
    // (planReductionAlong refuses a row that does otherwise). Where the walk can keep it in out (a FLOAT out laid
    // out as x), it computes each term once and the results' pass reads it back: the same expression, the same
    // bits.
    const char *term = nullptr;
};
struct ReductionAlongLaunch {
    const ReductionAlongRow *row = nullptr;
    aclDataType accumulate = ACL_FLOAT;  // the inputs are cast to this first; results are rounded to it once
    int64_t dim = 0;                     // in [0, max(rank, 1)); a 0-d tensor is one row of one element
    size_t x = 0, y = 0, output = 0;     // the plan's input indices (y == x for one input) and output index
};
// The one dim of an ALONG reduction: `dim` in [-max(rank, 1), max(rank, 1) - 1] (161002 naming `arg`
// otherwise), made non-negative.
int64_t alongDim(const char *op, const aclTensor *t, int64_t dim, const char *arg);
// Plans the ALONG reduction of a non-empty x (its shape is y's and out's; any views of them).
void planReductionAlong(OpPlan &plan, const ReductionAlongLaunch &launch);
// Output `output` filled with `value` through its view (an empty self's result: ReduceSum's 0, Mean's NaN),
// on the elementwise engine: converted as a value of out's dtype (floating out) or of FLOAT (NaN into an
// integer out gives 0, into BOOL 1, as the store's conversions do).
void planReductionFill(OpPlan &plan, size_t output, double value);
// 161002 unless `dtype` (a call's dtype argument, not a tensor's) is one of `allowed`.
void checkDtypeArgument(const char *op, aclDataType dtype, const char *arg, const std::vector<aclDataType> &allowed);

}  // namespace aclcl
