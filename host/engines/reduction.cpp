#include "engines/reduction.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "common/dtype.h"
#include "engines/elementwise.h"
#include "kernels/dtype_defines.h"
#include "kernels/launch.h"

namespace aclcl {

namespace {

bool isComplex(aclDataType d) { return d == ACL_COMPLEX64 || d == ACL_COMPLEX128; }

// Below this many elements an output is one work-item's loop; at most this many outputs take 64 lanes each
// (beyond, one work-item per output already fills a device).
constexpr int64_t kLanesFromElements = 1024;
constexpr int64_t kLanesUpToOutputs = 2048;

cl_long8 toLong8(const std::vector<int64_t> &v) {
    cl_long8 out;
    for (size_t i = 0; i < 8; ++i) out.s[i] = i < v.size() ? v[i] : 0;
    return out;
}

// One dim of the normalised problem: its extent, self's stride, (kept dims) out's stride and (ALONG) the second
// input's stride.
struct Dim {
    int64_t extent, in, out, in2 = 0;
};
// Size-1 dims dropped; a dim joins the one before it where every tensor steps through the pair as one run.
std::vector<Dim> merged(const std::vector<Dim> &dims) {
    std::vector<Dim> m;
    for (const Dim &d : dims) {
        if (d.extent == 1) continue;
        if (!m.empty() && m.back().in == d.in * d.extent && m.back().out == d.out * d.extent &&
            m.back().in2 == d.in2 * d.extent) {
            m.back().extent *= d.extent;
            m.back().in = d.in;
            m.back().out = d.out;
            m.back().in2 = d.in2;
        } else {
            m.push_back(d);
        }
    }
    return m;
}

// Mesa's llvmpipe stops every work-item's loops after 65,535 trips in all, nested loops' trips counted too,
// without an error (Device::compilerBugs.loopIterationCap): there a reduction whose work-items would loop
// more than kMaxWalkTrips times (launch.h) is refused, never answered wrongly. `trips`: the most loop trips
// one work-item takes, every pass over its elements together. (Measured: one output of 2^20 elements on 32
// work-items, 32,768 element trips each and as many of the index loop inside, came back wrong.)
void requireLoopsFit(const OpPlan &plan, double trips, int64_t outputs, int64_t count, const char *what) {
    const Device &device = plan.device();
    if (!device.compilerBugs.loopIterationCap || walkWithinBound(trips)) return;
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: Expected at most %.0f loop trips per work-item on %s, whose compiler stops longer loops "
                   "without an error, but %lld %s of %lld elements take %.0f; use another device or split the "
                   "reduction",
                   plan.checkName(), kMaxWalkTrips, device.describe().c_str(), static_cast<long long>(outputs), what,
                   static_cast<long long>(count), trips));
}

// The loop trips of one work-item: EACH walks its output's elements `passes` times; LANES gives each of the
// `items` work-items 64 / items lanes of ceil(count / 64) elements per pass (and, ALONG, the stores: count / items);
// each element costs `perElement` trips (rd_lanes and rd_each find it through a loop over the reduced dims).
double tripsPerWorkItem(ReductionPath path, int64_t count, size_t items, int passes, size_t perElement) {
    const auto n = static_cast<double>(count);
    const double elements =
        path == ReductionPath::Each
            ? n
            : static_cast<double>(kReductionLanes) / static_cast<double>(items) *
                  std::ceil(n / static_cast<double>(kReductionLanes));
    return elements * passes * static_cast<double>(perElement);
}

