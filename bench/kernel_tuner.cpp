#include "kernel_tuner.h"

#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "common/test_hooks.h"
#include "json.h"
#include "kernels/kernel_params.h"
#include "kernels/launch.h"
#include "measure.h"
#include "runtime/device.h"
#include "support/op_case.h"
#include "support/output_bits.h"
#include "support/scoped_env.h"

namespace bench {

namespace {

using Clock = std::chrono::steady_clock;

// Each row-streaming kernel and the registered speed case that runs it (its operator's sweep cases, where
// it has some, are timed in the A/B comparison).
struct Target {
    const char *kernel;
    const char *op;
    const char *speedCase;
};
const Target kTargets[] = {
    {"pad2d_fwd_stream", "ReflectionPad2d", "8x64x128x128 pad3"},
    {"pad2d_bwd_stream", "ReflectionPad2dBackward", "8x64x128x128 pad3"},
    {"ew_contiguous", "Add", "8x64x128x128"},
    {"ew_strided", "Add", "8x64x128x128 + 64x1x1"},
};

// One launch parameter set; elems 0: the kernel's defaults (no line).
struct ParamSet {
    int elems = 0;
    size_t x = 0, y = 0;
    bool isDefault() const { return elems == 0; }
    std::string text() const {
        return isDefault() ? std::string("defaults")
                           : "elems=" + std::to_string(elems) + " group=" + std::to_string(x) + "x" + std::to_string(y);
    }
};

// The sets to try, those nearest the defaults (4 elements, 128 work-items) first, so that a short budget
// still covers them.
std::vector<ParamSet> parameterSpace(const aclcl::Device &device) {
    std::vector<ParamSet> space;
    for (int elems : {4, 8, 2, 16, 1}) {
        for (size_t x : {size_t{32}, size_t{64}}) {
            for (size_t y : {size_t{4}, size_t{2}, size_t{8}, size_t{1}}) {
                if (x > device.maxWorkItemSizes[0] || y > device.maxWorkItemSizes[1] || x * y > device.maxWorkGroupSize ||
                    x * y > aclcl::kMaxRowStreamGroup) {
                    continue;
                }
                space.push_back({elems, x, y});
            }
        }
    }
    return space;
}

bool writeFile(const std::string &path, const std::string &text) {
    std::ofstream out(path);
    out << text;
    if (!out) std::fprintf(stderr, "aclnn_bench: cannot write %s\n", path.c_str());
    return static_cast<bool>(out);
}

struct Timing {
    bool ok = false;
    double ms = 0;  // median device time
    int runs = 0;
    std::vector<uint8_t> bits;
    std::string detail;
};

class Tuner {
public:
    Tuner(const Options &o, int deviceId, aclrtStream stream)
        : o_(o), device_(aclcl::deviceAt(deviceId)), stream_(stream) {
        policy_.minRuns = o.quick ? 3 : 5;
        policy_.maxRuns = o.quick ? 10 : 40;
        policy_.targetSeconds = o.quick ? 0.1 : 0.25;
        policy_.floorRuns = 3;
        policy_.slowFactor = 2;
        policy_.products = false;
        char pattern[] = "/tmp/aclnn_tune_XXXXXX";
        const char *dir = mkdtemp(pattern);
        dir_ = dir ? dir : "/tmp";
    }
    ~Tuner() {
        std::error_code ec;
        if (dir_ != "/tmp") std::filesystem::remove_all(dir_, ec);
    }

    int run();

private:
    struct AbRow {
        std::string kernel, op, caseName;
        bool speed = false;
        Timing base, tuned;
    };
    struct Outcome {
        const Target *target = nullptr;
        std::string caseName;  // the case the sets were timed on
        ParamSet chosen;  // defaults when none was kept
        bool kept = false;
        int tried = 0, spaceSize = 0;
        bool budgetEnded = false;
        double defaultMs = 0, bestMs = 0, abDefaultMs = 0, abTunedMs = 0;
        std::string note;
    };

