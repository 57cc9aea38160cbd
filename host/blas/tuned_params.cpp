#include "blas/tuned_params.h"

#include <clblast.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "aclnn/opdev/op_errno.h"
#include "blas/embedded_params.h"
#include "blas/gemm.h"
#include "common/error.h"
#include "common/log.h"

namespace aclcl {
namespace blas {

namespace {

const EmbeddedFile *embeddedBlasFiles() { return embeddedParamsFiles(); }

const DeviceFileKind kBlasFiles{"CLBlast parameter file", kParamsEnv, "CLBlast's built-in parameters",
                                embeddedBlasFiles};

}  // namespace

ParamsFile parseParamsFile(const std::string &text, const std::string &source) {
    ParamsFile file;
    parseDeviceFile(kBlasFiles, text, source, &file, [&](const std::string &line, int lineNo) {
        std::istringstream words(line);
        KernelParams k;
        k.line = lineNo;
        std::string bits;
        words >> k.kernel >> bits;
        size_t precision = 0;
        if (!parseCount(bits, &precision) || (precision != 16 && precision != 32 && precision != 64)) {
            deviceFileError(kBlasFiles, source, lineNo,
                            "expected '<Kernel> <16|32|64> NAME=VALUE ...', found '" + line + "'");
        }
        k.precisionBits = static_cast<int>(precision);
        std::string word;
        while (words >> word) {
            size_t eq = word.find('=');
            size_t value = 0;
            if (eq == std::string::npos || eq == 0 || !parseCount(word.substr(eq + 1), &value)) {
                deviceFileError(kBlasFiles, source, lineNo,
                                "expected NAME=VALUE with a non-negative integer, found '" + word + "'");
            }
            k.values.emplace_back(word.substr(0, eq), value);
        }
        if (k.values.empty()) deviceFileError(kBlasFiles, source, lineNo, "kernel '" + k.kernel + "' has no parameters");
        file.kernels.push_back(std::move(k));
    });
    return file;
}

std::unique_ptr<ParamsFile> selectParamsFile(const std::string &deviceName, cl_uint computeUnits, const char *envValue,
                                             std::string *note) {
    return selectDeviceFile(kBlasFiles, deviceName, computeUnits, envValue, note, parseParamsFile);
}

const TuningStatus &applyTunedParameters(const Device &device) {
    static std::mutex mutex;
    static std::map<cl_device_id, std::unique_ptr<TuningStatus>> done;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = done.find(device.id);
    if (it != done.end()) return *it->second;

    auto status = std::make_unique<TuningStatus>();
    const char *env = std::getenv(kParamsEnv);
    // May throw (a named file that cannot be read): nothing is recorded then, and the next plan retries.
    std::unique_ptr<ParamsFile> file = selectParamsFile(device.name, device.computeUnits, env, &status->note);
    if (!file && env && *env && status->note.find("not applied") != std::string::npos) {
        std::fprintf(stderr, "aclnn-opencl: warning: %s\n", status->note.c_str());
    } else if (!status->note.empty()) {
        ACLCL_LOG(Info, status->note);  // applied by family, no file for this device, or one passed over for its units
    }
    if (file) {
        status->source = file->source;
        for (const KernelParams &k : file->kernels) {
            std::unordered_map<std::string, size_t> values(k.values.begin(), k.values.end());
            std::string what = k.kernel + "/" + std::to_string(k.precisionBits);
            clblast::StatusCode rc = clblast::OverrideParameters(device.id, k.kernel,
                                                                 static_cast<clblast::Precision>(k.precisionBits), values);
            if (rc == clblast::StatusCode::kSuccess) {
                status->applied.push_back(what);
            } else {
                status->failed.push_back(strformat("%s (%s line %d): CLBlast says %s (%d)", what.c_str(),
                                                   file->source.c_str(), k.line,
                                                   clblastStatusName(static_cast<int>(rc)), static_cast<int>(rc)));
                std::fprintf(stderr, "aclnn-opencl: warning: CLBlast refused the tuned parameters %s\n",
                             status->failed.back().c_str());
            }
        }
    }
    if (device.isCpu() && !deviceFilesDisabled(env)) {
        for (int bits : {16, 32}) {
            if (bits == 16 && !device.fp16) continue;
            const std::string what = "GemmRoutine/" + std::to_string(bits);
            bool inFile = false;
            for (const std::string &a : status->applied) inFile |= a == what;
            if (inFile) continue;
            const clblast::StatusCode rc =
                clblast::OverrideParameters(device.id, "GemmRoutine", static_cast<clblast::Precision>(bits),
                                            {{"XGEMM_MIN_INDIRECT_SIZE", kCpuMinIndirectSize}});
            if (rc == clblast::StatusCode::kSuccess) {
                status->defaults.push_back(what);
            } else {
                status->failed.push_back(strformat("%s (the CPU default XGEMM_MIN_INDIRECT_SIZE=%zu): CLBlast says %s (%d)",
                                                   what.c_str(), kCpuMinIndirectSize,
                                                   clblastStatusName(static_cast<int>(rc)), static_cast<int>(rc)));
            }
        }
    }
    return *done.emplace(device.id, std::move(status)).first->second;
}

}  // namespace blas
}  // namespace aclcl
