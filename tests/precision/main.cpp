// aclnn_precision: the precision report of docs/precision.md. For every registered operator, every dtype
// it accepts and every OpenCL device, runs --cases cases drawn by the CANN operator precision standard's
// input rules (fixed seed: the same inputs on every device), measures each against a float64 host golden
// and prints one row per operator x dtype x device; --markdown rewrites the generated part of a page.
// Exit status 1 when any row fails the standard and is not a known finding (tests/precision/findings.h).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "aclnn_opencl/aclnn_opencl.h"
#include "common/dtype.h"
#include "precision/findings.h"
#include "precision/metrics.h"
#include "precision/precision.h"
#include "reliability_harness.h"

namespace precision {
namespace {

struct Options {
    int cases = 200;
    int specialCases = 20;
    uint64_t seed = 20261126;
    std::string opFilter, markdown;
};

void usage() {
    std::fprintf(stderr,
                 "usage: aclnn_precision [--cases N] [--seed S] [--op SUBSTRING] [--markdown FILE]\n"
                 "  --cases N      cases per operator x dtype x device (default 200, the standard's minimum)\n"
                 "  --special-cases N  further cases with inf and nan among the inputs (default 20)\n"
                 "  --seed S       the draw's seed (default 20261126)\n"
                 "  --op SUBSTR    only operators whose aclnn name contains SUBSTR\n"
                 "  --markdown F   rewrite F below its generated-part marker with the report\n");
}

bool parse(int argc, char **argv, Options *o) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--cases" && hasValue) {
            o->cases = std::atoi(argv[++i]);
        } else if (a == "--special-cases" && hasValue) {
            o->specialCases = std::atoi(argv[++i]);
        } else if (a == "--seed" && hasValue) {
            o->seed = std::strtoull(argv[++i], nullptr, 10);
        } else if (a == "--op" && hasValue) {
            o->opFilter = argv[++i];
        } else if (a == "--markdown" && hasValue) {
            o->markdown = argv[++i];
        } else {
            return false;
        }
    }
    return o->cases > 0 && o->specialCases >= 0;
}

// CANN's dtype name without its "DT_" prefix ("FLOAT", "BF16"): the report's spelling, and part of each
// case's seed, so it must not change.
const char *dtypeName(aclDataType d) { return aclcl::dtypeName(d) + 3; }

// FNV-1a over the operator and dtype, mixed with the seed and case index: a case's inputs do not depend on
// which devices or operators run with it.
uint64_t caseSeed(uint64_t seed, const std::string &api, aclDataType dtype, int index) {
    uint64_t h = 1469598103934665603ULL ^ seed;
    const std::string key = api + "/" + dtypeName(dtype) + "/" + std::to_string(index);
    for (unsigned char c : key) h = (h ^ c) * 1099511628211ULL;
    return h;
}

struct Row {
    std::string op, dtype, device;
    std::string unsupported;  // why the device cannot run this dtype
    std::string error;        // the first case's failure to run, if any
    Tally tally, special;  // the standard's input distributions; the same with inf and nan among them
    double t = 0;
    const Finding *finding = nullptr;         // covering the regular cases
    const Finding *specialFinding = nullptr;  // covering the special-value cases
    bool pass() const {
        return unsupported.empty() && error.empty() && tally.failedCases == 0 && special.failedCases == 0 &&
               tally.cases > 0;
    }
    // Whether every failure is covered by a known finding (a case that did not run never is).
    bool excused() const {
        return unsupported.empty() && error.empty() && tally.cases > 0 && (tally.failedCases == 0 || finding) &&
               (special.failedCases == 0 || specialFinding);
    }
    std::string findingIds() const {
        std::string ids;
        if (tally.failedCases && finding) ids = finding->id;
        if (special.failedCases && specialFinding && ids != specialFinding->id) {
            ids += (ids.empty() ? "" : ", ") + std::string(specialFinding->id);
        }
        return ids;
    }
};

std::string deviceText(const aclnnOpenclDeviceInfo &info) {
    return std::string(info.platform) + ": " + info.name;
}

