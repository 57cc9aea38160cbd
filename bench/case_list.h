// Which registered cases a run covers, and the case list shared with the PyTorch baseline.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "support/op_case.h"

namespace bench {

// What the benchmark keeps of an OpCase after the case object (and its device memory) is gone.
struct CaseInfo {
    std::string op, name;
    aclDataType dtype = ACL_FLOAT;
    double bytes = 0, flops = 0;
    bool speed = false;
    bool gemm = false;  // OpCase::gemm
    std::string sweep;
    std::map<std::string, std::vector<double>> params;

    std::string key() const { return op + "\n" + name; }
};

CaseInfo describe(const testing_support::OpCase &c);

// PyTorch-style dtype names ("float32", "bfloat16", ...), used in the JSON files and the table.
std::string dtypeLabel(aclDataType dtype);

// Which of the registered cases a run takes.
enum class Selection {
    All,    // every case
    Quick,  // speed cases and the smallest member (fewest bytes, then flops) of each (operator, sweep)
    Demo,   // one case per operator: its smallest speed case or sweep member, FLOAT first (make demo)
};

// The registered cases after the --op/--case filters, narrowed by `selection`. Registration order is kept.
std::vector<CaseInfo> selectCases(const std::string &opFilter, const std::string &caseFilter, Selection selection);

// {"cases": [{"op", "case", "dtype", "bytes", "flops", "speed", "sweep", "params": {...}}]}
std::string caseListJson(const std::vector<CaseInfo> &cases);

}  // namespace bench
