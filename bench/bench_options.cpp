#include "bench_options.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <unistd.h>

#ifndef ACLNN_SOURCE_ROOT
#define ACLNN_SOURCE_ROOT "."
#endif

namespace bench {

std::string defaultTorchPython() {
    const char *deps = std::getenv("ACLNN_DEPS_DIR");
    const std::string venv = (deps && *deps ? std::string(deps) : std::string(ACLNN_SOURCE_ROOT) + "/.deps") +
                             "/torch-venv/bin/python3";
    return access(venv.c_str(), X_OK) == 0 ? venv : "/usr/bin/python3";
}

void printUsage(const char *argv0) {
    std::printf(
        "usage: %s [options]\n"
        "Times every registered operator case on every OpenCL device, after checking its result.\n"
        "  --quick            speed cases and the smallest member of each size sweep, few runs\n"
        "  --demo             one case per operator (its smallest), with --quick's runs (make demo)\n"
        "  --op SUBSTRING     only operators whose name contains SUBSTRING (a,b: either)\n"
        "  --case SUBSTRING   only cases whose name contains SUBSTRING\n"
        "  --device FILTER    only matching devices (ACLNN_OPENCL_DEVICE grammar, see docs/devices.md)\n"
        "  --runs N           exactly N timed runs per case (default: adaptive)\n"
        "  --copy-mib N       size of the device copy-bandwidth yardstick (default 256)\n"
        "  --cold             first-call latency with empty driver kernel caches (see docs/benchmarks.md)\n"
        "  --json FILE        write the results as JSON (schema in docs/benchmarks.md); - is stdout\n"
        "  --list-cases       write the selected cases (op, case, dtype, params) as JSON to --json FILE\n"
        "                     (default stdout) and exit; the PyTorch baseline reads this list\n"
        "  --torch FILE       merge this bench/torch_baseline.py output instead of running the baseline\n"
        "  --no-torch         do not run the PyTorch baseline\n"
        "  --python PATH      interpreter for the baseline (default: .deps/torch-venv/bin/python3, the\n"
        "                     current PyTorch of scripts/install-torch.sh, when present; else /usr/bin/python3)\n"
        "  --threads N        PyTorch CPU threads (default: number of online CPUs)\n"
        "  --tune-kernels OUT.params\n"
        "                     time the row-streaming kernels' launch parameters on the first device and\n"
        "                     write its kernel parameter file, with OUT-ab.md and OUT-ab.json (defaults\n"
        "                     against the tuned file, same run); no benchmark (docs/devices.md)\n"
        "  --budget S         the tuning's time budget in seconds (default 120)\n"
        "  --tune-gpu-path    tune the GPU kernels on any device (a rehearsal on a CPU device)\n",
        argv0);
}

bool parseOptions(int argc, char **argv, Options *o) {
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        auto value = [&](const char *name) -> const char * {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "aclnn_bench: %s needs a value\n", name);
                return nullptr;
            }
            return argv[++i];
        };
        auto number = [&](const char *name, double lo, double *out) {
            const char *v = value(name);
            if (!v) return false;
            char *end = nullptr;
            double d = std::strtod(v, &end);
            if (end == v || *end != '\0' || !(d >= lo)) {
                std::fprintf(stderr, "aclnn_bench: %s expects a number >= %g, got '%s'\n", name, lo, v);
                return false;
            }
            *out = d;
            return true;
        };
        double d = 0;
        const char *v = nullptr;
        if (!std::strcmp(a, "--quick")) {
            o->quick = true;
        } else if (!std::strcmp(a, "--demo")) {
            o->quick = o->demo = true;
        } else if (!std::strcmp(a, "--list-cases")) {
            o->listCases = true;
        } else if (!std::strcmp(a, "--cold")) {
            o->cold = true;
        } else if (!std::strcmp(a, "--no-torch")) {
            o->noTorch = true;
        } else if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
            o->help = true;
        } else if (!std::strcmp(a, "--op")) {
            if (!(v = value(a))) return false;
            o->opFilter = v;
        } else if (!std::strcmp(a, "--case")) {
            if (!(v = value(a))) return false;
            o->caseFilter = v;
        } else if (!std::strcmp(a, "--device")) {
            if (!(v = value(a))) return false;
            o->device = v;
        } else if (!std::strcmp(a, "--json")) {
            if (!(v = value(a))) return false;
            o->jsonPath = v;
        } else if (!std::strcmp(a, "--torch")) {
            if (!(v = value(a))) return false;
            o->torchJson = v;
        } else if (!std::strcmp(a, "--python")) {
            if (!(v = value(a))) return false;
            o->python = v;
        } else if (!std::strcmp(a, "--tune-kernels")) {
            if (!(v = value(a))) return false;
            o->tuneKernels = v;
        } else if (!std::strcmp(a, "--tune-gpu-path")) {
            o->tuneGpuPath = true;
        } else if (!std::strcmp(a, "--budget")) {
            if (!number(a, 1, &d)) return false;
            o->tuneBudget = d;
        } else if (!std::strcmp(a, "--runs")) {
            if (!number(a, 1, &d)) return false;
            o->runs = static_cast<int>(d);
        } else if (!std::strcmp(a, "--threads")) {
            if (!number(a, 1, &d)) return false;
            o->threads = static_cast<int>(d);
        } else if (!std::strcmp(a, "--copy-mib")) {
            if (!number(a, 1, &d)) return false;
            o->copyMiB = d;
        } else {
            std::fprintf(stderr, "aclnn_bench: unknown option '%s' (try --help)\n", a);
            return false;
        }
    }
    return true;
}

}  // namespace bench
