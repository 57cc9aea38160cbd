// aclnn_bench: checks and times every registered operator case on every OpenCL device, next to the
// device's copy bandwidth and PyTorch on the same cases. See docs/benchmarks.md.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>

#include "acl/acl.h"
#include "blas/gemm.h"
#include "runtime/device.h"
#include "bench_options.h"
#include "bench_report.h"
#include "case_list.h"
#include "kernel_tuner.h"
#include "measure.h"
#include "torch_results.h"

#ifndef ACLNN_BENCH_DIR
#define ACLNN_BENCH_DIR "bench"
#endif

using namespace bench;

namespace {

bool writeText(const std::string &path, const std::string &text) {
    if (path == "-") {
        std::cout << text;
        return true;
    }
    std::ofstream out(path);
    out << text;
    if (!out) {
        std::fprintf(stderr, "aclnn_bench: cannot write %s\n", path.c_str());
        return false;
    }
    return true;
}

// Points the drivers' on-disk kernel caches at nothing before the OpenCL platforms load: PoCL gets a
// fresh empty POCL_CACHE_DIR and POCL_KERNEL_CACHE=0 (so that a later case does not find what an
// earlier one compiled), Mesa (rusticl) and NVIDIA get their cache switches. Returns the directory to
// delete afterwards. The user's own caches are never touched.
std::string prepareColdDriverCaches() {
    char pattern[] = "/tmp/aclnn_bench_cold_XXXXXX";
    const char *dir = mkdtemp(pattern);
    if (!dir) {
        std::fprintf(stderr, "aclnn_bench: --cold could not create a temporary directory; first calls may hit "
                             "the driver's disk cache\n");
        return "";
    }
    setenv("POCL_CACHE_DIR", dir, 1);
    setenv("POCL_KERNEL_CACHE", "0", 1);
    setenv("MESA_SHADER_CACHE_DISABLE", "true", 1);
    setenv("CUDA_CACHE_DISABLE", "1", 1);
    std::fprintf(stderr, "aclnn_bench: --cold: POCL_CACHE_DIR=%s (empty), POCL_KERNEL_CACHE=0, "
                         "MESA_SHADER_CACHE_DISABLE=true, CUDA_CACHE_DISABLE=1\n", dir);
    return dir;
}

class Progress {
public:
    Progress() : tty_(isatty(STDERR_FILENO) != 0) {}
    void show(const std::string &line) {
        if (tty_) {
            std::fprintf(stderr, "\r\033[K%s", line.c_str());
        } else {
            std::fprintf(stderr, "%s\n", line.c_str());
        }
        std::fflush(stderr);
    }
    void done() {
        if (tty_) std::fprintf(stderr, "\r\033[K");
    }

private:
    bool tty_;
};

// A quick run (make demo) skips a case predicted to take longer than this per call on a device, from
// the same operator's smaller cases there: the faster devices show it, and a newcomer waits for no
// device's seconds-long calls (rusticl's products). Linear extrapolation overestimates compute-bound
// cases, whose small sizes run less efficiently, so a case skipped here may be somewhat faster in fact;
// the full run times it.
constexpr double kQuickCaseBudgetMs = 2000;

// The amount of work that a case's time scales with: flops for compute-bound cases, else bytes.
double workOf(const CaseInfo &c) { return c.flops > 0 ? c.flops : c.bytes; }

TimingPolicy policyFor(const Options &o) {
    TimingPolicy p;
    if (o.quick) {
        p.minRuns = 3;
        p.maxRuns = 20;
        p.targetSeconds = 0.15;
        p.floorRuns = 1;  // a case of half a second or more per call is timed once in a quick run
        p.slowFactor = 3;
    }
    if (o.runs > 0) {
        p.minRuns = p.maxRuns = p.floorRuns = o.runs;
    }
    return p;
}

// Whether the device's products run in the host BLAS unless asked otherwise (host/blas/gemm.h).
bool hostBlasIsDefault(const BenchDevice &device) {
    return aclcl::blas::chooseBackend(aclcl::deviceAt(device.id), aclcl::blas::Precision::Single).backend ==
           aclcl::blas::Backend::HostBlas;
}

// The case again, on a fresh object, with every product in CLBlast (ACLNN_OPENCL_GEMM is read per call).
CaseResult measureWithClblast(const CaseInfo &info, aclrtStream stream, const TimingPolicy &policy,
                              const BenchDevice &device) {
    CaseResult r;
    r.detail = "the case is no longer registered";
    for (auto &object : testing_support::makeCases(info.op)) {
        if (!object || object->op != info.op || object->name != info.name) continue;
        const char *saved = std::getenv("ACLNN_OPENCL_GEMM");
        const std::string before = saved ? saved : "";
        setenv("ACLNN_OPENCL_GEMM", "clblast", 1);
        TimingPolicy comparison = policy;
        comparison.products = false;  // the JSON keeps the products' share of the main run only
        r = measureCase(*object, stream, comparison, true, device.eventTiming);
        if (saved) {
            setenv("ACLNN_OPENCL_GEMM", before.c_str(), 1);
        } else {
            unsetenv("ACLNN_OPENCL_GEMM");
        }
        break;
    }
    return r;
}

// Measures the yardstick and every selected case on one device, filling `report`.
void benchDevice(const Options &o, BenchDevice &device, const std::vector<CaseInfo> &selected, RunReport &report,
                 std::string *copyNote, Progress &progress) {
    aclrtStream stream = nullptr;
    if (aclrtSetDevice(device.id) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS) {
        *copyNote = std::string("device unusable: ") + aclGetRecentErrMsg();
        for (const CaseInfo &c : selected) {
            CaseResult r;
            r.outcome = Outcome::Failed;
            r.detail = *copyNote;
            report.results[c.key()][device.id] = r;
        }
        return;
    }
    progress.show("[" + device.label + "] copy bandwidth (" + std::to_string(static_cast<int>(o.copyMiB)) + " MiB)");
    std::string why;
    double usedMiB = 0;
    int reps = o.quick ? 3 : 7;
    device.copyGbps = measureCopyBandwidth(stream, o.copyMiB, reps, &usedMiB, &device.eventTiming, &why);
    char note[160];
    std::snprintf(note, sizeof note, "%.0f MiB, median of %d%s", usedMiB, reps,
                  device.eventTiming ? "" : ", host-timed: no event timestamps");
    *copyNote = device.copyGbps > 0 ? std::string(note) : "failed: " + why;

    // Fresh case objects per device: each one's device memory is released as soon as it is measured.
    testing_support::CaseList objects = testing_support::makeCases(o.opFilter);
    TimingPolicy policy = policyFor(o);
    // Within an operator, smaller cases run first so that a quick run can predict the larger ones.
    std::map<std::string, size_t> opRank;  // operators keep their order of first appearance
    std::vector<const CaseInfo *> ordered;
    for (const CaseInfo &info : selected) {
        opRank.emplace(info.op, opRank.size());
        ordered.push_back(&info);
    }
    std::stable_sort(ordered.begin(), ordered.end(), [&](const CaseInfo *a, const CaseInfo *b) {
        size_t ra = opRank[a->op], rb = opRank[b->op];
        return ra != rb ? ra < rb : workOf(*a) < workOf(*b);
    });
    std::map<std::string, double> msPerWork;  // per operator, from the last case measured on this device
    size_t index = 0;
    std::string currentOp;
    size_t opTotal = 0, opIndex = 0;
    for (const CaseInfo *infoPtr : ordered) {
        const CaseInfo &info = *infoPtr;
        ++index;
        if (info.op != currentOp) {
            currentOp = info.op;
            opIndex = 0;
            opTotal = 0;
            for (const CaseInfo &other : selected) opTotal += other.op == currentOp;
        }
        ++opIndex;
        auto rate = msPerWork.find(info.op);
        double predictedMs = rate == msPerWork.end() ? 0 : rate->second * workOf(info);
        if (o.quick && predictedMs > kQuickCaseBudgetMs) {
            CaseResult skipped;
            skipped.outcome = Outcome::Skipped;
            char reason[160];
            std::snprintf(reason, sizeof reason,
                          "quick run: about %.0f s per call predicted on this device; run without --quick",
                          predictedMs / 1000);
            skipped.detail = reason;
            report.results[info.key()][device.id] = skipped;
            continue;
        }
        for (auto &object : objects) {
            if (!object || object->op != info.op || object->name != info.name) continue;
            progress.show("[" + device.label + "] " + info.op + " case " + std::to_string(opIndex) + "/" +
                          std::to_string(opTotal) + " (" + std::to_string(index) + "/" +
                          std::to_string(selected.size()) + " overall): " + info.name);
            CaseResult r = measureCase(*object, stream, policy, true, device.eventTiming);
            if (r.outcome == Outcome::Timed && workOf(info) > 0) msPerWork[info.op] = r.wallMs / workOf(info);
            report.results[info.key()][device.id] = r;
            object.reset();
            // The backend comparison is the full run's: a quick run shows each case on the device's default.
            if (info.gemm && !o.quick && hostBlasIsDefault(device)) {
                progress.show("[" + device.label + "] " + info.op + " " + info.name + " with CLBlast's GEMMs");
                report.clblastResults[info.key()][device.id] = measureWithClblast(info, stream, policy, device);
            }
            break;
        }
    }
    aclrtDestroyStream(stream);
}

}  // namespace

