// The host's half of the row-streaming pattern of memory-bound GPU kernels (cl_kernels/common.cl,
// "Row streaming"; docs/architecture.md): each work-item owns ROW_ELEMS elements of one row at columns
// chunk + j * chunks, over the NDRange (chunks rounded up to the work-group's x, rows, planes).
//
// The launch parameters (elements per work-item, work-group shape) are each kernel's, taken in this
// order: the tests' choice (TestHook::RowStreamElems, RowStreamGroupX, RowStreamGroupY); the kernel's
// line in the device's kernel parameter file (kernels/kernel_params.h: "row_stream <kernel> elems=8
// group=32x4", as aclnn_bench --tune-kernels writes it); its defaults (RowStreamDefaults) with the
// work-group's x from the device (the kernel's preferred work-group multiple, its SIMD width: 32 on
// NVIDIA, 64 on AMD). The plan log names them and where each came from (describe()).
// Which work-item owns a column changes with them, what each column holds does not: every parameter
// set gives the same bits, and the tests run each operator over its parameter space to show it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "kernels/defines.h"
#include "kernels/kernel_params.h"
#include "kernels/launch.h"
#include "runtime/device.h"

namespace aclcl {

// A kernel's own defaults, where nothing else applies.
struct RowStreamDefaults {
    const char *kernel;       // the OpenCL kernel's name, which its line in a kernel parameter file gives
    int elems = 4;            // elements per work-item (docs/bench/2026-11-27-nvidia-h100-probe.md)
    size_t groupItems = 128;  // work-items per work-group: x from the device, y = groupItems / x (32x4, 64x2)
};

// The launch of one row-streaming kernel over planes x rows x width elements. Make it before the
// program (define() adds ROW_ELEMS), then take launchSize() from the kernel built from it.
class RowStream {
public:
    // elementTrips: the most loop trips that one element may take (a gather's sources, 1 for a copy);
    // the default elements per work-item are halved until a work-item stays within kMaxWalkTrips.
    RowStream(const Device &device, const RowStreamDefaults &defaults, int64_t width, int64_t rows, int64_t planes,
              double elementTrips = 1);

    int elems() const { return elems_; }
    int64_t chunks() const { return chunks_; }  // work-items per row: ceil(width / elems)

    // ROW_ELEMS, for the program's defines.
    void define(Defines &defines) const;
    // What the kernel's index math reaches beyond the tensors: the last column a work-item forms
    // (chunks * elems - 1) and the NDRange's extents. 32-bit indexing applies when the operator's
    // IndexWidth, this included, says so; else the kernel takes its 64-bit build.
    void cover(IndexWidth &width) const;
    // The NDRange for `kernel` (built with define()); sets the work-group shape that describe() logs.
    LaunchSize launchSize(const Kernel &kernel);
    // For the plan log: "row stream pad2d_fwd_stream: elems 4 (kernel default), work-group 32x4 (device
    // SIMD width 32), 32 chunks a row, 32-bit index"; a tuned value says "tuned: nvidia-h200.params".
    std::string describe(bool wideIndex) const;

private:
    const Device &device_;
    RowStreamDefaults defaults_;
    int64_t width_, rows_, planes_;
    int elems_ = 1;
    int64_t chunks_ = 1;
    std::shared_ptr<const KernelParamsFile> file_;  // the device's kernel parameter file; may be null
    const RowStreamEntry *entry_ = nullptr;          // this kernel's line in it; may be null
    std::string elemsFrom_;
    size_t groupX_ = 0, groupY_ = 0;
    std::string groupFrom_;
};

}  // namespace aclcl