// The walking kernels (CPU devices: the same orders, RD_V outputs, rows or lanes a vector; reduction.h).
// RD_V: 8 accumulators a vector, 4 where one is 8 bytes (32 bytes at most, cl_kernels/common.cl).
int walkVector(aclDataType acc) { return dtypeSize(acc) == 8 ? 4 : 8; }
// From this many elements (every output's together) the walking kernels take a launch: below, the one-lane kernels
// are about as fast, and their programs build in less time (a walking program's build: 0.3-3 s on PoCL).
constexpr int64_t kWalkFromElements = 65536;
// Whether the walking kernels take a launch of `elements`: CPU devices (not where the GPU kernels are forced or
// loops are capped), real accumulators, enough work (or TestHook::ReductionWalk).
bool walks(const OpPlan &plan, aclDataType acc, int64_t elements) {
    return !manyWorkItemKernels(plan.device()) && !isComplex(acc) &&
           (elements >= kWalkFromElements || testHook(TestHook::ReductionWalk) != 0);
}
// Whether a tensor's values store as vectors of the accumulators directly: the tensor already in the accumulate
// dtype, one with vector stores (cl_kernels/common.cl) that allow any element offset. Not FLOAT16: PoCL (3.1)
// compiles vstore_half8_rte to 16-byte aligned moves, which fault on an offset that is not a multiple of 8
// elements (Device::compilerBugs.alignedHalfVectors).
bool vectorStores(aclDataType self, aclDataType acc) {
    return self == acc && (acc == ACL_FLOAT || acc == ACL_DOUBLE || acc == ACL_BF16);
}
// Whether they load as vectors: those, and FLOAT16 (RD_VLOAD_HALF: vload_half8; where the device's compiles to
// aligned moves, RD_VLOAD_HALF_ALIGNED, only at 16-byte aligned addresses, read as bits and widened in the kernel
// elsewhere).
bool vectorLoads(aclDataType self, aclDataType acc) {
    return vectorStores(self, acc) || (self == acc && acc == ACL_FLOAT16);
}
// How many work-items share one output's 64 lanes on the LANES walk: enough that the outputs' work-items fill the
// device's compute units, at most 8 (8 lanes a work-item at least, one vector). The split changes which work-item
// runs a lane, never a lane's elements or their order. A ReductionPath hook of 4 .. 64 asks for hook / 4 (at
// most 8).
int walkSlices(const Device &device, int64_t outputs) {
    if (const int forced = testHook(TestHook::ReductionPath); forced >= 4) return std::min(8, forced / 4);
    int slices = 1;
    while (slices < 8 && outputs * slices < static_cast<int64_t>(std::max<cl_uint>(device.computeUnits, 1))) {
        slices *= 2;
    }
    return slices;
}
// The dtype of one accumulator in memory (fp16 and bf16 accumulate in fp32).
aclDataType accumulatorDtype(aclDataType acc) {
    return acc == ACL_FLOAT16 || acc == ACL_BF16 ? ACL_FLOAT : acc;
}
// Tiles of `tile` neighbours along the innermost kept dim (the EACH walks' work-items).
int64_t walkTiles(const std::vector<Dim> &kept, int64_t outputs, int64_t tile) {
    const int64_t row = kept.back().extent;
    return outputs / row * ((row + tile - 1) / tile);
}
// The vectors of one EACH tile (RD_TILE_VECS): up to 32 (256 float outputs, 1 KiB of each reduced row: a run of
// cache lines the prefetchers follow; with 8, 64 floats, a reduced dim 1 of 64 ran 20% slower on both CPU
// runtimes), no more than the innermost kept dim holds, and halved (down to 8) while the tiles would leave the
// device's compute units fewer than 8 work-items each.
int walkTileVectors(const Device &device, const std::vector<Dim> &kept, int64_t outputs, int vector) {
    const int64_t row = kept.back().extent;
    int64_t vectors = std::min<int64_t>(32, (row + vector - 1) / vector);
    const int64_t enough = 8 * std::max<int64_t>(1, device.computeUnits);
    while (vectors > 8 && walkTiles(kept, outputs, vectors * vector) < enough) vectors /= 2;
    return static_cast<int>(vectors);
}
// Whether an ALONG row's expression reads x other than through its term, RD_TERM(x, y, first): an identifier x
// left once every such call is taken out (ReductionAlongRow::term).
bool readsXBesidesTerm(std::string expr) {
    const std::string call = "RD_TERM(x, y, first)";
    for (size_t at; (at = expr.find(call)) != std::string::npos;) expr.erase(at, call.size());
    auto identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t i = 0; i < expr.size(); ++i) {
        if (expr[i] == 'x' && (i == 0 || !identifier(expr[i - 1])) &&
            (i + 1 == expr.size() || !identifier(expr[i + 1]))) {
            return true;
        }
    }
    return false;
}
// The plan's input or output `index` as a kernel operand.
Operand tensorOperand(const OpPlan &plan, Operand::Where where, size_t index) {
    Operand o;
    o.where = where;
    o.index = index;
    o.dtype = where == Operand::Where::Input ? plan.input(index).dtype : plan.output(index).dtype;
    return o;
}

}  // namespace

std::vector<bool> reducedDims(const char *op, const aclTensor *self, const aclIntArray *dims, const char *arg) {
    const int64_t rank = self->rank(), bound = std::max<int64_t>(rank, 1);
    std::vector<bool> seen(static_cast<size_t>(bound), false);
    for (int64_t d : dims->values) {
        if (d < -bound || d >= bound) {
            fail(ACLNN_ERR_PARAM_INVALID,
                 strformat("%s: Dimension out of range (expected %s's values to be in range of [%lld, %lld], but got "
                           "%lld).",
                           op, arg, static_cast<long long>(-bound), static_cast<long long>(bound - 1),
                           static_cast<long long>(d)));
        }
        const auto k = static_cast<size_t>(d < 0 ? d + bound : d);
        if (seen[k]) {
            fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: dim %lld appears multiple times in the list of %s %s.", op,
                                                    static_cast<long long>(k), arg, dims->toString().c_str()));
        }
        seen[k] = true;
    }
    std::vector<bool> reduced(static_cast<size_t>(rank), dims->values.empty());
    for (size_t k = 0; k < reduced.size(); ++k) reduced[k] = reduced[k] || seen[k];
    return reduced;
}

std::vector<int64_t> reducedShape(const aclTensor *self, const std::vector<bool> &reduced, bool keepDim) {
    std::vector<int64_t> shape;
    for (size_t k = 0; k < self->viewDims.size(); ++k) {
        if (!reduced[k]) {
            shape.push_back(self->viewDims[k]);
        } else if (keepDim) {
            shape.push_back(1);
        }
    }
    return shape;
}

void checkReducedShape(const char *op, const aclTensor *out, const char *arg, const std::vector<int64_t> &shape) {
    int64_t count = 1;
    for (int64_t d : shape) count *= d;
    if (out->viewDims == shape || (count == 1 && out->numel() == 1)) return;
    fail(ACLNN_ERR_PARAM_INVALID, strformat("%s: Expected %s to have the reduced shape %s, but found %s.", op, arg,
                                            dimsString(shape).c_str(), out->shapeString().c_str()));
}

