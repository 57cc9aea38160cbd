#include "bench_report.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <set>

#include "json.h"

namespace bench {

namespace {

// Three significant digits without exponents for the usual range of times and rates.
std::string fmt(double v) {
    char buf[32];
    if (v >= 100) {
        std::snprintf(buf, sizeof buf, "%.0f", v);
    } else if (v >= 10) {
        std::snprintf(buf, sizeof buf, "%.1f", v);
    } else if (v >= 1) {
        std::snprintf(buf, sizeof buf, "%.2f", v);
    } else {
        std::snprintf(buf, sizeof buf, "%.3g", v);
    }
    return buf;
}

double gbps(const CaseInfo &c, double ms) { return c.bytes > 0 && ms > 0 ? c.bytes / ms / 1e6 : -1; }
double gflops(const CaseInfo &c, double ms) { return c.flops > 0 && ms > 0 ? c.flops / ms / 1e6 : -1; }

std::string cellFor(const CaseInfo &c, const CaseResult &r, const BenchDevice &d) {
    switch (r.outcome) {
        case Outcome::Failed: return "**FAILED**";
        case Outcome::Skipped: return "skipped";
        case Outcome::Timed: break;
    }
    std::string cell = fmt(r.deviceMs) + (d.eventTiming ? " ms" : " ms†");
    if (!(r.deviceMs > 0)) return cell;
    if (c.flops > 0) {
        cell += " · " + fmt(gflops(c, r.deviceMs)) + " GFLOP/s";
    } else if (c.bytes > 0) {
        cell += " · " + fmt(gbps(c, r.deviceMs)) + " GB/s";
    }
    // The copy yardstick only means something for memory-bound cases.
    if (c.flops == 0 && c.bytes > 0 && d.copyGbps > 0) {
        cell += " · " + fmt(100.0 * gbps(c, r.deviceMs) / d.copyGbps) + "%";
    }
    return cell;
}

std::string ratio(double num, double den) {
    if (num <= 0 || den <= 0) return "";
    return fmt(num / den) + "x";
}

// Fastest timed result among devices of one type, or a negative value: by device time, or by host
// wall time (plan + run + synchronize, what a calling program waits). *spread: that result's wallSpread.
double bestOfType(const RunReport &report, const std::map<int, CaseResult> &byDevice, const std::string &type,
                  bool hostWall = false, double *spread = nullptr) {
    double best = -1;
    for (const auto &d : report.devices) {
        if (d.type != type) continue;
        auto it = byDevice.find(d.id);
        if (it == byDevice.end() || it->second.outcome != Outcome::Timed) continue;
        double ms = hostWall ? it->second.wallMs : it->second.deviceMs;
        if (ms > 0 && (best < 0 || ms < best)) {
            best = ms;
            if (spread) *spread = it->second.wallSpread;
        }
    }
    return best;
}

// A host-wall ratio whose two sides' runs spread by more than this (slowest over fastest) is marked:
// on a busy machine one side's median can move tenfold between runs (docs/benchmarks.md).
constexpr double kWideSpread = 3.0;

// ratio(torch, ours) by host wall time, marked "~" when either side's runs spread widely.
std::string wallRatio(const RunReport &report, const CaseInfo &c, const std::map<int, CaseResult> &byDevice,
                      const std::string &type, const std::string &torchDevice) {
    double ourSpread = 0;
    const double ours = bestOfType(report, byDevice, type, true, &ourSpread);
    const std::string r = ratio(report.torch.lookupWall(c, torchDevice), ours);
    const double torchSpread = report.torch.lookupSpread(c, torchDevice);
    return r.empty() || (ourSpread <= kWideSpread && torchSpread <= kWideSpread) ? r : r + "~";
}

bool hasType(const RunReport &report, const std::string &type) {
    for (const auto &d : report.devices) {
        if (d.type == type) return true;
    }
    return false;
}

std::string firstLine(const std::string &s, size_t maxLen = 160) {
    std::string line = s.substr(0, s.find('\n'));
    return line.size() > maxLen ? line.substr(0, maxLen - 3) + "..." : line;
}

const std::map<int, CaseResult> &resultsOf(const std::map<std::string, std::map<int, CaseResult>> &table,
                                           const CaseInfo &c) {
    static const std::map<int, CaseResult> kNone;
    auto it = table.find(c.key());
    return it == table.end() ? kNone : it->second;
}

const std::map<int, CaseResult> &resultsOf(const RunReport &report, const CaseInfo &c) {
    return resultsOf(report.results, c);
}

// Calls visit(case, device, host BLAS result, CLBlast result) for every GEMM case timed both ways on a
// device (RunReport::clblastResults), in the report's order.
template <class Visit>
void forEachGemmPair(const RunReport &report, Visit visit) {
    for (const CaseInfo &c : report.cases) {
        const auto &host = resultsOf(report, c), &clblast = resultsOf(report.clblastResults, c);
        for (const auto &d : report.devices) {
            auto h = host.find(d.id), b = clblast.find(d.id);
            if (h != host.end() && b != clblast.end()) visit(c, d, h->second, b->second);
        }
    }
}

// The host BLAS and CLBlast side by side.
std::string gemmBackendsTable(const RunReport &report) {
    std::string rows;
    forEachGemmPair(report, [&](const CaseInfo &c, const BenchDevice &d, const CaseResult &h, const CaseResult &b) {
        auto wall = [](const CaseResult &r) { return r.outcome == Outcome::Timed ? r.wallMs : -1.0; };
        const double hostMs = wall(h), clblastMs = wall(b);
        const double torchMs = report.torch.lookupWall(c, "cpu");
        auto cell = [](double ms) { return ms > 0 ? fmt(ms) : std::string("n/a"); };
        rows += "| " + c.op + " | " + c.name + " | " + d.label + " | " + cell(hostMs) + " | " + cell(clblastMs) +
                " | " + ratio(clblastMs, hostMs) + " | " + (torchMs > 0 ? fmt(torchMs) : std::string("")) + " | " +
                ratio(torchMs, hostMs) + " | " + ratio(torchMs, clblastMs) + " |\n";
    });
    if (rows.empty()) return "";
    return "\n### GEMM backends\n\nThe cases with matrix products, on the CPU devices whose products run in the host "
           "BLAS (OpenBLAS through native kernels, docs/gemm.md), timed again with every product in CLBlast "
           "(ACLNN_OPENCL_GEMM=clblast). Host wall time in ms (plan + run + synchronize); ratios > 1: the "
           "first is faster.\n\n"
           "| operator | case | device | host BLAS | CLBlast | host BLAS vs CLBlast | PyTorch CPU | host BLAS vs "
           "PyTorch | CLBlast vs PyTorch |\n|---|---|---|---|---|---|---|---|---|\n" +
           rows;
}

}  // namespace

int RunReport::failures() const {
    int n = 0;
    for (const auto *table : {&results, &clblastResults}) {
        for (const auto &entry : *table) {
            for (const auto &r : entry.second) n += r.second.outcome == Outcome::Failed;
        }
    }
    return n;
}

std::string describeMachine() {
    char host[256] = "unknown";
    gethostname(host, sizeof host - 1);
    std::string cpu = "unknown CPU";
    std::ifstream info("/proc/cpuinfo");
    for (std::string line; std::getline(info, line);) {
        if (line.rfind("model name", 0) == 0) {
            cpu = line.substr(line.find(':') + 2);
            break;
        }
    }
    struct utsname u {};
    uname(&u);
    return std::string(host) + ": " + cpu + ", " + std::to_string(sysconf(_SC_NPROCESSORS_ONLN)) + " CPUs, " +
           u.sysname + " " + u.release;
}

std::string renderMarkdown(const RunReport &report) {
    std::string out;
    out += std::string("## aclnn-opencl benchmark") + (report.demo ? " (demo)" : report.quick ? " (quick)" : "") + "\n\n";
    out += "Machine: " + report.machine + "\n\n";
    out += "| device | type | copy bandwidth (D2D, read+write) |\n|---|---|---|\n";
    for (size_t i = 0; i < report.devices.size(); ++i) {
        const BenchDevice &d = report.devices[i];
        out += "| " + d.label + " (" + d.name + ") | " + d.type + " | " +
               (d.copyGbps > 0 ? fmt(d.copyGbps) + " GB/s" : "n/a") + " (" + report.copyNotes[i] + ") |\n";
    }
    out += "\n";

    bool gpu = hasType(report, "GPU"), cpu = hasType(report, "CPU");
    bool cuda = report.torch.available && !report.torch.cudaName.empty();
    std::string torchCpuTitle = "PyTorch CPU";
    if (report.torch.available) torchCpuTitle += " (" + std::to_string(report.torch.threads) + " threads)";

    out += "| operator | case | dtype |";
    for (const auto &d : report.devices) out += " " + d.label + " |";
    if (gpu && cpu) out += " GPU/CPU |";
    out += " " + torchCpuTitle + " | CPU vs PyTorch, device | CPU vs PyTorch, host wall |";
    if (gpu || cuda) out += " PyTorch CUDA | GPU vs PyTorch, device | GPU vs PyTorch, host wall |";
    out += "\n|---|---|---|";
    for (size_t i = 0; i < report.devices.size(); ++i) out += "---|";
    if (gpu && cpu) out += "---|";
    out += "---|---|---|";
    if (gpu || cuda) out += "---|---|---|";
    out += "\n";

    std::set<std::string> torchReasons;
    for (const CaseInfo &c : report.cases) {
        const auto &byDevice = resultsOf(report, c);
        out += "| " + c.op + " | " + c.name + (c.speed ? " ★" : "") + " | " + dtypeLabel(c.dtype) + " |";
        for (const auto &d : report.devices) {
            auto it = byDevice.find(d.id);
            out += " " + (it == byDevice.end() ? std::string("") : cellFor(c, it->second, d)) + " |";
        }
        double bestCpu = bestOfType(report, byDevice, "CPU"), bestGpu = bestOfType(report, byDevice, "GPU");
        if (gpu && cpu) out += " " + ratio(bestCpu, bestGpu) + " |";
        double torchCpu = report.torch.lookup(c, "cpu");
        out += " " + (torchCpu > 0 ? fmt(torchCpu) + " ms" : std::string("")) + " | " + ratio(torchCpu, bestCpu) +
               " | " + wallRatio(report, c, byDevice, "CPU", "cpu") + " |";
        if (gpu || cuda) {
            // Device against CUDA-event time, host wall against PyTorch's call + synchronize.
            double torchCuda = report.torch.lookup(c, "cuda"), torchCudaWall = report.torch.lookupWall(c, "cuda");
            out += " " + (torchCuda > 0 ? fmt(torchCuda) + " / " + fmt(torchCudaWall) + " ms" : std::string("")) +
                   " | " + ratio(torchCuda, bestGpu) + " | " + wallRatio(report, c, byDevice, "GPU", "cuda") + " |";
        }
        out += "\n";
        auto skipped = report.torch.skipped.find(c.key());
        if (report.torch.available && torchCpu <= 0 && skipped != report.torch.skipped.end()) {
            torchReasons.insert(c.op + " " + dtypeLabel(c.dtype) + ": " + firstLine(skipped->second));
        }
    }
    out += "\n";
    if (report.cases.empty()) out += "No operator cases are registered (or none match the filters).\n";
    int passed = 0, failed = 0, skipped = 0;
    for (const auto &entry : report.results) {
        for (const auto &r : entry.second) {
            passed += r.second.outcome == Outcome::Timed;
            failed += r.second.outcome == Outcome::Failed;
            skipped += r.second.outcome == Outcome::Skipped;
        }
    }
    out += "Checked against the host reference before timing: " + std::to_string(passed) + " passed, " +
           std::to_string(failed) + " FAILED, " + std::to_string(skipped) + " skipped (case x device).\n";
    out += "Cells: median device time (OpenCL event profiling) · GB/s (or GFLOP/s for compute-bound cases) · "
           "percentage of that device's copy bandwidth (memory-bound cases). ★ = speed case. GPU/CPU = best CPU time ÷ best GPU "
           "time (how many times faster the GPU is); vs PyTorch = PyTorch's time ÷ our best time on the same kind of "
           "device (> 1: aclnn-opencl is faster), once device time against device time (the kernels alone; for "
           "PyTorch CPU, the call's host time) and once host wall against host wall (our GetWorkspaceSize + run + "
           "synchronize against PyTorch's call + synchronize: what a calling program waits, per-call overhead "
           "included; the fair comparison). PyTorch CUDA cells: CUDA-event time / host wall time of call and "
           "synchronize. ~ after a host-wall ratio: the slowest of one side's timed calls took more than " +
           std::to_string(static_cast<int>(kWideSpread)) +
           " times its fastest (a busy machine), so that ratio can move a lot between runs.\n";
    for (const auto &d : report.devices) {
        if (!d.eventTiming) {
            out += "† " + d.label + ": the driver reports no real event timestamps (rusticl before Mesa 24 "
                   "fills in placeholders), so its times are host times of run + synchronize.\n";
        }
    }
    if (!gpu) out += "No GPU found: only CPU OpenCL devices were available, so there is no GPU/CPU column.\n";
    if (!report.torch.available) {
        out += "PyTorch columns are empty: " + report.torch.why + "\n";
    } else {
        out += "PyTorch " + report.torch.version +
               (report.torch.python.empty() ? std::string() : " (" + report.torch.python + ")") +
               " on the same cases, CPU with " + std::to_string(report.torch.threads) + " threads" +
               (cuda ? ", CUDA on " + report.torch.cudaName : std::string(", no CUDA device")) + ".\n";
        // Users compare with the PyTorch they use; Debian 12's 1.13 is from 2022 and slower on many cases.
        if (report.torch.version.rfind("1.", 0) == 0) {
            out += "This is an old PyTorch: scripts/install-torch.sh installs a current one into .deps/torch-venv, "
                   "which the benchmark then compares against.\n";
        }
        for (const auto &why : torchReasons) out += "PyTorch has no time for " + why + "\n";
    }

    out += gemmBackendsTable(report);

    out += "\n### First call and host time\n\n";
    out += std::string("First call = the first GetWorkspaceSize + run + synchronize in this process, program "
                       "builds included") +
           (report.cold ? " (--cold: driver kernel caches were empty)" : " (driver on-disk caches as found; --cold "
                                                                         "empties them)") +
           ". Host wall = median of plan + run + synchronize.\n\n";
    out += "| operator | case | device | first call ms | host wall ms | device ms | runs |\n";
    out += "|---|---|---|---|---|---|---|\n";
    for (const CaseInfo &c : report.cases) {
        const auto &byDevice = resultsOf(report, c);
        for (const auto &d : report.devices) {
            auto it = byDevice.find(d.id);
            if (it == byDevice.end() || it->second.outcome != Outcome::Timed) continue;
            const CaseResult &r = it->second;
            out += "| " + c.op + " | " + c.name + " | " + d.label + " | " + fmt(r.firstCallMs) + " | " +
                   fmt(r.wallMs) + " | " + fmt(r.deviceMs) + " | " + std::to_string(r.runs) + " |\n";
        }
    }

    std::string problems;
    for (const CaseInfo &c : report.cases) {
        const auto &byDevice = resultsOf(report, c);
        for (const auto &d : report.devices) {
            auto it = byDevice.find(d.id);
            if (it == byDevice.end() || it->second.outcome == Outcome::Timed) continue;
            problems += std::string("- ") + (it->second.outcome == Outcome::Failed ? "FAILED" : "skipped") + " " +
                        c.op + " / " + c.name + " on " + d.label + ": " + firstLine(it->second.detail, 300) + "\n";
        }
    }
    if (!problems.empty()) out += "\n### Failed and skipped\n\n" + problems;
    return out;
}

std::string renderJson(const RunReport &report) {
    std::string out = "{\n  \"machine\": " + jsonString(report.machine) + ",\n  \"devices\": [";
    for (size_t i = 0; i < report.devices.size(); ++i) {
        const BenchDevice &d = report.devices[i];
        out += std::string(i ? ",\n    " : "\n    ") + "{\"name\": " + jsonString(d.name) +
               ", \"type\": " + jsonString(d.type) +
               ", \"copy_gbps\": " + (d.copyGbps > 0 ? jsonNumber(d.copyGbps) : std::string("null")) + "}";
    }
    out += report.devices.empty() ? "],\n" : "\n  ],\n";
    // Which PyTorch the torch_* figures are against (null without a baseline).
    if (report.torch.available) {
        out += "  \"torch\": {\"version\": " + jsonString(report.torch.version) +
               ", \"python\": " + (report.torch.python.empty() ? std::string("null") : jsonString(report.torch.python)) +
               ", \"threads\": " + std::to_string(report.torch.threads) +
               ", \"cuda\": " + (report.torch.cudaName.empty() ? std::string("null") : jsonString(report.torch.cudaName)) +
               "},\n";
    } else {
        out += "  \"torch\": null,\n";
    }
    out += "  \"results\": [";
    bool first = true;
    for (const CaseInfo &c : report.cases) {
        const auto &byDevice = resultsOf(report, c);
        for (const auto &d : report.devices) {
            auto it = byDevice.find(d.id);
            if (it == byDevice.end() || it->second.outcome != Outcome::Timed) continue;
            double ms = it->second.deviceMs;
            std::string torchDevice = d.type == "GPU" ? "cuda" : (d.type == "CPU" ? "cpu" : "");
            double torchMs = torchDevice.empty() ? -1 : report.torch.lookup(c, torchDevice);
            out += std::string(first ? "\n    " : ",\n    ") + "{\"op\": " + jsonString(c.op) +
                   ", \"case\": " + jsonString(c.name) + ", \"dtype\": " + jsonString(dtypeLabel(c.dtype)) +
                   ", \"device\": " + jsonString(d.name) + ", \"ms\": " + jsonNumber(ms) +
                   ", \"wall_ms\": " + jsonNumber(it->second.wallMs) +
                   ", \"first_call_ms\": " + jsonNumber(it->second.firstCallMs) +
                   ", \"gbps\": " + (c.bytes > 0 && ms > 0 ? jsonNumber(gbps(c, ms)) : std::string("null")) +
                   ", \"gflops\": " + (c.flops > 0 && ms > 0 ? jsonNumber(gflops(c, ms)) : std::string("null")) +
                   ", \"torch_device\": " + (torchMs > 0 ? jsonString(torchDevice) : std::string("null")) +
                   ", \"torch_ms\": " + (torchMs > 0 ? jsonNumber(torchMs) : std::string("null")) +
                   ", \"torch_wall_ms\": " +
                   (torchMs > 0 ? jsonNumber(report.torch.lookupWall(c, torchDevice)) : std::string("null")) +
                   ", \"products_ms\": " +
                   (it->second.productsMs > 0 ? jsonNumber(it->second.productsMs) : std::string("null")) + "}";
            first = false;
        }
    }
    out += first ? "]" : "\n  ]";
    // Both backends of each case timed both ways.
    std::string backends;
    forEachGemmPair(report, [&](const CaseInfo &c, const BenchDevice &d, const CaseResult &h, const CaseResult &b) {
        const std::pair<const char *, const CaseResult *> both[] = {{"host BLAS", &h}, {"CLBlast", &b}};
        for (const auto &[backend, r] : both) {
            if (r->outcome != Outcome::Timed) continue;
            backends += std::string(backends.empty() ? "\n    " : ",\n    ") + "{\"op\": " + jsonString(c.op) +
                        ", \"case\": " + jsonString(c.name) + ", \"dtype\": " + jsonString(dtypeLabel(c.dtype)) +
                        ", \"device\": " + jsonString(d.name) + ", \"backend\": " + jsonString(backend) +
                        ", \"ms\": " + jsonNumber(r->deviceMs) + ", \"wall_ms\": " + jsonNumber(r->wallMs) + "}";
        }
    });
    if (!backends.empty()) out += ",\n  \"gemm_backends\": [" + backends + "\n  ]";
    out += "\n}\n";
    return out;
}

}  // namespace bench