    // The case's timing under `set` (a one-line file named by ACLNN_OPENCL_KERNEL_PARAMS; "off" for the
    // defaults).
    Timing time(testing_support::OpCase &c, const std::string &kernel, const ParamSet &set);
    Outcome tune(const Target &t, Clock::time_point deadline);
    std::string renderFile(const std::vector<Outcome> &outcomes) const;
    std::string renderMarkdown(const std::vector<Outcome> &outcomes) const;
    std::string renderJson(const std::vector<Outcome> &outcomes) const;
    double remaining(Clock::time_point deadline) const {
        return std::chrono::duration<double>(deadline - Clock::now()).count();
    }

    const Options &o_;
    const aclcl::Device &device_;
    aclrtStream stream_;
    TimingPolicy policy_;
    std::string dir_;
    std::vector<AbRow> ab_;
    std::vector<std::string> errors_;
};

Timing Tuner::time(testing_support::OpCase &c, const std::string &kernel, const ParamSet &set) {
    std::string value = "off";
    if (!set.isDefault()) {
        value = dir_ + "/" + kernel + "-" + std::to_string(set.elems) + "-" + std::to_string(set.x) + "x" +
                std::to_string(set.y) + ".params";
        writeFile(value, "device " + device_.name + "\nrow_stream " + kernel + " " + set.text() + "\n");
    }
    testing_support::ScopedEnv env(aclcl::kKernelParamsEnv, value);
    const CaseResult r = measureCase(c, stream_, policy_, false, device_.eventTimestamps);
    Timing t;
    t.ok = r.outcome == bench::Outcome::Timed;
    t.ms = r.deviceMs;
    t.runs = r.runs;
    t.detail = r.detail;
    if (auto *bits = dynamic_cast<testing_support::OutputBits *>(&c); t.ok && bits) t.bits = bits->outputBits();
    return t;
}

Tuner::Outcome Tuner::tune(const Target &t, Clock::time_point deadline) {
    Outcome out;
    out.target = &t;
    if (!aclcl::manyWorkItemKernels(device_)) {
        out.note = "the device takes the CPU kernels, not this one: nothing to tune";
        return out;
    }
    const double share = remaining(deadline);
    testing_support::CaseList cases = testing_support::makeCases(t.op);
    testing_support::OpCase *speed = nullptr;
    std::vector<testing_support::OpCase *> sweep;
    for (auto &c : cases) {
        if (!c || c->op != t.op) continue;
        if (c->speedCase && c->name == t.speedCase) speed = c.get();
        if (!c->sweep.empty()) sweep.push_back(c.get());
    }
    if (!speed) {
        out.note = std::string("no registered speed case '") + t.speedCase + "' of " + t.op;
        errors_.push_back(std::string(t.kernel) + ": " + out.note);
        return out;
    }
    // --quick (rehearsals): the smallest sweep case instead of the speed case, where the operator has a sweep.
    if (o_.quick && !sweep.empty()) {
        speed = *std::min_element(sweep.begin(), sweep.end(), [](const testing_support::OpCase *a,
                                                                 const testing_support::OpCase *b) {
            return a->bytes < b->bytes;
        });
        sweep.clear();
    }
    out.caseName = speed->name;
    std::fprintf(stderr, "aclnn_bench: tuning %s on %s %s (%.0f s)\n", t.kernel, t.op, speed->name.c_str(), share);
    const Timing base = time(*speed, t.kernel, ParamSet{});
    if (!base.ok) {
        out.note = "the defaults failed: " + base.detail;
        errors_.push_back(std::string(t.kernel) + ": " + out.note);
        return out;
    }
    if (base.bits.empty()) {
        out.note = "the case offers no output bits to compare";
        errors_.push_back(std::string(t.kernel) + ": " + out.note);
        return out;
    }
    out.defaultMs = out.bestMs = base.ms;
    // The search takes up to 70% of the share; the rest is for the A/B comparison.
    const Clock::time_point searchEnd =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(0.7 * share));
    const std::vector<ParamSet> space = parameterSpace(device_);
    out.spaceSize = static_cast<int>(space.size());
    ParamSet best;
    for (const ParamSet &set : space) {
        if (Clock::now() >= searchEnd) {
            out.budgetEnded = true;
            break;
        }
        const Timing c = time(*speed, t.kernel, set);
        ++out.tried;
        if (!c.ok) {
            errors_.push_back(std::string(t.kernel) + " " + set.text() + ": " + c.detail);
            continue;
        }
        if (c.bits != base.bits) {
            errors_.push_back(std::string(t.kernel) + " " + set.text() + ": output bits differ from the defaults'");
            continue;
        }
        if (c.ms < out.bestMs) {
            out.bestMs = c.ms;
            best = set;
        }
    }
    if (best.isDefault()) {
        out.note = "no set was faster than the defaults";
        return out;
    }
    // The A/B comparison, same run: the speed case, then the sweep cases while the share lasts.
    bool keep = true;
    std::vector<testing_support::OpCase *> abCases = {speed};
    abCases.insert(abCases.end(), sweep.begin(), sweep.end());
    for (testing_support::OpCase *c : abCases) {
        if (c != speed && remaining(deadline) <= 0) {
            out.note = "the budget ended before every sweep case was compared";
            break;
        }
        AbRow row{t.kernel, t.op, c->name, c == speed, time(*c, t.kernel, ParamSet{}), time(*c, t.kernel, best)};
        if (!row.base.ok || !row.tuned.ok) {
            errors_.push_back(std::string(t.kernel) + " A/B " + c->name + ": " +
                              (row.base.ok ? row.tuned.detail : row.base.detail));
            keep = false;
        } else if (row.base.bits != row.tuned.bits) {
            errors_.push_back(std::string(t.kernel) + " A/B " + c->name + " " + best.text() +
                              ": output bits differ from the defaults'");
            keep = false;
        } else if (c == speed) {
            out.abDefaultMs = row.base.ms;
            out.abTunedMs = row.tuned.ms;
            keep = keep && row.tuned.ms <= (1 - kKeepMargin) * row.base.ms;
        } else {
            keep = keep && row.tuned.ms <= (1 + kKeepMargin) * row.base.ms;
        }
        ab_.push_back(std::move(row));
    }
    out.kept = keep;
    if (keep) {
        out.chosen = best;
    } else if (out.note.empty()) {
        out.note = "the best set (" + best.text() + ") did not beat the defaults by " +
                   std::to_string(static_cast<int>(kKeepMargin * 100)) + "% on the speed case, or lost on a sweep case";
    }
    return out;
}

std::string isoDate() {
    char text[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    return text;
}

std::string ms(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4f ms", v);
    return text;
}

std::string percentFaster(double base, double tuned) {
    char text[32];
    std::snprintf(text, sizeof text, "%+.1f%%", tuned > 0 ? (base / tuned - 1) * 100 : 0.0);
    return text;
}

std::string Tuner::renderFile(const std::vector<Outcome> &outcomes) const {
    std::ostringstream f;
    f << "# aclnn-opencl kernel launch parameters (host/kernels/kernel_params.h)\n"
      << "# device: " << device_.name << "   platform: " << device_.platformName << "   date: " << isoDate() << "\n"
      << "# generated by aclnn_bench --tune-kernels (budget " << o_.tuneBudget << " s"
      << (o_.tuneGpuPath ? ", --tune-gpu-path" : "") << "); a line is kept when it beat the defaults by "
      << static_cast<int>(kKeepMargin * 100) << "% in the same run\n"
      << "device " << device_.name << "\n"
      << "# CL_DEVICE_MAX_COMPUTE_UNITS of the device tuned on: the file applies to no other count.\n"
      << "units " << device_.computeUnits << "\n";
    for (const Outcome &r : outcomes) {
        f << "# " << r.target->kernel << " (" << r.target->op << " " << r.caseName << "): " << r.tried << " of "
          << r.spaceSize << " sets tried" << (r.budgetEnded ? ", stopped by the budget" : "");
        if (r.defaultMs > 0) f << "; defaults " << ms(r.defaultMs) << ", best " << ms(r.bestMs);
        if (r.abTunedMs > 0) {
            f << "; A/B: defaults " << ms(r.abDefaultMs) << ", " << (r.kept ? "chosen " : "best ") << ms(r.abTunedMs)
              << " (" << percentFaster(r.abDefaultMs, r.abTunedMs) << ")";
        }
        if (!r.note.empty()) f << "; " << r.note;
        f << "\n";
        if (r.kept) f << "row_stream " << r.target->kernel << " " << r.chosen.text() << "\n";
    }
    return f.str();
}

std::string Tuner::renderMarkdown(const std::vector<Outcome> &outcomes) const {
    std::ostringstream m;
    m << "# Kernel launch parameters: defaults against tuned, " << device_.name << "\n\n"
      << "aclnn_bench --tune-kernels, " << isoDate() << ", budget " << o_.tuneBudget << " s. Device time, median of "
      << "the timed runs, both sides in the same run; speedup = defaults / tuned.\n\n"
      << "| kernel | timed on | kept | parameters | sets tried | note |\n|---|---|---|---|---|---|\n";
    for (const Outcome &r : outcomes) {
        m << "| " << r.target->kernel << " | " << r.target->op << " " << r.caseName << " | " << (r.kept ? "yes" : "no") << " | " << r.chosen.text() << " | "
          << r.tried << "/" << r.spaceSize << " | " << r.note << " |\n";
    }
    m << "\n| kernel | operator | case | defaults | tuned | speedup |\n|---|---|---|---|---|---|\n";
    for (const AbRow &row : ab_) {
        char speedup[32];
        std::snprintf(speedup, sizeof speedup, "%.3f", row.tuned.ms > 0 ? row.base.ms / row.tuned.ms : 0.0);
        m << "| " << row.kernel << " | " << row.op << " | " << row.caseName << (row.speed ? " (tuned on)" : "") << " | "
          << (row.base.ok ? ms(row.base.ms) : "failed") << " | " << (row.tuned.ok ? ms(row.tuned.ms) : "failed")
          << " | " << speedup << " |\n";
    }
    if (!errors_.empty()) {
        m << "\nErrors:\n\n";
        for (const std::string &e : errors_) m << "- " << e << "\n";
    }
    return m.str();
}

std::string Tuner::renderJson(const std::vector<Outcome> &outcomes) const {
    std::ostringstream j;
    j << "{\"device\": " << jsonString(device_.name) << ", \"units\": " << device_.computeUnits
      << ", \"date\": " << jsonString(isoDate()) << ", \"budget_s\": " << jsonNumber(o_.tuneBudget)
      << ", \"margin\": " << jsonNumber(kKeepMargin) << ", \"kernels\": [";
    for (size_t i = 0; i < outcomes.size(); ++i) {
        const Outcome &r = outcomes[i];
        j << (i ? ", " : "") << "{\"kernel\": " << jsonString(r.target->kernel) << ", \"op\": " << jsonString(r.target->op)
          << ", \"case\": " << jsonString(r.caseName) << ", \"kept\": " << (r.kept ? "true" : "false")
          << ", \"parameters\": " << jsonString(r.kept ? r.chosen.text() : "") << ", \"tried\": " << r.tried
          << ", \"space\": " << r.spaceSize << ", \"default_ms\": " << jsonNumber(r.defaultMs)
          << ", \"best_ms\": " << jsonNumber(r.bestMs) << ", \"note\": " << jsonString(r.note) << "}";
    }
    j << "], \"ab\": [";
    for (size_t i = 0; i < ab_.size(); ++i) {
        const AbRow &row = ab_[i];
        j << (i ? ", " : "") << "{\"kernel\": " << jsonString(row.kernel) << ", \"op\": " << jsonString(row.op)
          << ", \"case\": " << jsonString(row.caseName) << ", \"speed\": " << (row.speed ? "true" : "false")
          << ", \"default_ms\": " << jsonNumber(row.base.ok ? row.base.ms : -1)
          << ", \"tuned_ms\": " << jsonNumber(row.tuned.ok ? row.tuned.ms : -1) << "}";
    }
    j << "], \"errors\": [";
    for (size_t i = 0; i < errors_.size(); ++i) j << (i ? ", " : "") << jsonString(errors_[i]);
    j << "]}\n";
    return j.str();
}

int Tuner::run() {
    std::vector<Outcome> outcomes;
    const Clock::time_point start = Clock::now();
    // The kernels whose operator --op names (every one without it).
    std::vector<const Target *> targets;
    for (const Target &t : kTargets) {
        if (o_.opFilter.empty() || std::string(t.op).find(o_.opFilter) != std::string::npos) targets.push_back(&t);
    }
    for (size_t i = 0; i < targets.size(); ++i) {
        // This kernel's share: what is left over the kernels left.
        const double left = o_.tuneBudget - std::chrono::duration<double>(Clock::now() - start).count();
        const double share = std::max(0.0, left / static_cast<double>(targets.size() - i));
        outcomes.push_back(tune(*targets[i], Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                                 std::chrono::duration<double>(share))));
    }
    const std::string out = o_.tuneKernels;
    std::string stem = out;
    if (stem.size() > 7 && stem.compare(stem.size() - 7, 7, ".params") == 0) stem.resize(stem.size() - 7);
    bool ok = writeFile(out, renderFile(outcomes));
    ok = writeFile(stem + "-ab.md", renderMarkdown(outcomes)) && ok;
    ok = writeFile(stem + "-ab.json", renderJson(outcomes)) && ok;
    // The file must load as the library will load it.
    try {
        std::ifstream in(out);
        std::stringstream text;
        text << in.rdbuf();
        (void)aclcl::parseKernelParamsFile(text.str(), out);
    } catch (const std::exception &e) {
        errors_.push_back(std::string("the written file does not load: ") + e.what());
    }
    std::fputs(renderMarkdown(outcomes).c_str(), stdout);
    for (const std::string &e : errors_) std::fprintf(stderr, "aclnn_bench: tuning error: %s\n", e.c_str());
    std::fprintf(stderr, "aclnn_bench: wrote %s, %s-ab.md and %s-ab.json in %.0f s\n", out.c_str(), stem.c_str(),
                 stem.c_str(), std::chrono::duration<double>(Clock::now() - start).count());
    return ok && errors_.empty() ? 0 : 1;
}

}  // namespace