ReductionPath reductionPath(int64_t outputs, int64_t elementsPerOutput) {
    return elementsPerOutput >= kLanesFromElements && outputs <= kLanesUpToOutputs ? ReductionPath::Lanes
                                                                                   : ReductionPath::Each;
}

ReductionPath alongPath(int64_t rows, int64_t elementsPerRow, bool contiguousRows) {
    if (contiguousRows && elementsPerRow >= kAlongLanesFromElements) return ReductionPath::Lanes;
    return reductionPath(rows, elementsPerRow);
}

namespace {

// The walking kernels' launch (planReduction's, on CPU devices): rd_walk_each over tiles of RD_V outputs, or
// rd_walk_lanes over slices of each output's lanes (then rd_walk_tree where an output has several slices).
void planWalk(OpPlan &plan, const ReductionLaunch &l, const ProgramHandle &program, ReductionPath path,
              const std::vector<Dim> &kept, const std::vector<Dim> &reduced, int64_t outputs, int64_t count,
              int split, const Operand &dst) {
    const Operand src = tensorOperand(plan, Operand::Where::Input, l.input);
    Operand parts;
    std::vector<int64_t> kShape, kIn, kOut, rShape, rIn;
    for (const Dim &d : kept) {
        kShape.push_back(d.extent);
        kIn.push_back(d.in);
        kOut.push_back(d.out);
    }
    for (const Dim &d : reduced) {
        rShape.push_back(d.extent);
        rIn.push_back(d.in);
    }
    const cl_long8 kShape8 = toLong8(kShape), kIn8 = toLong8(kIn), kOut8 = toLong8(kOut), rShape8 = toLong8(rShape),
                   rIn8 = toLong8(rIn);
    const auto outputs64 = static_cast<cl_ulong>(outputs), count64 = static_cast<cl_ulong>(count);
    const auto keptRank = static_cast<cl_int>(kept.size()), reducedRank = static_cast<cl_int>(reduced.size());
    const int vector = walkVector(l.accumulate);
    const std::string math = plan.logging() ? strformat(", %lld outputs of %lld elements, kept dims %zu, reduced "
                                                        "dims %zu, accumulate %s, math %s, %s",
                                                        static_cast<long long>(outputs), static_cast<long long>(count),
                                                        kept.size(), reduced.size(), dtypeName(l.accumulate),
                                                        l.row->accumulate, l.row->finalize)
                                            : std::string();
    if (path == ReductionPath::Each) {
        // split: the vectors of a tile.
        const int tile = vector * split;
        const auto tiles = static_cast<cl_ulong>(walkTiles(kept, outputs, tile));
        plan.launch(
            plan.kernel(program, "rd_walk_each"), LaunchSize::linear(static_cast<size_t>(tiles)),
            [=](Kernel &k, RunContext &ctx) {
                k.args(src.resolve(ctx), dst.resolve(ctx), tiles, count64, keptRank, kShape8, kIn8, kOut8,
                       reducedRank, rShape8, rIn8);
            },
            plan.logging() ? strformat("walk: a tile of %d neighbouring outputs a work-item", tile) + math
                           : std::string());
        return;
    }
    // split: the slices of an output's lanes, one work-item each; work-groups of one (each a long walk of its own).
    const int slices = split;
    const size_t global = static_cast<size_t>(outputs) * static_cast<size_t>(slices), local = 1;
    if (slices > 1) parts = plan.workspaceOperand(static_cast<uint64_t>(outputs) * kReductionLanes,
                                                  accumulatorDtype(l.accumulate));
    // One reduced dim, or two: the inner one's stride and extent, the outer one's stride.
    const cl_long rstep = reduced.back().in, rinner = reduced.back().extent,
                  rostep = reduced.size() == 2 ? reduced[0].in : 0;
    const cl_int slices32 = slices;
    plan.launch(
        plan.kernel(program, "rd_walk_lanes"), LaunchSize::grid(1, &global, &local),
        [=](Kernel &k, RunContext &ctx) {
            k.args(src.resolve(ctx), dst.resolve(ctx), slices > 1 ? parts.resolve(ctx) : src.resolve(ctx), outputs64,
                   count64, keptRank, kShape8, kIn8, kOut8, rstep, rinner, rostep, slices32);
        },
        plan.logging() ? strformat("walk: 64 lanes an output in %d slices of %d lanes, %d a vector", slices,
                                   kReductionLanes / slices, vector) +
                             math
                       : std::string());
    if (slices == 1) return;
    plan.launch(
        plan.kernel(program, "rd_walk_tree"), LaunchSize::linear(static_cast<size_t>(outputs)),
        [=](Kernel &k, RunContext &ctx) {
            k.args(parts.resolve(ctx), dst.resolve(ctx), outputs64, count64, keptRank, kShape8, kIn8, kOut8);
        },
        plan.logging() ? "walk: the tree of each output's 64 lane partials" + math : std::string());
}

// The defines every program of planReduction has: the slots (self's, the accumulate dtype's, out's: `outDtype`,
// storing the accumulate dtype's values, an ARG row's INT64 index, or with `partial` the accumulator as it is) and
// the row's math.
Defines reductionDefines(const aclTensor &self, const ReductionLaunch &l, aclDataType outDtype, bool partial,
                         bool wide) {
    const bool arg = l.row->prefers != nullptr;
    const aclDataType acc = l.accumulate;
    // A complex self into a real accumulate dtype keeps its real part: the conversion is from the part's dtype.
    aclDataType loadFrom = self.dtype;
    if (isComplex(self.dtype) && !isComplex(acc)) loadFrom = self.dtype == ACL_COMPLEX128 ? ACL_DOUBLE : ACL_FLOAT;
    Defines defines;
    defines.slot("IN", self.dtype).slot("A", acc, loadFrom).slot("R", acc);
    defines.slot("OUT", outDtype, arg ? ACL_INT64 : partial ? outDtype : acc);
    defines.flag("RD_ALONG", false)
        .flag("RD_PARTIAL", partial)
        .flag("RD_ARG", arg)
        .flag("RD_REAL_PART", loadFrom != self.dtype)
        .flag("RD_BOOL", acc == ACL_BOOL)
        .flag("RD_INTEGRAL", dtypeInfo(acc)->integral || acc == ACL_BOOL)
        .flag("RD_WIDE", acc == ACL_DOUBLE || acc == ACL_COMPLEX128)
        .value("RD_LANES", kReductionLanes)
        .index(wide);
    defines.expression("RD_INIT", "", l.row->init)
        .expression("RD_ACCUMULATE", "acc, x", l.row->accumulate)
        .expression("RD_COMBINE", "acc, other", l.row->combine)
        .expression("RD_FINALIZE", "acc, count", l.row->finalize);
    if (arg) defines.expression("RD_PREFERS", "a, b", l.row->prefers);
    return defines;
}

// One pass of planReduction over a normalised problem (kept and reduced dims merged, at least one reduced), its
// results through `dst` (an out of dtype `outDtype`): each output's finalized result, or with `partial` its
// accumulator (the CHUNKS path's first pass, into a workspace of the accumulator's dtype).
void planPass(OpPlan &plan, const ReductionLaunch &l, const std::vector<Dim> &kept, const std::vector<Dim> &reduced,
              ReductionPath path, const Operand &dst, aclDataType outDtype, bool partial) {
    const aclTensor &self = plan.input(l.input);
    int64_t outputs = 1, count = 1;
    for (const Dim &d : kept) outputs *= d.extent;
    for (const Dim &d : reduced) count *= d.extent;
    const bool arg = l.row->prefers != nullptr;
    const aclDataType acc = l.accumulate;
    // The walking kernels: EACH where neighbouring outputs read neighbouring elements of self (the innermost kept
    // dim's stride 1), LANES over one reduced dim or two whose inner one holds a block of lanes or more (a kept dim
    // between reduced ones, as a per-channel sum over N, H and W).
    const bool lanesWalk = reduced.size() == 1 || (reduced.size() == 2 && reduced[1].extent >= kReductionLanes);
    const bool walk = !arg && walks(plan, acc, outputs * count) &&
                      (path == ReductionPath::Each ? !kept.empty() && kept.back().in == 1 : lanesWalk);
    const int vector = walkVector(acc);
    const int slices = walk && path == ReductionPath::Lanes ? walkSlices(plan.device(), outputs) : 1;
    const int tileVectors =
        walk && path == ReductionPath::Each ? walkTileVectors(plan.device(), kept, outputs, vector) : 1;

    IndexWidth width;
    width.cover(outputs).cover(count + kReductionLanes);
    if (slices > 1) width.cover(outputs * kReductionLanes);  // the lane partials in the workspace
    std::vector<int64_t> inShape, inStrides, outShape, outStrides;
    for (const Dim &d : kept) {
        inShape.push_back(d.extent);
        inStrides.push_back(d.in);
        outStrides.push_back(d.out);
    }
    outShape = inShape;
    for (const Dim &d : reduced) {
        inShape.push_back(d.extent);
        inStrides.push_back(d.in);
    }
    width.coverView(inShape, inStrides).coverView(outShape, outStrides);

    Defines defines = reductionDefines(self, l, outDtype, partial, width.wide());
    defines.flag("RD_WALK", walk);
    if (walk) {
        defines.value("RD_V", vector)
            .flag("RD_VLOAD", vectorLoads(self.dtype, acc))
            .flag("RD_VLOAD_HALF", self.dtype == ACL_FLOAT16)
            .flag("RD_VLOAD_HALF_ALIGNED", plan.device().compilerBugs.alignedHalfVectors)
            .value("RD_WALK_LANES", kReductionLanes / slices)
            .value("RD_TILE_VECS", tileVectors);
    }
    ProgramHandle program = plan.program("reduction", defines);
    if (walk) {
        planWalk(plan, l, program, path, kept, reduced, outputs, count,
                 path == ReductionPath::Each ? tileVectors : slices, dst);
        return;
    }

    auto kernel = plan.kernel(program, path == ReductionPath::Lanes ? "rd_lanes" : "rd_each");
    LaunchSize size;
    size_t items = 0;
    if (path == ReductionPath::Lanes) {
        // Any power of two up to 64 the kernel can run (the lanes are virtual: the same bits for each); tests
        // choose one with a hook value of 4 .. 64.
        const int forced = testHook(TestHook::ReductionPath);
        const size_t limit = forced >= 4 ? static_cast<size_t>(forced) : kReductionLanes;
        items = 1;
        while (items * 2 <= std::min(limit, kernel->maxWorkGroupSize())) items *= 2;
        const size_t global = static_cast<size_t>(outputs) * items;
        size = LaunchSize::grid(1, &global, &items);
    } else {
        size = LaunchSize::linear(static_cast<size_t>(outputs));
    }
    requireLoopsFit(plan, tripsPerWorkItem(path, count, items, 1, 1 + reduced.size()), outputs, count, "outputs");

    const Operand src = tensorOperand(plan, Operand::Where::Input, l.input);
    std::vector<int64_t> rShape, rStrides;
    for (const Dim &d : reduced) {
        rShape.push_back(d.extent);
        rStrides.push_back(d.in);
    }
    std::vector<int64_t> kIn(inStrides.begin(), inStrides.begin() + static_cast<std::ptrdiff_t>(kept.size()));
    const cl_long8 kShape8 = toLong8(outShape), kIn8 = toLong8(kIn), kOut8 = toLong8(outStrides),
                   rShape8 = toLong8(rShape), rIn8 = toLong8(rStrides);
    const auto outputs64 = static_cast<cl_ulong>(outputs), count64 = static_cast<cl_ulong>(count);
    const auto keptRank = static_cast<cl_int>(kept.size()), reducedRank = static_cast<cl_int>(reduced.size());
    plan.launch(
        kernel, size,
        [=](Kernel &k, RunContext &ctx) {
            k.args(src.resolve(ctx), dst.resolve(ctx), outputs64, count64, keptRank, kShape8, kIn8, kOut8, reducedRank,
                   rShape8, rIn8);
        },
        plan.logging() ? strformat("%s, %lld outputs of %lld elements, kept dims %zu, reduced dims %zu, accumulate %s",
                                   path == ReductionPath::Lanes
                                       ? strformat("64 lanes an output on %zu work-items", items).c_str()
                                       : "one work-item an output",
                                   static_cast<long long>(outputs), static_cast<long long>(count), kept.size(),
                                   reduced.size(), dtypeName(acc)) +
                             (arg ? std::string(", keeps the index of ") + l.row->prefers
                                  : std::string(", math ") + l.row->accumulate + ", " + l.row->finalize)
                       : std::string());
}

// The CHUNKS split of the reduced dims (logical order, size-1 dims left out), innermost first: the inner dims
// hold up to `most` elements (the outermost of them cut to a divisor of its extent that fits), the rest are the
// outer dims, whose row-major index is the chunk's. Empty outer dims where the inner ones would hold fewer than
// `least` elements or every element.
struct ChunkSplit {
    std::vector<Dim> outer, inner;
    int64_t chunk = 0, chunks = 0;
};
ChunkSplit chunkSplit(const std::vector<Dim> &reduced, int64_t least, int64_t most) {
    ChunkSplit split;
    int64_t inside = 1;
    size_t k = reduced.size();
    while (k > 0 && inside * reduced[k - 1].extent <= most) inside *= reduced[--k].extent;
    std::vector<Dim> outer(reduced.begin(), reduced.begin() + static_cast<std::ptrdiff_t>(k));
    std::vector<Dim> inner(reduced.begin() + static_cast<std::ptrdiff_t>(k), reduced.end());
    if (k > 0) {
        // The next dim out, cut into (extent / f, f): its largest divisor f that keeps the chunk within `most`, found
        // as extent / q for the smallest q that divides it, searched only among the f that would also reach `least`
        // (a prime extent costs a few hundred divisions at planning, not one per value below `most`).
        const Dim d = reduced[k - 1];
        const int64_t fMost = most / inside, fLeast = std::max<int64_t>(2, (least + inside - 1) / inside);
        int64_t f = 1;
        for (int64_t q = (d.extent + fMost - 1) / fMost; q <= d.extent / fLeast; ++q) {
            if (d.extent % q == 0) {
                f = d.extent / q;
                break;
            }
        }
        if (f > 1) {
            outer.back() = {d.extent / f, d.in * f, 0, 0};
            inner.insert(inner.begin(), {f, d.in, 0, 0});
            inside *= f;
        }
    }
    if (outer.empty() || inside < least) return split;
    split.outer = outer;
    split.inner = inner;
    split.chunk = inside;
    split.chunks = 1;
    for (const Dim &d : outer) split.chunks *= d.extent;
    return split;
}
// The thresholds of the CHUNKS path: from kChunksFromElements elements an output, chunks of kChunkLeast to
// kChunkMost elements (TestHook::ReductionPath 3: any count, chunks of 64 to 256, for small tests).
constexpr int64_t kChunksFromElements = 131072, kChunkLeast = 4096, kChunkMost = 65536;
ChunkSplit chunksFor(int64_t outputs, const std::vector<Dim> &logicalReduced, bool arg) {
    int64_t count = 1;
    for (const Dim &d : logicalReduced) count *= d.extent;
    const int forced = testHook(TestHook::ReductionPath);
    if (arg || (forced != 0 && forced != 3)) return {};
    if (forced == 3) return chunkSplit(logicalReduced, 64, 256);
    if (reductionPath(outputs, count) != ReductionPath::Lanes || count < kChunksFromElements) return {};
    return chunkSplit(logicalReduced, kChunkLeast, kChunkMost);
}

// CHUNKS' second pass: each output's partials (`chunks` consecutive in `parts`) combined in chunk order, finalized
// over the output's `count` and stored through out's view (`kept`, with out's strides).
void planCombine(OpPlan &plan, const ReductionLaunch &l, const std::vector<Dim> &kept, int64_t outputs, int64_t chunks,
                 int64_t count, const Operand &parts, const Operand &dst) {
    const aclTensor &self = plan.input(l.input), &out = plan.output(l.output);
    std::vector<int64_t> kShape, kIn, kOut;
    for (const Dim &d : kept) {
        kShape.push_back(d.extent);
        kIn.push_back(0);
        kOut.push_back(d.out);
    }
    IndexWidth width;
    width.cover(outputs * chunks).coverView(kShape, kOut);
    const Defines defines = reductionDefines(self, l, out.dtype, false, width.wide()).flag("RD_WALK", false);
    ProgramHandle program = plan.program("reduction", defines);
    const cl_long8 kShape8 = toLong8(kShape), kIn8 = toLong8(kIn), kOut8 = toLong8(kOut);
    const auto outputs64 = static_cast<cl_ulong>(outputs), chunks64 = static_cast<cl_ulong>(chunks),
               count64 = static_cast<cl_ulong>(count);
    const auto keptRank = static_cast<cl_int>(kept.size());
    plan.launch(
        plan.kernel(program, "rd_chunks"), LaunchSize::linear(static_cast<size_t>(outputs)),
        [=](Kernel &k, RunContext &ctx) {
            k.args(parts.resolve(ctx), dst.resolve(ctx), outputs64, chunks64, count64, keptRank, kShape8, kIn8, kOut8);
        },
        plan.logging() ? strformat("chunks: %lld outputs, each %lld chunk partials combined in order, math %s, %s",
                                   static_cast<long long>(outputs), static_cast<long long>(chunks), l.row->combine,
                                   l.row->finalize)
                       : std::string());
}

}  // namespace

