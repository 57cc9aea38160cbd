#include "case_list.h"

#include <set>

#include "common/dtype.h"
#include "json.h"

namespace bench {

CaseInfo describe(const testing_support::OpCase &c) {
    CaseInfo info;
    info.op = c.op;
    info.name = c.name;
    info.dtype = c.dtype;
    info.bytes = c.bytes;
    info.flops = c.flops;
    info.speed = c.speedCase;
    info.gemm = c.gemm;
    info.sweep = c.sweep;
    info.params = c.params;
    return info;
}

std::string dtypeLabel(aclDataType dtype) {
    const char *name = aclcl::torchDtypeName(dtype);
    return name ? name : "dtype" + std::to_string(static_cast<int>(dtype));
}

std::vector<CaseInfo> selectCases(const std::string &opFilter, const std::string &caseFilter, bool quick) {
    std::vector<CaseInfo> all;
    for (const auto &c : testing_support::makeCases(opFilter)) {
        if (!caseFilter.empty() && c->name.find(caseFilter) == std::string::npos) continue;
        all.push_back(describe(*c));
    }
    if (!quick) return all;
    // The smallest member of each sweep stands for the sweep in a quick run.
    std::map<std::string, size_t> smallest;
    for (size_t i = 0; i < all.size(); ++i) {
        if (all[i].sweep.empty()) continue;
        std::string sweepKey = all[i].op + "\n" + all[i].sweep;
        auto it = smallest.find(sweepKey);
        if (it == smallest.end()) {
            smallest[sweepKey] = i;
            continue;
        }
        const CaseInfo &best = all[it->second];
        if (all[i].bytes < best.bytes || (all[i].bytes == best.bytes && all[i].flops < best.flops)) it->second = i;
    }
    std::set<size_t> keep;
    for (const auto &entry : smallest) keep.insert(entry.second);
    std::vector<CaseInfo> chosen;
    for (size_t i = 0; i < all.size(); ++i) {
        if (all[i].speed || keep.count(i)) chosen.push_back(all[i]);
    }
    return chosen;
}

std::string caseListJson(const std::vector<CaseInfo> &cases) {
    std::string out = "{\"cases\": [";
    for (size_t i = 0; i < cases.size(); ++i) {
        const CaseInfo &c = cases[i];
        out += i ? ",\n  " : "\n  ";
        out += "{\"op\": " + jsonString(c.op) + ", \"case\": " + jsonString(c.name) +
               ", \"dtype\": " + jsonString(dtypeLabel(c.dtype)) + ", \"bytes\": " + jsonNumber(c.bytes) +
               ", \"flops\": " + jsonNumber(c.flops) + ", \"speed\": " + (c.speed ? "true" : "false") +
               ", \"sweep\": " + (c.sweep.empty() ? std::string("null") : jsonString(c.sweep)) + ", \"params\": {";
        bool first = true;
        for (const auto &p : c.params) {
            out += first ? "" : ", ";
            first = false;
            out += jsonString(p.first) + ": [";
            for (size_t k = 0; k < p.second.size(); ++k) out += (k ? ", " : "") + jsonNumber(p.second[k]);
            out += "]";
        }
        out += "}}";
    }
    out += cases.empty() ? "]}\n" : "\n]}\n";
    return out;
}

}  // namespace bench
