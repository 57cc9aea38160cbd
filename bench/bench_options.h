// Command-line options of aclnn_bench (see usage() and docs/benchmarks.md).
#pragma once

#include <string>

namespace bench {

struct Options {
    bool quick = false;       // speed cases + the smallest member of each sweep, few runs
    bool demo = false;        // --demo: the quick run's runs on one case per operator (implies quick)
    bool listCases = false;   // write the selected case list (for the PyTorch baseline) and exit
    bool cold = false;        // first calls with empty driver kernel caches (see docs/benchmarks.md)
    bool noTorch = false;     // do not run the PyTorch baseline
    bool help = false;
    std::string device;       // ACLNN_OPENCL_DEVICE filter applied before the runtime starts
    std::string opFilter;     // substring of the operator name
    std::string caseFilter;   // substring of the case name
    std::string jsonPath;     // results (or, with --list-cases, the case list); "-" is stdout
    std::string torchJson;    // an existing torch_baseline.py output to merge instead of running it
    std::string python;       // interpreter for the baseline; empty = defaultTorchPython()
    int threads = 0;          // PyTorch CPU threads; 0 = the number of online CPUs
    int runs = 0;             // timed runs per case; 0 = adaptive (see measure.h)
    double copyMiB = 256;     // size of the copy-bandwidth yardstick
    // --tune-kernels: time the row-streaming kernels' launch parameters and write this kernel parameter
    // file (bench/kernel_tuner.h) instead of benchmarking.
    std::string tuneKernels;
    double tuneBudget = 120;  // seconds for the whole tuning, split over the kernels
    bool tuneGpuPath = false; // --tune-gpu-path: the GPU kernels on any device (rehearsals on a CPU)
};

// The baseline's interpreter when --python is not given: the current PyTorch that scripts/install-torch.sh
// puts in <deps>/torch-venv (ACLNN_DEPS_DIR, else the checkout's .deps), else Debian's /usr/bin/python3.
std::string defaultTorchPython();

// Parses argv; on a bad option prints why and returns false.
bool parseOptions(int argc, char **argv, Options *options);
void printUsage(const char *argv0);

}  // namespace bench
