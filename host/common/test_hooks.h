// Test-only hooks: switches that make the tests reach code paths the automatic choices take only on
// other devices or at sizes too large for CI. Not exported from the shared library and not part of
// the public API; only tests/ use them, and only through ScopedTestHook, so that a failing test
// cannot leave a hook on for the tests after it.
#pragma once

namespace aclcl {

enum class TestHook : int {
    WideIndex,           // every operator: 64-bit index math whatever the size (IndexWidth, ops/op_helpers.h)
    ManyWorkItemKernels,  // every operator: the kernels GPUs take (many work-items, no walk in one
                          // work-item) on any device; the one CPU/GPU kernel-path decision
                          // (manyWorkItemKernels, kernels/launch.h) reads it
    Im2colBackwardRuntimeTaps,  // Im2colBackward: the runtime-geometry kernel for every kernel size (not the
                                // one unrolled over the taps)
    MaxUnpoolBackwardDirect,    // MaxUnpool2dBackward: the direct kernel even where the staged one applies
    MaxPoolBackwardPlanes,  // MaxPool2dWithIndicesBackward: the per-plane scatter (the CPU's) everywhere,
                            // whatever the plane count (wins over ManyWorkItemKernels); 2: FLOAT16/BF16
                            // sums in the workspace even where a plane fits in local memory
    GnsgWorkSplit,       // GroupNormSwishGrad: the work split, 0 automatic, 1 CPU three-pass, 2 GPU,
                         // 3 CPU fused (g in local memory), 4 CPU fused recomputing g;
                         // GroupNormSwish: 2 the GPU split (64 lanes), any other non-zero value the CPU split
    DelayEnqueueUs,      // every kernel launch of an operator (OpPlan::launch): sleep this many microseconds
                         // between setting its arguments and enqueueing it (widens a race window for the
                         // hostile-use tests)
    GemmBackend,         // ConvTbc and ConvTbcBackward (host/blas): 1 CLBlast, 2 the host BLAS where it can run,
                         // 3 the own GEMM (gemm.cl) where it can run
    OwnGemmTiles,        // the own GEMM's tiles (host/blas/own_gemm.h): 1 + an index into kOwnGemmTileSets
    OwnGemmWalk,         // the own GEMM's form: 0 the device's (ownGemmWalks), 1 the tiled gemm_f32, 2 gemm_walk
    RowStreamElems,      // every row-streaming kernel (kernels/row_stream.h): this many elements per work-item
    RowStreamGroupX,     // ... and a work-group of this many work-items along the row
    RowStreamGroupY,     // ... by this many rows (each 0: the kernel's and the device's defaults)
    ReductionPath,       // the reduction engine (engines/reduction.h): 1 one work-item an output, 2 64 lanes an
                         // output, 4 .. 64 the lanes on work-groups of at most that many work-items (on the
                         // CPU's walking kernels: an output's lanes split among value / 4 work-items, at most 8),
                         // none of them split into chunks; 3 the CHUNKS split wherever it exists, in chunks of 64
                         // to 256 elements
    ElementwiseWalkRun,  // the elementwise engine's CPU kernel (ew_walk): this many elements per work-item
    ReductionWalk,       // the reduction engine's walking kernels (CPU devices) wherever they apply, whatever the
                         // size (engines/reduction.h)
    ReductionNoStash,    // the ALONG walk computes a row's term twice instead of keeping it in out
                         // (engines/reduction.h, ReductionAlongRow::term)
    ElementwiseStreamStores,  // the elementwise engine's non-temporal stores (ew_walk, CPU devices) wherever
                              // they apply, whatever the size (engines/elementwise.h)
    ConvolutionTaps,     // Convolution and ConvolutionBackward: 1 the column buffer (im2col, col2im) everywhere;
                         // 2 the shifted-tap products wherever they apply (stride 1; the backward's pads within
                         // the kernel's reach), whatever the backend and channel count (ops/convolution_shape.h)
    BulkMemoryKernels,   // device-to-device copies and fills (runtime/bulk_memory.h): 1 the runtime's kernels wherever
                         // the offsets and count are whole 4-byte words, on any device and at any size; 2 never
    Count
};

// The hook's value; 0 when off. One relaxed atomic load.
int testHook(TestHook hook);

// Sets a hook for its lifetime and restores the previous value on destruction.
class ScopedTestHook {
public:
    explicit ScopedTestHook(TestHook hook, int value = 1);
    ~ScopedTestHook();
    ScopedTestHook(const ScopedTestHook &) = delete;
    ScopedTestHook &operator=(const ScopedTestHook &) = delete;

private:
    TestHook hook_;
    int previous_;
};

}  // namespace aclcl