int64_t reductionChunk(int64_t outputs, const std::vector<int64_t> &reducedExtents, bool arg) {
    std::vector<Dim> reduced;
    for (int64_t e : reducedExtents) {
        if (e != 1) reduced.push_back({e, 0, 0});
    }
    return chunksFor(outputs, reduced, arg).chunk;
}

void planReduction(OpPlan &plan, const ReductionLaunch &l) {
    const aclTensor &self = plan.input(l.input), &out = plan.output(l.output);
    // The kept dims with out's stride for each (out in the keepDim shape or with the reduced dims dropped;
    // an out of one element has no dim of extent above 1, and its strides do not matter), the reduced ones.
    const std::vector<int64_t> shape = reducedShape(&self, l.reduced, l.keepDim);
    const bool outMapped = out.viewDims == shape;
    std::vector<Dim> kept, reduced;
    size_t outDim = 0;
    for (size_t k = 0; k < self.viewDims.size(); ++k) {
        const int64_t extent = self.viewDims[k], in = self.strides[k];
        if (l.reduced[k]) {
            if (extent != 1) reduced.push_back({extent, in, 0});
            if (l.keepDim) ++outDim;
        } else {
            kept.push_back({extent, in, outMapped ? out.strides[outDim] : 0});
            ++outDim;
        }
    }
    kept = merged(kept);
    int64_t outputs = 1;
    for (const Dim &d : kept) outputs *= d.extent;
    const Operand dst = tensorOperand(plan, Operand::Where::Output, l.output);
    const ChunkSplit split = chunksFor(outputs, reduced, l.row->prefers != nullptr);
    if (split.chunks == 0) {
        std::vector<Dim> all = merged(reduced);
        if (all.empty()) all.push_back({1, 0, 0});  // every element its own output (nothing reduced)
        int64_t count = 1;
        for (const Dim &d : all) count *= d.extent;
        ReductionPath path = reductionPath(outputs, count);
        if (const int forced = testHook(TestHook::ReductionPath)) {
            path = forced == 1 ? ReductionPath::Each : ReductionPath::Lanes;
        }
        planPass(plan, l, kept, all, path, dst, out.dtype, false);
        return;
    }
    // CHUNKS: the first pass takes (output, chunk) pairs as its outputs, each a chunk's elements in the order of
    // the path its own shape takes, and leaves the accumulators in a workspace (row-major over the kept dims, then
    // the chunks); the second combines each output's chunks in order.
    std::vector<Dim> pairs = kept;
    pairs.insert(pairs.end(), split.outer.begin(), split.outer.end());
    int64_t step = 1;
    for (size_t k = pairs.size(); k-- > 0;) {
        pairs[k].out = step;
        step *= pairs[k].extent;
    }
    const aclDataType accStore = accumulatorDtype(l.accumulate);
    const Operand parts = plan.workspaceOperand(static_cast<uint64_t>(outputs * split.chunks), accStore);
    ReductionPath path = reductionPath(outputs * split.chunks, split.chunk);
    planPass(plan, l, merged(pairs), merged(split.inner), path, parts, accStore, true);
    planCombine(plan, l, kept, outputs, split.chunks, split.chunk * split.chunks, parts, dst);
}

