// Measurements on one device: the copy-bandwidth yardstick and the timing of one operator case
// (check first, then device time from OpenCL event profiling and host wall time, medians).
#pragma once

#include <string>
#include <vector>

#include "acl/acl.h"
#include "support/op_case.h"

namespace bench {

struct BenchDevice {
    int id = 0;
    std::string name;   // unique, for the JSON: "pocl: pthread-...", "rusticl: llvmpipe ..."
    std::string label;  // short, for the table: "pocl CPU 0"
    std::string type;   // "CPU", "GPU", "ACCELERATOR", "OTHER"
    double copyGbps = 0;  // 0 when the yardstick could not run
    // False when the driver's event profiling gives no real timestamps (rusticl in Mesa 22.x reports
    // placeholders): times on this device are then host times of enqueue + synchronize.
    bool eventTiming = true;
};

// Every device the runtime exposes (after ACLNN_OPENCL_DEVICE), in the runtime's order.
std::vector<BenchDevice> listDevices();

// aclrtMemcpyAsync DEVICE_TO_DEVICE of `mib` MiB (smaller if the device cannot allocate that), counted
// as read + write bytes; the median of `reps` runs timed with events. Returns GB/s (1e9 bytes/s) and
// sets *usedMiB, or 0 with the reason in *why. Also finds out whether the events carry real device
// timestamps (*eventTiming); if not, the copy is timed on the host instead.
double measureCopyBandwidth(aclrtStream stream, double mib, int reps, double *usedMiB, bool *eventTiming,
                            std::string *why);

struct TimingPolicy {
    int minRuns = 10;
    int maxRuns = 200;
    double targetSeconds = 2.0;  // stop after minRuns once this much host time has been spent
    // Slow cases (seconds per call on a CPU device) stop after floorRuns once they have spent
    // slowFactor * targetSeconds, so that a full run stays within minutes; when the first (checked)
    // call alone took that long, there is no separate warm-up call.
    int floorRuns = 3;
    double slowFactor = 5.0;
    // After the timed runs, the products' share (CaseResult::productsMs); the kernel tuner, which only
    // compares kernels' times, skips it.
    bool products = true;
};

enum class Outcome { Timed, Failed, Skipped };

struct CaseResult {
    Outcome outcome = Outcome::Skipped;
    std::string detail;      // why it failed or was skipped
    double deviceMs = 0;     // median device time of the timed runs (host run + synchronize time when the
                             // device has no event timing)
    double wallMs = 0;       // median host wall time of plan + run + synchronize
    double wallSpread = 0;   // slowest over fastest host wall time of the timed runs
    double firstCallMs = 0;  // the first plan + run + synchronize, program builds included
    int runs = 0;
    // The device time of the call's products alone (its GEMM steps: host BLAS, CLBlast or our GEMM), the
    // least of a few calls with their steps timed one at a time (aclcl::StepTimes) after the timed runs;
    // 0 when the call has no products.
    double productsMs = 0;
};

// Runs one case on the current device: supported? -> setup -> first call (after emptying the in-process
// program caches when `clearProgramCaches`) -> check -> one warm-up -> timed runs. Never throws.
CaseResult measureCase(testing_support::OpCase &c, aclrtStream stream, const TimingPolicy &policy,
                       bool clearProgramCaches, bool eventTiming);

double median(std::vector<double> values);

}  // namespace bench