Row measureRow(const Options &o, const RegisteredOp &op, aclDataType dtype, const aclnnOpenclDeviceInfo &info,
               aclrtStream stream) {
    Row row;
    row.op = op.api.substr(5);  // without "aclnn"
    row.dtype = dtypeName(dtype);
    row.device = deviceText(info);
    row.t = thresholdsOf(dtype).t;
    if ((dtype == ACL_DOUBLE || dtype == ACL_COMPLEX128) && !info.hasFp64) {
        row.unsupported = "not supported by this device (no cl_khr_fp64)";
        return row;
    }
    for (int i = 0; i < o.cases + o.specialCases; ++i) {
        const bool special = i >= o.cases;
        Draw draw(caseSeed(o.seed, op.api, dtype, i), i % 2 == 1, special);
        const std::string drawn = draw.distribution();
        try {
            (special ? row.special : row.tally).add(op.runner(dtype, draw, stream), drawn);
        } catch (const std::exception &e) {
            row.error = std::string("case ") + std::to_string(i) + " (" + drawn + "): " + e.what();
            break;
        }
    }
    row.finding = knownFinding(row.op, row.dtype, false);
    row.specialFinding = knownFinding(row.op, row.dtype, true);
    return row;
}

std::string number(double v) {
    char s[32];
    std::snprintf(s, sizeof s, v == 0 ? "0" : "%.3g", v);
    return s;
}

std::string verdict(const Row &r) {
    if (!r.unsupported.empty()) return r.unsupported;
    if (!r.error.empty()) return "FAIL: " + r.error;
    if (r.pass()) return "pass";
    return r.excused() ? "fail: finding " + r.findingIds() : "FAIL";
}

// Special-value cases: how many passed (every element of a non-finite golden exact, the rest by the metrics).
std::string specialText(const Tally &t) {
    if (t.cases == 0) return "-";
    return std::to_string(t.cases - t.failedCases) + " / " + std::to_string(t.cases);
}

// One markdown table row: operator, dtype, device, cases, MARE, MERE, RMSE, small values, bitwise, special
// values, verdict.
std::string markdownRow(const Row &r) {
    std::ostringstream s;
    s << "| " << r.op << " | " << r.dtype << " | " << r.device << " | ";
    if (!r.unsupported.empty() || !r.error.empty()) {
        s << "- | - | - | - | - | - | - | " << verdict(r) << " |";
        return s.str();
    }
    const Tally &t = r.tally;
    s << t.cases << " | ";
    if (t.anyMetrics) {
        s << number(t.mare) << " (" << number(t.mare / (10 * r.t)) << ") | " << number(t.mere) << " ("
          << number(t.mere / r.t) << ") | " << number(t.rmse) << " | " << t.smallErrors << " / " << t.small << " | ";
    } else {
        s << "- | - | - | - | ";
    }
    s << (t.anyBitwise ? (t.exactMisses ? std::to_string(t.exactMisses) + " differ" : "equal") : "-") << " | "
      << specialText(r.special) << " | " << verdict(r) << " |";
    return s.str();
}

// Per dtype: the worst MERE / T and MARE / (10 T) over every measured row, and over the rows no known
// finding covers.
std::string worstPerDtype(const std::vector<Row> &rows) {
    struct Worst {
        std::string dtype;
        double mere = 0, mare = 0, mereClean = 0, mareClean = 0;
    };
    std::vector<Worst> worst;
    for (const Row &r : rows) {
        if (!r.tally.anyMetrics || !r.unsupported.empty()) continue;
        size_t k = 0;
        while (k < worst.size() && worst[k].dtype != r.dtype) ++k;
        if (k == worst.size()) worst.push_back({r.dtype});
        Worst &w = worst[k];
        const double mere = r.tally.mere / r.t, mare = r.tally.mare / (10 * r.t);
        w.mere = std::max(w.mere, mere);
        w.mare = std::max(w.mare, mare);
        if (!r.finding) {
            w.mereClean = std::max(w.mereClean, mere);
            w.mareClean = std::max(w.mareClean, mare);
        }
    }
    std::ostringstream s;
    s << "| dtype | worst MERE / T | worst MARE / (10 T) | the same without the known findings' rows |\n"
      << "|---|---|---|---|\n";
    for (const Worst &w : worst) {
        s << "| " << w.dtype << " | " << number(w.mere) << " | " << number(w.mare) << " | " << number(w.mereClean)
          << ", " << number(w.mareClean) << " |\n";
    }
    return s.str();
}

const char *kMarker = "<!-- Everything below is generated by aclnn_precision --markdown; edit the part above. -->";

