// Each step's time, for the benchmark's breakdown of a call (bench/measure.cpp: how much of a case's device
// time its products take, docs/benchmarks.md). While a StepTimes is alive, every call plans with its steps
// described (as info logging plans them, without writing the log) and runs as debug logging runs it: the
// queue finished after each step, the step timed between device markers (host time from enqueue to finish
// where the device has no event timestamps). The times are appended to the StepTimes. One at a time in a
// process; it slows every call it sees, so never alive while a call is being timed.
#pragma once

#include <string>
#include <vector>

namespace aclcl {

struct StepTime {
    std::string api;   // "aclnnConvolution"
    std::string name;  // the plan's description: "kernel ... ", "host BLAS fp32 (gemm ...)"
    double ms = 0;
};

class StepTimes {
public:
    StepTimes();
    ~StepTimes();
    StepTimes(const StepTimes &) = delete;
    StepTimes &operator=(const StepTimes &) = delete;
    // The steps timed since this object was made, in the order they ran.
    std::vector<StepTime> taken() const;
};

// Whether a StepTimes is alive (the executor and the plans ask).
bool stepTimesWanted();
void recordStepTime(const char *api, const std::string &name, double ms);

}  // namespace aclcl