int64_t alongDim(const char *op, const aclTensor *t, int64_t dim, const char *arg) {
    const int64_t bound = std::max<int64_t>(t->rank(), 1);
    if (dim < -bound || dim >= bound) {
        fail(ACLNN_ERR_PARAM_INVALID,
             strformat("%s: Dimension out of range (expected %s to be in range of [%lld, %lld], but got %lld).", op,
                       arg, static_cast<long long>(-bound), static_cast<long long>(bound - 1),
                       static_cast<long long>(dim)));
    }
    return dim < 0 ? dim + bound : dim;
}

void planReductionAlong(OpPlan &plan, const ReductionAlongLaunch &l) {
    const aclTensor &x = plan.input(l.x), &y = plan.input(l.y), &out = plan.output(l.output);
    const auto along = static_cast<size_t>(l.dim);
    // The row's dim (a 0-d tensor: one element) and the others, merged where all three tensors allow.
    Dim row{1, 0, 0, 0};
    std::vector<Dim> kept;
    for (size_t k = 0; k < x.viewDims.size(); ++k) {
        const Dim d{x.viewDims[k], x.strides[k], out.strides[k], y.strides[k]};
        if (k == along) {
            row = d;
        } else {
            kept.push_back(d);
        }
    }
    kept = merged(kept);
    int64_t rows = 1;
    for (const Dim &d : kept) rows *= d.extent;
    const int64_t count = row.extent;

    const bool contiguous = row.in == 1 && row.in2 == 1;
    ReductionPath path = alongPath(rows, count, contiguous);
    if (const int forced = testHook(TestHook::ReductionPath)) {
        path = forced == 1 ? ReductionPath::Each : ReductionPath::Lanes;
    }
    const aclDataType acc = l.accumulate;
    // The walking kernels: EACH where neighbouring rows are neighbours in x and y, or else (8 rows a vector, blocked)
    // where each row's elements are; LANES where each row's elements are (a row a work-item, its lanes as vectors).
    const bool neighbours = !kept.empty() && kept.back().in == 1 && kept.back().in2 == 1;
    const bool blocked = !neighbours && !kept.empty() && contiguous && walkVector(acc) == 8;
    const bool walkable = walks(plan, acc, rows * count);
    const bool walkLanes = path == ReductionPath::Lanes && walkable && contiguous;
    const bool walk = walkLanes || (path == ReductionPath::Each && walkable && (neighbours || blocked));
    const bool walkEach = walk && !walkLanes;  // rd_along_walk: the EACH order, rows in tiles

    std::vector<int64_t> shape, inStrides, in2Strides, outStrides;
    for (const Dim &d : kept) {
        shape.push_back(d.extent);
        inStrides.push_back(d.in);
        in2Strides.push_back(d.in2);
        outStrides.push_back(d.out);
    }
    IndexWidth width;
    width.cover(rows).cover(count + kReductionLanes);
    std::vector<int64_t> full = shape;
    full.push_back(count);
    auto withRow = [&](std::vector<int64_t> s, int64_t stride) {
        s.push_back(stride);
        return s;
    };
    width.coverView(full, withRow(inStrides, row.in))
        .coverView(full, withRow(in2Strides, row.in2))
        .coverView(full, withRow(outStrides, row.out));

    const ReductionAlongRow &r = *l.row;
    if (r.term && (readsXBesidesTerm(r.secondAccumulate ? r.secondAccumulate : "") || readsXBesidesTerm(r.result))) {
        fail(ACLNN_ERR_INNER, strformat("%s: the reduction's second accumulation and result may read x only through "
                                        "its term", r.api));
    }
    // The walk keeps the second accumulation's term in out (RD_STASH): stored exactly (FLOAT), and out laid out as
    // x, so that each element is read (in place too) before its term is written over it (any other overlap of out
    // with x is refused at run time, OpPlan::allowInPlace).
    const bool stash = (walkLanes || (walk && blocked)) && r.term != nullptr && r.secondInit != nullptr &&
                       acc == ACL_FLOAT && out.dtype == ACL_FLOAT && row.out == 1 && out.strides == x.strides &&
                       !testHook(TestHook::ReductionNoStash);
    Defines defines;
    defines.slot("IN", x.dtype).slot("A", acc, x.dtype).slot("R", acc).slot("OUT", out.dtype, acc);
    defines.flag("RD_ALONG", true)
        .flag("RD_ARG", false)
        .flag("RD_SECOND", r.secondInit != nullptr)
        .flag("RD_REAL_PART", false)
        .flag("RD_BOOL", false)
        .flag("RD_INTEGRAL", false)
        .flag("RD_WIDE", acc == ACL_DOUBLE)
        .value("RD_LANES", kReductionLanes)
        .flag("RD_WALK", walk)
        .index(width.wide());
    if (walk) {
        // Results stored as vectors where out's dtype is the accumulate dtype (the one rounding is the store's) and
        // out steps through the vector's lanes one element at a time.
        defines.value("RD_V", walkVector(acc))
            .flag("RD_ALONG_BLOCKED", blocked)
            .flag("RD_VLOAD", vectorLoads(x.dtype, acc) && y.dtype == x.dtype)
            .flag("RD_VLOAD_HALF", x.dtype == ACL_FLOAT16)
            .flag("RD_VLOAD_HALF_ALIGNED", plan.device().compilerBugs.alignedHalfVectors)
            .flag("RD_OUT_VSTORE",
                  vectorStores(out.dtype, acc) && (walkLanes || blocked ? row.out : kept.back().out) == 1);
        defines.flag("RD_STASH", stash);
    }
    if (r.term) defines.expression("RD_TERM_EXPR", "x, y, first", r.term);
    defines.expression("RD_FIRST_INIT", "", r.firstInit)
        .expression("RD_FIRST_ACCUMULATE", "acc, x, y", r.firstAccumulate)
        .expression("RD_FIRST_COMBINE", "acc, other", r.firstCombine)
        .expression("RD_SECOND_INIT", "", r.secondInit ? r.secondInit : "0")
        .expression("RD_SECOND_ACCUMULATE", "acc, x, y, first", r.secondAccumulate ? r.secondAccumulate : "acc")
        .expression("RD_SECOND_COMBINE", "acc, other", r.secondCombine ? r.secondCombine : "acc")
        .expression("RD_RESULT", "x, y, first, second", r.result);
    ProgramHandle program = plan.program("reduction", defines);

    auto kernel = plan.kernel(program, walkLanes                      ? "rd_along_walk_lanes"
                                       : walk                         ? "rd_along_walk"
                                       : path == ReductionPath::Lanes ? "rd_along_lanes"
                                                                      : "rd_along_each");
    LaunchSize size;
    size_t items = 0;
    const auto tiles = static_cast<cl_ulong>(walkEach ? walkTiles(kept, rows, walkVector(acc)) : 0);
    if (walkLanes) {
        items = 1;  // every lane of a row in one work-item
        size = LaunchSize::linear(static_cast<size_t>(rows));
    } else if (walk) {
        size = LaunchSize::linear(static_cast<size_t>(tiles));
    } else if (path == ReductionPath::Lanes) {
        const int forced = testHook(TestHook::ReductionPath);
        const size_t limit = forced >= 4 ? static_cast<size_t>(forced) : kReductionLanes;
        items = 1;
        while (items * 2 <= std::min(limit, kernel->maxWorkGroupSize())) items *= 2;
        const size_t global = static_cast<size_t>(rows) * items;
        size = LaunchSize::grid(1, &global, &items);
    } else {
        size = LaunchSize::linear(static_cast<size_t>(rows));
    }
    // The accumulations' passes and the pass that stores every element's result.
    const int passes = (r.secondInit != nullptr ? 2 : 1) + 1;
    requireLoopsFit(plan, tripsPerWorkItem(path, count, items, passes, 1), rows, count, "rows");

    // The plan log's name for the kernel's form.
    std::string form;
    if (plan.logging()) {
        const char *term = stash ? ", the term kept in out" : "";
        form = walkLanes                      ? strformat("walk: 64 lanes a row, %d a vector%s", walkVector(acc), term)
               : walk                         ? strformat("walk: %d rows a work-item%s", walkVector(acc), term)
               : path == ReductionPath::Lanes ? strformat("64 lanes a row on %zu work-items", items)
                                              : std::string("one work-item a row");
    }
    const Operand src = tensorOperand(plan, Operand::Where::Input, l.x),
                  src2 = tensorOperand(plan, Operand::Where::Input, l.y),
                  dst = tensorOperand(plan, Operand::Where::Output, l.output);
    const cl_long8 kShape8 = toLong8(shape), kIn8 = toLong8(inStrides), kIn28 = toLong8(in2Strides),
                   kOut8 = toLong8(outStrides);
    const auto rows64 = static_cast<cl_ulong>(rows), count64 = static_cast<cl_ulong>(count);
    const auto keptRank = static_cast<cl_int>(kept.size());
    const cl_long rowIn = row.in, rowIn2 = row.in2, rowOut = row.out;
    plan.launch(
        kernel, size,
        [=](Kernel &k, RunContext &ctx) {
            if (walkEach) {
                k.args(src.resolve(ctx), src2.resolve(ctx), dst.resolve(ctx), rows64, count64, keptRank, kShape8,
                       kIn8, kIn28, kOut8, rowIn, rowIn2, rowOut, tiles);
            } else {
                k.args(src.resolve(ctx), src2.resolve(ctx), dst.resolve(ctx), rows64, count64, keptRank, kShape8,
                       kIn8, kIn28, kOut8, rowIn, rowIn2, rowOut);
            }
        },
        plan.logging()
            ? strformat("%s, %lld rows of %lld elements, kept dims %zu, accumulate %s", form.c_str(),
                        static_cast<long long>(rows), static_cast<long long>(count), kept.size(), dtypeName(acc)) +
                  ", math " + r.result
            : std::string());
}

void planReductionFill(OpPlan &plan, size_t output, double value) {
    const aclTensor &out = plan.output(output);
    if (out.isEmpty()) return;
    const DtypeInfo *info = dtypeInfo(out.dtype);
    ElementwiseLaunch l;
    l.math = "alpha";
    l.compute = info->floating ? out.dtype : ACL_FLOAT;
    l.a = ElementwiseOperand::output(output);  // read, never used: the math is the value
    l.alpha = ScalarValue::ofDouble(value);
    l.output = output;
    planElementwise(plan, l);
}

void checkDtypeArgument(const char *op, aclDataType dtype, const char *arg, const std::vector<aclDataType> &allowed) {
    if (std::find(allowed.begin(), allowed.end(), dtype) != allowed.end()) return;
    const char *name = dtypeName(dtype);
    fail(ACLNN_ERR_PARAM_INVALID,
         strformat("%s: %s %s (%d) not implemented, should be in dtype support list %s.", op, arg,
                   name ? name : "unknown", static_cast<int>(dtype),
                   dtypeList(allowed.data(), allowed.size()).c_str()));
}

}  // namespace aclcl