int tuneKernels(const Options &o) {
    for (const char *k : aclcl::kRowStreamKernels) {
        bool covered = false;
        for (const Target &t : kTargets) covered |= std::string(t.kernel) == k;
        if (!covered) {
            std::fprintf(stderr, "aclnn_bench: --tune-kernels has no case for the row-streaming kernel %s\n", k);
            return 1;
        }
    }
    if (aclInit(nullptr) != ACL_SUCCESS) {
        std::fprintf(stderr, "aclnn_bench: aclInit failed: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    const std::vector<BenchDevice> devices = listDevices();
    if (devices.empty()) {
        std::fprintf(stderr, "aclnn_bench: no OpenCL device found (check the ICDs and ACLNN_OPENCL_DEVICE)\n");
        aclFinalize();
        return 1;
    }
    if (devices.size() > 1) {
        std::fprintf(stderr, "aclnn_bench: --tune-kernels tunes the first of %zu devices (%s); pick one with --device\n",
                     devices.size(), devices[0].name.c_str());
    }
    aclrtStream stream = nullptr;
    if (aclrtSetDevice(devices[0].id) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS) {
        std::fprintf(stderr, "aclnn_bench: device unusable: %s\n", aclGetRecentErrMsg());
        aclFinalize();
        return 1;
    }
    int status = 0;
    {
        const aclcl::Device &device = aclcl::deviceAt(devices[0].id);
        if (!device.manyWorkItemKernels() && !o.tuneGpuPath) {
            std::fprintf(stderr,
                         "aclnn_bench: %s takes the CPU kernels, not the row-streaming ones: nothing to tune, "
                         "the file gets no kernel lines (--tune-gpu-path tunes them anyway, for a rehearsal)\n",
                         device.name.c_str());
        }
        // The GPU kernels on a CPU device, for rehearsals: the hook the tests use for the same purpose.
        std::unique_ptr<aclcl::ScopedTestHook> gpuPath;
        if (o.tuneGpuPath) gpuPath = std::make_unique<aclcl::ScopedTestHook>(aclcl::TestHook::ManyWorkItemKernels);
        Tuner tuner(o, devices[0].id, stream);
        status = tuner.run();
    }
    aclrtDestroyStream(stream);
    aclFinalize();
    return status;
}

}  // namespace bench
