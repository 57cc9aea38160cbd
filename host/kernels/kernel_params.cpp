#include "kernels/kernel_params.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <sstream>
#include <utility>

#include "common/error.h"
#include "common/log.h"

namespace aclcl {

namespace {

const DeviceFileKind kKernelFiles{"kernel parameter file", kKernelParamsEnv, "the kernels' default launch parameters",
                                  embeddedKernelParamsFiles};

// "X" or "XxY" within [1, limit] each; false otherwise.
bool parseGroup(const std::string &text, size_t *x, size_t *y) {
    const size_t cross = text.find('x');
    if (cross == std::string::npos) return false;
    return parseCount(text.substr(0, cross), x) && parseCount(text.substr(cross + 1), y) && *x >= 1 && *y >= 1 &&
           *x <= kMaxRowStreamGroup && *y <= kMaxRowStreamGroup && *x * *y <= kMaxRowStreamGroup;
}

}  // namespace

const RowStreamEntry *KernelParamsFile::rowStream(const std::string &kernel) const {
    for (const RowStreamEntry &e : rowStreams) {
        if (e.kernel == kernel) return &e;
    }
    return nullptr;
}

KernelParamsFile parseKernelParamsFile(const std::string &text, const std::string &source) {
    KernelParamsFile file;
    parseDeviceFile(kKernelFiles, text, source, &file, [&](const std::string &line, int lineNo) {
        std::istringstream words(line);
        std::string type;
        RowStreamEntry e;
        e.line = lineNo;
        words >> type >> e.kernel;
        if (type != "row_stream" || e.kernel.empty() || e.kernel.find('=') != std::string::npos) {
            deviceFileError(kKernelFiles, source, lineNo,
                            "expected 'row_stream <kernel> elems=N group=XxY', found '" + line + "'");
        }
        bool known = false;
        for (const char *k : kRowStreamKernels) known |= e.kernel == k;
        if (!known) {
            std::string names;
            for (const char *k : kRowStreamKernels) names += std::string(names.empty() ? "" : ", ") + k;
            deviceFileError(kKernelFiles, source, lineNo,
                            "no row-streaming kernel is named '" + e.kernel + "' (expected one of " + names + ")");
        }
        if (file.rowStream(e.kernel)) {
            deviceFileError(kKernelFiles, source, lineNo, "kernel '" + e.kernel + "' listed twice");
        }
        std::string word;
        while (words >> word) {
            size_t value = 0;
            const bool elems = word.compare(0, 6, "elems=") == 0 && e.elems == 0 &&
                               parseCount(word.substr(6), &value) && value >= 1 &&
                               value <= static_cast<size_t>(kMaxRowStreamElems);
            if (elems) e.elems = static_cast<int>(value);
            const bool group =
                !elems && word.compare(0, 6, "group=") == 0 && e.groupX == 0 && parseGroup(word.substr(6), &e.groupX, &e.groupY);
            if (!elems && !group) {
                deviceFileError(kKernelFiles, source, lineNo,
                                strformat("expected elems=<1..%d> or group=<X>x<Y> (X*Y at most %zu), once each, "
                                          "found '%s'",
                                          kMaxRowStreamElems, kMaxRowStreamGroup, word.c_str()));
            }
        }
        if (e.elems == 0 && e.groupX == 0) {
            deviceFileError(kKernelFiles, source, lineNo, "kernel '" + e.kernel + "' has no parameters");
        }
        file.rowStreams.push_back(std::move(e));
    });
    return file;
}

std::unique_ptr<KernelParamsFile> selectKernelParamsFile(const std::string &deviceName, cl_uint computeUnits,
                                                         const char *envValue, std::string *note) {
    return selectDeviceFile(kKernelFiles, deviceName, computeUnits, envValue, note, parseKernelParamsFile);
}

std::shared_ptr<const KernelParamsFile> kernelParamsFor(const Device &device) {
    static std::mutex mutex;
    static std::map<std::pair<cl_device_id, std::string>, std::shared_ptr<const KernelParamsFile>> chosen;
    const char *env = std::getenv(kKernelParamsEnv);
    const std::string envValue = env ? env : "";
    std::lock_guard<std::mutex> lock(mutex);
    const auto key = std::make_pair(device.id, envValue);
    auto it = chosen.find(key);
    if (it != chosen.end()) return it->second;
    std::string note;
    // May throw (a file that cannot be read or parsed): nothing is recorded then, and the next plan retries.
    std::shared_ptr<const KernelParamsFile> file =
        selectKernelParamsFile(device.name, device.computeUnits, envValue.c_str(), &note);
    if (!file && !envValue.empty() && note.find("not applied") != std::string::npos) {
        std::fprintf(stderr, "aclnn-opencl: warning: %s\n", note.c_str());
    } else if (!note.empty()) {
        ACLCL_LOG(Info, note);
    }
    return chosen.emplace(key, std::move(file)).first->second;
}

}  // namespace aclcl