int main(int argc, char **argv) {
    Options o;
    if (!parseOptions(argc, argv, &o)) return 2;
    if (o.help) {
        printUsage(argv[0]);
        return 0;
    }
    if (!o.device.empty()) setenv("ACLNN_OPENCL_DEVICE", o.device.c_str(), 1);
    if (!o.tuneKernels.empty()) return tuneKernels(o);

    std::vector<CaseInfo> selected = selectCases(o.opFilter, o.caseFilter,
                                                 o.demo ? Selection::Demo : o.quick ? Selection::Quick : Selection::All);
    if (o.listCases) return writeText(o.jsonPath.empty() ? "-" : o.jsonPath, caseListJson(selected)) ? 0 : 1;

    std::string coldDir = o.cold ? prepareColdDriverCaches() : "";
    if (aclInit(nullptr) != ACL_SUCCESS) {
        std::fprintf(stderr, "aclnn_bench: aclInit failed: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    RunReport report;
    report.machine = describeMachine();
    report.quick = o.quick;
    report.demo = o.demo;
    report.cold = o.cold;
    report.cases = selected;
    report.devices = listDevices();
    report.copyNotes.resize(report.devices.size());
    if (report.devices.empty()) {
        std::fprintf(stderr, "aclnn_bench: no OpenCL device found (check the ICDs and ACLNN_OPENCL_DEVICE)\n");
        aclFinalize();
        return 1;
    }

    Progress progress;
    for (size_t i = 0; i < report.devices.size(); ++i) {
        benchDevice(o, report.devices[i], selected, report, &report.copyNotes[i], progress);
    }
    progress.done();

    if (!o.torchJson.empty()) {
        report.torch = loadTorchResults(o.torchJson);
    } else if (o.noTorch) {
        report.torch.why = "disabled with --no-torch.";
    } else if (selected.empty()) {
        report.torch.why = "no cases to compare.";
    } else {
        int threads = o.threads > 0 ? o.threads : static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
        std::fprintf(stderr, "aclnn_bench: running the PyTorch baseline (%d CPU threads)\n", threads);
        const std::string python = o.python.empty() ? defaultTorchPython() : o.python;
        report.torch =
            runTorchBaseline(python, std::string(ACLNN_BENCH_DIR) + "/torch_baseline.py", selected, threads, o.quick);
    }

    std::cout << renderMarkdown(report) << std::flush;
    bool ok = true;
    if (!o.jsonPath.empty()) ok = writeText(o.jsonPath, renderJson(report));
    aclFinalize();
    if (!coldDir.empty()) {
        std::error_code ec;
        std::filesystem::remove_all(coldDir, ec);
    }
    int failures = report.failures();
    if (failures) std::fprintf(stderr, "aclnn_bench: %d case(s) FAILED their check (see the table)\n", failures);
    return failures || !ok ? 1 : 0;
}
