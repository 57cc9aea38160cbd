#include "case_list.h"

#include <map>
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

namespace {
// Fewer bytes first, then fewer flops.
bool smaller(const CaseInfo &a, const CaseInfo &b) {
    return a.bytes < b.bytes || (a.bytes == b.bytes && a.flops < b.flops);
}

// Per key, the index of the case that `better` prefers to every other case with that key; keyOf gives ""
// for a case that no key holds. Returns those cases in their order in `cases`, plus any `alsoKeep` says.
template <class KeyOf, class Better, class AlsoKeep>
std::vector<CaseInfo> bestPerKey(const std::vector<CaseInfo> &cases, KeyOf keyOf, Better better, AlsoKeep alsoKeep) {
    std::map<std::string, size_t> best;
    for (size_t i = 0; i < cases.size(); ++i) {
        std::string key = keyOf(cases[i]);
        if (key.empty()) continue;
        auto inserted = best.emplace(key, i);
        if (!inserted.second && better(cases[i], cases[inserted.first->second])) inserted.first->second = i;
    }
    std::set<size_t> keep;
    for (const auto &entry : best) keep.insert(entry.second);
    std::vector<CaseInfo> out;
    for (size_t i = 0; i < cases.size(); ++i) {
        if (keep.count(i) || alsoKeep(cases[i])) out.push_back(cases[i]);
    }
    return out;
}
}  // namespace

std::vector<CaseInfo> selectCases(const std::string &opFilter, const std::string &caseFilter, Selection selection) {
    std::vector<CaseInfo> all;
    for (const auto &c : testing_support::makeCases(opFilter)) {
        if (!caseFilter.empty() && c->name.find(caseFilter) == std::string::npos) continue;
        all.push_back(describe(*c));
    }
    if (selection == Selection::All) return all;
    // The speed cases, and the smallest member of each sweep standing for the sweep.
    std::vector<CaseInfo> quick = bestPerKey(
        all, [](const CaseInfo &c) { return c.sweep.empty() ? std::string() : c.op + "\n" + c.sweep; }, smaller,
        [](const CaseInfo &c) { return c.speed; });
    if (selection == Selection::Quick) return quick;
    // The demo: each operator's smallest speed case or sweep member, a FLOAT one before any other dtype,
    // since every device runs FLOAT (fp16 and fp64 cases are skipped where the device lacks them).
    return bestPerKey(
        all, [](const CaseInfo &c) { return c.speed || !c.sweep.empty() ? c.op : std::string(); },
        [](const CaseInfo &c, const CaseInfo &best) {
            bool cFloat = c.dtype == ACL_FLOAT, bestFloat = best.dtype == ACL_FLOAT;
            return cFloat != bestFloat ? cFloat : smaller(c, best);
        },
        [](const CaseInfo &) { return false; });
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
