// The PyTorch baseline: runs bench/torch_baseline.py on the selected cases (or reads its output) and
// keeps its times by case and PyTorch device ("cpu", "cuda").
#pragma once

#include <map>
#include <string>
#include <vector>

#include "case_list.h"

namespace bench {

struct TorchResults {
    bool available = false;
    std::string why;        // when not available: why the columns are empty
    std::string version;    // torch.__version__
    std::string python;     // the interpreter that ran it (older result files: empty)
    int threads = 0;        // torch.get_num_threads() during the CPU runs
    std::string cudaName;   // empty without CUDA
    std::map<std::string, std::map<std::string, double>> ms;    // CaseInfo::key() -> device -> ms
    // Host wall time of the call and its synchronize, where it differs from ms (CUDA: ms is CUDA-event
    // time, the kernels alone). Older result files have none: then lookupWall gives ms.
    std::map<std::string, std::map<std::string, double>> wallMs;
    // Slowest over fastest host wall time of the timed calls (older result files have none).
    std::map<std::string, std::map<std::string, double>> wallSpread;
    std::map<std::string, std::string> skipped;                 // CaseInfo::key() -> first reason

    // Milliseconds for this case on that PyTorch device, or a negative value.
    double lookup(const CaseInfo &c, const std::string &device) const;
    // The same call's host wall time (lookup's value where the file gives none).
    double lookupWall(const CaseInfo &c, const std::string &device) const;
    // Slowest over fastest host wall time, or a negative value.
    double lookupSpread(const CaseInfo &c, const std::string &device) const { return find(wallSpread, c, device); }

private:
    static double find(const std::map<std::string, std::map<std::string, double>> &table, const CaseInfo &c,
                       const std::string &device);
};

TorchResults loadTorchResults(const std::string &path);

// Writes the case list to a temporary file and runs `python script --cases ... --out ... --threads N`.
TorchResults runTorchBaseline(const std::string &python, const std::string &script, const std::vector<CaseInfo> &cases,
                              int threads, bool quick);

}  // namespace bench
