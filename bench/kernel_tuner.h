// aclnn_bench --tune-kernels (issue 38): times the row-streaming kernels' launch parameters on the device
// at hand and writes its kernel parameter file (host/kernels/kernel_params.h; docs/devices.md).
//
// For each kernel, over its operator's speed case: the defaults (ACLNN_OPENCL_KERNEL_PARAMS=off), then
// each set of elements per work-item {1, 2, 4, 8, 16} by work-group x {32, 64} (the SIMD widths of NVIDIA
// and AMD GPUs, within the device's limits) by rows {1, 2, 4, 8}, each given to the library through a
// one-line kernel parameter file named by ACLNN_OPENCL_KERNEL_PARAMS (the mechanism a tuned file uses).
// Each set's output must equal the default's bit for bit (one that differs is reported and fails the
// run). The fastest set is then timed again against the defaults in the same run, on the speed case and
// the operator's sweep cases: kept when it beats the defaults by kKeepMargin on the speed case, the median
// of several runs, and is slower by no more than that on any sweep case. The budget is split over the
// kernels (time a kernel leaves unused goes to the next); a kernel whose budget ends mid-space keeps the
// best set so far. Writes OUT (device, units, one line a kept kernel, a comment with the times and the
// gain), OUT-ab.md and OUT-ab.json (the defaults against the tuned file, each case, same run).
// --op limits the kernels to those of the operators it names; --quick (rehearsals) times the smallest
// sweep case instead of the speed case, with fewer runs.
#pragma once

#include "bench_options.h"

namespace bench {

// A set must be this much faster than the defaults (median device time) to be written.
constexpr double kKeepMargin = 0.03;

// Runs the tuner on the first device (after --device); returns the exit status (1 when a set gave
// other bits, a case failed, or a file could not be written).
int tuneKernels(const Options &o);

}  // namespace bench