void writeMarkdown(const std::string &path, const Options &o, const std::vector<Row> &rows, double seconds) {
    std::string head;
    {
        std::ifstream in(path);
        std::string line;
        while (std::getline(in, line) && line != kMarker) head += line + "\n";
    }
    std::ofstream out(path);
    out << head << kMarker << "\n\n";
    out << "Generated by `aclnn_precision --cases " << o.cases << " --special-cases " << o.specialCases << " --seed "
        << o.seed << "` in "
        << static_cast<int>(seconds + 0.5) << " s.\n\n";
    out << "### Worst ratio to the threshold, per dtype (all operators and devices)\n\n" << worstPerDtype(rows);
    out << "\n### Every operator x dtype x device\n\n"
        << "MARE and MERE are the worst case's; in parentheses their ratio to the pass bound (10 T and T). "
           "Small values: elements whose absolute error exceeds the standard's bound / small-value elements. "
           "Bitwise: elements that differ from the golden bit for bit. Special values: the further cases with "
           "inf and nan among the inputs that pass (a non-finite golden element exact, the others by the "
           "thresholds) / all of them.\n\n"
        << "| operator | dtype | device | cases | MARE (/10T) | MERE (/T) | RMSE | small values | bitwise | special "
           "values | verdict |\n"
        << "|---|---|---|---|---|---|---|---|---|---|---|\n";
    for (const Row &r : rows) out << markdownRow(r) << "\n";
    bool anyFinding = false;
    for (const Row &r : rows) anyFinding = anyFinding || (!r.pass() && r.excused());
    if (anyFinding) {
        out << "\n### Findings\n\n";
        for (const Finding &f : knownFindings()) {
            out << "- **" << f.id << "** (" << f.op << ", " << (std::string(f.dtype) == "*" ? "every dtype" : f.dtype)
                << (f.specialOnly ? ", special values" : "") << "): " << f.reason << "\n";
        }
    }
    out << "\n### Worst case per row (failing rows: the first failing case)\n\n";
    for (const Row &r : rows) {
        if (r.tally.cases) out << "- " << r.op << " " << r.dtype << " on " << r.device << ": " << r.tally.worst << "\n";
        if (r.special.failedCases) {
            out << "- " << r.op << " " << r.dtype << " on " << r.device << ", special values: " << r.special.worst
                << "\n";
        }
    }
}

}  // namespace
}  // namespace precision

int main(int argc, char **argv) {
    using namespace precision;
    Options o;
    if (!parse(argc, argv, &o)) {
        usage();
        return 2;
    }
    if (aclInit(nullptr) != ACL_SUCCESS) {
        std::fprintf(stderr, "aclnn_precision: aclInit failed: %s\n", aclGetRecentErrMsg());
        return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    uint32_t deviceCount = 0;
    aclrtGetDeviceCount(&deviceCount);
    std::vector<Row> rows;
    size_t failures = 0;
    for (uint32_t id = 0; id < deviceCount; ++id) {
        aclnnOpenclDeviceInfo info{};
        aclrtStream stream = nullptr;
        if (aclnnOpenclGetDeviceInfo(static_cast<int32_t>(id), &info) != ACL_SUCCESS ||
            aclrtSetDevice(static_cast<int32_t>(id)) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS) {
            std::fprintf(stderr, "device %u unusable: %s\n", id, aclGetRecentErrMsg());
            ++failures;
            continue;
        }
        for (const RegisteredOp &op : registeredOps()) {
            if (op.api.find(o.opFilter) == std::string::npos) continue;
            for (aclDataType dtype : op.dtypes) {
                rows.push_back(measureRow(o, op, dtype, info, stream));
                const Row &r = rows.back();
                if (r.unsupported.empty() && !r.pass() && !r.excused()) ++failures;
                std::printf("%-32s %-10s %-40s %4zu cases  MARE/10T %-9s MERE/T %-9s %s\n", r.op.c_str(),
                            r.dtype.c_str(), r.device.c_str(), r.tally.cases,
                            number(r.tally.mare / (10 * r.t)).c_str(), number(r.tally.mere / r.t).c_str(),
                            verdict(r).c_str());
                if (r.tally.failedCases) std::printf("    %s\n", r.tally.worst.c_str());
                if (r.special.failedCases) std::printf("    special: %s\n", r.special.worst.c_str());
                std::fflush(stdout);
            }
        }
        aclrtDestroyStream(stream);
    }
    // Every operator with a reliability harness (tests/harness/: every public operator) has a runner here.
    if (o.opFilter.empty()) {
        for (const std::string &api : reliability::registeredHarnessApis()) {
            bool covered = false;
            for (const RegisteredOp &op : registeredOps()) covered = covered || op.api == api;
            if (!covered) {
                std::printf("%s has no precision runner (tests/precision/ops/)\n", api.c_str());
                ++failures;
            }
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("\n%s\n%zu rows in %.0f s; %zu failing the standard without a known finding\n",
                worstPerDtype(rows).c_str(), rows.size(), seconds, failures);
    if (!o.markdown.empty()) writeMarkdown(o.markdown, o, rows, seconds);
    aclFinalize();
    return rows.empty() || failures ? 1 : 0;
}
