// What a benchmark run found, and its two renderings: the markdown tables on stdout and the JSON file.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "case_list.h"
#include "measure.h"
#include "torch_results.h"

namespace bench {

struct RunReport {
    std::string machine;
    bool quick = false;
    bool demo = false;  // --demo: one case per operator
    bool cold = false;
    std::vector<BenchDevice> devices;
    std::vector<std::string> copyNotes;  // per device: size used, or why the yardstick failed
    std::vector<CaseInfo> cases;
    std::map<std::string, std::map<int, CaseResult>> results;  // CaseInfo::key() -> device id -> result
    // GEMM cases on devices whose products run in the host BLAS: the same case with every product in
    // CLBlast (ACLNN_OPENCL_GEMM=clblast), so that both backends stand side by side.
    std::map<std::string, std::map<int, CaseResult>> clblastResults;
    TorchResults torch;

    int failures() const;
};

// "hostname: CPU model, N CPUs, kernel"
std::string describeMachine();

// The main table (ms and GB/s or GFLOP/s per device, GPU/CPU, PyTorch), notes under it, the first-call
// and host-wall table, and the list of failures.
std::string renderMarkdown(const RunReport &report);

// The schema in docs/benchmarks.md: machine, devices (name, type, copy_gbps), results, and gemm_backends
// when some case ran on both GEMM backends.
std::string renderJson(const RunReport &report);

}  // namespace bench
